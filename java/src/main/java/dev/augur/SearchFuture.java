package dev.augur;

import java.util.concurrent.CompletableFuture;

/**
 * The future of a search started by {@link Engine#start}: completed by the native glue on the
 * engine's thread as the search ends, with its result, or exceptionally with a
 * {@link ListenerException} (a listener threw) or an {@link AugurException} (the search failed).
 * Cancelling it also stops the search, which still ends normally on the native side.
 */
final class SearchFuture extends CompletableFuture<SearchResult> {
    private final Engine engine;

    SearchFuture(Engine engine) {
        this.engine = engine;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (cancelled) engine.stopSearch(this);
        return cancelled;
    }

    /** Called by the JNI glue once, as the search's last callback. */
    void nativeFinished(SearchResult result) {
        engine.onNativeThread();
        complete(result);
    }

    /** Called by the JNI glue instead of {@link #nativeFinished} when the search failed. */
    void nativeFailed(Throwable error) {
        engine.onNativeThread();
        completeExceptionally(error);
    }
}
