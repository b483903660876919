package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;
import dev.augur.reference.eval.HandCraftedEvaluator;

/**
 * The search split, as native tests/search/root_moves_test.cpp: a SearchWorker led by the
 * SearchManager fills one record per root move; the lines lead, best first.
 */
class SearchSplitTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
        "8/8/1p1k4/1P6/2PK4/8/8/8 w - - 0 1",
    })
    void theLinesLeadTheRootMovesBestFirstWithTheirScoresAndLines(String fen) {
        TranspositionTable tt = new TranspositionTable(16);
        SearchWorker worker = new SearchWorker(tt, new HandCraftedEvaluator(), SearchParams.standard());
        SearchManager manager = new SearchManager(tt, worker);
        manager.setMultiPv(3);
        List<ReferencePv> iterations = new ArrayList<>();
        PvListener listener = new PvListener() {
            @Override
            public void onPv(ReferencePv info) {}

            @Override
            public void onIteration(ReferencePv info) {
                iterations.add(info);
            }
        };
        int depth = 6;
        tt.newSearch();
        Position pos = Position.fromFen(fen);
        ReferenceResult result = manager.search(pos, ReferenceLimits.depth(depth), null, listener);

        List<RootMove> rootMoves = worker.rootMoves();
        MoveList legal = new MoveList();
        MoveGenerator.generateAll(pos, legal);
        assertEquals(legal.size(), rootMoves.size());
        int lines = Math.min(3, rootMoves.size());
        assertEquals(lines * depth, iterations.size());
        Map<Integer, Integer> scoresOneIterationEarlier = new HashMap<>();
        for (int line = 0; line < lines; line++) {
            ReferencePv earlier = iterations.get((depth - 2) * lines + line);
            scoresOneIterationEarlier.put(earlier.pv().get(0), earlier.score());
        }
        for (int line = 0; line < lines; line++) {
            ReferencePv reported = iterations.get((depth - 1) * lines + line);
            RootMove rm = rootMoves.get(line);
            assertEquals(reported.pv(), rm.pv());
            assertEquals(rm.move(), (int) rm.pv().get(0));
            assertEquals(reported.score(), rm.score());
            assertTrue(rm.seldepth() >= depth && rm.seldepth() <= result.seldepth());
            assertEquals(0, rm.tbRank());
            assertEquals(scoresOneIterationEarlier.getOrDefault(rm.move(), RootMove.NO_SCORE), rm.previousScore(),
                "the previous score is the move's score in the iteration before, if it led a line then");
            if (line > 0) {
                assertTrue(rm.score() <= rootMoves.get(line - 1).score());
            }
        }
        for (int k = lines; k < rootMoves.size(); k++) {
            assertEquals(RootMove.NO_SCORE, rootMoves.get(k).score());
            assertTrue(rootMoves.get(k).pv().isEmpty());
        }
        assertEquals(rootMoves.get(0).move(), result.bestMove());
        assertEquals(rootMoves.get(0).score(), result.score());
        assertEquals(rootMoves.get(0).pv(), result.pv());
        assertTrue(result.bestMove() != Move.NONE);
    }
}
