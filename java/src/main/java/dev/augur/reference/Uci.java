package dev.augur.reference;

/**
 * UCI long algebraic notation for moves ("e2e4", "e7e8q").
 *
 * <p>Castling is stored as king-takes-rook. In standard chess it is written as the king's
 * two-square move (e1g1) as the UCI protocol requires; in Chess960 as king-to-rook (e1h1),
 * the UCI_Chess960 convention. Parsing a standard-chess position accepts both forms.
 */
public final class Uci {
    private Uci() {}

    /** The UCI text of a move; "0000" for no move or the null move. */
    public static String format(int move, boolean chess960) {
        if (move == Move.NONE || move == Move.NULL) {
            return "0000";
        }
        int from = Move.from(move);
        int to = Move.to(move);
        if (Move.kind(move) == Move.CASTLING && !chess960) {
            int colour = Square.rank(from) == 0 ? Piece.WHITE : Piece.BLACK;
            to = Castling.kingDestination(colour, to > from);
        }
        String text = Square.name(from) + Square.name(to);
        if (Move.kind(move) == Move.PROMOTION) {
            text += Piece.typeLetter(Move.promotionType(move));
        }
        return text;
    }

    public static String format(Position pos, int move) {
        return format(move, pos.isChess960());
    }

    /**
     * The legal move of pos that text names.
     *
     * @throws IllegalArgumentException naming the text when it is malformed or not legal here
     */
    public static int parse(Position pos, String text) {
        String normalized = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (!normalized.matches("[a-h][1-8][a-h][1-8][nbrq]?")) {
            throw new IllegalArgumentException("malformed UCI move \"" + text + "\"");
        }
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            if (normalized.equals(format(move, pos.isChess960()))
                    || (Move.kind(move) == Move.CASTLING && normalized.equals(format(move, true)))) {
                return move;
            }
        }
        throw new IllegalArgumentException("illegal move \"" + text + "\" in " + pos.toFen());
    }
}
