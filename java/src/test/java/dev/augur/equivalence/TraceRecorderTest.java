package dev.augur.equivalence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The recorder: what it stores, its digest, the paths it reconstructs and the re-search count. */
@Tag("unit")
class TraceRecorderTest {
    static final int E2E4 = move(12, 28);
    static final int E7E5 = move(52, 36);
    static final int G1F3 = move(6, 21);
    static final int WHITE_SHORT_CASTLING = (3 << 14) | move(4, 7); // king takes own rook: e1h1

    static int move(int from, int to) {
        return (from << 6) | to;
    }

    @Test
    void storesEveryFieldOfEveryEvent() {
        TraceRecorder recorder = new TraceRecorder();
        recorder.enter(0, 5, -20, 30, 0x1234_5678_9ABC_DEF0L, 0);
        recorder.enter(1, 4, -30, 20, -7L, E2E4);
        recorder.leave(-25, TraceEvent.UPPER, G1F3);
        recorder.leave(25, TraceEvent.EXACT, E2E4);
        assertEquals(4, recorder.size());
        assertEquals(4, recorder.eventCount());
        assertEquals(TraceEvent.enter(0, 5, -20, 30, 0x1234_5678_9ABC_DEF0L, 0), recorder.event(0));
        assertEquals(TraceEvent.enter(1, 4, -30, 20, -7L, E2E4), recorder.event(1));
        assertEquals(TraceEvent.leave(-25, TraceEvent.UPPER, G1F3), recorder.event(2));
        assertEquals(TraceEvent.leave(25, TraceEvent.EXACT, E2E4), recorder.event(3));
        assertThrows(IndexOutOfBoundsException.class, () -> recorder.event(4));
    }

    @Test
    void growsPastItsFirstArrays() {
        TraceRecorder recorder = new TraceRecorder();
        int events = 100_000;
        for (int i = 0; i < events / 2; i++) {
            recorder.enter(1, -i, i, i + 1, i * 31L, i & 0xFFFF);
            recorder.leave(-i, TraceEvent.LOWER, (i * 7) & 0xFFFF);
        }
        assertEquals(events, recorder.size());
        assertEquals(TraceEvent.enter(1, -40_000, 40_000, 40_001, 40_000 * 31L, 40_000 & 0xFFFF),
                recorder.event(80_000));
        assertEquals(TraceEvent.leave(-49_999, TraceEvent.LOWER, (49_999 * 7) & 0xFFFF), recorder.event(events - 1));
    }

    @Test
    void refusesMovesThatAreNotSixteenBitCodes() {
        TraceRecorder recorder = new TraceRecorder();
        assertThrows(IllegalArgumentException.class, () -> recorder.enter(1, 1, 0, 1, 0, 0x1_0000));
        assertThrows(IllegalArgumentException.class, () -> recorder.leave(0, TraceEvent.EXACT, -1));
        assertEquals(0, recorder.size());
    }

    @Test
    void digestIsTheFoldOfEveryEvent() {
        TraceRecorder recorder = new TraceRecorder();
        recorder.enter(0, 3, -100, 100, 42L, 0);
        recorder.leave(7, TraceEvent.EXACT, E2E4);
        long expected = TraceDigest.leave(TraceDigest.enter(TraceDigest.EMPTY, 0, 3, -100, 100, 42L, 0), 7,
                TraceEvent.EXACT, E2E4);
        assertEquals(expected, recorder.digest());
        assertEquals(TraceDigest.EMPTY, new TraceRecorder().digest());
    }

    /** A single changed field anywhere in the trace must change the digest: no collision is possible. */
    @Test
    void digestChangesWithEveryField() {
        long base = digestOfEnter(f -> { }, 0);
        List<Consumer<int[]>> enterChanges = List.of(f -> f[0]++, f -> f[1]--, f -> f[2]++, f -> f[3]--, f -> f[5]++,
                f -> f[5] ^= 0x8000);
        Set<Long> digests = new HashSet<>();
        digests.add(base);
        for (Consumer<int[]> change : enterChanges) {
            long changed = digestOfEnter(change, 0);
            assertNotEquals(base, changed);
            digests.add(changed);
        }
        for (long keyFlip : new long[] {1L, 1L << 63, 1L << 31}) digests.add(digestOfEnter(f -> { }, keyFlip));
        for (Consumer<int[]> change : List.<Consumer<int[]>>of(f -> f[0]++, f -> f[1] = TraceEvent.LOWER,
                f -> f[2] ^= 1)) {
            digests.add(digestOfLeave(change));
        }
        // base, six enter fields, three key bits, three leave fields: all different.
        assertEquals(1 + 6 + 3 + 3, digests.size());
    }

    @Test
    void enterAndLeaveWithEqualNumbersDigestDifferently() {
        TraceRecorder enter = new TraceRecorder();
        enter.enter(0, 0, 0, 0, 0, 0);
        TraceRecorder leave = new TraceRecorder();
        leave.leave(0, 0, 0);
        assertNotEquals(enter.digest(), leave.digest());
    }

