package dev.augur.host.book;

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

/**
 * Conversion between book entries and the moves of the reference board.
 *
 * <p>A book entry is only a claim about a position reached through its key; it is turned into a
 * move by finding the legal move with the same origin, destination and promotion, so castling
 * (king takes rook in both encodings), en passant and promotions come out as the board's own
 * moves, and an entry that is not legal here (a key collision, a broken book) gives no move.
 */
public final class BookMoves {
    private BookMoves() {}

    /** The legal reference move that entry stands for in pos, or {@link Move#NONE}. */
    public static int toMove(Position pos, BookEntry entry) {
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            if (Move.from(move) == entry.from() && Move.to(move) == entry.to()
                    && promotionLetter(move) == entry.promotion()) {
                return move;
            }
        }
        return castlingWrittenAsKingMove(pos, entry, moves);
    }

    /**
     * Some book makers write castling as the king's two-square step (e1g1) instead of the
     * specification's e1h1. No other king move covers two files, so that reading is safe.
     */
    private static int castlingWrittenAsKingMove(Position pos, BookEntry entry, MoveList moves) {
        if (pos.isChess960() || entry.promotion() != 0) {
            return Move.NONE;
        }
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            if (Move.kind(move) == Move.CASTLING && Uci.format(move, false).equals(entry.polyglotUci())) {
                return move;
            }
        }
        return Move.NONE;
    }

    /** The standard UCI text of entry's move in pos (castling as e1g1), or null when not legal. */
    public static String uci(Position pos, BookEntry entry) {
        int move = toMove(pos, entry);
        return move == Move.NONE ? null : Uci.format(pos, move);
    }

    /** The SAN of entry's move in pos, or null when not legal. */
    public static String san(Position pos, BookEntry entry) {
        int move = toMove(pos, entry);
        return move == Move.NONE ? null : San.format(pos, move);
    }

    /** The raw Polyglot move of a reference move (same squares; promotion piece 1..4). */
    public static int polyglotMove(int move) {
        return BookEntry.encodeMove(Move.from(move), Move.to(move), promotionLetter(move));
    }

    private static char promotionLetter(int move) {
        return Move.kind(move) == Move.PROMOTION ? Piece.typeLetter(Move.promotionType(move)) : 0;
    }
}
