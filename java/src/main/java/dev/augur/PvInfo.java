package dev.augur;

import java.util.List;

/**
 * A principal variation reported during a search, to a {@link PvListener} or an
 * {@link IterationListener}.
 *
 * @param depth the iteration
 * @param seldepth the deepest ply reached so far
 * @param score centipawns from the side to move's view; see {@link SearchResult#score()}
 * @param mate moves to mate: above 0 the side to move mates, below 0 it is mated, 0 no mate score
 * @param bound EXACT, or LOWER/UPPER for an aspiration fail high/low
 * @param nodes nodes so far in this search
 * @param timeMillis milliseconds since the search started
 * @param pv the line, legal in sequence from the root
 * @param multipv the line's number (1-based) with the MultiPV option; lines come best first
 * @param hashfull permille of the transposition table written by this search (UCI's hashfull)
 * @param tbHits tablebase probes that found a value so far, all threads (UCI's tbhits)
 */
public record PvInfo(int depth, int seldepth, int score, int mate, Bound bound, long nodes, long timeMillis,
        List<Move> pv, int multipv, int hashfull, long tbHits) {
    public PvInfo {
        pv = List.copyOf(pv);
    }

    /** Made by the JNI glue. */
    PvInfo(int depth, int seldepth, int score, int mate, int bound, long nodes, long timeMillis, short[] pv,
            int multipv, int hashfull, long tbHits) {
        this(depth, seldepth, score, mate, Bound.of(bound), nodes, timeMillis, Move.listOf(pv), multipv, hashfull,
            tbHits);
    }
}
