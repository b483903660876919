package dev.augur.reference;

/**
 * Castling rights as four bits, numbered like the native core and like the Polyglot castling
 * keys: white short 1, white long 2, black short 4, black long 8. Which rook a right refers to
 * is stored in the Position, because Chess960 rooks may stand on any file. A right is indexed
 * 0..3 (its bit number) wherever a per-right table is needed.
 */
public final class Castling {
    private Castling() {}

    public static final int NONE = 0;
    public static final int WHITE_SHORT = 1, WHITE_LONG = 2, BLACK_SHORT = 4, BLACK_LONG = 8;
    public static final int ALL = 15;

    public static int right(int colour, boolean shortSide) {
        return (shortSide ? WHITE_SHORT : WHITE_LONG) << (2 * colour);
    }

    /** Both rights of one colour. */
    public static int rightsOf(int colour) {
        return (WHITE_SHORT | WHITE_LONG) << (2 * colour);
    }

    /** Index 0..3 of a single right. */
    static int index(int right) {
        return Integer.numberOfTrailingZeros(right);
    }

    static int colourOfIndex(int index) {
        return index >>> 1;
    }

    static boolean isShortIndex(int index) {
        return (index & 1) == 0;
    }

    /** The king's destination: g-file when castling short, c-file when long. */
    public static int kingDestination(int colour, boolean shortSide) {
        return Square.relative(colour, shortSide ? Square.G1 : Square.C1);
    }

    /** The rook's destination: f-file when castling short, d-file when long. */
    public static int rookDestination(int colour, boolean shortSide) {
        return Square.relative(colour, shortSide ? Square.F1 : Square.D1);
    }
}
