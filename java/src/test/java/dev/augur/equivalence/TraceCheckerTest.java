package dev.augur.equivalence;

import static dev.augur.equivalence.TraceRecorderTest.E2E4;
import static dev.augur.equivalence.TraceRecorderTest.E7E5;
import static dev.augur.equivalence.TraceRecorderTest.G1F3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The live comparison against a recording: where it finds the first difference and what it keeps. */
@Tag("unit")
class TraceCheckerTest {
    /** Feeds a small fixed trace, with one event replaced when index equals changeAt. */
    private static void feed(TraceSink sink, int changeAt, int events) {
        Runnable[] trace = {
            () -> sink.enter(0, 2, -100, 100, 11L, 0),
            () -> sink.enter(1, 1, -100, 100, 22L, E2E4),
            () -> sink.enter(2, 0, -100, 100, 33L, E7E5),
            () -> sink.leave(12, TraceEvent.EXACT, 0),
            () -> sink.leave(-12, TraceEvent.EXACT, E7E5),
            () -> sink.enter(1, 1, -100, 12, 44L, G1F3),
            () -> sink.leave(-3, TraceEvent.UPPER, 0),
            () -> sink.leave(12, TraceEvent.EXACT, E2E4),
        };
        for (int i = 0; i < Math.min(events, trace.length); i++) {
            if (i == changeAt) {
                changed(sink, i);
            } else {
                trace[i].run();
            }
        }
    }

    /** Event i of the fixed trace with one field changed. */
    private static void changed(TraceSink sink, int i) {
        switch (i) {
            case 3 -> sink.leave(12, TraceEvent.LOWER, 0);
            case 5 -> sink.enter(1, 0, -100, 12, 44L, G1F3);
            default -> throw new IllegalArgumentException("no change for event " + i);
        }
    }

    private static TraceRecorder recording() {
        TraceRecorder recorder = new TraceRecorder();
        feed(recorder, -1, Integer.MAX_VALUE);
        return recorder;
    }

    @Test
    void equalTracesMatch() {
        TraceRecorder recorded = recording();
        TraceChecker checker = new TraceChecker(recorded);
        feed(checker, -1, Integer.MAX_VALUE);
        assertTrue(checker.matches());
        assertNull(checker.firstDifference());
        assertEquals(recorded.digest(), checker.digest());
        assertEquals(recorded.size(), checker.eventCount());
    }

    @Test
    void findsADifferentEnterAndItsPath() {
        TraceChecker checker = new TraceChecker(recording());
        feed(checker, 5, Integer.MAX_VALUE);
        FirstDifference difference = checker.firstDifference();
        assertFalse(checker.matches());
        assertEquals(5, difference.index());
        assertEquals(TraceEvent.Kind.ENTER, difference.kind());
        assertEquals(TraceEvent.enter(1, 1, -100, 12, 44L, G1F3), difference.expected());
        assertEquals(TraceEvent.enter(1, 0, -100, 12, 44L, G1F3), difference.actual());
        assertEquals("depth", difference.differingFields());
        assertEquals(List.of(), difference.path());
        assertEquals(List.of(G1F3), difference.nodePath(difference.expected()));
    }

    @Test
    void findsADifferentLeaveAndTheNodeItLeaves() {
        TraceChecker checker = new TraceChecker(recording());
        feed(checker, 3, Integer.MAX_VALUE);
        FirstDifference difference = checker.firstDifference();
        assertEquals(3, difference.index());
        assertEquals(TraceEvent.Kind.LEAVE, difference.kind());
        assertEquals("bound", difference.differingFields());
        assertEquals(List.of(E2E4, E7E5), difference.path());
        assertEquals(List.of(E2E4, E7E5), difference.nodePath(difference.actual()));
    }

    @Test
    void keepsTheFirstDifferenceOnly() {
        TraceChecker checker = new TraceChecker(recording());
        checker.enter(0, 2, -100, 100, 11L, 0);
        checker.enter(1, 1, -100, 100, 22L, G1F3);      // differs from event 1
        checker.enter(2, 0, -100, 100, 99L, G1F3);      // differs too, but later
        assertEquals(1, checker.firstDifference().index());
        assertEquals("move", checker.firstDifference().differingFields());
    }

    @Test
    void reportsAnEnterWhereALeaveWasRecorded() {
        TraceChecker checker = new TraceChecker(recording());
        feed(checker, -1, 3);
        checker.enter(3, -1, -100, 100, 55L, G1F3);
        FirstDifference difference = checker.firstDifference();
        assertEquals(3, difference.index());
        assertEquals(TraceEvent.Kind.LEAVE, difference.kind());
        assertEquals("kind", difference.differingFields());
    }

    @Test
    void aShorterTraceEndsFirst() {
        TraceChecker checker = new TraceChecker(recording());
        feed(checker, -1, 6);
        FirstDifference difference = checker.firstDifference();
        assertEquals(6, difference.index());
        assertEquals(TraceEvent.leave(-3, TraceEvent.UPPER, 0), difference.expected());
        assertNull(difference.actual());
        assertEquals("the checked trace ended first", difference.differingFields());
        assertEquals(List.of(G1F3), difference.path());
        assertEquals(8, difference.expectedEvents());
        assertEquals(6, difference.actualEvents());
    }

    @Test
    void aLongerTraceGoesOnAfterTheRecordingEnded() {
        TraceChecker checker = new TraceChecker(recording());
        feed(checker, -1, Integer.MAX_VALUE);
        checker.enter(0, 3, -100, 100, 11L, 0);
        FirstDifference difference = checker.firstDifference();
        assertEquals(8, difference.index());
        assertNull(difference.expected());
        assertEquals(TraceEvent.Kind.ENTER, difference.kind());
        assertEquals("the recorded trace ended first", difference.differingFields());
        assertEquals(9, difference.actualEvents());
    }
}
