package dev.augur.reference.search;

/**
 * Told what native reports to its SearchListener: {@link #onPv} when the root's best line
 * changes or an aspiration window fails low, {@link #onIteration} once per line when an
 * iteration is complete, {@link #onCurrmove} as each root move is started once the search has
 * run for {@link SearchManager#CURRMOVE_DELAY_MS}. Called on the searching thread.
 */
@FunctionalInterface
public interface PvListener {
    void onPv(ReferencePv info);

    default void onIteration(ReferencePv info) {}

    /** The root move the search starts on, its 1-based number in this iteration and the depth. */
    default void onCurrmove(int move, int number, int depth) {}
}
