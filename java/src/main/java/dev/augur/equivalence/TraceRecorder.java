package dev.augur.equivalence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records every event of a search's trace in primitive arrays (no object per event: a search of a
 * million nodes makes two million events), for comparing it with another trace and for locating
 * a difference. Each event takes five ints and one long:
 *
 * <pre>
 *   enter: ENTER, ply, depth, alpha, beta; key; move in the high half of the first int
 *   leave: LEAVE, score, bound, best move, 0; key 0
 * </pre>
 *
 * Move codes are 16 bits, so kind and move share the first int. Not thread-safe: one search at a
 * time feeds it.
 */
public final class TraceRecorder extends TraceSink {
    private static final int STRIDE = 5;
    private static final int ENTER = 0;
    private static final int LEAVE = 1;
    private static final int INITIAL_EVENTS = 1 << 12;

    private int[] ints = new int[INITIAL_EVENTS * STRIDE];
    private long[] keys = new long[INITIAL_EVENTS];
    private int size;

    @Override
    protected void onEnter(long index, int ply, int depth, int alpha, int beta, long key, int move) {
        int at = reserve();
        ints[at] = ENTER | (checkedMove(move) << 16);
        ints[at + 1] = ply;
        ints[at + 2] = depth;
        ints[at + 3] = alpha;
        ints[at + 4] = beta;
        keys[size++] = key;
    }

    @Override
    protected void onLeave(long index, int score, int bound, int bestMove) {
        int at = reserve();
        ints[at] = LEAVE | (checkedMove(bestMove) << 16);
        ints[at + 1] = score;
        ints[at + 2] = bound;
        ints[at + 3] = 0;
        ints[at + 4] = 0;
        keys[size++] = 0;
    }

    /** A trace only ever holds 16-bit codes; anything else would be lost in the packing. */
    private static int checkedMove(int move) {
        if (move < 0 || move > 0xFFFF) throw new IllegalArgumentException("not a 16-bit move code: " + move);
        return move;
    }

    /** The index in ints of a new event, growing the arrays by half when full. */
    private int reserve() {
        if (size == keys.length) {
            if (size > Integer.MAX_VALUE / STRIDE / 2) throw new IllegalStateException("trace too long to record");
            int capacity = size + (size >> 1);
            ints = Arrays.copyOf(ints, capacity * STRIDE);
            keys = Arrays.copyOf(keys, capacity);
        }
        return size * STRIDE;
    }

    /** The number of events recorded. */
    public int size() {
        return size;
    }

    public boolean isEnter(int index) {
        return (ints[checkIndex(index) * STRIDE] & 0xFFFF) == ENTER;
    }

    /** The event at index as a value. */
    public TraceEvent event(int index) {
        int at = checkIndex(index) * STRIDE;
        int move = ints[at] >>> 16;
        if (isEnter(index)) {
            return TraceEvent.enter(ints[at + 1], ints[at + 2], ints[at + 3], ints[at + 4], keys[index], move);
        }
        return TraceEvent.leave(ints[at + 1], ints[at + 2], move);
    }

    /** True when the event at index is exactly this enter. */
    public boolean isEnter(int index, int ply, int depth, int alpha, int beta, long key, int move) {
        int at = index * STRIDE;
        return ints[at] == (ENTER | (move << 16)) && move >= 0 && move <= 0xFFFF && ints[at + 1] == ply
                && ints[at + 2] == depth && ints[at + 3] == alpha && ints[at + 4] == beta && keys[index] == key;
    }

    /** True when the event at index is exactly this leave. */
    public boolean isLeave(int index, int score, int bound, int bestMove) {
        int at = index * STRIDE;
        return ints[at] == (LEAVE | (bestMove << 16)) && bestMove >= 0 && bestMove <= 0xFFFF
                && ints[at + 1] == score && ints[at + 2] == bound;
    }

    /**
     * The indexes of the enter events of the nodes open just before event index (entered and not
     * yet left), root first. Before an enter these are the new node's ancestors; before a leave,
     * the node being left and its ancestors.
     */
    public List<Integer> openNodesBefore(int index) {
        if (index < 0 || index > size) throw new IndexOutOfBoundsException(index);
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < index; i++) {
            if (isEnter(i)) {
                open.add(i);
            } else if (!open.isEmpty()) {
                open.remove(open.size() - 1);
            }
        }
        return open;
    }

    /**
     * The moves leading from the root to the node open just before event index: the moves of the
     * open nodes but the root's (which has none). Before an enter this is the path to the new
     * node's parent; before a leave, the path to the node being left.
     */
    public List<Integer> pathBefore(int index) {
        List<Integer> open = openNodesBefore(index);
        List<Integer> moves = new ArrayList<>();
        for (int i = 1; i < open.size(); i++) moves.add(ints[open.get(i) * STRIDE] >>> 16);
        return moves;
    }

    private int checkIndex(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index);
        return index;
    }
}
