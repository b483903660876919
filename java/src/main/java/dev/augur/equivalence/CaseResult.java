package dev.augur.equivalence;

/**
 * The comparison of one case under one profile.
 *
 * @param testCase the case
 * @param profile the options both sides searched with
 * @param expectedName the recorded side's name ("native")
 * @param actualName the checked side's name ("java")
 * @param expected the recorded side's result with tracing on (null if it failed)
 * @param actual the checked side's result with tracing on (null if it failed)
 * @param expectedEvents the recorded trace's length
 * @param actualEvents the checked trace's length
 * @param expectedDigest the recorded trace's digest
 * @param actualDigest the checked trace's digest
 * @param rootResearches aspiration re-searches of the root in the recorded trace
 * @param difference the first differing event, or null
 * @param resultDifferences how the results differ ("" if they do not)
 * @param error why a side could not search the case, or null
 * @param expectedSpeed the recorded side's result without tracing, or null if not timed
 * @param actualSpeed the checked side's result without tracing, or null if not timed
 */
public record CaseResult(EquivalenceCase testCase, Profile profile, String expectedName, String actualName,
        SearchOutcome expected, SearchOutcome actual, long expectedEvents, long actualEvents, long expectedDigest,
        long actualDigest, int rootResearches, FirstDifference difference, String resultDifferences, String error,
        SearchOutcome expectedSpeed, SearchOutcome actualSpeed) {

    /** A case that could not be compared because a side failed. */
    static CaseResult failed(EquivalenceCase testCase, Profile profile, String expectedName, String actualName,
            String error) {
        return new CaseResult(testCase, profile, expectedName, actualName, null, null, 0, 0, 0, 0, 0, null, "", error,
                null, null);
    }

    /** True when both traces and both results are equal. */
    public boolean matches() {
        return error == null && difference == null && resultDifferences.isEmpty();
    }

    /** One word for tables: match, MISMATCH or ERROR. */
    public String verdict() {
        return error != null ? "ERROR" : matches() ? "match" : "MISMATCH";
    }

    /** "file:line profile limit", naming the case in reports. */
    public String title() {
        return testCase.source() + " " + profile.name() + " " + testCase.limit();
    }

    /** The full report of a failed comparison (empty for a match): what differs and where. */
    public String report() {
        if (matches()) return "";
        StringBuilder text = new StringBuilder();
        text.append(verdict()).append(' ').append(title()).append(System.lineSeparator());
        text.append("  position: ").append(testCase.positionText()).append(System.lineSeparator());
        text.append("  profile: ").append(profile.describe()).append(System.lineSeparator());
        if (error != null) return text.append("  error: ").append(error).toString();
        if (difference != null) {
            text.append(indent(difference.format(expectedName, actualName))).append(System.lineSeparator());
        }
        if (!resultDifferences.isEmpty()) text.append("  results differ: ").append(resultDifferences);
        return text.toString().stripTrailing();
    }

    private static String indent(String lines) {
        return "  " + lines.replace(System.lineSeparator(), System.lineSeparator() + "  ");
    }
}
