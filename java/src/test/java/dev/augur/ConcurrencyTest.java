package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Engines and threads: stop and close from another thread, and engines searching in parallel. */
class ConcurrencyTest {
    private ExecutorService pool;

    @BeforeEach
    void startPool() {
        pool = Executors.newFixedThreadPool(4);
    }

    @AfterEach
    void stopPool() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
    }

    @Test
    void stopFromAnotherThread() throws Exception {
        try (Engine engine = new Engine()) {
            CountDownLatch started = new CountDownLatch(1);
            Future<SearchResult> search = pool.submit(() -> engine.search(SearchLimits.NONE,
                    SearchListeners.NONE.withIteration(info -> started.countDown())));
            assertTrue(started.await(30, TimeUnit.SECONDS));
            engine.stop();
            SearchResult result = search.get(30, TimeUnit.SECONDS);
            assertNotNull(result.bestMove());
            assertTrue(result.depth() >= 1 && result.depth() < 100, "depth " + result.depth());
        }
    }

    @Test
    void closeFromAnotherThreadStopsAndWaits() throws Exception {
        Engine engine = new Engine();
        CountDownLatch started = new CountDownLatch(1);
        Future<SearchResult> search = pool.submit(() -> engine.search(SearchLimits.NONE,
                SearchListeners.NONE.withIteration(info -> started.countDown())));
        assertTrue(started.await(30, TimeUnit.SECONDS));
        engine.close(); // stops the search and frees the engine once it has returned
        assertTrue(engine.isClosed());
        assertNotNull(search.get(30, TimeUnit.SECONDS).bestMove());
    }

    @Test
    void stopsRacingWithClose() throws Exception {
        for (int round = 0; round < 200; round++) {
            Engine engine = new Engine();
            Future<?> stopper = pool.submit(() -> {
                for (int i = 0; i < 1000; i++) engine.stop();
            });
            Future<SearchResult> search = pool.submit(() -> engine.search(SearchLimits.depth(3)));
            engine.close();
            stopper.get(30, TimeUnit.SECONDS);
            try {
                search.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException closedFirst) {
                assertTrue(closedFirst.getCause() instanceof IllegalStateException, closedFirst.toString());
            }
        }
    }

    @Test
    void twoEnginesInParallel() throws Exception {
        List<String> fens = List.of(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
        SearchResult[] alone = new SearchResult[2];
        for (int i = 0; i < 2; i++) alone[i] = searchOnce(fens.get(i));
        for (int round = 0; round < 3; round++) {
            Future<SearchResult> first = pool.submit(() -> searchOnce(fens.get(0)));
            Future<SearchResult> second = pool.submit(() -> searchOnce(fens.get(1)));
            assertSameSearch(alone[0], first.get(60, TimeUnit.SECONDS));
            assertSameSearch(alone[1], second.get(60, TimeUnit.SECONDS));
        }
    }

    private static SearchResult searchOnce(String fen) throws AugurException {
        try (Engine engine = new Engine()) {
            engine.setPosition(fen, List.of());
            long[] traced = {0};
            SearchResult result = engine.search(SearchLimits.depth(8), SearchListeners.NONE
                    .withIteration(info -> traced[0]++)
                    .withTrace(new TraceListener() {
                        @Override
                        public void enter(int ply, int depth, int alpha, int beta, long key, int move) {
                            traced[0]++;
                        }

                        @Override
                        public void leave(int score, int bound, int bestMove) {}
                    }));
            assertTrue(traced[0] > result.nodes() / 2);
            return result;
        }
    }

    private static void assertSameSearch(SearchResult expected, SearchResult actual) {
        assertEquals(expected.nodes(), actual.nodes());
        assertEquals(expected.pv(), actual.pv());
        assertEquals(expected.score(), actual.score());
    }
}
