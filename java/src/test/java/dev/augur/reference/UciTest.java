package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** UCI move text: printing and parsing round trip, and both castling notations. */
class UciTest {
    @Test
    void everyLegalMoveRoundTrips() {
        MoveList moves = new MoveList();
        for (String start : RandomGames.STARTS) {
            for (int game = 0; game < 10; game++) {
                RandomGames.play(start, 11L * game, 200, (pos, played) -> {
                    MoveGenerator.generateAll(pos, moves);
                    for (int i = 0; i < moves.size(); i++) {
                        int move = moves.get(i);
                        assertEquals(move, Uci.parse(pos, Uci.format(pos, move)), pos.toFen());
                    }
                });
            }
        }
    }

    @Test
    void standardCastlingPrintsKingDestinationAndParsesBothForms() {
        Position pos = Fen.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        int shortCastle = Move.make(Square.E1, Square.H1, Move.CASTLING);
        int longCastle = Move.make(Square.E1, Square.A1, Move.CASTLING);
        assertEquals("e1g1", Uci.format(pos, shortCastle));
        assertEquals("e1c1", Uci.format(pos, longCastle));
        assertEquals(shortCastle, Uci.parse(pos, "e1g1"));
        assertEquals(shortCastle, Uci.parse(pos, "e1h1"));
        assertEquals(longCastle, Uci.parse(pos, "e1c1"));
        assertEquals(longCastle, Uci.parse(pos, "e1a1"));
        pos.makeMove(shortCastle);
        assertEquals("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", pos.toFen());
        assertEquals("e8c8", Uci.format(pos, Uci.parse(pos, "e8a8")));
    }

    @Test
    void chess960CastlingIsKingToRook() {
        Position pos = Fen.parse("1k6/8/8/8/8/8/8/RK5R w AH - 0 1");
        int castle = Move.make(Square.B1, Square.H1, Move.CASTLING);
        assertEquals("b1h1", Uci.format(pos, castle));
        assertEquals(castle, Uci.parse(pos, "b1h1"));
        assertThrows(IllegalArgumentException.class, () -> Uci.parse(pos, "b1g1"));
        pos.makeMove(castle);
        assertEquals("1k6/8/8/8/8/8/8/R4RK1 b - - 1 1", pos.toFen());
    }

    @Test
    void promotionsAndBadInput() {
        Position pos = Fen.parse("8/4P3/8/8/8/8/8/k6K w - - 0 1");
        assertEquals(Move.promotion(Square.parse("e7"), Square.parse("e8"), Piece.KNIGHT), Uci.parse(pos, "e7e8n"));
        assertEquals("e7e8q", Uci.format(pos, Uci.parse(pos, "E7E8Q")));
        assertThrows(IllegalArgumentException.class, () -> Uci.parse(pos, "e7e8"));
        assertThrows(IllegalArgumentException.class, () -> Uci.parse(pos, "e7e8k"));
        assertThrows(IllegalArgumentException.class, () -> Uci.parse(pos, "e2e4"));
        assertThrows(IllegalArgumentException.class, () -> Uci.parse(pos, "xyz"));
        assertEquals("0000", Uci.format(Move.NONE, false));
    }
}
