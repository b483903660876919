package dev.augur.equivalence;

/**
 * Compares a search's trace, event by event as it arrives, with a trace recorded before, and keeps
 * the first event that differs. It stores nothing else, so only one of the two traces of a
 * comparison is ever held in memory.
 */
public final class TraceChecker extends TraceSink {
    private final TraceRecorder expected;
    private long firstDifference = -1;
    private TraceEvent firstActual;

    /** A checker of the next search against expected, which must be complete. */
    public TraceChecker(TraceRecorder expected) {
        this.expected = expected;
    }

    @Override
    protected void onEnter(long index, int ply, int depth, int alpha, int beta, long key, int move) {
        if (firstDifference >= 0) return;
        if (index >= expected.size() || !expected.isEnter((int) index, ply, depth, alpha, beta, key, move)) {
            firstDifference = index;
            firstActual = TraceEvent.enter(ply, depth, alpha, beta, key, move);
        }
    }

    @Override
    protected void onLeave(long index, int score, int bound, int bestMove) {
        if (firstDifference >= 0) return;
        if (index >= expected.size() || !expected.isLeave((int) index, score, bound, bestMove)) {
            firstDifference = index;
            firstActual = TraceEvent.leave(score, bound, bestMove);
        }
    }

    /** True when every event so far equals the recorded one and the counts are equal. */
    public boolean matches() {
        return firstDifference < 0 && eventCount() == expected.size();
    }

    /**
     * The first difference between the recorded trace and the events received (null if they are
     * equal), with the path to it taken from the recorded trace: both traces agree up to there.
     */
    public FirstDifference firstDifference() {
        if (matches()) return null;
        // No differing event: one trace is a prefix of the other, and the shorter one ended here.
        int index = (int) (firstDifference >= 0 ? firstDifference : Math.min(eventCount(), expected.size()));
        TraceEvent recorded = index < expected.size() ? expected.event(index) : null;
        return new FirstDifference(index, recorded, firstDifference >= 0 ? firstActual : null,
                expected.pathBefore(index), expected.size(), eventCount());
    }
}
