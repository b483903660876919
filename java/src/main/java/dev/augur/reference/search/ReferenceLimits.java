package dev.augur.reference.search;

import java.util.List;

/**
 * When a Java search ends, as native SearchLimits. Every limit is optional (0: none; -1 for no
 * clock). Without depth, node, mate or time limit the search runs to the maximum depth, or until
 * {@link ReferenceEngine#stop()} when infinite. A clock or move time is allocated by
 * {@link TimeManager} as natively; timed searches are not deterministic, so not for equivalence
 * checks.
 *
 * @param depth iterations to complete, 0 for no limit (above 127 means 127)
 * @param nodes nodes to visit, quiescence included: the search stops at exactly the node where
 *     native stops, 0 for no limit
 * @param mate stop once a mate in at most this many moves is found, 0 for no limit
 * @param moveTimeMillis a fixed time for the move (less the Move Overhead option), 0 for none; not
 *     deterministic, so not for equivalence checks
 * @param infinite run until stopped: the search does not return by itself (not even after a mate
 *     or at the maximum depth)
 * @param searchMoves search only these root move codes (illegal ones ignored), empty for all
 * @param timeLeftMillis the side to move's clock, -1 for no clock
 * @param incrementMillis its increment per move
 * @param movesToGo moves to the next time control, 0 for sudden death
 * @param ponder pondering: the clock starts only at {@link ReferenceEngine#ponderhit()}, and the
 *     search does not return by itself before that (or a stop)
 */
public record ReferenceLimits(int depth, long nodes, int mate, long moveTimeMillis, boolean infinite,
        List<Integer> searchMoves, long timeLeftMillis, long incrementMillis, int movesToGo, boolean ponder) {
    public ReferenceLimits {
        if (depth < 0) throw new IllegalArgumentException("negative depth: " + depth);
        if (nodes < 0) throw new IllegalArgumentException("negative node limit: " + nodes);
        if (mate < 0) throw new IllegalArgumentException("negative mate limit: " + mate);
        if (moveTimeMillis < 0) throw new IllegalArgumentException("negative move time: " + moveTimeMillis);
        if (timeLeftMillis < -1) throw new IllegalArgumentException("bad clock: " + timeLeftMillis);
        if (incrementMillis < 0) throw new IllegalArgumentException("negative increment: " + incrementMillis);
        if (movesToGo < 0) throw new IllegalArgumentException("negative moves to go: " + movesToGo);
        searchMoves = List.copyOf(searchMoves);
    }

    /** Limits without a clock and without pondering. */
    public ReferenceLimits(int depth, long nodes, int mate, long moveTimeMillis, boolean infinite,
            List<Integer> searchMoves) {
        this(depth, nodes, mate, moveTimeMillis, infinite, searchMoves, -1, 0, 0, false);
    }

    /** The time control the time manager gets (it ignores it for an infinite search). */
    public TimeControl timeControl() {
        return new TimeControl(timeLeftMillis, incrementMillis, movesToGo, moveTimeMillis);
    }

    /** No limit: to the maximum depth. */
    public static ReferenceLimits none() {
        return new ReferenceLimits(0, 0, 0, 0, false, List.of());
    }

    public static ReferenceLimits depth(int depth) {
        return new ReferenceLimits(depth, 0, 0, 0, false, List.of());
    }

    public static ReferenceLimits nodes(long nodes) {
        return new ReferenceLimits(0, nodes, 0, 0, false, List.of());
    }

    public static ReferenceLimits mate(int moves) {
        return new ReferenceLimits(0, 0, moves, 0, false, List.of());
    }

    public static ReferenceLimits moveTime(long millis) {
        return new ReferenceLimits(0, 0, 0, millis, false, List.of());
    }

    /** Until {@link ReferenceEngine#stop()}. */
    public static ReferenceLimits infiniteSearch() {
        return new ReferenceLimits(0, 0, 0, 0, true, List.of());
    }

    public ReferenceLimits withDepth(int newDepth) {
        return new ReferenceLimits(newDepth, nodes, mate, moveTimeMillis, infinite, searchMoves, timeLeftMillis,
            incrementMillis, movesToGo, ponder);
    }

    public ReferenceLimits withNodes(long newNodes) {
        return new ReferenceLimits(depth, newNodes, mate, moveTimeMillis, infinite, searchMoves, timeLeftMillis,
            incrementMillis, movesToGo, ponder);
    }

    public ReferenceLimits withMate(int moves) {
        return new ReferenceLimits(depth, nodes, moves, moveTimeMillis, infinite, searchMoves, timeLeftMillis,
            incrementMillis, movesToGo, ponder);
    }

    public ReferenceLimits withSearchMoves(List<Integer> moves) {
        return new ReferenceLimits(depth, nodes, mate, moveTimeMillis, infinite, moves, timeLeftMillis,
            incrementMillis, movesToGo, ponder);
    }

    /** The side to move's clock: time left (-1: none), increment and moves to the next control. */
    public ReferenceLimits withClock(long timeLeft, long increment, int toGo) {
        return new ReferenceLimits(depth, nodes, mate, moveTimeMillis, infinite, searchMoves, timeLeft, increment,
            toGo, ponder);
    }

    public ReferenceLimits withMoveTime(long millis) {
        return new ReferenceLimits(depth, nodes, mate, millis, infinite, searchMoves, timeLeftMillis, incrementMillis,
            movesToGo, ponder);
    }

    public ReferenceLimits withInfinite(boolean on) {
        return new ReferenceLimits(depth, nodes, mate, moveTimeMillis, on, searchMoves, timeLeftMillis,
            incrementMillis, movesToGo, ponder);
    }

    public ReferenceLimits withPonder(boolean on) {
        return new ReferenceLimits(depth, nodes, mate, moveTimeMillis, infinite, searchMoves, timeLeftMillis,
            incrementMillis, movesToGo, on);
    }
}
