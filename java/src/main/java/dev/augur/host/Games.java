package dev.augur.host;

import dev.augur.Color;
import dev.augur.Move;
import java.util.List;

/**
 * Setting up the host's game. The game is a {@link HostGame}: it keeps the moves played since its
 * FEN, which is what undo, the repetition rule and the engine's own repetition detection need
 * (a {@link SearchBackend} gets the FEN and the moves).
 */
final class Games {
    static final String START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private Games() {}

    /**
     * A game from fen (null for the start position) and the UCI moves played from it, in Chess960
     * mode or not. The message of a failure names the FEN or the first move that is not legal.
     */
    static HostGame fromSpec(String fen, List<String> uciMoves, boolean chess960) throws CommandException {
        HostGame game;
        try {
            game = HostGame.fromFen(fen, chess960);
        } catch (CommandException e) {
            throw new CommandException("bad FEN: " + Words.printable(e.getMessage(), 200));
        }
        for (int i = 0; i < uciMoves.size(); i++) {
            String text = uciMoves.get(i);
            try {
                game.play(game.parseUci(text));
            } catch (CommandException e) {
                throw new CommandException("move " + (i + 1) + " '" + Words.printable(text) + "' is not legal");
            }
        }
        return game;
    }

    /** The side to move's legal move with these squares and promotion letter (0: none), or null. */
    static Move legalMove(HostGame pos, int from, int to, char promotion) {
        for (Move move : pos.legalMoves()) {
            if (move.from() == from && move.to() == to && move.promotion() == promotion) return move;
        }
        return null;
    }

    static Color opponent(Color color) {
        return color == Color.WHITE ? Color.BLACK : Color.WHITE;
    }
}
