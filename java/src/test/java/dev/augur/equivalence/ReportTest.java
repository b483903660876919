package dev.augur.equivalence;

import static dev.augur.equivalence.TraceRecorderTest.E2E4;
import static dev.augur.equivalence.TraceRecorderTest.E7E5;
import static dev.augur.equivalence.TraceRecorderTest.G1F3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The text of mismatch reports, which is what someone chasing a difference reads first. */
@Tag("unit")
class ReportTest {
    private static final String NL = System.lineSeparator();

    @Test
    void enterMismatch() {
        FirstDifference difference = new FirstDifference(1234,
                TraceEvent.enter(3, 1, -20, -19, 0x463b96181691fc9cL, G1F3),
                TraceEvent.enter(3, 2, -20, -19, 0x463b96181691fc9cL, G1F3), List.of(E2E4, MoveText.NULL_MOVE),
                5678, 5702);
        assertEquals("first difference at event 1234 (native 5678 events, java 5702)" + NL
                + "  native: enter ply 3 depth 1 alpha -20 beta -19 key 463b96181691fc9c move g1f3" + NL
                + "  java:   enter ply 3 depth 2 alpha -20 beta -19 key 463b96181691fc9c move g1f3" + NL
                + "  differs in: depth" + NL
                + "  path: e2e4 0000 (then native enters g1f3, java enters g1f3)", difference.format("native", "java"));
    }

    @Test
    void leaveMismatch() {
        FirstDifference difference = new FirstDifference(7, TraceEvent.leave(15, TraceEvent.EXACT, E7E5),
                TraceEvent.leave(16, TraceEvent.LOWER, 0), List.of(E2E4), 9, 9);
        assertEquals("first difference at event 7 (native 9 events, java 9)" + NL
                + "  native: leave score 15 bound exact best e7e5" + NL
                + "  java:   leave score 16 bound lower best 0000" + NL
                + "  differs in: score, bound, best move" + NL
                + "  path: e2e4 (leaving this node)", difference.format("native", "java"));
    }

    @Test
    void endOfTraceAndRootEnter() {
        FirstDifference difference = new FirstDifference(40, null, TraceEvent.enter(0, 5, -15, 15, 1L, 0), List.of(),
                40, 41);
        String text = difference.format("native", "java");
        assertTrue(text.contains("  native: (end of trace)" + NL), text);
        assertTrue(text.contains("  differs in: the recorded trace ended first" + NL), text);
        assertTrue(text.endsWith("  path: (root) (then java enters the root)"), text);
    }

    @Test
    void caseReportNamesCaseProfileAndDifferences() {
        EquivalenceCase testCase = new EquivalenceCase("suite.txt:3", null, List.of("e2e4"), 6, 0, List.of("default"));
        Profile profile = new Profile("no-NullMove", Map.of("NullMove", "false"));
        FirstDifference difference = new FirstDifference(2, TraceEvent.leave(1, TraceEvent.EXACT, 0),
                TraceEvent.leave(2, TraceEvent.EXACT, 0), List.of(E7E5), 4, 4);
        SearchOutcome nativeOutcome = new SearchOutcome(E7E5, 1, 6, 2, 1000);
        SearchOutcome javaOutcome = new SearchOutcome(E7E5, 2, 6, 2, 2000);
        CaseResult result = new CaseResult(testCase, profile, "native", "java", nativeOutcome, javaOutcome, 4, 4, 1, 2,
                0, difference, nativeOutcome.resultDifferences(javaOutcome, "native", "java"), null, null, null);
        String report = result.report();
        assertEquals("MISMATCH", result.verdict());
        assertTrue(report.startsWith("MISMATCH suite.txt:3 no-NullMove depth 6" + NL
                + "  position: startpos moves e2e4" + NL + "  profile: no-NullMove (NullMove=false)" + NL
                + "  first difference at event 2 (native 4 events, java 4)" + NL
                + "    native: leave score 1 bound exact best 0000" + NL), report);
        assertTrue(report.contains(NL + "    path: e7e5 (leaving this node)" + NL), report);
        assertTrue(report.endsWith("  results differ: score native 1, java 2"), report);
    }

    @Test
    void resultDifferencesNameEveryField() {
        SearchOutcome a = new SearchOutcome(E2E4, 10, 6, 100, 1);
        SearchOutcome b = new SearchOutcome(G1F3, 11, 5, 101, 2);
        assertEquals("best move native e2e4, java g1f3; score native 10, java 11; depth native 6, java 5; "
                + "nodes native 100, java 101", a.resultDifferences(b, "native", "java"));
        assertEquals("", a.resultDifferences(new SearchOutcome(E2E4, 10, 6, 100, 999), "native", "java"));
    }

    @Test
    void matchHasNoReport() {
        EquivalenceCase testCase = new EquivalenceCase("s:1", null, List.of(), 0, 500, List.of("default"));
        SearchOutcome outcome = new SearchOutcome(E2E4, 0, 3, 500, 1);
        CaseResult result = new CaseResult(testCase, new Profile("default", Map.of()), "native", "java", outcome,
                outcome, 10, 10, 5, 5, 0, null, "", null, null, null);
        assertTrue(result.matches());
        assertEquals("match", result.verdict());
        assertEquals("", result.report());
    }
}
