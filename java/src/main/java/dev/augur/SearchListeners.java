package dev.augur;

/**
 * The listeners of one search, each optional (null). Immutable: {@code
 * SearchListeners.NONE.withPv(...).withIteration(...)}.
 */
public record SearchListeners(PvListener pv, IterationListener iteration, TraceListener trace) {
    /** No listeners. */
    public static final SearchListeners NONE = new SearchListeners(null, null, null);

    public SearchListeners withPv(PvListener listener) {
        return new SearchListeners(listener, iteration, trace);
    }

    public SearchListeners withIteration(IterationListener listener) {
        return new SearchListeners(pv, listener, trace);
    }

    public SearchListeners withTrace(TraceListener listener) {
        return new SearchListeners(pv, iteration, listener);
    }
}
