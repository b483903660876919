package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** FEN reading and writing: round trips, Chess960 castling notations, and each class of bad input. */
class FenTest {
    @Test
    void standardFenRoundTripsTextually() {
        List<String> fens = new ArrayList<>();
        fens.add(Position.START_FEN);
        fens.add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        fens.add("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        fens.add("4k3/8/8/8/8/8/8/4K2R b K - 99 150");
        fens.add("r3k3/8/8/8/8/8/8/4K3 w q - 0 1");
        for (String fen : fens) {
            assertEquals(fen, Fen.parse(fen).toFen());
        }
    }

    @Test
    void suitePositionsRoundTrip() {
        List<String> fens = new ArrayList<>();
        fens.addAll(DataFiles.fens(DataFiles.epdPerft("perft/ethereal_standard.epd", Long.MAX_VALUE)));
        fens.addAll(DataFiles.fens(DataFiles.epdPerft("perft/ethereal_fischer.epd", Long.MAX_VALUE)));
        fens.addAll(DataFiles.fens(DataFiles.epdPerft("perft/perft-marcel.epd", Long.MAX_VALUE)));
        fens.addAll(DataFiles.fens(DataFiles.epdPerft("perft/perft_misc_whittington.epd", Long.MAX_VALUE)));
        fens.addAll(DataFiles.fens(DataFiles.pythonChessPerft("perft/python-chess_tricky.perft")));
        for (String fen : fens) {
            Position pos = Fen.parse(fen);
            Position again = Fen.parse(pos.toFen());
            assertEquals(pos.toFen(), again.toFen(), fen);
            assertEquals(pos.key(), again.key(), fen);
            assertEquals(pos.isChess960(), again.isChess960(), fen);
        }
    }

    @Test
    void fourFieldsDefaultTheClocks() {
        Position pos = Fen.parse("8/8/8/8/8/8/8/K6k b - -");
        assertEquals(0, pos.rule50());
        assertEquals(1, pos.fullmoveNumber());
        assertEquals("8/8/8/8/8/8/8/K6k b - - 0 1", pos.toFen());
    }

    @Test
    void chess960IsDetectedFromCastlingRights() {
        assertFalse(Fen.parse(Position.START_FEN).isChess960());
        // File letters belong to the Chess960 notations, as in the native core.
        assertTrue(Fen.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").isChess960());
        assertTrue(Fen.parse("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").isChess960());
        assertTrue(Fen.parse("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -").isChess960());
        assertFalse(Fen.parse("4k3/8/8/8/8/8/8/1R2K2R w - - 0 1").isChess960());
        assertTrue(Fen.parse(Position.START_FEN, true).isChess960());
    }

    @Test
    void castlingNotations() {
        // Chess960 writes rook files (Shredder-FEN), like the native core.
        Position pos = Fen.parse("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        assertEquals("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", pos.toFen());
        assertEquals(Square.H1, pos.castlingRookSquare(Castling.WHITE_SHORT));
        assertEquals(Square.F1, pos.castlingRookSquare(Castling.WHITE_LONG));
        // X-FEN: KQkq name the outermost rooks.
        Position xfen = Fen.parse("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1");
        assertEquals("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1", xfen.toFen());
        // An inner rook needs its file letter; Q means the outer one.
        Position inner = Fen.parse("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
        assertEquals(Square.C1, inner.castlingRookSquare(Castling.WHITE_LONG));
        assertEquals("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", inner.toFen());
        Position outer = Fen.parse("4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1");
        assertEquals(Square.A1, outer.castlingRookSquare(Castling.WHITE_LONG));
        assertEquals("4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1", outer.toFen());
        // Standard chess forced into Chess960 mode writes files too.
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            Fen.parse(Position.START_FEN, true).toFen());
    }

    @Test
    void fullmoveZeroMeansOne() {
        assertEquals("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Fen.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 0").toFen());
    }

    @Test
    void possibleButUncapturableEnPassantSquareIsDropped() {
        Position pos = Fen.parse("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2");
        assertEquals(Square.NONE, pos.epSquare());
        assertEquals("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", pos.toFen());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq | fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 | fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra | fields",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | letter",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1 | squares",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | letter",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1 | squares",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1 | ranks",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1 | kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1 | kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 | side",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1 | first or last rank",
        "p3k3/8/8/8/8/8/8/4K3 w - - 0 1 | first or last rank",
        "4k3/8/8/8/8/8/8/4K2r b - - 0 1 | not to move is in check",
        "4k3/QQQQQQQQ/QQQQQQQQ/8/8/8/8/4K3 w - - 0 1 | more than 16",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1 | more than 8 pawns",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1 | no White rook",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1 | no White rook",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1 | kings",
        "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQ - 0 1 | not on its first rank",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqx - 0 1 | castling letter",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1 | same right twice",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1 | en-passant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1 | en-passant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1 | en-passant",
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 2 | en-passant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1 | halfmove",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x | fullmove",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 100001 | fullmove",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10001 1 | halfmove",
        "'' | fields",
    })
    void malformedFenIsRejectedWithItsFault(String fen, String fault) {
        InvalidFenException error = assertThrows(InvalidFenException.class, () -> Fen.parse(fen));
        assertTrue(error.getMessage().contains(fault), error.getMessage());
    }
}
