package dev.augur.equivalence;

import java.util.ArrayList;
import java.util.List;

/**
 * Compares two search implementations case by case: the expected side (the native search) is
 * searched first and its trace recorded in full; the actual side (the Java search) then searches
 * the same position, history, options and limit while a {@link TraceChecker} compares its events
 * with the recording as they come. The results (best move, score, depth, nodes) are compared too.
 *
 * <p>Optionally each side searches the case a second time without tracing, to measure the two
 * implementations' speed on the same searches; that search must visit as many nodes as the
 * traced one (a tracer must not change the search).
 */
public final class EquivalenceChecker {
    private final SearchSide expected;
    private final SearchSide actual;
    private final boolean timeUntraced;

    /**
     * @param expected the side recorded in full
     * @param actual the side checked against it
     * @param timeUntraced also search each case untraced on both sides, for speed figures
     */
    public EquivalenceChecker(SearchSide expected, SearchSide actual, boolean timeUntraced) {
        this.expected = expected;
        this.actual = actual;
        this.timeUntraced = timeUntraced;
    }

    /** Compares the case under the profile. */
    public CaseResult check(EquivalenceCase testCase, Profile profile) {
        TraceRecorder recording = new TraceRecorder();
        SearchOutcome expectedOutcome;
        try {
            expectedOutcome = expected.search(testCase, profile, recording);
        } catch (Exception e) {
            return failure(testCase, profile, expected, e);
        }
        TraceChecker checker = new TraceChecker(recording);
        SearchOutcome actualOutcome;
        try {
            actualOutcome = actual.search(testCase, profile, checker);
        } catch (Exception | StackOverflowError e) {
            return failure(testCase, profile, actual, e);
        }
        String resultDifferences = expectedOutcome.resultDifferences(actualOutcome, expected.name(), actual.name());

        SearchOutcome expectedSpeed = null;
        SearchOutcome actualSpeed = null;
        if (timeUntraced) {
            try {
                expectedSpeed = expected.search(testCase, profile, null);
                actualSpeed = actual.search(testCase, profile, null);
            } catch (Exception e) {
                return failure(testCase, profile, expectedSpeed == null ? expected : actual, e);
            }
            resultDifferences = join(resultDifferences,
                    tracingChanges(expectedOutcome, expectedSpeed, expected.name()),
                    tracingChanges(actualOutcome, actualSpeed, actual.name()));
        }
        return new CaseResult(testCase, profile, expected.name(), actual.name(), expectedOutcome, actualOutcome,
                recording.eventCount(), checker.eventCount(), recording.digest(), checker.digest(),
                recording.rootResearches(), checker.firstDifference(), resultDifferences, null, expectedSpeed,
                actualSpeed);
    }

    /** Compares every case under each profile it names. */
    public List<CaseResult> checkAll(List<EquivalenceCase> cases, Profiles profiles) {
        List<CaseResult> results = new ArrayList<>();
        for (EquivalenceCase testCase : cases) {
            for (Profile profile : profiles.expand(testCase.profiles())) results.add(check(testCase, profile));
        }
        return results;
    }

    private static String tracingChanges(SearchOutcome traced, SearchOutcome untraced, String name) {
        String differences = traced.resultDifferences(untraced, name + " traced", "untraced");
        return differences.isEmpty() ? "" : "tracing changed the search: " + differences;
    }

    private static String join(String... parts) {
        List<String> present = new ArrayList<>();
        for (String part : parts) {
            if (!part.isEmpty()) present.add(part);
        }
        return String.join("; ", present);
    }

    private CaseResult failure(EquivalenceCase testCase, Profile profile, SearchSide failed, Throwable e) {
        return CaseResult.failed(testCase, profile, expected.name(), actual.name(), failed.name() + ": " + e);
    }
}
