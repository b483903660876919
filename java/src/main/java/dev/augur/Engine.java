package dev.augur;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An Augur engine held by the native library: its options, transposition table and history, and
 * the game it searches. Engines share nothing; many may search in parallel.
 *
 * <p>Thread safety: every method may be called from any thread. Calls are serialized: one made
 * while another thread searches waits for that search to end, except {@link #stop()}, which asks
 * the running search to return soon. A search listener runs on the searching thread and may call
 * {@link #stop()} and {@link #close()} (the engine is then freed as the search returns); any other
 * call from a listener throws IllegalStateException, as does any use after {@link #close()}.
 * Failures of the library (bad FEN, illegal moves, bad option values) throw
 * {@link AugurException}.
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

    /** Stops a running search, waits for it to return and frees the engine. Idempotent. */
    @Override
    public void close() {
        stop();
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
            return handle == 0 || closeAfterSearch;
        }
    }

    /** Asks a running search to return soon, from any thread; does nothing without one or once closed. */
    public void stop() {
        synchronized (stopLock) {
            if (handle != 0) nStop(handle);
        }
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
        lock.lock();
        try {
            long live = live();
            searching = true;
            try {
                return nSearch(live, limits.depth(), limits.nodes(), listeners.pv(), listeners.iteration(),
                        listeners.trace());
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

    /** The handle, for a caller holding the lock. */
    private long live() {
        if (searching) {
            throw new IllegalStateException("a search listener may call only stop() and close() on its engine");
        }
        if (handle == 0) throw new IllegalStateException("the engine is closed");
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
    private static native OptionInfo[] nOptions(long handle) throws AugurException;
    private static native void nSetOption(long handle, String name, String value) throws AugurException;
    private static native String nGetOption(long handle, String name) throws AugurException;
    private static native void nNewGame(long handle) throws AugurException;
    private static native void nClearHash(long handle) throws AugurException;
    private static native void nSetPosition(long handle, String fen, String[] uciMoves) throws AugurException;
    private static native void nSetPositionFrom(long handle, long position) throws AugurException;
    private static native String nFen(long handle) throws AugurException;
    private static native Evaluation nEvaluate(long handle) throws AugurException;
    private static native SearchResult nSearch(long handle, int depth, long nodes, PvListener pv,
            IterationListener iteration, TraceListener trace) throws AugurException;
}
