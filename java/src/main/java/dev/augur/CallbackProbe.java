package dev.augur;

/**
 * Drives the JNI glue of the search listeners without a search: the same code that a search runs
 * for a PV or a node calls the listener {@code count} times, on the calling thread or on a new
 * native thread that the glue attaches to the JVM (and that is detached when it ends). For the
 * tests of the callback glue and for {@link JniBenchmark}.
 */
final class CallbackProbe {
    static {
        NativeLibrary.load();
    }

    private CallbackProbe() {}

    /** Calls listener.onPv count times with a 4-move line; the nanoseconds it took. */
    static long pvCalls(PvListener listener, int count, boolean nativeThread) throws AugurException {
        return nPvLoop(listener, count, nativeThread);
    }

    /** Calls listener.enter and listener.leave count times each; the nanoseconds it took. */
    static long traceCalls(TraceListener listener, int count, boolean nativeThread) throws AugurException {
        return nTraceLoop(listener, count, nativeThread);
    }

    private static native long nPvLoop(PvListener listener, int count, boolean nativeThread)
            throws AugurException;

    private static native long nTraceLoop(TraceListener listener, int count, boolean nativeThread)
            throws AugurException;
}
