package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Position and Move through JNI: FEN, moves, notation, perft, and errors as AugurException. */
class PositionTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @Test
    void startPosition() throws AugurException {
        try (Position position = new Position()) {
            assertEquals(START, position.fen());
            assertEquals(Color.WHITE, position.sideToMove());
            assertEquals(0x463b96181691fc9cL, position.key());
            assertEquals(20, position.legalMoves().size());
            assertEquals(8902, position.perft(3));
            assertEquals(GameStatus.ONGOING, position.gameStatus());
        }
    }

    @Test
    void playsAndTakesBack() throws AugurException {
        try (Position position = new Position()) {
            Move e4 = position.parseUci("e2e4");
            assertEquals("e2e4", e4.toString());
            assertEquals(12, e4.from());
            assertEquals(28, e4.to());
            assertEquals("e4", position.toSan(e4));
            position.play(e4);
            position.playSan("e5");
            position.playUci("g1f3");
            assertEquals(3, position.historyLength());
            assertEquals(Color.BLACK, position.sideToMove());
            position.undo();
            position.undo();
            position.undo();
            assertEquals(START, position.fen());
        }
    }

    @Test
    void foolsMate() throws AugurException {
        try (Position position = new Position()) {
            for (String move : List.of("f2f3", "e7e5", "g2g4")) position.playUci(move);
            Move mate = position.parseSan("Qh4");
            assertEquals("Qh4#", position.toSan(mate));
            position.play(mate);
            assertTrue(position.inCheck());
            assertEquals(GameStatus.CHECKMATE, position.gameStatus());
            assertTrue(position.legalMoves().isEmpty());
        }
    }

    @Test
    void kiwipeteAndPromotions() throws AugurException {
        try (Position position = Position.fromFen(KIWIPETE)) {
            assertEquals(97862, position.perft(3));
            Move castle = position.parseUci("e1g1");
            assertEquals(Move.CASTLING, castle.kind());
            assertEquals("O-O", position.toSan(castle));
        }
        try (Position position = Position.fromFen("8/4P3/8/8/8/8/k7/6K1 w - - 0 1")) {
            Move queen = position.parseUci("e7e8q");
            assertEquals('q', queen.promotion());
            assertEquals("e7e8q", queen.toString());
            assertEquals("e7e8q", position.toUci(queen));
        }
    }

    @Test
    void copyIsIndependent() throws AugurException {
        try (Position position = new Position()) {
            position.playUci("d2d4");
            try (Position copy = position.copy()) {
                copy.playUci("d7d5");
                assertEquals(1, position.historyLength());
                assertEquals(2, copy.historyLength());
            }
        }
    }

    @Test
    void badFenIsAnAugurExceptionAndChangesNothing() throws AugurException {
        try (Position position = new Position()) {
            AugurException e = assertThrows(AugurException.class, () -> position.setFen("8/8/8/8/8/8/8/8 w - - 0 1"));
            assertEquals(AugurException.BAD_FEN, e.code());
            assertEquals("bad FEN", e.statusName());
            assertFalse(e.nativeMessage().isEmpty());
            assertTrue(e.getMessage().contains(e.nativeMessage()));
            assertEquals(START, position.fen());
        }
        AugurException e = assertThrows(AugurException.class, () -> Position.fromFen("not a fen"));
        assertEquals(AugurException.BAD_FEN, e.code());
    }

    @Test
    void illegalMovesAreAugurExceptions() throws AugurException {
        try (Position position = new Position()) {
            assertEquals(AugurException.ILLEGAL_MOVE,
                    assertThrows(AugurException.class, () -> position.playUci("e2e5")).code());
            assertEquals(AugurException.ILLEGAL_MOVE,
                    assertThrows(AugurException.class, () -> position.parseSan("Nf6")).code());
            assertEquals(AugurException.ILLEGAL_MOVE,
                    assertThrows(AugurException.class, () -> position.playUci("garbage\u00e9")).code());
            assertEquals(AugurException.ILLEGAL_MOVE,
                    assertThrows(AugurException.class, () -> position.play(Move.of(0xFFFF))).code());
            assertEquals(AugurException.NO_MOVE_TO_UNDO,
                    assertThrows(AugurException.class, position::undo).code());
            assertEquals(AugurException.INVALID_ARGUMENT,
                    assertThrows(AugurException.class, () -> position.perft(99)).code());
            assertThrows(NullPointerException.class, () -> position.setFen(null));
            assertEquals(0, position.historyLength());
        }
        assertThrows(IllegalArgumentException.class, () -> Move.of(0));
        assertThrows(IllegalArgumentException.class, () -> Move.of(0x10000));
    }

    @Test
    void chess960() throws AugurException {
        String fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        try (Position position = Position.fromFen(fen)) {
            assertTrue(position.isChess960());
            assertEquals(21, position.legalMoves().size());
            assertEquals(AugurException.INVALID_ARGUMENT,
                    assertThrows(AugurException.class, () -> position.setChess960(false)).code());
        }
    }
}
