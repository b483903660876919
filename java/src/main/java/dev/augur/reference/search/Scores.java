package dev.augur.reference.search;

/**
 * Search scores, the port of lib/search/score.h: centipawns from the side to move's view, with
 * mate scores at the top of the range. {@code MATE - n} means "mate in n plies from the root".
 */
public final class Scores {
    private Scores() {}

    public static final int MAX_PLY = 128;
    public static final int INFINITE = 32001;
    public static final int MATE = 32000;
    public static final int MATE_IN_MAX_PLY = MATE - MAX_PLY;
    public static final int DRAW = 0;
    /** "No score", never a search result: marks a missing static evaluation. */
    public static final int NONE = 32002;

    public static int matedIn(int ply) {
        return -MATE + ply;
    }

    public static int mateIn(int ply) {
        return MATE - ply;
    }

    public static boolean isMate(int score) {
        return score >= MATE_IN_MAX_PLY || score <= -MATE_IN_MAX_PLY;
    }

    /**
     * Just below the mates, {@code TB_WIN - n} means "a tablebase win reached n plies from the
     * root" (won, but no distance to mate known), as native score.h's SCORE_TB_WIN.
     */
    public static final int TB_WIN = MATE_IN_MAX_PLY - 1;
    public static final int TB_WIN_IN_MAX_PLY = TB_WIN - MAX_PLY;

    public static int tbWinIn(int ply) {
        return TB_WIN - ply;
    }

    public static int tbLossIn(int ply) {
        return -TB_WIN + ply;
    }

    /** A mate or a tablebase result: the game's outcome is known. */
    public static boolean isDecisive(int score) {
        return score >= TB_WIN_IN_MAX_PLY || score <= -TB_WIN_IN_MAX_PLY;
    }

    /** A mate or tablebase score made relative to the storing node (plies to the result from there). */
    public static int toTable(int score, int ply) {
        return score >= TB_WIN_IN_MAX_PLY ? score + ply : score <= -TB_WIN_IN_MAX_PLY ? score - ply : score;
    }

    /** The inverse of {@link #toTable}: back to the distance from the root. */
    public static int fromTable(int score, int ply) {
        return score >= TB_WIN_IN_MAX_PLY ? score - ply : score <= -TB_WIN_IN_MAX_PLY ? score + ply : score;
    }

    /**
     * A table mate that the fifty-move rule forbids: more plies from the probing node than the
     * rule leaves ({@code 99 - rule50}), as native is_mate_beyond_fifty_move_rule. Such a score
     * was made on another path (cycles stretch the stored distances): neither a mate nor an
     * evaluation.
     */
    public static boolean isMateBeyondFiftyMoveRule(int tableScore, int rule50) {
        return isMate(tableScore) && MATE - Math.abs(tableScore) > 99 - rule50;
    }

    /** Moves to mate (positive: the side to move mates), as UCI "score mate" prints it. */
    public static int mateInMoves(int score) {
        return score > 0 ? (MATE - score + 1) / 2 : -(MATE + score) / 2;
    }

    /** Moves to mate for a mate score, 0 for any other score (the C ABI's "mate" field). */
    public static int mateMoves(int score) {
        return isMate(score) ? mateInMoves(score) : 0;
    }
}
