package dev.augur.reference.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * The hand-crafted static evaluation, one {@link Evaluator}: the Java twin of the native
 * HandCraftedEvaluator (lib/eval/evaluate.h), which it reproduces term for term. It needs no
 * incremental state, so it leaves the move hooks empty. The score is formed in these steps:
 * <ol>
 *   <li>the endgame layer ({@link Endgame}) first: a dead draw is exactly 0, and a known
 *       ending's evaluation function gives the value instead of the steps below;</li>
 *   <li>every term yields a Score per colour; disabled terms yield 0;</li>
 *   <li>net_i = White's Score minus Black's for term i;</li>
 *   <li>phase p in 0..24 from the pieces; endgame scale s in 0..64 from the endgame layer for
 *       the side whose endgame total is ahead (64 when the endgame total is 0);</li>
 *   <li>T_i = net_i.mg * p * 64 + net_i.eg * s * (24 - p) in 64-bit arithmetic;</li>
 *   <li>White's score = (sum of T_i) / 1536, truncated toward zero (Java's long division
 *       truncates as C++'s does); a dead draw is exactly 0;</li>
 *   <li>negated when Black is to move.</li>
 * </ol>
 * In the breakdown, term i's final value is C_i/1536 - C_{i-1}/1536 with C_i the running sum,
 * so the finals add up to the total. One per search thread: it owns a pawn hash.
 */
public final class HandCraftedEvaluator implements Evaluator {
    public static final int PHASE_MAX = 24;
    public static final int SCALE_NORMAL = 64;
    private static final long TAPER_DIVISOR = (long) PHASE_MAX * SCALE_NORMAL;  // 1536
    private static final int EVAL_LIMIT = 19999;

    private EvalOptions options = new EvalOptions();
    private EvalWeights weights = EvalWeights.defaults();
    private final PawnHashTable pawnHash;
    private final EvalTerms terms = new EvalTerms();
    private final TermScores scores = new TermScores();
    private final int[] netMg = new int[EvalTerm.COUNT];
    private final int[] netEg = new int[EvalTerm.COUNT];
    private static final EndgameVerdict NO_VERDICT = new EndgameVerdict();

    /** With the native default pawn hash of 2^14 entries. */
    public HandCraftedEvaluator() {
        this(1 << 14);
    }

    /** pawnHashEntries is rounded down to a power of two; 0 disables the pawn hash. */
    public HandCraftedEvaluator(int pawnHashEntries) {
        pawnHash = new PawnHashTable(pawnHashEntries);
        KpkBitbase.prepare();  // now, not in the first timed search that meets KPvK
    }

    @Override
    public void setOptions(EvalOptions options) {
        this.options = options.copy();
    }

    public EvalOptions options() {
        return options.copy();
    }

    /** Replaces the weights (a copy is kept); clears the pawn hash. */
    public void setWeights(EvalWeights weights) {
        this.weights = weights.copy();
        pawnHash.clear();
    }

    public EvalWeights weights() {
        return weights.copy();
    }

    /** Empties the pawn hash (results never depend on it). */
    @Override
    public void clear() {
        pawnHash.clear();
    }

    /** Centipawns from the side to move's point of view, |value| < 20000. */
    @Override
    public int evaluate(Position pos) {
        EndgameVerdict verdict = NO_VERDICT;
        if (options.endgameScaling()) {
            verdict = Endgame.classify(pos);
            Integer decided = Evaluator.endgameLayerValue(pos, verdict);
            if (decided != null) {
                return decided;
            }
        }
        terms.compute(pos, weights, pawnHash.probe(pos, weights), scores);
        return fromSideToMove(pos, combine(verdict, EvalTerms.gamePhase(pos), null));
    }

    private static int fromSideToMove(Position pos, int white) {
        return pos.sideToMove() == Piece.WHITE ? white : -white;
    }

    private static int clamp(int value) {
        return Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, value));
    }

    public EvalBreakdown breakdown(Position pos) {
        EndgameVerdict verdict = options.endgameScaling() ? Endgame.classify(pos) : NO_VERDICT;
        terms.compute(pos, weights, pawnHash.probe(pos, weights), scores);
        int phase = EvalTerms.gamePhase(pos);
        BreakdownBuilder out = new BreakdownBuilder();
        int totalWhite = combine(verdict, phase, out);
        return new EvalBreakdown(Collections.unmodifiableList(out.terms), phase, out.scale, out.rule, verdict.dead,
            verdict.known, totalWhite, fromSideToMove(pos, totalWhite));
    }

    /** What combine() reports for a breakdown. */
    private static final class BreakdownBuilder {
        final List<TermBreakdown> terms = new ArrayList<>(EvalTerm.COUNT);
        int scale;
        EndgameRule rule;
    }

    // Steps 2-5: the net, scaled and tapered score in White's view. When the endgame layer decided
    // the value (a dead draw or a known ending), the terms are still shown but their finals are 0.
    private int combine(EndgameVerdict verdict, int phase, BreakdownBuilder out) {
        int egTotal = 0;
        for (int i = 0; i < EvalTerm.COUNT; i++) {
            boolean on = options.enabled(EvalTerm.of(i));
            netMg[i] = on ? scores.mg[i][Piece.WHITE] - scores.mg[i][Piece.BLACK] : 0;
            netEg[i] = on ? scores.eg[i][Piece.WHITE] - scores.eg[i][Piece.BLACK] : 0;
            egTotal += netEg[i];
        }
        // The scale of the side the endgame half favours; with an endgame total of 0 the scale
        // cannot change the total, and 64 keeps the finals equal for a colour-flipped mirror.
        int ahead = egTotal > 0 ? Piece.WHITE : Piece.BLACK;
        boolean decided = verdict.dead || verdict.known;
        int scale = egTotal == 0 || verdict.known ? SCALE_NORMAL : verdict.scale[ahead];
        EndgameRule rule = egTotal == 0 ? EndgameRule.NONE : verdict.rule[ahead];
        long running = 0;
        long previousFinal = 0;
        for (int i = 0; i < EvalTerm.COUNT; i++) {
            running += (long) netMg[i] * phase * SCALE_NORMAL + (long) netEg[i] * scale * (PHASE_MAX - phase);
            if (out != null) {
                long finalSoFar = decided ? 0 : running / TAPER_DIVISOR;
                boolean on = options.enabled(EvalTerm.of(i));
                out.terms.add(new TermBreakdown(on ? scores.get(i, Piece.WHITE) : Score.ZERO,
                    on ? scores.get(i, Piece.BLACK) : Score.ZERO, (int) (finalSoFar - previousFinal)));
                previousFinal = finalSoFar;
            }
        }
        int total = verdict.dead ? 0 : verdict.known ? verdict.valueWhite : (int) (running / TAPER_DIVISOR);
        if (out != null) {
            out.scale = scale;
            out.rule = decided ? verdict.rule[Piece.WHITE] : rule;
        }
        return clamp(total);
    }
}
