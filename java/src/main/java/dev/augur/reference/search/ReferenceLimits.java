package dev.augur.reference.search;

import java.util.List;

/**
 * When a Java search ends, as native SearchLimits for the limits that do not need a clock. Every
 * limit is optional (0: none). Without depth, node, mate or time limit the search runs to the
 * maximum depth, or until {@link ReferenceEngine#stop()} when infinite.
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
 */
public record ReferenceLimits(int depth, long nodes, int mate, long moveTimeMillis, boolean infinite,
        List<Integer> searchMoves) {
    public ReferenceLimits {
        if (depth < 0) throw new IllegalArgumentException("negative depth: " + depth);
        if (nodes < 0) throw new IllegalArgumentException("negative node limit: " + nodes);
        if (mate < 0) throw new IllegalArgumentException("negative mate limit: " + mate);
        if (moveTimeMillis < 0) throw new IllegalArgumentException("negative move time: " + moveTimeMillis);
        searchMoves = List.copyOf(searchMoves);
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
        return new ReferenceLimits(newDepth, nodes, mate, moveTimeMillis, infinite, searchMoves);
    }

    public ReferenceLimits withNodes(long newNodes) {
        return new ReferenceLimits(depth, newNodes, mate, moveTimeMillis, infinite, searchMoves);
    }

    public ReferenceLimits withMate(int moves) {
        return new ReferenceLimits(depth, nodes, moves, moveTimeMillis, infinite, searchMoves);
    }

    public ReferenceLimits withSearchMoves(List<Integer> moves) {
        return new ReferenceLimits(depth, nodes, mate, moveTimeMillis, infinite, moves);
    }
}
