package dev.augur;

/**
 * Told when the root's best line changes during a search, or when an aspiration window fails high
 * or low ({@link PvInfo#bound()} is then LOWER or UPPER).
 *
 * <p>Called on the thread that runs the search: today the thread that called
 * {@link Engine#search}; with a native search thread, that thread (attached to the JVM once).
 * A listener may call {@link Engine#stop()} but no other method of the engine. If it throws, the
 * search stops and {@link Engine#search} throws {@link ListenerException}.
 */
@FunctionalInterface
public interface PvListener {
    void onPv(PvInfo info);
}
