package dev.augur;

/**
 * When a search ends: after {@code depth} completed iterations and/or {@code nodes} visited nodes;
 * 0 means no limit. A search without limits runs until {@link Engine#stop()}.
 *
 * @param depth iterations to complete, 0 for no limit (above 127 means 127)
 * @param nodes nodes to visit, quiescence included, 0 for no limit
 */
public record SearchLimits(int depth, long nodes) {
    /** No limit: the search runs until it is stopped. */
    public static final SearchLimits NONE = new SearchLimits(0, 0);

    public SearchLimits {
        if (depth < 0) throw new IllegalArgumentException("negative depth: " + depth);
        if (nodes < 0) throw new IllegalArgumentException("negative node limit: " + nodes);
    }

    public static SearchLimits depth(int depth) {
        return new SearchLimits(depth, 0);
    }

    public static SearchLimits nodes(long nodes) {
        return new SearchLimits(0, nodes);
    }

    public SearchLimits withDepth(int newDepth) {
        return new SearchLimits(newDepth, nodes);
    }

    public SearchLimits withNodes(long newNodes) {
        return new SearchLimits(depth, newNodes);
    }
}
