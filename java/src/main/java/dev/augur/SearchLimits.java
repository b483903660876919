package dev.augur;

import java.util.List;
import java.util.Objects;

/**
 * When a search ends. Every limit is optional: 0 means none, except {@code timeLeftMillis}, where
 * -1 means no clock. A search with no depth, node, mate or time limit runs until
 * {@link Engine#stop()}. Immutable; build one with {@link #builder()} or a static factory:
 *
 * <pre>{@code
 * SearchLimits.depth(12)
 * SearchLimits.moveTime(500)
 * SearchLimits.builder().clock(60_000, 1_000).movesToGo(20).build()
 * SearchLimits.builder().ponder(true).clock(60_000, 1_000).build()
 * SearchLimits.builder().infinite(true).searchMoves(List.of(e2e4, d2d4)).build()
 * }</pre>
 *
 * @param depth iterations to complete, 0 for no limit (above 127 means 127)
 * @param nodes nodes to visit, quiescence included, 0 for no limit
 * @param mate stop once a mate in at most this many moves is found, 0 for no limit
 * @param moveTimeMillis search exactly this long, 0 for no fixed time
 * @param infinite run until stopped, whatever else is reached or found: the other limits are then
 *     ignored
 * @param ponder pondering: the clock starts only at {@link Engine#ponderhit()}; until then (or a
 *     stop) the search runs on
 * @param timeLeftMillis the side to move's clock, -1 for none
 * @param incrementMillis added to the clock per move
 * @param movesToGo moves to the next time control, 0 for sudden death
 * @param searchMoves search only these root moves (each must be legal in the engine's position),
 *     empty for all
 */
public record SearchLimits(int depth, long nodes, int mate, long moveTimeMillis, boolean infinite, boolean ponder,
        long timeLeftMillis, long incrementMillis, int movesToGo, List<Move> searchMoves) {
    /** No limit: the search runs until it is stopped. */
    public static final SearchLimits NONE = builder().build();

    public SearchLimits {
        if (depth < 0) throw new IllegalArgumentException("negative depth: " + depth);
        if (nodes < 0) throw new IllegalArgumentException("negative node limit: " + nodes);
        if (mate < 0) throw new IllegalArgumentException("negative mate limit: " + mate);
        if (moveTimeMillis < 0) throw new IllegalArgumentException("negative move time: " + moveTimeMillis);
        if (timeLeftMillis < -1) {
            throw new IllegalArgumentException("time left must be -1 (no clock) or more: " + timeLeftMillis);
        }
        if (incrementMillis < 0) throw new IllegalArgumentException("negative increment: " + incrementMillis);
        if (movesToGo < 0) throw new IllegalArgumentException("negative moves to go: " + movesToGo);
        searchMoves = List.copyOf(searchMoves);
        if (searchMoves.size() > 256) throw new IllegalArgumentException("more than 256 search moves");
    }

    /** Only a depth limit. */
    public static SearchLimits depth(int depth) {
        return builder().depth(depth).build();
    }

    /** Only a node limit. */
    public static SearchLimits nodes(long nodes) {
        return builder().nodes(nodes).build();
    }

    /** A fixed time for the move. */
    public static SearchLimits moveTime(long millis) {
        return builder().moveTime(millis).build();
    }

    /** Until {@link Engine#stop()}. */
    public static SearchLimits infiniteSearch() {
        return builder().infinite(true).build();
    }

    public SearchLimits withDepth(int newDepth) {
        return toBuilder().depth(newDepth).build();
    }

    public SearchLimits withNodes(long newNodes) {
        return toBuilder().nodes(newNodes).build();
    }

    /** True when a clock is given ({@code timeLeftMillis >= 0}). */
    public boolean hasClock() {
        return timeLeftMillis >= 0;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder that starts from these limits. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.depth = depth;
        b.nodes = nodes;
        b.mate = mate;
        b.moveTimeMillis = moveTimeMillis;
        b.infinite = infinite;
        b.ponder = ponder;
        b.timeLeftMillis = timeLeftMillis;
        b.incrementMillis = incrementMillis;
        b.movesToGo = movesToGo;
        b.searchMoves = searchMoves;
        return b;
    }

    /** The move codes of {@link #searchMoves()}, as the JNI glue passes them. */
    short[] searchMoveCodes() {
        short[] codes = new short[searchMoves.size()];
        for (int i = 0; i < codes.length; i++) codes[i] = (short) searchMoves.get(i).code();
        return codes;
    }

    /** Collects limits; {@link #build()} checks them (IllegalArgumentException). Not thread-safe. */
    public static final class Builder {
        private int depth;
        private long nodes;
        private int mate;
        private long moveTimeMillis;
        private boolean infinite;
        private boolean ponder;
        private long timeLeftMillis = -1;
        private long incrementMillis;
        private int movesToGo;
        private List<Move> searchMoves = List.of();

        private Builder() {}

        public Builder depth(int depth) {
            this.depth = depth;
            return this;
        }

        public Builder nodes(long nodes) {
            this.nodes = nodes;
            return this;
        }

        /** Stop once a mate in at most this many moves is found. */
        public Builder mate(int moves) {
            this.mate = moves;
            return this;
        }

        public Builder moveTime(long millis) {
            this.moveTimeMillis = millis;
            return this;
        }

        public Builder infinite(boolean infinite) {
            this.infinite = infinite;
            return this;
        }

        public Builder ponder(boolean ponder) {
            this.ponder = ponder;
            return this;
        }

        /** The side to move's clock and increment per move. */
        public Builder clock(long timeLeftMillis, long incrementMillis) {
            this.timeLeftMillis = timeLeftMillis;
            this.incrementMillis = incrementMillis;
            return this;
        }

        /** Moves to the next time control (0: sudden death); used with {@link #clock}. */
        public Builder movesToGo(int moves) {
            this.movesToGo = moves;
            return this;
        }

        public Builder searchMoves(List<Move> moves) {
            this.searchMoves = Objects.requireNonNull(moves, "moves");
            return this;
        }

        public SearchLimits build() {
            return new SearchLimits(depth, nodes, mate, moveTimeMillis, infinite, ponder, timeLeftMillis,
                    incrementMillis, movesToGo, searchMoves);
        }
    }
}
