package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.augur.reference.Position;
import dev.augur.reference.eval.EvalOptions;
import dev.augur.reference.eval.EvalTerm;
import dev.augur.reference.eval.Evaluator;
import dev.augur.reference.eval.HandCraftedEvaluator;

/**
 * The evaluator seam, as native tests/search/evaluator_test.cpp: an evaluator chosen per engine
 * hears of every move the search makes and takes back, in order, and the search does not depend
 * on which evaluator it drives.
 */
class EvaluatorSeamTest {
    /**
     * Follows the search on a position of its own, playing each move it hears of, and counts every
     * hook call and every evaluation that saw a position other than its own. It evaluates with the
     * hand-crafted evaluation, so that the search it drives is the usual one.
     */
    static final class FollowingEvaluator implements Evaluator {
        private final HandCraftedEvaluator handCrafted = new HandCraftedEvaluator();
        private Position own;
        private int followed;
        long searches;
        long moves;
        long undos;
        long nullMoves;
        long nullUndos;
        long evaluations;
        long mismatches;
        int deepest;

        @Override
        public int evaluate(Position pos) {
            evaluations++;
            check(pos);
            return handCrafted.evaluate(pos);
        }

        @Override
        public void setOptions(EvalOptions options) {
            handCrafted.setOptions(options);
        }

        @Override
        public void clear() {
            handCrafted.clear();
        }

        @Override
        public void onSearchStart(Position root) {
            searches++;
            mismatches += followed != 0 ? 1 : 0;  // the last search left moves unmade
            own = root.copy();
            followed = 0;
        }

        @Override
        public void onMove(Position before, int move) {
            moves++;
            check(before);
            own.makeMove(move);
            deepest = Math.max(deepest, ++followed);
        }

        @Override
        public void onUndoMove(Position after, int move) {
            undos++;
            own.unmakeMove(move);
            followed--;
            check(after);
        }

        @Override
        public void onNullMove(Position before) {
            nullMoves++;
            check(before);
            own.makeNullMove();
            deepest = Math.max(deepest, ++followed);
        }

        @Override
        public void onUndoNullMove(Position after) {
            nullUndos++;
            own.unmakeNullMove();
            followed--;
            check(after);
        }

        private void check(Position pos) {
            if (own == null || pos.key() != own.key() || pos.sideToMove() != own.sideToMove()) {
                mismatches++;
            }
        }

        void checkBalanced() {
            assertEquals(0, mismatches);
            assertEquals(moves, undos);
            assertEquals(nullMoves, nullUndos);
        }
    }

    private static final List<String> FENS = List.of(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
        "8/8/1p1k4/1P6/2PK4/8/8/8 w - - 0 1");

    private static FollowingEvaluator follow(ReferenceEngine engine) {
        List<FollowingEvaluator> made = new ArrayList<>();
        engine.setEvaluator(() -> {
            FollowingEvaluator evaluator = new FollowingEvaluator();
            made.add(evaluator);
            return evaluator;
        });
        assertEquals(1, made.size());
        return made.get(0);
    }

    @Test
    void theEvaluatorHearsOfEveryMakeUnmakeAndNullMoveInOrder() {
        for (String fen : FENS) {
            ReferenceEngine engine = SearchTest.engineAt(fen);
            FollowingEvaluator evaluator = follow(engine);
            ReferenceResult followed = engine.search(ReferenceLimits.depth(8), null, null);
            evaluator.checkBalanced();
            assertEquals(1, evaluator.searches);
            assertTrue(evaluator.moves > 0 && evaluator.evaluations > 0, fen);
            assertTrue(evaluator.deepest > 8, "quiescence goes below the nominal depth");

            // The seam changes nothing: the same search as with the engine's own evaluator.
            ReferenceResult usual = SearchTest.engineAt(fen).search(ReferenceLimits.depth(8), null, null);
            assertEquals(usual.nodes(), followed.nodes(), fen);
            assertEquals(usual.bestMove(), followed.bestMove(), fen);
            assertEquals(usual.score(), followed.score(), fen);
        }
    }

    @Test
    void nullMovesAreHeard() {
        ReferenceEngine engine = SearchTest.engineAt(FENS.get(1));
        FollowingEvaluator evaluator = follow(engine);
        engine.search(ReferenceLimits.depth(8), null, null);
        assertTrue(evaluator.nullMoves > 0);
        evaluator.checkBalanced();
    }

    @Test
    void aStoppedSearchLeavesEveryMoveTakenBack() {
        ReferenceEngine engine = SearchTest.engineAt(FENS.get(1));
        FollowingEvaluator evaluator = follow(engine);
        for (long nodes : new long[] {1, 777, 54321}) {
            engine.newGame();
            engine.search(ReferenceLimits.nodes(nodes), null, null);
            evaluator.checkBalanced();
        }
        assertEquals(3, evaluator.searches);
    }

    @Test
    void theEvaluatorIsChosenPerEngineAndTakesTheEngineEvalSwitches() {
        String fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";  // mobility counts here
        ReferenceEngine engine = SearchTest.engineAt(fen);
        engine.setOption("Eval_mobility", "false");
        FollowingEvaluator evaluator = follow(engine);
        ReferenceEngine other = SearchTest.engineAt(fen);
        other.search(ReferenceLimits.depth(6), null, null);
        assertEquals(0, evaluator.evaluations, "another engine's search is not heard");

        HandCraftedEvaluator withoutMobility = new HandCraftedEvaluator();
        withoutMobility.setOptions(new EvalOptions().set(EvalTerm.MOBILITY, false));
        int expected = withoutMobility.evaluate(Position.fromFen(fen));
        assertEquals(expected, engine.evaluate());
        assertNotEquals(other.evaluate(), engine.evaluate());
        assertEquals(expected, engine.evaluationBreakdown().total());
    }
}
