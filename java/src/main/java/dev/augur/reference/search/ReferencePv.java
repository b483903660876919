package dev.augur.reference.search;

import java.util.List;

/**
 * A principal variation reported during a search, as native PvInfo (and dev.augur.PvInfo).
 *
 * @param depth the iteration
 * @param seldepth the deepest ply reached so far
 * @param score centipawns from the side to move's view, or a mate score (see {@link Scores})
 * @param mate moves to mate: above 0 the side to move mates, below 0 it is mated, 0 no mate score
 * @param bound {@link Bound#EXACT}, or LOWER/UPPER for an aspiration fail high/low
 * @param nodes nodes so far in this search
 * @param timeMillis milliseconds since the search started
 * @param pv the line's move codes, legal in sequence from the root
 * @param multipv the line's number (1-based); lines come best first
 * @param hashfull permille of the table written by this search
 * @param tbHits tablebase probes that found a value so far (UCI's tbhits)
 */
public record ReferencePv(int depth, int seldepth, int score, int mate, int bound, long nodes, long timeMillis,
        List<Integer> pv, int multipv, int hashfull, long tbHits) {
    public ReferencePv {
        pv = List.copyOf(pv);
    }
}
