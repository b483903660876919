package dev.augur;

/**
 * Told when the root's best line changes during a search, or when an aspiration window fails high
 * or low ({@link PvInfo#bound()} is then LOWER or UPPER).
 *
 * <p>Called on the thread that runs the search: the thread that called {@link Engine#search}, or
 * the engine's native thread for {@link Engine#start} (attached to the JVM once). A listener may
 * call {@link Engine#stop()}, {@link Engine#ponderhit()}, {@link Engine#isSearching()},
 * {@link Engine#nodesSearched()} and {@link Engine#close()}, but no other method of the engine
 * (IllegalStateException). If it throws,
 * the search stops and {@link Engine#search} throws {@link ListenerException}, or the future of
 * {@link Engine#start} completes exceptionally with it.
 */
@FunctionalInterface
public interface PvListener {
    void onPv(PvInfo info);
}
