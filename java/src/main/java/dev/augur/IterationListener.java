package dev.augur;

/**
 * Told when an iteration of the search completes, with its exact line. Called on the searching
 * thread, under the same rules as {@link PvListener}.
 */
@FunctionalInterface
public interface IterationListener {
    void onIteration(PvInfo info);
}
