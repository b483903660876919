package dev.augur.host;

import dev.augur.AugurException;
import dev.augur.Color;
import dev.augur.Move;
import dev.augur.Position;
import java.util.List;

/**
 * Setting up the host's game. The game is a {@link Position}: it keeps the moves played since its
 * FEN, which is what undo, the repetition rule and the engine's own repetition detection need
 * ({@link dev.augur.Engine#setPosition(Position)} copies them).
 */
final class Games {
    static final String START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private Games() {}

    /**
     * A game from fen (null for the start position) and the UCI moves played from it, in Chess960
     * mode or not. The message of a failure names the FEN or the first move that is not legal.
     */
    static Position fromSpec(String fen, List<String> uciMoves, boolean chess960) throws CommandException {
        Position game;
        try {
            game = new Position();
        } catch (AugurException e) {
            throw new CommandException("cannot create a position: " + e.nativeMessage());
        }
        try {
            game.setChess960(chess960);
            if (fen != null) game.setFen(fen);
        } catch (AugurException e) {
            game.close();
            throw new CommandException("bad FEN: " + Words.printable(e.nativeMessage(), 200));
        }
        for (int i = 0; i < uciMoves.size(); i++) {
            String text = uciMoves.get(i);
            try {
                game.play(game.parseUci(text));
            } catch (AugurException e) {
                game.close();
                throw new CommandException("move " + (i + 1) + " '" + Words.printable(text) + "' is not legal");
            }
        }
        return game;
    }

    /** The FEN's full-move number (1 in the start position). */
    static int fullmoveNumber(Position pos) throws AugurException {
        String[] fields = pos.fen().split(" ");
        try {
            return fields.length >= 6 ? Math.max(Integer.parseInt(fields[5]), 1) : 1;
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The side to move's legal move with these squares and promotion letter (0: none), or null. */
    static Move legalMove(Position pos, int from, int to, char promotion) throws AugurException {
        for (Move move : pos.legalMoves()) {
            if (move.from() == from && move.to() == to && move.promotion() == promotion) return move;
        }
        return null;
    }

    static Color opponent(Color color) {
        return color == Color.WHITE ? Color.BLACK : Color.WHITE;
    }
}
