package dev.augur.reference;

import java.util.Arrays;

/**
 * A reusable list of moves (16-bit codes in ints), filled by {@link MoveGenerator}. Searches
 * keep one per ply so that generating moves allocates nothing.
 */
public final class MoveList {
    /** More than the 218 legal moves of the richest known position. */
    public static final int CAPACITY = 256;

    private final int[] moves = new int[CAPACITY];
    private int size;

    public void clear() {
        size = 0;
    }

    void add(int move) {
        moves[size++] = move;
    }

    public int size() {
        return size;
    }

    public int get(int i) {
        return moves[i];
    }

    public boolean contains(int move) {
        for (int i = 0; i < size; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }

    public int[] toArray() {
        return Arrays.copyOf(moves, size);
    }
}
