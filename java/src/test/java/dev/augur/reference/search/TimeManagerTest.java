package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The time allocation and the decisions of TimeManager, as tests/engine/time_manager_test.cpp checks native. */
class TimeManagerTest {
    private static final int OVERHEAD = 30;
    private static final long MS = 1_000_000;

    private static TimeControl clock(long left, long increment, int movesToGo) {
        return new TimeControl(left, increment, movesToGo, 0);
    }

    private static TimeControl clock(long left) {
        return clock(left, 0, 0);
    }

    private static TimeBudget allocate(TimeControl control, int overhead, int ply) {
        return TimeManager.allocate(control, overhead, ply);
    }

    @Test
    void suddenDeathSpreadsTheClockOverTheExpectedMoves() {
        TimeBudget b = allocate(clock(60_000), OVERHEAD, 0);
        assertTrue(b.optimumMillis() > 60_000 / 60, b.toString());
        assertTrue(b.optimumMillis() < 60_000 / 40, b.toString());
        assertTrue(b.maximumMillis() > b.optimumMillis());
        assertTrue(b.maximumMillis() <= 60_000 - OVERHEAD);
        assertFalse(b.fixed());
        // Later in the game fewer moves remain: a larger share. Less time, less per move.
        assertTrue(allocate(clock(60_000), OVERHEAD, 100).optimumMillis() > b.optimumMillis());
        assertTrue(allocate(clock(6_000), OVERHEAD, 0).optimumMillis() < b.optimumMillis() / 5);
    }

    @Test
    void aFastGameStillGetsARealBudget() {
        TimeBudget b = allocate(clock(1_000, 10, 0), 10, 0);
        assertTrue(b.optimumMillis() >= 20, b.toString());
        assertTrue(b.maximumMillis() >= 3 * b.optimumMillis(), b.toString());
        assertTrue(b.maximumMillis() <= 1_000 - 10);
    }

    @Test
    void anIncrementAddsAboutItselfPerMove() {
        TimeBudget none = allocate(clock(60_000), OVERHEAD, 20);
        TimeBudget inc = allocate(clock(60_000, 1_000, 0), OVERHEAD, 20);
        assertTrue(inc.optimumMillis() > none.optimumMillis() + 800);
        TimeBudget low = allocate(clock(1_000, 2_000, 0), OVERHEAD, 20);
        assertTrue(low.optimumMillis() >= 50 && low.optimumMillis() <= 200, low.toString());
        assertTrue(low.maximumMillis() <= 500, low.toString());
        assertTrue(allocate(clock(30_000, 2_000, 0), OVERHEAD, 20).optimumMillis() > 2_000);
    }

    @Test
    void aLowClockInAFischerGameIsNotSpentOnOneMove() {
        for (long left : new long[] {200, 500, 1_100, 2_000}) {
            for (int ply : new int[] {60, 120, 200}) {
                TimeBudget b = allocate(clock(left, 100, 0), 10, ply);
                assertTrue(b.optimumMillis() <= left / 5, left + " ms at ply " + ply + ": " + b);
                assertTrue(b.maximumMillis() <= left / 2, left + " ms at ply " + ply + ": " + b);
            }
        }
        for (long left : new long[] {100, 300, 600, 900}) {
            assertTrue(allocate(clock(left, 100, 0), 10, 120).optimumMillis() < 100, left + " ms left");
        }
        assertTrue(allocate(clock(10_000, 100, 0), 10, 60).optimumMillis() > 10_000 / 40 + 50);
    }

    @Test
    void conventionalControlsCountTheMovesToTheNextControl() {
        TimeBudget b = allocate(clock(240_000, 0, 30), OVERHEAD, 20);
        assertTrue(b.optimumMillis() > 240_000 / 35 && b.optimumMillis() < 240_000 / 25, b.toString());
        assertTrue(allocate(clock(240_000, 0, 5), OVERHEAD, 70).optimumMillis() > 3 * b.optimumMillis());
        TimeBudget last = allocate(clock(10_000, 0, 1), OVERHEAD, 78);
        assertTrue(last.optimumMillis() >= 4_000, last.toString());
        assertTrue(last.maximumMillis() <= 10_000 - OVERHEAD);
        assertTrue(allocate(clock(60_000, 0, 200), OVERHEAD, 0).optimumMillis() <= 60_000 / 45);
    }

    @Test
    void theMaximumNeverExceedsTheTimeLeftLessTheOverhead() {
        for (long left : new long[] {40, 100, 500, 1_000, 5_000, 60_000, 3_600_000}) {
            for (long inc : new long[] {0, 100, 5_000}) {
                for (int toGo : new int[] {0, 1, 2, 40}) {
                    for (int ply : new int[] {0, 60, 300}) {
                        TimeBudget b = allocate(clock(left, inc, toGo), OVERHEAD, ply);
                        String where = left + " " + inc + " " + toGo + " " + ply + ": " + b;
                        assertTrue(b.maximumMillis() <= left - OVERHEAD, where);
                        assertTrue(b.optimumMillis() >= 1, where);
                        assertTrue(b.optimumMillis() <= b.maximumMillis(), where);
                    }
                }
            }
        }
    }

    @Test
    void tinyClocksStillGetAFewMilliseconds() {
        TimeBudget b = allocate(clock(10), OVERHEAD, 40);
        assertEquals(5, b.maximumMillis());
        assertEquals(5, b.optimumMillis());
        assertEquals(1, allocate(clock(1), OVERHEAD, 40).maximumMillis());
        assertEquals(1, allocate(clock(0), OVERHEAD, 40).maximumMillis());
        assertTrue(allocate(clock(100), 0, 40).maximumMillis() <= 100);
    }

