package dev.augur.equivalence;

/**
 * The running 64-bit digest of a trace, so that two traces can be compared by one number.
 *
 * <p>Every field of every event is folded in by {@link #mix}, whose two steps are each a bijection
 * of the running value for a fixed word, and injective in the word for a fixed running value. So
 * two traces that differ in a single field of a single event always end with different digests
 * (no collision is possible then); unrelated traces collide only by chance (2^-64). The event kind
 * is folded in too, so that an enter can never be mistaken for a leave.
 */
public final class TraceDigest {
    private TraceDigest() {}

    /** The digest of an empty trace. */
    public static final long EMPTY = 0x6A09E667F3BCC909L;

    private static final long ENTER_TAG = 0x454E544552L; // "ENTER"
    private static final long LEAVE_TAG = 0x4C45415645L; // "LEAVE"
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L; // odd: multiplying is a bijection

    /** The digest after an enter event. */
    public static long enter(long digest, int ply, int depth, int alpha, int beta, long key, int move) {
        long d = mix(digest, ENTER_TAG);
        d = mix(d, ply);
        d = mix(d, depth);
        d = mix(d, alpha);
        d = mix(d, beta);
        d = mix(d, key);
        return mix(d, move);
    }

    /** The digest after a leave event. */
    public static long leave(long digest, int score, int bound, int bestMove) {
        long d = mix(digest, LEAVE_TAG);
        d = mix(d, score);
        d = mix(d, bound);
        return mix(d, bestMove);
    }

    /** Folds one word in: xor, an odd multiplication and an xor-shift, each invertible. */
    static long mix(long digest, long word) {
        long d = (digest ^ word) * MULTIPLIER;
        return d ^ (d >>> 32);
    }

    /** The digest as 16 hex digits, the form reports print. */
    public static String hex(long digest) {
        return String.format("%016x", digest);
    }
}
