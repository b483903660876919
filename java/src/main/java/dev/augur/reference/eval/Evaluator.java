package dev.augur.reference.eval;

import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * The seam between the search and a static evaluation, the twin of the native Evaluator
 * (lib/eval/evaluator.h). The search holds an Evaluator and never knows which one it drives.
 * Besides {@link #evaluate}, an evaluator hears of every move the search makes and takes back,
 * null moves included, in order: {@link #onSearchStart} before a search's first node,
 * {@link #onMove} just before {@code Position.makeMove} (the position still shows the piece that
 * moves and the piece it takes), {@link #onUndoMove} just after {@code Position.unmakeMove}, and
 * the same pair for null moves. The calls nest like the moves, so an evaluator can keep one entry
 * per ply, such as a network's accumulator updated from the pieces a move changes; evaluate must
 * still be right for any position it is given. The hand-crafted evaluation ignores the hooks.
 *
 * <p>Every evaluator consults the endgame layer ({@link Endgame}) before its own terms:
 * {@link #endgameLayerValue} gives the value when the layer decides it; otherwise the evaluator
 * computes its own score and may shrink it by the verdict's scale for the side ahead.
 *
 * <p>One Evaluator per search thread: evaluate may write to caches of its own.
 */
public interface Evaluator {
    /** Centipawns from the side to move's view, |value| < 20000, in integer arithmetic. */
    int evaluate(Position pos);

    /** The switches of the hand-crafted terms (options Eval_*); others may ignore them. */
    void setOptions(EvalOptions options);

    /** Forgets what it cached (a new game); results never depend on it. */
    void clear();

    default void onSearchStart(Position root) {}

    default void onMove(Position before, int move) {}

    default void onUndoMove(Position after, int move) {}

    default void onNullMove(Position before) {}

    default void onUndoNullMove(Position after) {}

    /**
     * The side to move's value when the endgame layer decides it (0 for a dead draw, the
     * evaluation function's value in a known ending), else null.
     */
    static Integer endgameLayerValue(Position pos, EndgameVerdict verdict) {
        if (verdict.dead) {
            return 0;
        }
        if (!verdict.known) {
            return null;
        }
        return pos.sideToMove() == Piece.WHITE ? verdict.valueWhite : -verdict.valueWhite;
    }
}
