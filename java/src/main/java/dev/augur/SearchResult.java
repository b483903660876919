package dev.augur;

import java.util.List;

/**
 * What a search found and what it cost.
 *
 * @param bestMove null only if the side to move has no legal move
 * @param ponderMove the expected reply, or null
 * @param score centipawns from the side to move's view; a mate in n plies scores
 *     {@value #MATE} - n (or its negation); with Syzygy tables, a tablebase win reached n plies
 *     from the root scores {@value #TB_WIN} - n (or its negation for a loss)
 * @param mate moves to mate, as in {@link PvInfo#mate()}
 * @param depth the last completed iteration (0 if none completed)
 * @param seldepth the deepest ply reached
 * @param nodes all nodes, quiescence included
 * @param qnodes quiescence nodes
 * @param failHighs beta cutoffs in the main search
 * @param failHighsFirst those by the first move searched
 * @param ttProbes transposition table probes
 * @param ttHits ... that found an entry
 * @param ttCutoffs ... that ended the node
 * @param tbHits tablebase probes that found a value, all threads (root ranking included)
 * @param tbProbes tablebase probes tried, all threads: {@code tbHits} of them found a value
 * @param timeMillis the search's duration
 * @param ebf effective branching factor of the last two iterations (0 if fewer completed)
 * @param pv the principal variation
 */
public record SearchResult(Move bestMove, Move ponderMove, int score, int mate, int depth, int seldepth,
        long nodes, long qnodes, long failHighs, long failHighsFirst, long ttProbes, long ttHits, long ttCutoffs,
        long tbHits, long tbProbes, long timeMillis, double ebf, List<Move> pv) {
    /** The score of mate at the root; scores beyond {@code MATE - 128} are mate scores. */
    public static final int MATE = 32000;
    /** A tablebase win at the root; scores from {@code TB_WIN - 128} up to the mate scores are tablebase wins. */
    public static final int TB_WIN = MATE - 128 - 1;

    public SearchResult {
        pv = List.copyOf(pv);
    }

    /** Made by the JNI glue. */
    SearchResult(int bestMove, int ponderMove, int score, int mate, int depth, int seldepth, long nodes,
            long qnodes, long failHighs, long failHighsFirst, long ttProbes, long ttHits, long ttCutoffs, long tbHits,
            long tbProbes, long timeMillis, double ebf, short[] pv) {
        this(Move.orNull(bestMove), Move.orNull(ponderMove), score, mate, depth, seldepth, nodes, qnodes, failHighs,
                failHighsFirst, ttProbes, ttHits, ttCutoffs, tbHits, tbProbes, timeMillis, ebf, Move.listOf(pv));
    }
}
