package dev.augur.reference.search;

/**
 * The search feature switches of lib/search/params.h (SearchFeatures), on by default but for those
 * that matches have not shown to gain. Each is also an engine option (see {@link ReferenceEngine})
 * so that native and Java can be compared profile by profile.
 */
public final class SearchFeatures {
    public boolean transpositionTable = true;
    public boolean aspirationWindows = true;
    public boolean nullMove = true;
    public boolean checkExtension = true;
    public boolean lateMoveReductions = true;
    public boolean futilityPruning = true;
    public boolean reverseFutilityPruning = true;
    public boolean lateMovePruning = true;
    public boolean mateDistancePruning = true;
    /** Skip losing captures in quiescence, prune them (and bad quiets) at low depth. */
    public boolean seePruning = true;
    public boolean deltaPruning = true;
    public boolean killers = true;
    public boolean history = true;
    /** Quiet ordering and LMR by the history after the last two moves. */
    public boolean continuationHistory = true;
    /** The reply that refuted the last move, tried after the killers. */
    public boolean counterMoves = true;
    /** Captures ordered by their history besides MVV-LVA. */
    public boolean captureHistory = true;
    /** Skip quiets with a bad history at low depth. */
    public boolean historyPruning = true;
    /** The static evaluation corrected by the pawn structure's past errors. */
    public boolean correctionHistory = true;
    /** One ply less for a deep node without a table move (off: not shown to gain). */
    public boolean internalIterativeReduction = false;
    /** Extend a table move far better than the others, cut where two moves would (off: not measured yet). */
    public boolean singularExtensions = true;
    /** A capture beating beta by a margin at a shallower depth cuts the node (off until measured). */
    public boolean probcut = false;
    /** Let quiescence decide a node far below alpha near the leaves (off until measured). */
    public boolean razoring = false;
    /** Full evasions when in check inside quiescence. */
    public boolean quiescenceChecksEvasions = true;
    /** On a clock: think longer when the best move took few of the nodes (off until measured). */
    public boolean timeNodeShare = true;

    public SearchFeatures copy() {
        SearchFeatures c = new SearchFeatures();
        c.transpositionTable = transpositionTable;
        c.aspirationWindows = aspirationWindows;
        c.nullMove = nullMove;
        c.checkExtension = checkExtension;
        c.lateMoveReductions = lateMoveReductions;
        c.futilityPruning = futilityPruning;
        c.reverseFutilityPruning = reverseFutilityPruning;
        c.lateMovePruning = lateMovePruning;
        c.mateDistancePruning = mateDistancePruning;
        c.seePruning = seePruning;
        c.deltaPruning = deltaPruning;
        c.killers = killers;
        c.history = history;
        c.continuationHistory = continuationHistory;
        c.counterMoves = counterMoves;
        c.captureHistory = captureHistory;
        c.historyPruning = historyPruning;
        c.correctionHistory = correctionHistory;
        c.internalIterativeReduction = internalIterativeReduction;
        c.singularExtensions = singularExtensions;
        c.probcut = probcut;
        c.razoring = razoring;
        c.quiescenceChecksEvasions = quiescenceChecksEvasions;
        c.timeNodeShare = timeNodeShare;
        return c;
    }
}
