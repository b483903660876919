package dev.augur;

/**
 * Told which root move the search is starting on: the move, its 1-based number in this
 * iteration's order and the iteration's depth. The search reports root moves only once it has run
 * for a second (earlier they would come hundreds a second and tell a user nothing), so a short
 * search never calls it. Called on the searching thread, under the same rules as
 * {@link PvListener}: a listener that throws stops the search.
 */
@FunctionalInterface
public interface CurrmoveListener {
    void onCurrmove(Move move, int number, int depth);
}
