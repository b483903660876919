package dev.augur.host;

import dev.augur.Move;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves in UCI coordinate notation without a position at hand. Search reports arrive on the
 * engine's native thread many times a second; writing their lines from the move codes alone keeps
 * those callbacks short and free of native calls. Augur codes castling as king-takes-rook; standard
 * chess writes it as the king's two-square step ("e1g1"), Chess960 as the code says ("e1h1").
 */
final class MoveText {
    private MoveText() {}

    static String uci(Move move, boolean chess960) {
        if (move.kind() != Move.CASTLING || chess960) return move.toString();
        int king = move.from();
        int rook = move.to();
        int rank = king & ~7;
        int kingFile = rook > king ? 6 : 2; // g-file on the king's side, c-file on the queen's side
        return Move.squareName(king) + Move.squareName(rank + kingFile);
    }

    static List<String> uci(List<Move> line, boolean chess960) {
        List<String> moves = new ArrayList<>(line.size());
        for (Move move : line) moves.add(uci(move, chess960));
        return moves;
    }
}
