package dev.augur.equivalence;

import java.util.List;

/**
 * One line of a case list: a position with its game history, a depth or node limit and the
 * profiles to search it with.
 *
 * @param source where the case was read, "file:line", for reports
 * @param fen the position's FEN, or null for the start position
 * @param moves UCI moves played from fen: the game history the search sees (repetitions, the
 *     fifty-move counter)
 * @param depth the depth limit, or 0 when the search is limited by nodes
 * @param nodes the node limit, or 0 when the search is limited by depth
 * @param profiles profile and group names (see {@link Profiles})
 */
public record EquivalenceCase(String source, String fen, List<String> moves, int depth, long nodes,
        List<String> profiles) {
    public EquivalenceCase {
        moves = List.copyOf(moves);
        profiles = List.copyOf(profiles);
        if ((depth > 0) == (nodes > 0)) throw new IllegalArgumentException("give a depth or a node limit, not both");
    }

    /** The limit as the case list writes it: "depth 6" or "nodes 20000". */
    public String limit() {
        return depth > 0 ? "depth " + depth : "nodes " + nodes;
    }

    /** The position as the case list writes it, shortened for tables. */
    public String positionText() {
        String text = fen == null ? "startpos" : fen;
        return moves.isEmpty() ? text : text + " moves " + String.join(" ", moves);
    }
}