    @Test
    void aFixedMoveTimeIsUsedWholeLessTheOverhead() {
        TimeBudget b = allocate(new TimeControl(-1, 0, 0, 1_000), OVERHEAD, 0);
        assertTrue(b.fixed());
        assertEquals(1_000 - OVERHEAD, b.optimumMillis());
        assertEquals(1_000 - OVERHEAD, b.maximumMillis());
        assertEquals(5, allocate(new TimeControl(-1, 0, 0, 20), OVERHEAD, 0).maximumMillis());
        // With a clock as well, the clock caps it.
        assertTrue(allocate(new TimeControl(2_000, 0, 0, 10_000), OVERHEAD, 0).maximumMillis() <= 2_000 - OVERHEAD);
    }

    @Test
    void theBestMovesNodeShareScalesTheOptimumAsNative() {
        TimeManager tm = new TimeManager();
        long t0 = 123_456_789_000L;
        tm.start(clock(60_000), OVERHEAD, 0, false, t0);
        TimeBudget b = tm.budget();
        tm.onIteration(0, 0, -1);
        assertEquals(b.optimumMillis(), tm.extendedOptimumMillis());
        tm.onIteration(0, 0, 1000);
        assertEquals(b.optimumMillis() / 2, tm.extendedOptimumMillis());
        tm.onIteration(0, 0, 500);
        assertEquals(b.optimumMillis() * 1400 / 1000, tm.extendedOptimumMillis());
        tm.onIteration(0, 0, 0);
        assertEquals(Math.min(b.optimumMillis() * 1600 / 1000, b.maximumMillis()), tm.extendedOptimumMillis());
        tm.onIteration(3, 0, 0);  // instability at its cap, 1200 permille
        assertEquals(Math.min(b.optimumMillis() * 2200 / 1000 * 1600 / 1000, b.maximumMillis()),
            tm.extendedOptimumMillis());
        tm.start(clock(60_000), OVERHEAD, 0, false, t0);
        tm.onIteration(0, 0);
        assertEquals(b.optimumMillis(), tm.extendedOptimumMillis());
    }

    @Test
    void iterationsExtensionsAndPonderhit() {
        TimeManager tm = new TimeManager();
        long t0 = 123_456_789_000L;
        tm.start(clock(60_000), OVERHEAD, 0, false, t0);
        assertTrue(tm.timed());
        TimeBudget b = tm.budget();
        assertTrue(tm.mayStartIteration(t0 + b.optimumMillis() * 4 / 10 * MS));
        assertFalse(tm.mayStartIteration(t0 + b.optimumMillis() * 6 / 10 * MS));
        assertFalse(tm.pastMaximum(t0 + (b.maximumMillis() - 1) * MS));
        assertTrue(tm.pastMaximum(t0 + b.maximumMillis() * MS));

        // A changed best move and a falling score extend the optimum, up to the maximum.
        tm.onIteration(0, 50);
        assertEquals(b.optimumMillis(), tm.extendedOptimumMillis());
        tm.onIteration(2, -50);
        assertTrue(tm.extendedOptimumMillis() > b.optimumMillis() * 2);
        assertTrue(tm.extendedOptimumMillis() <= b.maximumMillis());
        assertTrue(tm.mayStartIteration(t0 + b.optimumMillis() * 8 / 10 * MS));
        // Stability brings it back.
        for (int i = 0; i < 8; i++) tm.onIteration(0, -50);
        assertTrue(tm.extendedOptimumMillis() <= b.optimumMillis() * 11 / 10);

        // Pondering: no clock until ponderhit, then from the ponderhit on.
        tm.start(clock(60_000), OVERHEAD, 0, true, t0);
        assertFalse(tm.timed());
        assertFalse(tm.pastMaximum(t0 + 10 * b.maximumMillis() * MS));
        assertTrue(tm.mayStartIteration(t0 + 10 * b.maximumMillis() * MS));
        long hit = t0 + 10_000 * MS;
        tm.ponderhit(hit);
        assertTrue(tm.timed());
        assertFalse(tm.pastMaximum(hit + (b.maximumMillis() - 1) * MS));
        assertTrue(tm.pastMaximum(hit + b.maximumMillis() * MS));

        // No clock at all: never timed.
        tm.start(TimeControl.NONE, OVERHEAD, 0, false, t0);
        assertFalse(tm.timed());
    }

    @Test
    void budgetsAreTheNativeNumbers() {
        // Worked by hand from time_manager.cpp: 60 s sudden death at ply 0, 30 ms overhead:
        // 50 moves, reserve 150, pool 59850, optimum min(1197, 59970 * 0.2) = 1197,
        // maximum min(5985, 59970 * 0.5) = 5985.
        assertEquals(new TimeBudget(1197, 5985, false), allocate(clock(60_000), OVERHEAD, 0));
        // 1 s + 10 ms, overhead 10: reserve 50, pool 1000 + 490 - 50 = 1440, optimum 1440 / 50 = 28;
        // cushion 150 is below the clock; maximum min(140, 990 / 2) = 140.
        assertEquals(new TimeBudget(28, 140, false), allocate(clock(1_000, 10, 0), 10, 0));
        // 3,120 ms with 6 moves to go, overhead 10: reserve 50, optimum 3,070 / (6 + 1 spare) = 438,
        // maximum min(438 * 2.1 = 919, 3,110 / 2).
        assertEquals(new TimeBudget(438, 919, false), allocate(clock(3_120, 0, 6), 10, 380));
    }
}