    /**
     * The digest of a four-event trace whose second event (an enter) has the fields {ply, depth,
     * alpha, beta, unused, move} after change, and its key xor keyFlip.
     */
    private static long digestOfEnter(Consumer<int[]> change, long keyFlip) {
        int[] f = {2, 3, -50, -49, 0, G1F3};
        change.accept(f);
        TraceRecorder recorder = new TraceRecorder();
        recorder.enter(0, 4, -100, 100, 99L, 0);
        recorder.enter(f[0], f[1], f[2], f[3], 0x0F0F_0F0F_0F0F_0F0FL ^ keyFlip, f[5]);
        recorder.leave(-60, TraceEvent.UPPER, 0);
        recorder.leave(60, TraceEvent.EXACT, G1F3);
        return recorder.digest();
    }

    /** The same trace with its third event (a leave: {score, bound, best move}) changed. */
    private static long digestOfLeave(Consumer<int[]> change) {
        int[] f = {-60, TraceEvent.UPPER, 0};
        change.accept(f);
        TraceRecorder recorder = new TraceRecorder();
        recorder.enter(0, 4, -100, 100, 99L, 0);
        recorder.enter(2, 3, -50, -49, 0x0F0F_0F0F_0F0F_0F0FL, G1F3);
        recorder.leave(f[0], f[1], f[2]);
        recorder.leave(60, TraceEvent.EXACT, G1F3);
        return recorder.digest();
    }

    @Test
    void pathsFollowTheOpenNodes() {
        TraceRecorder recorder = new TraceRecorder();
        recorder.enter(0, 3, -100, 100, 1L, 0);             // 0: root
        recorder.enter(1, 2, -100, 100, 2L, E2E4);          // 1
        recorder.enter(2, 1, -100, 100, 3L, E7E5);          // 2
        recorder.leave(5, TraceEvent.EXACT, 0);             // 3: leaves e7e5
        recorder.enter(2, 0, -100, 100, 4L, MoveText.NULL_MOVE); // 4: a null move
        recorder.enter(3, 0, -100, 100, 5L, G1F3);          // 5
        recorder.leave(5, TraceEvent.EXACT, 0);             // 6
        recorder.leave(5, TraceEvent.EXACT, 0);             // 7
        recorder.leave(5, TraceEvent.EXACT, 0);             // 8: leaves e2e4
        recorder.enter(1, 2, -100, 100, 6L, WHITE_SHORT_CASTLING); // 9

        assertEquals(List.of(), recorder.pathBefore(0));
        assertEquals(List.of(), recorder.pathBefore(1));
        assertEquals(List.of(E2E4), recorder.pathBefore(2));
        assertEquals(List.of(E2E4, E7E5), recorder.pathBefore(3));
        assertEquals(List.of(E2E4), recorder.pathBefore(4));
        assertEquals(List.of(E2E4, MoveText.NULL_MOVE, G1F3), recorder.pathBefore(6));
        assertEquals(List.of(), recorder.pathBefore(9));
        assertEquals(List.of(WHITE_SHORT_CASTLING), recorder.pathBefore(10));
        assertEquals(List.of(0, 1, 4, 5), recorder.openNodesBefore(6));
        assertEquals("e2e4 0000 g1f3", MoveText.path(recorder.pathBefore(6)));
        assertEquals("e1g1", MoveText.path(recorder.pathBefore(10)));
        assertEquals("(root)", MoveText.path(recorder.pathBefore(1)));
    }

    @Test
    void countsRootReSearchesWithAnotherWindowOnly() {
        TraceRecorder recorder = new TraceRecorder();
        rootSearch(recorder, 4, -100, 100, 10, TraceEvent.EXACT);
        rootSearch(recorder, 5, -5, 25, 40, TraceEvent.LOWER);   // fails high
        rootSearch(recorder, 5, -5, 55, 30, TraceEvent.EXACT);   // re-searched: counts
        rootSearch(recorder, 5, -5, 55, 30, TraceEvent.EXACT);   // a second MultiPV line: does not
        rootSearch(recorder, 6, 15, 45, 0, TraceEvent.UPPER);    // fails low
        rootSearch(recorder, 7, -100, 100, 0, TraceEvent.EXACT); // next depth: not a re-search
        assertEquals(1, recorder.rootResearches());
    }

    private static void rootSearch(TraceRecorder recorder, int depth, int alpha, int beta, int score, int bound) {
        recorder.enter(0, depth, alpha, beta, 1L, 0);
        recorder.enter(1, depth - 1, -beta, -alpha, 2L, E2E4);
        recorder.leave(-score, TraceEvent.EXACT, 0);
        recorder.leave(score, bound, E2E4);
    }
}
