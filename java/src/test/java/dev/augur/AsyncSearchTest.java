package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The asynchronous search: {@link Engine#start} returns a future at once, listeners and the
 * future's completion run on the engine's native thread (attached once, detached when the engine
 * goes), a throwing listener fails the future, close() during a search stops and frees, and many
 * searches leave no threads behind.
 */
class AsyncSearchTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final String MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
    private static final String MATE_IN_TWO = "5r1k/6pp/7N/3Q4/8/8/8/7K w - - 0 1";

    @Test
    void theFutureCompletesWithWhatASynchronousSearchFinds() throws Exception {
        SearchResult expected;
        try (Engine sync = new Engine()) {
            sync.setPosition(KIWIPETE, List.of());
            expected = sync.search(SearchLimits.depth(7));
        }
        try (Engine engine = new Engine()) {
            engine.setPosition(KIWIPETE, List.of());
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.depth(7));
            SearchResult result = future.get(60, TimeUnit.SECONDS);
            assertSame(result, engine.waitForResult());
            assertEquals(expected.nodes(), result.nodes());
            assertEquals(expected.pv(), result.pv());
            assertEquals(expected.score(), result.score());
            assertEquals(7, result.depth());
            assertTrue(eventually(() -> !engine.isSearching()));
        }
    }

    @Test
    void listenersRunOnOneDaemonNativeThread() throws Exception {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        SearchListeners listeners = SearchListeners.NONE
                .withPv(info -> threads.add(Thread.currentThread()))
                .withIteration(info -> threads.add(Thread.currentThread()));
        try (Engine engine = new Engine()) {
            for (int i = 0; i < 3; i++) engine.start(SearchLimits.depth(6), listeners).get(60, TimeUnit.SECONDS);
        }
        assertEquals(1, threads.size(), threads.toString());
        Thread nativeThread = threads.iterator().next();
        assertNotEquals(Thread.currentThread(), nativeThread);
        assertTrue(nativeThread.isDaemon());
        assertEquals("augur-native", nativeThread.getName());
        // Closing the engine joined its thread, which detached on the way out.
        assertTrue(eventually(() -> !nativeThread.isAlive()));
    }

    @Test
    void aThrowingListenerStopsTheSearchAndFailsTheFuture() throws Exception {
        IllegalStateException thrown = new IllegalStateException("listener gave up");
        AtomicInteger after = new AtomicInteger();
        try (Engine engine = new Engine()) {
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.infiniteSearch(),
                    SearchListeners.NONE.withIteration(info -> {
                        if (info.depth() >= 2) after.incrementAndGet();
                        if (info.depth() == 2) throw thrown;
                    }));
            ExecutionException failed = assertThrows(ExecutionException.class, () -> future.get(30, TimeUnit.SECONDS));
            ListenerException e = assertInstanceOf(ListenerException.class, failed.getCause());
            assertSame(thrown, e.getCause());
            assertEquals(AugurException.LISTENER_FAILED, e.code());
            assertSame(e, assertThrows(ListenerException.class, engine::waitForResult));
            assertEquals(1, after.get()); // no listener call after the throw
            assertEquals(4, engine.search(SearchLimits.depth(4)).depth()); // the engine is fine
        }
    }

    @Test
    void anInfiniteSearchRunsUntilStoppedFromAnotherThread() throws Exception {
        try (Engine engine = new Engine()) {
            engine.setPosition(MATE_IN_TWO, List.of());
            CountDownLatch iterations = new CountDownLatch(3);
            CompletableFuture<SearchResult> future = engine.start(
                    SearchLimits.builder().infinite(true).depth(3).build(),
                    SearchListeners.NONE.withIteration(info -> iterations.countDown()));
            assertTrue(iterations.await(30, TimeUnit.SECONDS));
            Thread.sleep(100);
            assertFalse(future.isDone()); // the depth limit and the mate found do not end it
            assertTrue(engine.isSearching());
            Thread stopper = new Thread(engine::stop);
            stopper.start();
            SearchResult result = future.get(5, TimeUnit.SECONDS);
            assertEquals("d5g8", result.bestMove().toString());
            assertEquals(2, result.mate());
            stopper.join();
        }
    }

    @Test
    void aPonderSearchWaitsForPonderhit() throws Exception {
        try (Engine engine = new Engine()) {
            engine.setPosition(MIDDLEGAME, List.of());
            CompletableFuture<SearchResult> future =
                    engine.start(SearchLimits.builder().ponder(true).moveTime(100).build());
            Thread.sleep(400);
            assertFalse(future.isDone());
            long hit = System.nanoTime();
            engine.ponderhit();
            SearchResult result = future.get(10, TimeUnit.SECONDS);
            long tookMillis = (System.nanoTime() - hit) / 1_000_000;
            assertTrue(tookMillis >= 80 && tookMillis < 2000, "took " + tookMillis + " ms after ponderhit");
            assertNotNull(result.bestMove());
        }
    }

    @Test
    void limitsOfTheBuilderReachTheSearch() throws Exception {
        try (Engine engine = new Engine()) {
            engine.setPosition(MATE_IN_TWO, List.of());
            SearchResult mate = engine.start(SearchLimits.builder().mate(2).build()).get(30, TimeUnit.SECONDS);
            assertEquals(2, mate.mate());

            engine.setPosition(List.of());
            Move a3;
            try (Position start = new Position()) {
                a3 = start.parseUci("a2a3");
            }
            SearchLimits onlyA3 = SearchLimits.builder().depth(5).searchMoves(List.of(a3)).build();
            assertEquals(a3, engine.start(onlyA3).get(30, TimeUnit.SECONDS).bestMove());
            assertEquals(a3, engine.search(onlyA3).bestMove());

            long begin = System.nanoTime();
            engine.start(SearchLimits.builder().clock(1000, 10).movesToGo(1).build()).get(30, TimeUnit.SECONDS);
            assertTrue(System.nanoTime() - begin < 1_000_000_000L);
            begin = System.nanoTime();
            engine.search(SearchLimits.moveTime(100));
            long tookMillis = (System.nanoTime() - begin) / 1_000_000;
            assertTrue(tookMillis >= 80 && tookMillis < 1000, "took " + tookMillis);

            // A search move that is not legal in the engine's position is refused at start.
            Move illegal;
            try (Position kiwipete = new Position()) {
                kiwipete.setFen(KIWIPETE);
                illegal = kiwipete.parseUci("e2a6"); // a bishop move there, but a pawn stands on e2 here
            }
            AugurException e = assertThrows(AugurException.class,
                    () -> engine.start(SearchLimits.builder().searchMoves(List.of(illegal)).build()));
            assertEquals(AugurException.ILLEGAL_MOVE, e.code());
        }
    }

    @Test
    void multiPvLinesAreNumbered() throws Exception {
        List<PvInfo> lines = Collections.synchronizedList(new ArrayList<>());
        try (Engine engine = new Engine()) {
            engine.setOption("MultiPV", 2);
            engine.start(SearchLimits.depth(4), SearchListeners.NONE.withIteration(lines::add))
                    .get(30, TimeUnit.SECONDS);
        }
        assertEquals(8, lines.size());
        for (int i = 0; i < lines.size(); i++) assertEquals(i % 2 + 1, lines.get(i).multipv());
    }

    @Test
    void cancellingTheFutureStopsTheSearch() throws Exception {
        try (Engine engine = new Engine()) {
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.NONE);
            assertTrue(future.cancel(false));
            assertTrue(eventually(() -> !engine.isSearching()));
            assertThrows(java.util.concurrent.CancellationException.class, engine::waitForResult);
        }
    }

    @Test
    void closeDuringASearchStopsWaitsAndFrees() throws Exception {
        for (int round = 0; round < 50; round++) {
            Engine engine = new Engine();
            CountDownLatch started = new CountDownLatch(1);
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.NONE,
                    SearchListeners.NONE.withIteration(info -> started.countDown()));
            if (round % 2 == 0) assertTrue(started.await(30, TimeUnit.SECONDS));
            engine.close();
            assertTrue(engine.isClosed());
            assertFalse(engine.isSearching());
            assertTrue(future.isDone()); // completed before close() returned
            assertNotNull(future.get().bestMove());
            assertThrows(IllegalStateException.class, () -> engine.start(SearchLimits.depth(1)));
        }
    }

    @Test
    void aListenerMayOnlyDriveItsSearch() throws Exception {
        AtomicReference<Throwable> misuse = new AtomicReference<>();
        AtomicReference<Boolean> searching = new AtomicReference<>();
        CountDownLatch registered = new CountDownLatch(1);
        try (Engine engine = new Engine()) {
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.NONE,
                    SearchListeners.NONE.withIteration(info -> {
                        if (info.depth() != 3) return;
                        try {
                            registered.await(30, TimeUnit.SECONDS); // so that the dependent runs on this thread
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        try {
                            engine.fen();
                        } catch (Throwable t) {
                            misuse.set(t);
                        }
                        searching.set(engine.isSearching());
                        engine.ponderhit();
                        engine.stop();
                    }));
            // A dependent on the engine's thread is under the same rules (and must not deadlock).
            CompletableFuture<String> dependent = future.thenApply(result -> {
                try {
                    return engine.fen();
                } catch (AugurException e) {
                    throw new AssertionError(e);
                }
            });
            registered.countDown();
            // Waited for first: a thread waiting on future itself may run its dependents.
            ExecutionException e = assertThrows(ExecutionException.class, () -> dependent.get(30, TimeUnit.SECONDS));
            assertInstanceOf(IllegalStateException.class, e.getCause());
            SearchResult result = future.get(30, TimeUnit.SECONDS);
            assertEquals(3, result.depth());
            assertInstanceOf(IllegalStateException.class, misuse.get());
            assertTrue(searching.get());
            // The Async variants run elsewhere and may use the engine.
            assertEquals(engine.fen(), future.thenApplyAsync(r -> {
                try {
                    return engine.fen();
                } catch (AugurException ex) {
                    throw new AssertionError(ex);
                }
            }).get(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void aListenerMayCloseItsEngine() throws Exception {
        Engine engine = new Engine();
        CompletableFuture<SearchResult> future = engine.start(SearchLimits.NONE,
                SearchListeners.NONE.withIteration(info -> {
                    if (info.depth() == 2) engine.close();
                }));
        assertEquals(2, future.get(30, TimeUnit.SECONDS).depth());
        assertTrue(engine.isClosed());
        assertTrue(eventually(() -> {
            try {
                engine.fen();
                return false;
            } catch (IllegalStateException closed) {
                return true;
            } catch (AugurException e) {
                return false;
            }
        }));
    }

    @Test
    void otherCallsStopTheSearchOrLeaveItRunning() throws Exception {
        try (Engine engine = new Engine()) {
            CountDownLatch started = new CountDownLatch(1);
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.infiniteSearch(),
                    SearchListeners.NONE.withIteration(info -> started.countDown()));
            assertTrue(started.await(30, TimeUnit.SECONDS));
            engine.setPosition(KIWIPETE, List.of()); // the search has its own copy
            assertEquals("16", engine.getOption("Hash"));
            assertFalse(future.isDone());
            engine.setOption("MultiPV", 1); // changes what the search uses: stops it first
            assertTrue(future.isDone());
            assertFalse(engine.isSearching());
        }
    }

    @Test
    void waitForResultNeedsAStartedSearch() throws Exception {
        try (Engine engine = new Engine()) {
            assertThrows(IllegalStateException.class, engine::waitForResult);
            assertFalse(engine.isSearching());
            engine.ponderhit(); // harmless without a search
        }
    }

    @Test
    void traceListenersNeedTheSynchronousSearch() throws Exception {
        try (Engine engine = new Engine()) {
            TraceListener trace = new TraceListener() {
                @Override
                public void enter(int ply, int depth, int alpha, int beta, long key, int move) {}

                @Override
                public void leave(int score, int bound, int bestMove) {}
            };
            assertThrows(IllegalArgumentException.class,
                    () -> engine.start(SearchLimits.depth(2), SearchListeners.NONE.withTrace(trace)));
        }
    }

    @Test
    void aLongSearchReportsTheRootMoveItIsOn() throws Exception {
        record Currmove(Move move, int number, int depth, Thread thread) {}
        CompletableFuture<Currmove> first = new CompletableFuture<>();
        try (Engine engine = new Engine(); Position pos = Position.fromFen(MIDDLEGAME)) {
            engine.setPosition(MIDDLEGAME, List.of());
            long started = System.nanoTime();
            CompletableFuture<SearchResult> search = engine.start(SearchLimits.infiniteSearch(),
                    SearchListeners.NONE.withCurrmove((move, number, depth) ->
                            first.complete(new Currmove(move, number, depth, Thread.currentThread()))));
            // The search reports its root moves once it has run for a second.
            Currmove seen = first.get(30, TimeUnit.SECONDS);
            long millis = (System.nanoTime() - started) / 1_000_000;
            engine.stop();
            search.get(30, TimeUnit.SECONDS);
            assertTrue(millis >= 1000, "the first currmove came after " + millis + " ms");
            assertTrue(pos.legalMoves().contains(seen.move()), seen.toString());
            assertTrue(seen.number() >= 1 && seen.number() <= pos.legalMoves().size(), seen.toString());
            assertTrue(seen.depth() >= 1, seen.toString());
            assertEquals("augur-native", seen.thread().getName());
        }
    }

    @Test
    void aThrowingCurrmoveListenerStopsTheSearchAndFailsTheFuture() throws Exception {
        UnsupportedOperationException thrown = new UnsupportedOperationException("enough moves");
        AtomicInteger calls = new AtomicInteger();
        try (Engine engine = new Engine()) {
            engine.setPosition(MIDDLEGAME, List.of());
            // Infinite: only the throw can end it.
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.infiniteSearch(),
                    SearchListeners.NONE.withCurrmove((move, number, depth) -> {
                        calls.incrementAndGet();
                        throw thrown;
                    }));
            ExecutionException failed = assertThrows(ExecutionException.class, () -> future.get(30, TimeUnit.SECONDS));
            ListenerException e = assertInstanceOf(ListenerException.class, failed.getCause());
            assertSame(thrown, e.getCause());
            assertEquals(1, calls.get()); // no listener call after the throw
            assertEquals(3, engine.search(SearchLimits.depth(3)).depth()); // the engine is fine
        }
    }

    @Test
    void nodesSearchedGrowsDuringASearchAndEndsAtItsResult() throws Exception {
        Engine engine = new Engine();
        try (engine) {
            assertEquals(0, engine.nodesSearched()); // no search yet
            engine.setPosition(MIDDLEGAME, List.of());
            AtomicReference<Throwable> fromListener = new AtomicReference<>();
            CompletableFuture<SearchResult> future = engine.start(SearchLimits.infiniteSearch(),
                    SearchListeners.NONE.withIteration(info -> {
                        try {
                            // Allowed in a listener; the published count never runs ahead of the search's.
                            long nodes = engine.nodesSearched();
                            if (nodes > info.nodes()) throw new AssertionError(nodes + " > " + info.nodes());
                        } catch (Throwable t) {
                            fromListener.compareAndSet(null, t);
                        }
                    }));
            long[] first = {0};
            assertTrue(eventually(() -> (first[0] = engine.nodesSearched()) > 0));
            assertTrue(eventually(() -> engine.nodesSearched() > first[0]));
            engine.stop();
            SearchResult result = future.get(30, TimeUnit.SECONDS);
            assertEquals(result.nodes(), engine.nodesSearched()); // one thread: the final count
            assertEquals(null, fromListener.get());
        }
        assertThrows(IllegalStateException.class, engine::nodesSearched);
    }

    @Test
    void searchLimitsAreChecked() {
        SearchLimits limits = SearchLimits.builder().depth(3).mate(2).clock(5000, 50).movesToGo(10).build();
        assertEquals(limits, limits.toBuilder().build());
        assertTrue(limits.hasClock());
        assertFalse(SearchLimits.NONE.hasClock());
        assertEquals(-1, SearchLimits.NONE.timeLeftMillis());
        assertThrows(IllegalArgumentException.class, () -> SearchLimits.builder().mate(-1).build());
        assertThrows(IllegalArgumentException.class, () -> SearchLimits.builder().moveTime(-1).build());
        assertThrows(IllegalArgumentException.class, () -> SearchLimits.builder().clock(-2, 0).build());
        assertThrows(IllegalArgumentException.class, () -> SearchLimits.builder().clock(100, -1).build());
        assertThrows(IllegalArgumentException.class, () -> SearchLimits.builder().movesToGo(-1).build());
        assertThrows(NullPointerException.class, () -> SearchLimits.builder().searchMoves(null));
    }

    @Test
    void manySearchesAndEnginesLeaveNoThreadsBehind() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        runSearches(20, 20); // warm up: the JIT's, the pool's and the Cleaner's threads
        System.gc();
        int javaBefore = mx.getThreadCount();
        long nativeBefore = nativeThreads();
        runSearches(300, 100);
        assertTrue(eventually(() -> mx.getThreadCount() <= javaBefore + 2),
                "Java threads grew from " + javaBefore + " to " + mx.getThreadCount());
        if (nativeBefore >= 0) {
            assertTrue(eventually(() -> nativeThreads() <= nativeBefore + 2),
                    "native threads grew from " + nativeBefore + " to " + nativeThreads());
        }
    }

    @Test
    void theJvmExitsWhileASearchRuns() throws Exception {
        String classPath = System.getProperty("augur.test.classpath");
        String library = System.getProperty(NativeLibrary.PATH_PROPERTY);
        assumeTrue(classPath != null && library != null, "needs -Daugur.test.classpath and the library property");
        String java = ProcessHandle.current().info().command().orElse("java");
        for (String mode : List.of("running", "closed", "unclosed")) {
            Process process = new ProcessBuilder(java, "-D" + NativeLibrary.PATH_PROPERTY + "=" + library, "-cp",
                    classPath, ExitProbe.class.getName(), mode)
                    .redirectErrorStream(true)
                    .redirectOutput(new File(System.getProperty("java.io.tmpdir"), "augur-exit-probe.log"))
                    .start();
            boolean exited = process.waitFor(60, TimeUnit.SECONDS);
            if (!exited) process.destroyForcibly();
            assertTrue(exited, mode + ": the JVM did not exit");
            assertEquals(0, process.exitValue(), mode + ": exit status");
        }
    }

    /** count searches on one engine, then engines engines each starting one search and closing. */
    private static void runSearches(int count, int engines) throws Exception {
        try (Engine engine = new Engine()) {
            for (int i = 0; i < count; i++) {
                engine.start(SearchLimits.depth(2), SearchListeners.NONE.withIteration(info -> {}))
                        .get(30, TimeUnit.SECONDS);
            }
        }
        for (int i = 0; i < engines; i++) {
            try (Engine engine = new Engine()) {
                engine.start(SearchLimits.NONE, SearchListeners.NONE.withPv(info -> {}));
            }
        }
    }

    /** The process's threads, native ones included; -1 where /proc is missing. */
    private static long nativeThreads() {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) return -1;
        try (Stream<Path> list = Files.list(tasks)) {
            return list.count();
        } catch (IOException e) {
            return -1;
        }
    }

    @FunctionalInterface
    private interface Condition {
        boolean holds() throws Exception;
    }

    private static boolean eventually(Condition condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) return false;
            Thread.sleep(5);
        }
        return true;
    }
}
