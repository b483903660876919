package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.reference.Move;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The Java search on a clock: the native time manager's decisions, pondering and ponderhit. */
class TimedSearchTest {
    private static final String MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";

    private static ReferenceEngine engineAt(String fen) {
        ReferenceEngine engine = new ReferenceEngine();
        engine.setPosition(fen, List.of());
        return engine;
    }

    @Test
    void aClockDoesNotChangeTheTreeOfADepthLimitedSearch() {
        ReferenceResult plain = engineAt(MIDDLEGAME).search(ReferenceLimits.depth(6), null, null);
        ReferenceResult clocked = engineAt(MIDDLEGAME)
            .search(ReferenceLimits.depth(6).withClock(3_600_000, 0, 0), null, null);
        assertEquals(plain.nodes(), clocked.nodes());
        assertEquals(plain.bestMove(), clocked.bestMove());
        assertEquals(6, clocked.depth());
    }

    @Test
    void nodesTimeMakesTheClockCountNodesAsNative() {
        // movetime 50 less the 10 ms overhead at 100 nodes a millisecond: 4,000 nodes, then the
        // first poll beyond them stops the search, on any machine, at the same node every time.
        String kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        long[] nodes = new long[2];
        for (int i = 0; i < 2; i++) {
            ReferenceEngine engine = engineAt(kiwipete);
            engine.setOption("Move Overhead", "10");
            engine.setOption("NodesTime", "100");
            nodes[i] = engine.search(ReferenceLimits.moveTime(50), null, null).nodes();
        }
        assertTrue(nodes[0] >= 4000 && nodes[0] < 4000 + SearchWorker.POLL_INTERVAL_NODES, nodes[0] + " nodes");
        assertEquals(nodes[0], nodes[1]);
    }

    @Test
    void aClockedSearchEndsWithinItsBudget() {
        ReferenceEngine engine = engineAt(MIDDLEGAME);
        // 2 s sudden death: the budget's maximum is 2000 * 0.5 less a little, the optimum 40 ms.
        TimeBudget budget = TimeManager.allocate(new TimeControl(2_000, 0, 0, 0), ReferenceEngine.DEFAULT_MOVE_OVERHEAD_MS,
            14);
        long start = System.nanoTime();
        ReferenceResult result = engine.search(ReferenceLimits.none().withClock(2_000, 0, 0), null, null);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertNotEquals(Move.NONE, result.bestMove());
        assertTrue(result.depth() >= 1);
        // The maximum is the hard limit; a loaded machine may add a little to the poll.
        assertTrue(millis < budget.maximumMillis() + 500, millis + " ms for " + budget);
    }

    @Test
    void oneLegalMoveEndsAClockedSearchAfterTheFirstIteration() {
        // Black's king on a8 has b8 only: the white king guards a7, b7 and c7.
        ReferenceEngine engine = engineAt("k7/8/1K6/8/8/8/8/7R b - - 0 1");
        ReferenceResult result = engine.search(ReferenceLimits.none().withClock(600_000, 0, 0), null, null);
        assertEquals(1, result.depth());
        assertEquals("a8b8", dev.augur.reference.Uci.format(result.bestMove(), false));
    }

    @Test
    void aMateFoundWellWithinTheDepthEndsAClockedSearch() {
        ReferenceEngine engine = engineAt("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        ReferenceResult result = engine.search(ReferenceLimits.none().withClock(600_000, 0, 0), null, null);
        assertEquals(1, result.mate());
        assertTrue(result.depth() <= 4, "depth " + result.depth());
    }

    @Test
    void aPonderSearchRunsUntilPonderhitThenOnTheClock() throws Exception {
        ReferenceEngine engine = engineAt(MIDDLEGAME);
        ReferenceLimits limits = ReferenceLimits.none().withClock(1_000, 0, 0).withPonder(true);
        engine.forgetRequests();
        CompletableFuture<ReferenceResult> search =
            CompletableFuture.supplyAsync(() -> engine.searchKeepingRequests(limits, null, null));
        // Far beyond the 1 s clock's budget, and still searching: the clock has not started.
        Thread.sleep(700);
        assertFalse(search.isDone());
        long hit = System.nanoTime();
        engine.ponderhit();
        ReferenceResult result = search.get(30, TimeUnit.SECONDS);
        long afterHit = (System.nanoTime() - hit) / 1_000_000;
        assertNotEquals(Move.NONE, result.bestMove());
        assertTrue(afterHit < 1_000, afterHit + " ms after ponderhit");
    }

    @Test
    void aPonderSearchAlsoEndsByStop() throws Exception {
        ReferenceEngine engine = engineAt(MIDDLEGAME);
        engine.forgetRequests();
        CompletableFuture<ReferenceResult> search = CompletableFuture.supplyAsync(() -> engine
            .searchKeepingRequests(ReferenceLimits.depth(2).withClock(60_000, 0, 0).withPonder(true), null, null));
        // Depth 2 is done at once, but a ponder search waits for ponderhit or stop.
        Thread.sleep(200);
        assertFalse(search.isDone());
        engine.stop();
        assertEquals(2, search.get(30, TimeUnit.SECONDS).depth());
    }
}
