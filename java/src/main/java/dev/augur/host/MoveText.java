package dev.augur.host;

import dev.augur.Move;
import dev.augur.reference.Uci;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves in UCI coordinate notation without a position at hand. Search reports arrive on the
 * engine's search thread many times a second; writing their lines from the move codes alone keeps
 * those callbacks short and free of native calls. The binding's move codes are the reference
 * board's, so the reference notation ({@link Uci#format}) writes them: castling as the king's
 * two-square step in standard chess ("e1g1"), as king-takes-rook in Chess960 ("e1h1").
 */
final class MoveText {
    private MoveText() {}

    static String uci(Move move, boolean chess960) {
        return Uci.format(move.code(), chess960);
    }

    static List<String> uci(List<Move> line, boolean chess960) {
        List<String> moves = new ArrayList<>(line.size());
        for (Move move : line) moves.add(uci(move, chess960));
        return moves;
    }
}
