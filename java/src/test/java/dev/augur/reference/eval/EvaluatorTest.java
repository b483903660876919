package dev.augur.reference.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.augur.reference.Position;

/**
 * Properties of the Java evaluation that hold without the native reference: colour symmetry,
 * a breakdown that adds up to the total, independence of the pawn hash, and switches that
 * remove exactly their own term.
 */
class EvaluatorTest {
    private static final List<String> FENS = EvalTestPositions.all();

    @Test
    void mirroredPositionsEvaluateAlike() {
        HandCraftedEvaluator evaluator = new HandCraftedEvaluator();
        for (String fen : FENS) {
            Position pos = Position.fromFen(fen);
            Position mirrored = Position.fromFen(EvalTestPositions.mirror(fen));
            assertEquals(evaluator.evaluate(pos), evaluator.evaluate(mirrored), fen);
            EvalBreakdown a = evaluator.breakdown(pos);
            EvalBreakdown b = evaluator.breakdown(mirrored);
            assertEquals(a.totalWhite(), -b.totalWhite(), fen);
            assertEquals(a.phase(), b.phase(), fen);
            assertEquals(a.scale(), b.scale(), fen);
            assertEquals(a.rule(), b.rule(), fen);
            for (EvalTerm term : EvalTerm.values()) {
                TermBreakdown x = a.term(term);
                TermBreakdown y = b.term(term);
                assertEquals(x.white(), y.black(), fen + " " + term.id());
                assertEquals(x.black(), y.white(), fen + " " + term.id());
                assertEquals(x.finalWhite(), -y.finalWhite(), fen + " " + term.id());
            }
        }
    }

    @Test
    void breakdownAddsUpToTheTotal() {
        HandCraftedEvaluator evaluator = new HandCraftedEvaluator();
        for (String fen : FENS) {
            Position pos = Position.fromFen(fen);
            EvalBreakdown bd = evaluator.breakdown(pos);
            int sum = 0;
            for (TermBreakdown t : bd.terms()) {
                sum += t.finalWhite();
            }
            assertEquals(bd.known() ? 0 : bd.totalWhite(), sum, fen);
            assertEquals(evaluator.evaluate(pos), bd.total(), fen);
            assertEquals(pos.sideToMove() == 0 ? bd.totalWhite() : -bd.totalWhite(), bd.total(), fen);
            assertTrue(Math.abs(bd.total()) < 20000, fen);
            if (bd.dead()) {
                assertEquals(0, bd.total(), fen);
            }
        }
    }

    @Test
    void pawnHashNeverChangesTheResult() {
        HandCraftedEvaluator hashed = new HandCraftedEvaluator(1 << 4);  // tiny: many replacements
        HandCraftedEvaluator unhashed = new HandCraftedEvaluator(0);
        for (int round = 0; round < 2; round++) {
            for (String fen : FENS) {
                Position pos = Position.fromFen(fen);
                assertEquals(unhashed.evaluate(pos), hashed.evaluate(pos), fen);
                assertEquals(unhashed.breakdown(pos), hashed.breakdown(pos), fen);
            }
        }
    }

    @Test
    void switchingATermOffRemovesExactlyThatTerm() {
        HandCraftedEvaluator all = new HandCraftedEvaluator();
        HandCraftedEvaluator off = new HandCraftedEvaluator();
        for (EvalTerm term : EvalTerm.values()) {
            off.setOptions(new EvalOptions().set(term, false));
            for (String fen : EvalTestPositions.BUILT_IN) {
                Position pos = Position.fromFen(fen);
                EvalBreakdown full = all.breakdown(pos);
                EvalBreakdown without = off.breakdown(pos);
                for (EvalTerm other : EvalTerm.values()) {
                    TermBreakdown expected = other == term ? new TermBreakdown(Score.ZERO, Score.ZERO, 0) : null;
                    TermBreakdown actual = without.term(other);
                    if (expected != null) {
                        assertEquals(Score.ZERO, actual.white(), fen + " " + term.id());
                        assertEquals(Score.ZERO, actual.black(), fen + " " + term.id());
                    } else {
                        assertEquals(full.term(other).white(), actual.white(), fen + " " + other.id());
                        assertEquals(full.term(other).black(), actual.black(), fen + " " + other.id());
                    }
                }
                assertEquals(without.total(), off.evaluate(pos), fen + " " + term.id());
            }
        }
    }

    @Test
    void endgameScalingSwitch() {
        HandCraftedEvaluator scaled = new HandCraftedEvaluator();
        HandCraftedEvaluator unscaled = new HandCraftedEvaluator();
        unscaled.setOptions(new EvalOptions().setEndgameScaling(false));
        Position bareKings = Position.fromFen("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
        assertEquals(0, scaled.evaluate(bareKings));
        assertTrue(scaled.breakdown(bareKings).dead());
        assertFalse(unscaled.breakdown(bareKings).dead());
        assertEquals(EndgameRule.NONE, unscaled.breakdown(bareKings).rule());

        Position rookAndBishopVsRook = Position.fromFen("8/8/4k1r1/8/8/3K4/8/R1B5 w - - 0 1");
        EvalBreakdown bd = scaled.breakdown(rookAndBishopVsRook);
        assertEquals(EndgameRule.EXTRA_MINOR, bd.rule());
        assertEquals(Endgame.SCALE_EXTRA_MINOR, bd.scale());
        assertTrue(Math.abs(scaled.evaluate(rookAndBishopVsRook)) < Math.abs(unscaled.evaluate(rookAndBishopVsRook)));
    }

    @Test
    void weightsAreCopiedAndReplaceable() {
        Position pos = Position.fromFen("4k3/8/8/8/8/8/P3P3/4K3 w - - 0 1");  // two isolated white pawns
        HandCraftedEvaluator evaluator = new HandCraftedEvaluator();
        Score isolated = EvalWeights.defaults().isolatedPawn;
        Score twoIsolated = isolated.plus(isolated);
        assertEquals(twoIsolated, evaluator.breakdown(pos).term(EvalTerm.ISOLATED_PAWN).white());
        EvalWeights w = EvalWeights.defaults();
        w.isolatedPawn = new Score(-500, -400);
        assertEquals(twoIsolated, evaluator.breakdown(pos).term(EvalTerm.ISOLATED_PAWN).white(),
            "the evaluator keeps its own weights");
        evaluator.setWeights(w);
        assertEquals(new Score(-1000, -800), evaluator.breakdown(pos).term(EvalTerm.ISOLATED_PAWN).white(),
            "new weights clear the pawn hash");
        assertEquals(isolated, EvalWeights.defaults().isolatedPawn, "defaults are not shared");
    }
}
