package dev.augur.reference.search;

import java.util.List;

/**
 * What a Java search found and what it cost, field for field as dev.augur.SearchResult (move
 * codes instead of Move objects; no effective branching factor).
 *
 * @param bestMove the code of the best move, 0 only if the side to move has no legal move
 * @param ponderMove the expected reply, or 0
 * @param score centipawns from the side to move's view; a mate in n plies scores
 *     {@link Scores#MATE} - n (or its negation), a tablebase win n plies away {@link Scores#TB_WIN} - n
 * @param mate moves to mate for a mate score, else 0
 * @param depth the last completed iteration (0 if none completed)
 * @param seldepth the deepest ply reached
 * @param nodes all nodes, quiescence included
 * @param qnodes quiescence nodes
 * @param failHighs beta cutoffs in the main search
 * @param failHighsFirst those by the first move searched
 * @param ttProbes transposition table probes
 * @param ttHits ... that found an entry
 * @param ttCutoffs ... that ended the node
 * @param tbHits tablebase probes that found a value (the root's ranking included)
 * @param tbProbes tablebase probes tried: {@code tbHits} of them found a value
 * @param timeMillis the search's duration
 * @param pv the principal variation's move codes
 */
public record ReferenceResult(int bestMove, int ponderMove, int score, int mate, int depth, int seldepth, long nodes,
        long qnodes, long failHighs, long failHighsFirst, long ttProbes, long ttHits, long ttCutoffs, long tbHits,
        long tbProbes, long timeMillis, List<Integer> pv) {
    public ReferenceResult {
        pv = List.copyOf(pv);
    }
}
