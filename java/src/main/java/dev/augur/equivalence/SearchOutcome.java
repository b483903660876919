package dev.augur.equivalence;

/**
 * What one side's search of a case gave, in the terms both sides share.
 *
 * @param bestMove the best move's code (0 if none)
 * @param score the score from the side to move's view
 * @param depth the last completed iteration
 * @param nodes nodes visited, quiescence included
 * @param tbProbes tablebase probes tried, the root's ranking included
 * @param tbHits ... that found a value
 * @param nanos the search call's wall time
 */
public record SearchOutcome(int bestMove, int score, int depth, long nodes, long tbProbes, long tbHits, long nanos) {
    /** An outcome of a search without tables. */
    public SearchOutcome(int bestMove, int score, int depth, long nodes, long nanos) {
        this(bestMove, score, depth, nodes, 0, 0, nanos);
    }

    /** The ways in which other's result differs from this one (empty if none): time aside. */
    public String resultDifferences(SearchOutcome other, String name, String otherName) {
        StringBuilder text = new StringBuilder();
        if (bestMove != other.bestMove) {
            text.append(String.format("best move %s %s, %s %s; ", name, MoveText.uci(bestMove), otherName,
                    MoveText.uci(other.bestMove)));
        }
        if (score != other.score) text.append(String.format("score %s %d, %s %d; ", name, score, otherName, other.score));
        if (depth != other.depth) text.append(String.format("depth %s %d, %s %d; ", name, depth, otherName, other.depth));
        if (nodes != other.nodes) text.append(String.format("nodes %s %d, %s %d; ", name, nodes, otherName, other.nodes));
        if (tbProbes != other.tbProbes || tbHits != other.tbHits) {
            text.append(String.format("tablebase probes/hits %s %d/%d, %s %d/%d; ", name, tbProbes, tbHits, otherName,
                    other.tbProbes, other.tbHits));
        }
        return text.length() == 0 ? "" : text.substring(0, text.length() - 2);
    }
}
