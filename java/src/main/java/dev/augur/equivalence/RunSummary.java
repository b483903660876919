package dev.augur.equivalence;

/**
 * Totals over a run of comparisons: verdicts, events compared, aspiration re-searches seen, and
 * both sides' nodes and times, traced and untraced, for the speed line of the report.
 */
public final class RunSummary {
    private int comparisons;
    private int matched;
    private int mismatched;
    private int failed;
    private long events;
    private long researches;
    private long casesWithResearch;
    private final Totals expectedTraced = new Totals();
    private final Totals actualTraced = new Totals();
    private final Totals expectedUntraced = new Totals();
    private final Totals actualUntraced = new Totals();

    /** Adds one comparison. */
    public void add(CaseResult result) {
        comparisons++;
        if (result.error() != null) {
            failed++;
            return;
        }
        if (result.matches()) matched++;
        else mismatched++;
        events += result.expectedEvents();
        researches += result.rootResearches();
        if (result.rootResearches() > 0) casesWithResearch++;
        expectedTraced.add(result.expected());
        actualTraced.add(result.actual());
        if (result.expectedSpeed() != null) {
            expectedUntraced.add(result.expectedSpeed());
            actualUntraced.add(result.actualSpeed());
        }
    }

    public boolean allMatched() {
        return comparisons > 0 && matched == comparisons;
    }

    public int comparisons() {
        return comparisons;
    }

    public int matched() {
        return matched;
    }

    public long events() {
        return events;
    }

    /** Comparisons whose recorded trace has at least one aspiration re-search of the root. */
    public long casesWithResearch() {
        return casesWithResearch;
    }

    /** The summary lines: verdict counts, events, and the speed of both sides. */
    public String format(String expectedName, String actualName) {
        StringBuilder text = new StringBuilder();
        text.append(String.format("%d comparisons: %d match, %d mismatch, %d error; %d trace events compared; "
                + "%d aspiration re-searches in %d comparisons%n", comparisons, matched, mismatched, failed, events,
                researches, casesWithResearch));
        text.append(String.format("traced:   %s %s, %s %s%n", expectedName, expectedTraced, actualName, actualTraced));
        if (expectedUntraced.nanos > 0) {
            text.append(String.format("untraced: %s %s, %s %s; %s/%s speed ratio %.3f%n", expectedName,
                    expectedUntraced, actualName, actualUntraced, actualName, expectedName,
                    actualUntraced.nodesPerSecond() / expectedUntraced.nodesPerSecond()));
        }
        return text.toString().stripTrailing();
    }

    /** Nodes and time of one side. */
    private static final class Totals {
        long nodes;
        long nanos;

        void add(SearchOutcome outcome) {
            nodes += outcome.nodes();
            nanos += outcome.nanos();
        }

        double nodesPerSecond() {
            return nodes / Math.max(1e-9, nanos / 1e9);
        }

        @Override
        public String toString() {
            return String.format("%d nodes in %.0f ms (%.0f knps)", nodes, nanos / 1e6, nodesPerSecond() / 1000);
        }
    }
}
