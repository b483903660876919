package dev.augur.reference;

/**
 * Squares as ints, a1 = 0, b1 = 1, ..., h8 = 63, the numbering the native core uses, with the
 * few helpers that convert between squares, files, ranks and algebraic names. NONE (64) means
 * "no square", for example no en-passant square.
 */
public final class Square {
    private Square() {}

    public static final int A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7;
    public static final int A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63;
    public static final int NONE = 64;

    public static int of(int file, int rank) {
        return rank * 8 + file;
    }

    public static int file(int square) {
        return square & 7;
    }

    public static int rank(int square) {
        return square >>> 3;
    }

    /** The square as seen from Black's side when colour is BLACK (a1 becomes a8). */
    public static int relative(int colour, int square) {
        return colour == Piece.WHITE ? square : square ^ 56;
    }

    /** The rank as seen by the given colour: White's rank 2 is Black's rank 7. */
    public static int relativeRank(int colour, int square) {
        return colour == Piece.WHITE ? rank(square) : 7 - rank(square);
    }

    /** Algebraic name, e.g. "e4"; "-" for NONE. */
    public static String name(int square) {
        if (square == NONE) {
            return "-";
        }
        return "" + (char) ('a' + file(square)) + (char) ('1' + rank(square));
    }

    /** Parses an algebraic name such as "e4"; returns NONE when the text is not a square. */
    public static int parse(String text) {
        if (text.length() != 2) {
            return NONE;
        }
        int file = text.charAt(0) - 'a';
        int rank = text.charAt(1) - '1';
        if (file < 0 || file > 7 || rank < 0 || rank > 7) {
            return NONE;
        }
        return of(file, rank);
    }
}
