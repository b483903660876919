package dev.augur;

/**
 * The listeners of one search, each optional (null). Immutable: {@code
 * SearchListeners.NONE.withPv(...).withIteration(...)}.
 */
public record SearchListeners(PvListener pv, IterationListener iteration, TraceListener trace,
        CurrmoveListener currmove) {
    /** No listeners. */
    public static final SearchListeners NONE = new SearchListeners(null, null, null, null);

    /** The listeners of the first versions, which had no currmove listener. */
    public SearchListeners(PvListener pv, IterationListener iteration, TraceListener trace) {
        this(pv, iteration, trace, null);
    }

    public SearchListeners withPv(PvListener listener) {
        return new SearchListeners(listener, iteration, trace, currmove);
    }

    public SearchListeners withIteration(IterationListener listener) {
        return new SearchListeners(pv, listener, trace, currmove);
    }

    public SearchListeners withTrace(TraceListener listener) {
        return new SearchListeners(pv, iteration, listener, currmove);
    }

    public SearchListeners withCurrmove(CurrmoveListener listener) {
        return new SearchListeners(pv, iteration, trace, listener);
    }
}
