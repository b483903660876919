package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Search listeners: they run on the searching thread (today the caller's; a native thread is
 * attached once and detached when it ends), see consistent data, and a listener that throws stops
 * the search and surfaces as ListenerException without harming the engine.
 */
class CallbackTest {
    @Test
    void pvAndIterationListenersRunOnTheSearchingThread() throws AugurException {
        List<PvInfo> iterations = new ArrayList<>();
        List<PvInfo> lines = new ArrayList<>();
        Set<Thread> threads = new HashSet<>();
        SearchListeners listeners = SearchListeners.NONE
                .withPv(info -> { lines.add(info); threads.add(Thread.currentThread()); })
                .withIteration(info -> { iterations.add(info); threads.add(Thread.currentThread()); });
        try (Engine engine = new Engine()) {
            SearchResult result = engine.search(SearchLimits.depth(8), listeners);
            assertEquals(Set.of(Thread.currentThread()), threads);
            assertEquals(8, iterations.size());
            for (int i = 0; i < iterations.size(); i++) {
                assertEquals(i + 1, iterations.get(i).depth());
                assertEquals(Bound.EXACT, iterations.get(i).bound());
                assertFalse(iterations.get(i).pv().isEmpty());
            }
            PvInfo last = iterations.get(7);
            assertEquals(result.pv(), last.pv());
            assertEquals(result.score(), last.score());
            assertFalse(lines.isEmpty());
        }
    }

    @Test
    void pvInfoCarriesTheShareOfTheTableThisSearchWrote() throws AugurException {
        List<PvInfo> iterations = new ArrayList<>();
        try (Engine engine = new Engine()) {
            engine.setOption("Hash", 1); // a small table fills within a few plies
            engine.setPosition("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8", List.of());
            engine.search(SearchLimits.depth(8), SearchListeners.NONE.withIteration(iterations::add));
        }
        assertEquals(8, iterations.size());
        for (PvInfo info : iterations) assertTrue(info.hashfull() >= 0 && info.hashfull() <= 1000, info.toString());
        assertTrue(iterations.get(7).hashfull() > 0, iterations.get(7).toString());
        assertTrue(iterations.get(0).hashfull() < iterations.get(7).hashfull());
    }

    @Test
    void aThrowingCurrmoveListenerStopsASynchronousSearch() throws AugurException {
        RuntimeException boom = new IllegalArgumentException("boom");
        try (Engine engine = new Engine()) {
            // Infinite: only the throw, after the search's first second, can end it.
            ListenerException e = assertThrows(ListenerException.class, () -> engine.search(
                    SearchLimits.infiniteSearch(), SearchListeners.NONE.withCurrmove((move, number, depth) -> {
                        throw boom;
                    })));
            assertSame(boom, e.getCause());
            assertEquals(engine.search(SearchLimits.depth(3)).nodes(), engine.nodesSearched());
        }
    }

    @Test
    void listenersMadeTheOldWayStillWork() {
        PvListener pv = info -> {};
        SearchListeners old = new SearchListeners(pv, null, null);
        assertSame(pv, old.pv());
        assertEquals(null, old.currmove());
        CurrmoveListener currmove = (move, number, depth) -> {};
        SearchListeners all = old.withCurrmove(currmove).withIteration(info -> {});
        assertSame(currmove, all.currmove());
        assertSame(pv, all.pv());
        assertEquals(SearchListeners.NONE, new SearchListeners(null, null, null));
    }

    @Test
    void traceListenerSeesEveryNodeInPairs() throws AugurException {
        int[] open = {0};
        long[] counts = {0, 0};
        List<String> errors = new ArrayList<>();
        TraceListener trace = new TraceListener() {
            @Override
            public void enter(int ply, int depth, int alpha, int beta, long key, int move) {
                if (ply != open[0]) errors.add("enter at ply " + ply + " with " + open[0] + " open");
                if (ply == 0 && move != 0) errors.add("root reached by a move");
                if (alpha >= beta) errors.add("empty window");
                open[0]++;
                counts[0]++;
            }

            @Override
            public void leave(int score, int bound, int bestMove) {
                open[0]--;
                counts[1]++;
                Bound.of(bound);
            }
        };
        try (Engine engine = new Engine()) {
            SearchResult plain = engine.search(SearchLimits.depth(6));
            engine.newGame();
            SearchResult traced = engine.search(SearchLimits.depth(6), SearchListeners.NONE.withTrace(trace));
            assertEquals(List.of(), errors.subList(0, Math.min(5, errors.size())));
            assertEquals(0, open[0]);
            assertEquals(counts[0], counts[1]);
            assertTrue(counts[0] >= traced.nodes() / 2, counts[0] + " enters for " + traced.nodes() + " nodes");
            assertEquals(plain.nodes(), traced.nodes()); // tracing does not change the search
            assertEquals(plain.pv(), traced.pv());
        }
    }

