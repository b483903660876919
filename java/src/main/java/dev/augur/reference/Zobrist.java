package dev.augur.reference;

/**
 * The hash keys of a position, identical to the native core's.
 *
 * <p>The position key is the Polyglot book key, so books are probed with it directly:
 * piece-square numbers, castling numbers (white short, white long, black short, black long),
 * en-passant file numbers and a number xored in when White is to move, all from
 * {@link PolyglotRandom}. The pawn key is the part of it that comes from pawns. The material key
 * is a separate Zobrist key over (piece code, count) drawn from a SplitMix64 stream with a
 * fixed seed, so that both implementations derive the same table without shipping it.
 */
public final class Zobrist {
    private Zobrist() {}

    /** SplitMix64 seed of the material table: the ASCII bytes of "material". */
    static final long MATERIAL_SEED = 0x6D6174657269616CL;

    private static final long[][] PIECE_SQUARE = new long[Piece.CODE_COUNT][64];
    private static final long[] CASTLING = new long[16];
    private static final long[][] MATERIAL = new long[Piece.CODE_COUNT][16];

    static {
        for (int colour = Piece.WHITE; colour <= Piece.BLACK; colour++) {
            for (int type = Piece.PAWN; type <= Piece.KING; type++) {
                // Polyglot orders its kinds black pawn, white pawn, black knight, white knight, ...
                int kind = 2 * (type - 1) + (colour == Piece.WHITE ? 1 : 0);
                for (int square = 0; square < 64; square++) {
                    PIECE_SQUARE[Piece.make(colour, type)][square] = PolyglotRandom.get(64 * kind + square);
                }
            }
        }
        for (int rights = 0; rights < 16; rights++) {
            for (int bit = 0; bit < 4; bit++) {
                if ((rights & (1 << bit)) != 0) {
                    CASTLING[rights] ^= PolyglotRandom.get(PolyglotRandom.CASTLING + bit);
                }
            }
        }
        SplitMix64 random = new SplitMix64(MATERIAL_SEED);
        for (int piece = 0; piece < Piece.CODE_COUNT; piece++) {
            for (int count = 0; count < 16; count++) {
                MATERIAL[piece][count] = random.next();
            }
        }
    }

    public static long pieceSquare(int piece, int square) {
        return PIECE_SQUARE[piece][square];
    }

    /** Key of a set of castling rights (bits as in {@link Castling}). */
    public static long castling(int rights) {
        return CASTLING[rights];
    }

    public static long enPassant(int file) {
        return PolyglotRandom.get(PolyglotRandom.EN_PASSANT + file);
    }

    /** Polyglot xors this number in when White is to move. */
    public static long whiteToMove() {
        return PolyglotRandom.get(PolyglotRandom.TURN);
    }

    /** Key of "the count-th piece (from 0) of this piece code"; count < 16. */
    public static long material(int piece, int count) {
        return MATERIAL[piece][count];
    }

    /** Sebastiano Vigna's SplitMix64 generator, the native core's source of fixed random keys. */
    static final class SplitMix64 {
        private long state;

        SplitMix64(long seed) {
            state = seed;
        }

        long next() {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }
}
