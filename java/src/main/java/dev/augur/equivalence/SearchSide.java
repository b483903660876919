package dev.augur.equivalence;

/**
 * One of the two implementations being compared: searches a case with a profile's options on a
 * fresh engine (nothing learned from earlier cases), one thread, and reports every node to the
 * sink (or to no one when sink is null, for timing).
 */
public interface SearchSide {
    /** A short name for reports: "native", "java". */
    String name();

    /**
     * Searches the case's position (after its moves) to its depth or node limit.
     *
     * @throws Exception when the engine refuses the case (a bad FEN, move or option) or fails
     */
    SearchOutcome search(EquivalenceCase testCase, Profile profile, TraceSink sink) throws Exception;
}
