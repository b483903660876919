package dev.augur.reference.search;

/**
 * Told what native reports to its SearchListener: {@link #onPv} when the root's best line
 * changes or an aspiration window fails low, {@link #onIteration} once per line when an
 * iteration is complete. Called on the searching thread.
 */
@FunctionalInterface
public interface PvListener {
    void onPv(ReferencePv info);

    default void onIteration(ReferencePv info) {}
}