    @Test
    void aThrowingListenerStopsTheSearch() throws AugurException {
        RuntimeException boom = new IllegalArgumentException("boom");
        int[] calls = {0};
        try (Engine engine = new Engine()) {
            ListenerException e = assertThrows(ListenerException.class, () -> engine.search(SearchLimits.NONE,
                    SearchListeners.NONE.withIteration(info -> {
                        calls[0]++;
                        if (info.depth() == 3) throw boom;
                    })));
            assertSame(boom, e.getCause());
            assertEquals(AugurException.LISTENER_FAILED, e.code());
            assertEquals(3, calls[0]);
            assertEquals(5, engine.search(SearchLimits.depth(5)).depth()); // the engine still works
        }
    }

    @Test
    void aThrowingTraceListenerStopsTheSearch() throws AugurException {
        long[] enters = {0};
        TraceListener trace = new TraceListener() {
            @Override
            public void enter(int ply, int depth, int alpha, int beta, long key, int move) {
                if (++enters[0] == 1000) throw new StackOverflowError("deliberate");
            }

            @Override
            public void leave(int score, int bound, int bestMove) {}
        };
        try (Engine engine = new Engine()) {
            ListenerException e = assertThrows(ListenerException.class,
                    () -> engine.search(SearchLimits.NONE, SearchListeners.NONE.withTrace(trace)));
            assertInstanceOf(StackOverflowError.class, e.getCause());
            assertEquals(1000, enters[0]);
        }
    }

    @Test
    void aListenerMayStopItsSearch() throws AugurException {
        try (Engine engine = new Engine()) {
            SearchResult result = engine.search(SearchLimits.NONE, SearchListeners.NONE.withIteration(info -> {
                if (info.depth() == 4) engine.stop();
            }));
            assertEquals(4, result.depth());
        }
    }

    @Test
    void aListenerMayNotUseItsEngineOtherwise() throws AugurException {
        try (Engine engine = new Engine()) {
            ListenerException e = assertThrows(ListenerException.class, () -> engine.search(SearchLimits.depth(5),
                    SearchListeners.NONE.withIteration(info -> {
                        try {
                            engine.setOption("Hash", 1);
                        } catch (AugurException unexpected) {
                            throw new AssertionError(unexpected);
                        }
                    })));
            assertInstanceOf(IllegalStateException.class, e.getCause());
            assertEquals("16", engine.getOption("Hash"));
        }
    }

    @Test
    void aListenerMayCloseItsEngine() throws AugurException {
        Engine engine = new Engine();
        SearchResult result = engine.search(SearchLimits.NONE, SearchListeners.NONE.withIteration(info -> {
            if (info.depth() == 2) engine.close();
        }));
        assertEquals(2, result.depth());
        assertTrue(engine.isClosed());
        assertThrows(IllegalStateException.class, engine::fen);
    }

    @Test
    void nativeThreadsAreAttachedOnceAndDetachedAtTheirEnd() throws AugurException {
        for (int round = 0; round < 50; round++) {
            Set<Thread> threads = new HashSet<>();
            List<PvInfo> seen = new ArrayList<>();
            CallbackProbe.pvCalls(info -> {
                threads.add(Thread.currentThread());
                seen.add(info);
            }, 100, true);
            assertEquals(100, seen.size());
            assertEquals(1, threads.size());
            Thread nativeThread = threads.iterator().next();
            assertNotEquals(Thread.currentThread(), nativeThread);
            assertEquals("augur-native", nativeThread.getName());
            assertTrue(nativeThread.isDaemon());
            assertFalse(nativeThread.isAlive(), "the native thread was not detached");
            assertEquals(List.of("e2e4", "e7e5", "g1f3", "b8c6"),
                    seen.get(0).pv().stream().map(Move::toString).toList());
        }
    }

    @Test
    void exceptionsOnANativeThreadReachTheCaller() {
        ListenerException e = assertThrows(ListenerException.class, () -> CallbackProbe.traceCalls(new TraceListener() {
            @Override
            public void enter(int ply, int depth, int alpha, int beta, long key, int move) {
                throw new UnsupportedOperationException("from " + Thread.currentThread().getName());
            }

            @Override
            public void leave(int score, int bound, int bestMove) {}
        }, 10, true));
        assertEquals("from augur-native", e.getCause().getMessage());
    }
}
