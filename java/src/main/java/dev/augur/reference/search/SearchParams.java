package dev.augur.reference.search;

import java.util.Arrays;

/**
 * Every tunable search number of lib/search/params.h (SearchParams), with the native defaults.
 * All integers: the search has no floating point anywhere.
 *
 * <p>The fields are public and mutable so that a test can deliberately make the Java search
 * differ from the native one. The late-move reduction "table" is, natively, a formula
 * ({@code (lmrBase + log2(depth) * log2(moves) / lmrDivisor) / 256}, log2 in 1/256 units by
 * integer arithmetic); {@link #lmrReduction} evaluates it from the current {@link #lmrBase} and
 * {@link #lmrDivisor}, and {@link #setLmrReduction} overrides single entries of that table.
 */
public final class SearchParams {
    /** The table covers every depth and move number a search can reach. */
    public static final int LMR_MAX_DEPTH = Scores.MAX_PLY;
    public static final int LMR_MAX_MOVES = 256;
    private static final int NO_OVERRIDE = Integer.MIN_VALUE;

    // Aspiration windows: start at +-aspirationDelta around the last score and widen by half
    // again (plus the delta) after each fail, until full width.
    public int aspirationMinDepth = 5;
    public int aspirationDelta = 15;

    // Null move: reduction = nullBaseReduction + depth / nullDepthDivisor, plus one more when
    // eval exceeds beta by nullEvalMargin.
    public int nullMinDepth = 2;
    public int nullBaseReduction = 3;
    public int nullDepthDivisor = 4;
    public int nullEvalMargin = 200;

    // Reverse futility: at depth <= rfpMaxDepth, cut if eval - rfpMargin * depth >= beta.
    public int rfpMaxDepth = 7;
    public int rfpMargin = 80;

    // Futility: at depth <= futilityMaxDepth, skip quiet moves when
    // eval + futilityBase + futilityMargin * depth <= alpha.
    public int futilityMaxDepth = 6;
    public int futilityBase = 60;
    public int futilityMargin = 90;

    // Late move pruning: at depth <= lmpMaxDepth, stop trying quiets after lmpBase + depth * depth
    // moves (halved when not improving).
    public int lmpMaxDepth = 8;
    public int lmpBase = 3;

    // SEE pruning at depth <= seeMaxDepth: captures below -seeCaptureMargin * depth, quiets
    // below -seeQuietMargin * depth.
    public int seeMaxDepth = 8;
    public int seeCaptureMargin = 90;
    public int seeQuietMargin = 50;

    // Late move reductions: from lmrMinDepth, after lmrMinMoves moves.
    public int lmrMinDepth = 3;
    public int lmrMinMoves = 2;
    public int lmrBase = 192;      // 0.75 ply in 1/256 plies
    public int lmrDivisor = 1024;  // log2 * log2 / 4
    public int lmrHistoryDivisor = 8192;

    // Quiescence delta pruning: skip captures that cannot lift alpha even with this margin.
    public int deltaMargin = 200;

    // History: bonus = min(historyMaxBonus, depth * depth), scaled by gravity toward historyMax.
    public int historyMax = 16384;
    public int historyMaxBonus = 1600;

    private final int[] lmrOverrides = new int[LMR_MAX_DEPTH * LMR_MAX_MOVES];

    private SearchParams() {
        Arrays.fill(lmrOverrides, NO_OVERRIDE);
    }

    /** A fresh, mutable copy of the native defaults. */
    public static SearchParams standard() {
        return new SearchParams();
    }

    public SearchParams copy() {
        SearchParams c = new SearchParams();
        c.aspirationMinDepth = aspirationMinDepth;
        c.aspirationDelta = aspirationDelta;
        c.nullMinDepth = nullMinDepth;
        c.nullBaseReduction = nullBaseReduction;
        c.nullDepthDivisor = nullDepthDivisor;
        c.nullEvalMargin = nullEvalMargin;
        c.rfpMaxDepth = rfpMaxDepth;
        c.rfpMargin = rfpMargin;
        c.futilityMaxDepth = futilityMaxDepth;
        c.futilityBase = futilityBase;
        c.futilityMargin = futilityMargin;
        c.lmpMaxDepth = lmpMaxDepth;
        c.lmpBase = lmpBase;
        c.seeMaxDepth = seeMaxDepth;
        c.seeCaptureMargin = seeCaptureMargin;
        c.seeQuietMargin = seeQuietMargin;
        c.lmrMinDepth = lmrMinDepth;
        c.lmrMinMoves = lmrMinMoves;
        c.lmrBase = lmrBase;
        c.lmrDivisor = lmrDivisor;
        c.lmrHistoryDivisor = lmrHistoryDivisor;
        c.deltaMargin = deltaMargin;
        c.historyMax = historyMax;
        c.historyMaxBonus = historyMaxBonus;
        System.arraycopy(lmrOverrides, 0, c.lmrOverrides, 0, lmrOverrides.length);
        return c;
    }

    /**
     * The base late-move reduction in plies for a move at 1-based moveNumber of a node at depth,
     * before the adjustments for improving, cut nodes, PV nodes, checks and history (worker.cpp's
     * reduction(), without its "+1 when not improving").
     */
    public int lmrReduction(int depth, int moveNumber) {
        if (inLmrTable(depth, moveNumber)) {
            int override = lmrOverrides[lmrIndex(depth, moveNumber)];
            if (override != NO_OVERRIDE) {
                return override;
            }
        }
        return (lmrBase + log2Fixed(depth) * log2Fixed(moveNumber) / lmrDivisor) / 256;
    }

    /** Replaces one entry of the reduction table (1 <= depth < 128, 1 <= moveNumber < 256). */
    public void setLmrReduction(int depth, int moveNumber, int plies) {
        if (!inLmrTable(depth, moveNumber)) {
            throw new IllegalArgumentException("no LMR table entry for depth " + depth + ", move " + moveNumber);
        }
        lmrOverrides[lmrIndex(depth, moveNumber)] = plies;
    }

    /** Drops every override of {@link #setLmrReduction}: the table follows the formula again. */
    public void clearLmrOverrides() {
        Arrays.fill(lmrOverrides, NO_OVERRIDE);
    }

    private static boolean inLmrTable(int depth, int moveNumber) {
        return depth >= 1 && depth < LMR_MAX_DEPTH && moveNumber >= 1 && moveNumber < LMR_MAX_MOVES;
    }

    private static int lmrIndex(int depth, int moveNumber) {
        return depth * LMR_MAX_MOVES + moveNumber;
    }

    /**
     * log2(x) in 1/256 units by integer arithmetic (x >= 1), as worker.cpp's log2_fixed: the
     * integer part from the highest set bit, the fraction by linear interpolation.
     */
    static int log2Fixed(int x) {
        int p = 31 - Integer.numberOfLeadingZeros(x);
        int fraction = (int) ((((long) x) << 8 >> p) - 256);
        return p * 256 + fraction;
    }
}
