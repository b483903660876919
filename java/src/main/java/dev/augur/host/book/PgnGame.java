package dev.augur.host.book;

import dev.augur.reference.Fen;
import dev.augur.reference.Position;

import java.util.List;
import java.util.Map;

/**
 * One game of a PGN file: its tags in file order, the main line's moves as SAN tokens (comments,
 * variations, NAGs and move numbers removed) and its result.
 *
 * @param tags   the tag pairs, in file order
 * @param moves  the main line as SAN, checked only for its shape, not yet for legality
 * @param result the movetext's termination marker, or the Result tag when the marker is missing
 * @param line   the line of the file where the game starts, for messages
 */
public record PgnGame(Map<String, String> tags, List<String> moves, GameResult result, long line) {
    public PgnGame {
        tags = Map.copyOf(tags);
        moves = List.copyOf(moves);
    }

    /** A tag's value, or "" when the game has no such tag. */
    public String tag(String name) {
        return tags.getOrDefault(name, "");
    }

    /**
     * The position the game starts from: its FEN tag when there is one (SetUp "1", or a FEN tag
     * alone, which many files write without SetUp), otherwise the standard start position.
     *
     * @throws IllegalArgumentException when the FEN tag is not a valid FEN
     */
    public Position startPosition() {
        String fen = tag("FEN");
        if (fen.isEmpty()) {
            return Position.startPosition();
        }
        return Fen.parse(fen, tag("Variant").equalsIgnoreCase("chess960"));
    }

    /** "game at line N (White - Black)", to name the game in messages. */
    public String description() {
        String players = tag("White").isEmpty() && tag("Black").isEmpty() ? "" : " (" + tag("White") + " - " + tag("Black") + ")";
        return "game at line " + line + players;
    }
}
