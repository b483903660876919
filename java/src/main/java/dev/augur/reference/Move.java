package dev.augur.reference;

/**
 * Moves as 16-bit ints, bit for bit the native encoding so that moves, hash moves and traces
 * can be compared between the two implementations:
 *
 * <pre>
 *   bits  0-5   destination square
 *   bits  6-11  origin square
 *   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
 *   bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
 * </pre>
 *
 * Castling is "king takes own rook": origin = king square, destination = the castling rook's
 * square, which covers Chess960 without special cases. 0 is "no move"; NULL (b1-b1) is a code
 * no position can contain, used for null-move search.
 */
public final class Move {
    private Move() {}

    public static final int NONE = 0;
    public static final int NULL = 65;

    public static final int NORMAL = 0, PROMOTION = 1, EN_PASSANT = 2, CASTLING = 3;

    public static int make(int from, int to) {
        return (from << 6) | to;
    }

    public static int make(int from, int to, int kind) {
        return (kind << 14) | (from << 6) | to;
    }

    public static int promotion(int from, int to, int pieceType) {
        return (PROMOTION << 14) | ((pieceType - Piece.KNIGHT) << 12) | (from << 6) | to;
    }

    public static int from(int move) {
        return (move >>> 6) & 63;
    }

    public static int to(int move) {
        return move & 63;
    }

    public static int kind(int move) {
        return (move >>> 14) & 3;
    }

    /** The promotion piece type (KNIGHT..QUEEN); meaningful only for promotions. */
    public static int promotionType(int move) {
        return ((move >>> 12) & 3) + Piece.KNIGHT;
    }

    /** The raw promotion bits, which must be zero in every move that is not a promotion. */
    static int promotionBits(int move) {
        return (move >>> 12) & 3;
    }
}
