package dev.augur;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An Augur engine held by the native library: its options, transposition table and history, and
 * the game it searches. Engines share nothing; many may search in parallel.
 *
 * <p>A search runs either on the calling thread ({@link #search}) or on the engine's own native
 * thread ({@link #start}, which returns a {@link CompletableFuture} at once). See docs/JAVA.md.
 *
 * <p>Thread safety: every method may be called from any thread. The search controls
 * {@link #stop()}, {@link #ponderhit()}, {@link #isSearching()}, {@link #nodesSearched()} and
 * {@link #waitForResult()} never wait for other calls. The other calls are serialized: one made while another thread runs
 * {@link #search} waits for that search to end. While a search started by {@link #start} runs,
 * {@link #setOption}, {@link #newGame}, {@link #clearHash}, {@link #evaluate}, {@link #search} and
 * {@link #start} stop it first and wait for it to end; setting or reading the position and
 * reading options leave it running. A search listener may call {@link #stop()},
 * {@link #ponderhit()}, {@link #isSearching()}, {@link #nodesSearched()}, {@link #isClosed()} and
 * {@link #close()} (the
 * engine is then freed once the search has ended); any other call from a listener, or from code
 * that a search future runs on the engine's thread, throws IllegalStateException, as does any use
 * after {@link #close()}. Failures of the library (bad FEN, illegal moves, bad option values)
 * throw {@link AugurException}.
 *
 * <p>Close an engine when done; the {@link Cleaner} frees it otherwise.
 */
public final class Engine implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    private final ReentrantLock lock = new ReentrantLock();
    // Guards the handle against being freed during a stop() from another thread.
    private final Object stopLock = new Object();
    private final Cleaner.Cleanable cleanable;
    private long handle; // 0 once closed; written under lock and stopLock
    private boolean searching; // under lock: a listener of this engine's search is the caller
    private volatile boolean closeAfterSearch; // close() was called by a listener
    private volatile boolean closing; // close() was called on the native thread; another thread frees
    private volatile Thread nativeThread; // the engine's search thread, once it has called Java
    private volatile SearchFuture lastSearch; // of the last start()

    /** An engine with every option at its default and the standard start position. */
    public Engine() throws AugurException {
        long created = nCreate();
        handle = created;
        cleanable = NativeLibrary.CLEANER.register(this, new Destroyer(created));
    }

    /** The native library's version, e.g. "0.1.0" (the loader checked that it is the jar's). */
    public static String version() {
        return NativeLibrary.nativeVersion();
    }

    /**
     * Stops a running search, waits for it to end and frees the engine. Idempotent. Called from a
     * listener or on the engine's thread, it returns at once and the engine is freed on another
     * thread once the search has ended.
     */
    @Override
    public void close() {
        stop();
        if (onNativeThreadNow()) {
            // The engine's thread cannot wait for its own search to end.
            synchronized (stopLock) {
                if (handle == 0 || closing) return;
                closing = true;
            }
            Thread closer = new Thread(this::close, "augur-engine-close");
            closer.setDaemon(true);
            closer.start();
            return;
        }
        lock.lock();
        try {
            if (handle == 0) return;
            if (searching) {
                closeAfterSearch = true;
            } else {
                release();
            }
        } finally {
            lock.unlock();
        }
    }

    /** True once closed (or closing at the end of a search); never waits for a search. */
    public boolean isClosed() {
        synchronized (stopLock) {
            return handle == 0 || closeAfterSearch || closing;
        }
    }

    /** Asks a running search to return soon, from any thread; does nothing without one or once closed. */
    public void stop() {
        synchronized (stopLock) {
            if (handle != 0) nStop(handle);
        }
    }

    /**
     * The ponder move was played: a search started with {@link SearchLimits#ponder()} now runs on its
     * clock, counted from this call. From any thread; does nothing without a pondering search.
     */
    public void ponderhit() {
        synchronized (stopLock) {
            if (handle != 0) nPonderhit(handle);
        }
    }

    /**
     * True from {@link #start} until that search has ended on the native side (a moment after its
     * future completed). False for {@link #search}, and once closed. Never waits.
     */
    public boolean isSearching() {
        synchronized (stopLock) {
            return handle != 0 && nIsSearching(handle);
        }
    }

    /**
     * The nodes of the running search so far, all threads (the synchronous {@link #search} of
     * another thread, or one {@link #start}ed), or of the last search once it has ended; 0 before
     * the first. Each search thread publishes its count every thousand nodes or so, so a running
     * count lags by that much; once a search has ended it equals its result's
     * {@link SearchResult#nodes()}. From any thread, also from a listener; never waits.
     *
     * @throws IllegalStateException if the engine is closed
     */
    public long nodesSearched() {
        synchronized (stopLock) {
            if (handle == 0 || closeAfterSearch || closing) throw new IllegalStateException("the engine is closed");
            return nNodesSearched(handle);
        }
    }

    /** Starts searching on the engine's thread without listeners; see {@link #start(SearchLimits, SearchListeners)}. */
    public CompletableFuture<SearchResult> start(SearchLimits limits) throws AugurException {
        return start(limits, SearchListeners.NONE);
    }

    /**
     * Starts searching a copy of the engine's position on the engine's own native thread and returns
     * at once; a search still running is stopped and waited for first. The listeners are called on
     * the engine's thread (attached to the JVM once, as a daemon). The future completes on that
     * thread as the search ends: with its result, or exceptionally with a {@link ListenerException}
     * if a listener threw (the search was stopped then) or an {@link AugurException} if the search
     * failed. Dependent actions added without an executor run on the engine's thread too, under the
     * rules for listeners; use the {@code *Async} methods to run them elsewhere. Cancelling the
     * future stops the search. Trace listeners need the synchronous {@link #search}.
     *
     * @throws AugurException if the limits do not fit the position (a search move is not legal)
     * @throws IllegalArgumentException if listeners has a trace listener
     */
    public CompletableFuture<SearchResult> start(SearchLimits limits, SearchListeners listeners)
            throws AugurException {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(listeners, "listeners");
        if (listeners.trace() != null) {
            throw new IllegalArgumentException("start() does not trace; trace with the synchronous search()");
        }
        PvListener userPv = listeners.pv();
        IterationListener userIteration = listeners.iteration();
        CurrmoveListener userCurrmove = listeners.currmove();
        PvListener pv = userPv == null ? null : info -> {
            onNativeThread();
            userPv.onPv(info);
        };
        IterationListener iteration = userIteration == null ? null : info -> {
            onNativeThread();
            userIteration.onIteration(info);
        };
        CurrmoveListener currmove = userCurrmove == null ? null : (move, number, depth) -> {
            onNativeThread();
            userCurrmove.onCurrmove(move, number, depth);
        };
        return call(h -> {
            SearchFuture future = new SearchFuture(this);
            nStart(h, limits, new SearchListeners(pv, iteration, null, currmove), future);
            lastSearch = future;
            return future;
        });
    }

    /**
     * Waits for the search last started by {@link #start} to end and returns its result (at once if
     * it has ended). Any thread but the engine's may wait, several at once.
     *
     * @throws ListenerException if a listener of that search threw
     * @throws AugurException if the search failed
     * @throws CancellationException if its future was cancelled
     * @throws IllegalStateException if no search was started, or on the engine's thread
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public SearchResult waitForResult() throws AugurException, InterruptedException {
        if (onNativeThreadNow()) {
            throw new IllegalStateException("a search listener cannot wait for its own search");
        }
        SearchFuture last = lastSearch;
        if (last == null) throw new IllegalStateException("no search was started with start()");
        try {
            return last.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof AugurException augur) throw augur;
            if (cause instanceof RuntimeException runtime) throw runtime;
            if (cause instanceof Error error) throw error;
            throw new IllegalStateException(cause);
        }
    }

    /** Stops the search of future if it is the one running (SearchFuture.cancel). */
    void stopSearch(SearchFuture future) {
        synchronized (stopLock) {
            if (handle != 0 && lastSearch == future) nStop(handle);
        }
    }

    /** Records the engine's native thread; called by the glue's Java side on every callback. */
    void onNativeThread() {
        Thread current = Thread.currentThread();
        if (nativeThread != current) nativeThread = current;
    }

    private boolean onNativeThreadNow() {
        return Thread.currentThread() == nativeThread;
    }

    /** Searches the engine's position on the calling thread until a limit or {@link #stop()}. */
    public SearchResult search(SearchLimits limits) throws AugurException {
        return search(limits, SearchListeners.NONE);
    }

    /**
     * Searches the engine's position on the calling thread, which also runs the listeners. The
     * position is unchanged afterwards; a stopped search still gives the best move found so far.
     *
     * @throws ListenerException if a listener threw (the search was stopped then)
     */
    public SearchResult search(SearchLimits limits, SearchListeners listeners) throws AugurException {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(listeners, "listeners");
        checkNotNativeThread();
        lock.lock();
        try {
            long live = live();
            searching = true;
            try {
                return nSearch(live, limits, listeners);
            } finally {
                searching = false;
                if (closeAfterSearch) release();
            }
        } finally {
            lock.unlock();
            Reference.reachabilityFence(this);
        }
    }

    /** Sets an option by name (case-insensitive); AugurException for an unknown name or a bad value. */
    public void setOption(String name, String value) throws AugurException {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        run(h -> nSetOption(h, name, value));
    }

    public void setOption(String name, int value) throws AugurException {
        setOption(name, Integer.toString(value));
    }

    public void setOption(String name, boolean value) throws AugurException {
        setOption(name, Boolean.toString(value));
    }

    /** An option's current value ("true", "16"); buttons have none. */
    public String getOption(String name) throws AugurException {
        Objects.requireNonNull(name, "name");
        return call(h -> nGetOption(h, name));
    }

    /** The options this engine understands. */
    public List<OptionInfo> options() throws AugurException {
        return List.of(call(Engine::nOptions));
    }

    /** Forgets what earlier searches learned (table, history), for a new game; keeps the position. */
    public void newGame() throws AugurException {
        run(Engine::nNewGame);
    }

    /** Empties the transposition table only. */
    public void clearHash() throws AugurException {
        run(Engine::nClearHash);
    }

    /** Sets the position: the start position followed by these UCI moves. All or nothing. */
    public void setPosition(List<String> uciMoves) throws AugurException {
        setPosition(null, uciMoves);
    }

    /**
     * Sets the position: fen (null for the start position) followed by these UCI moves. All or
     * nothing: on failure the engine keeps its previous position.
     */
    public void setPosition(String fen, List<String> uciMoves) throws AugurException {
        String[] moves = uciMoves.toArray(new String[0]);
        run(h -> nSetPosition(h, fen, moves));
    }

    /** Sets the position to a copy of this game: FEN, moves played (for repetitions) and Chess960 mode. */
    public void setPosition(Position position) throws AugurException {
        run(h -> {
            synchronized (position) {
                nSetPositionFrom(h, position.live());
            }
        });
    }

    /** The FEN of the position the engine searches. */
    public String fen() throws AugurException {
        return call(Engine::nFen);
    }

    /** The static evaluation of the engine's position, term by term. */
    public Evaluation evaluate() throws AugurException {
        return call(Engine::nEvaluate);
    }

    /** A native call on the live handle. */
    @FunctionalInterface
    private interface NativeCall<T> {
        T apply(long handle) throws AugurException;
    }

    /** A native call without a result. */
    @FunctionalInterface
    private interface NativeAction {
        void apply(long handle) throws AugurException;
    }

    private <T> T call(NativeCall<T> nativeCall) throws AugurException {
        checkNotNativeThread(); // before the lock: its holder may be waiting for this thread's search
        lock.lock();
        try {
            return nativeCall.apply(live());
        } finally {
            lock.unlock();
            Reference.reachabilityFence(this);
        }
    }

    private void run(NativeAction action) throws AugurException {
        call(h -> {
            action.apply(h);
            return null;
        });
    }

    private void checkNotNativeThread() {
        if (onNativeThreadNow()) throw listenerMisuse();
    }

    private static IllegalStateException listenerMisuse() {
        return new IllegalStateException(
                "a search listener may call only stop(), ponderhit(), isSearching() and close() on its engine");
    }

    /** The handle, for a caller holding the lock. */
    private long live() {
        if (searching) throw listenerMisuse();
        if (handle == 0 || closing) throw new IllegalStateException("the engine is closed");
        return handle;
    }

    /** Frees the engine; the caller holds the lock and no search runs. */
    private void release() {
        synchronized (stopLock) {
            handle = 0;
        }
        cleanable.clean();
    }

    /** Frees a handle; holds no reference to the Engine, so that the Cleaner can run. */
    private record Destroyer(long handle) implements Runnable {
        @Override
        public void run() {
            nDestroy(handle);
        }
    }

    private static native long nCreate() throws AugurException;
    private static native void nDestroy(long handle);
    private static native void nStop(long handle);
    private static native void nPonderhit(long handle);
    private static native boolean nIsSearching(long handle);
    private static native long nNodesSearched(long handle);
    private static native OptionInfo[] nOptions(long handle) throws AugurException;
    private static native void nSetOption(long handle, String name, String value) throws AugurException;
    private static native String nGetOption(long handle, String name) throws AugurException;
    private static native void nNewGame(long handle) throws AugurException;
    private static native void nClearHash(long handle) throws AugurException;
    private static native void nSetPosition(long handle, String fen, String[] uciMoves) throws AugurException;
    private static native void nSetPositionFrom(long handle, long position) throws AugurException;
    private static native String nFen(long handle) throws AugurException;
    private static native Evaluation nEvaluate(long handle) throws AugurException;
    // The natives read the limits and listeners through their accessors (jni/jni_search.cpp).
    private static native SearchResult nSearch(long handle, SearchLimits limits, SearchListeners listeners)
            throws AugurException;
    private static native void nStart(long handle, SearchLimits limits, SearchListeners listeners,
            SearchFuture future) throws AugurException;
}
