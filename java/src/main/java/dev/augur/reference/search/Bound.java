package dev.augur.reference.search;

/**
 * The kind of a score, with the native numbering of lib/search/tt.h (the trace reports these
 * numbers): an upper bound (fail low), a lower bound (fail high) or an exact score.
 */
public final class Bound {
    private Bound() {}

    public static final int NONE = 0;
    public static final int UPPER = 1;
    public static final int LOWER = 2;
    public static final int EXACT = 3;

    /** The bound of a fail-soft score against the window it was searched with. */
    public static int of(int score, int alpha, int beta) {
        return score <= alpha ? UPPER : score >= beta ? LOWER : EXACT;
    }
}
