package dev.augur.reference;

/**
 * Bitboards (a long with bit n set for square n) and the attack tables built on them.
 *
 * <p>Sliding attacks use the classical ray method: for each of the eight directions a table
 * holds the full ray from every square, and the ray is cut at the first blocker found with a
 * single bit scan (lowest bit for rays that go up the board, highest bit for rays that go
 * down). In Java this needs no magic numbers, and Long.numberOfTrailingZeros /
 * numberOfLeadingZeros are intrinsics, so it is both short and fast. All tables are built
 * once in the static initialiser and never written again.
 */
public final class Bitboards {
    private Bitboards() {}

    public static final long FILE_A = 0x0101010101010101L;
    public static final long FILE_H = FILE_A << 7;
    public static final long RANK_1 = 0xFFL;
    public static final long RANK_8 = RANK_1 << 56;
    public static final long ALL = -1L;

    // Direction indices; the first four go up the board (towards h8), the last four down.
    private static final int NORTH = 0, EAST = 1, NORTH_EAST = 2, NORTH_WEST = 3;
    private static final int SOUTH = 4, WEST = 5, SOUTH_WEST = 6, SOUTH_EAST = 7;
    private static final int[] FILE_STEP = {0, 1, 1, -1, 0, -1, -1, 1};
    private static final int[] RANK_STEP = {1, 0, 1, 1, -1, 0, -1, -1};

    private static final long[][] RAYS = new long[8][64];
    private static final long[] KNIGHT_ATTACKS = new long[64];
    private static final long[] KING_ATTACKS = new long[64];
    private static final long[][] PAWN_ATTACKS = new long[2][64];
    private static final long[][] BETWEEN = new long[64][64];
    private static final long[][] LINE = new long[64][64];

    static {
        for (int square = 0; square < 64; square++) {
            for (int direction = 0; direction < 8; direction++) {
                RAYS[direction][square] = ray(square, FILE_STEP[direction], RANK_STEP[direction]);
            }
            KNIGHT_ATTACKS[square] = leaperAttacks(square, new int[][] {
                {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
            KING_ATTACKS[square] = leaperAttacks(square, new int[][] {
                {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
            PAWN_ATTACKS[Piece.WHITE][square] = leaperAttacks(square, new int[][] {{-1, 1}, {1, 1}});
            PAWN_ATTACKS[Piece.BLACK][square] = leaperAttacks(square, new int[][] {{-1, -1}, {1, -1}});
        }
        for (int from = 0; from < 64; from++) {
            for (int direction = 0; direction < 8; direction++) {
                long ray = RAYS[direction][from];
                for (long rest = ray; rest != 0; rest &= rest - 1) {
                    int to = Long.numberOfTrailingZeros(rest);
                    BETWEEN[from][to] = ray & ~RAYS[direction][to] & ~bit(to);
                    LINE[from][to] = ray | RAYS[(direction + 4) % 8][from] | bit(from);
                }
            }
        }
    }

    private static long ray(int square, int fileStep, int rankStep) {
        long result = 0;
        int file = Square.file(square) + fileStep;
        int rank = Square.rank(square) + rankStep;
        while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
            result |= bit(Square.of(file, rank));
            file += fileStep;
            rank += rankStep;
        }
        return result;
    }

    private static long leaperAttacks(int square, int[][] steps) {
        long result = 0;
        for (int[] step : steps) {
            int file = Square.file(square) + step[0];
            int rank = Square.rank(square) + step[1];
            if (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
                result |= bit(Square.of(file, rank));
            }
        }
        return result;
    }

    public static long bit(int square) {
        return 1L << square;
    }

    public static long file(int file) {
        return FILE_A << file;
    }

    public static long rank(int rank) {
        return RANK_1 << (8 * rank);
    }

    public static int lsb(long b) {
        return Long.numberOfTrailingZeros(b);
    }

    public static int popCount(long b) {
        return Long.bitCount(b);
    }

    public static boolean moreThanOne(long b) {
        return (b & (b - 1)) != 0;
    }

    /** All squares of b moved one rank towards the opponent of colour (no wrap possible). */
    public static long pawnPush(int colour, long b) {
        return colour == Piece.WHITE ? b << 8 : b >>> 8;
    }

    /** Squares attacked by all pawns of the given colour in b. */
    public static long pawnAttacks(int colour, long b) {
        long west = b & ~FILE_A;
        long east = b & ~FILE_H;
        return colour == Piece.WHITE ? (west << 7) | (east << 9) : (west >>> 9) | (east >>> 7);
    }

    public static long pawnAttacks(int colour, int square) {
        return PAWN_ATTACKS[colour][square];
    }

    public static long knightAttacks(int square) {
        return KNIGHT_ATTACKS[square];
    }

    public static long kingAttacks(int square) {
        return KING_ATTACKS[square];
    }

    public static long bishopAttacks(int square, long occupied) {
        return upRay(NORTH_EAST, square, occupied) | upRay(NORTH_WEST, square, occupied)
            | downRay(SOUTH_EAST, square, occupied) | downRay(SOUTH_WEST, square, occupied);
    }

    public static long rookAttacks(int square, long occupied) {
        return upRay(NORTH, square, occupied) | upRay(EAST, square, occupied)
            | downRay(SOUTH, square, occupied) | downRay(WEST, square, occupied);
    }

    public static long queenAttacks(int square, long occupied) {
        return bishopAttacks(square, occupied) | rookAttacks(square, occupied);
    }

    /** Attacks of a non-pawn piece type from square on the given occupancy. */
    public static long attacks(int type, int square, long occupied) {
        switch (type) {
            case Piece.KNIGHT: return KNIGHT_ATTACKS[square];
            case Piece.BISHOP: return bishopAttacks(square, occupied);
            case Piece.ROOK: return rookAttacks(square, occupied);
            case Piece.QUEEN: return queenAttacks(square, occupied);
            case Piece.KING: return KING_ATTACKS[square];
            default: throw new IllegalArgumentException("no attack table for piece type " + type);
        }
    }

    // A ray going up the board meets its first blocker at the lowest set bit.
    private static long upRay(int direction, int square, long occupied) {
        long ray = RAYS[direction][square];
        long blockers = ray & occupied;
        if (blockers != 0) {
            ray ^= RAYS[direction][Long.numberOfTrailingZeros(blockers)];
        }
        return ray;
    }

    // A ray going down the board meets its first blocker at the highest set bit.
    private static long downRay(int direction, int square, long occupied) {
        long ray = RAYS[direction][square];
        long blockers = ray & occupied;
        if (blockers != 0) {
            ray ^= RAYS[direction][63 - Long.numberOfLeadingZeros(blockers)];
        }
        return ray;
    }

    /** Squares strictly between a and b when they share a line, else empty. */
    public static long between(int a, int b) {
        return BETWEEN[a][b];
    }

    /** The whole line (edge to edge) through a and b when they share one, else empty. */
    public static long line(int a, int b) {
        return LINE[a][b];
    }

    /** Squares from a to b, both included, for two squares on one rank (castling paths). */
    static long rankSpan(int a, int b) {
        int low = Math.min(a, b);
        int high = Math.max(a, b);
        return (ALL >>> (63 - high)) & (ALL << low);
    }
}
