package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.Color;
import dev.augur.GameStatus;
import dev.augur.Move;
import dev.augur.Position;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The host's game on the Java board, checked against the native position where both answer. */
class HostGameTest {
    @Test
    void randomGamesAgreeWithTheNativePosition() throws Exception {
        SplittableRandom random = new SplittableRandom(20261122);
        for (int game = 0; game < 20; game++) {
            HostGame host = HostGame.start();
            try (Position reference = new Position()) {
                for (int ply = 0; ply < 120; ply++) {
                    List<Move> legal = reference.legalMoves();
                    assertEquals(new HashSet<>(legal), new HashSet<>(host.legalMoves()), reference.fen());
                    assertEquals(reference.gameStatus(), host.gameStatus(), reference.fen());
                    assertEquals(reference.key(), host.key());
                    assertEquals(reference.fen(), host.fen());
                    assertEquals(reference.sideToMove(), host.sideToMove());
                    if (legal.isEmpty() || reference.gameStatus() != GameStatus.ONGOING) break;
                    Move move = legal.get(random.nextInt(legal.size()));
                    assertEquals(reference.toUci(move), host.toUci(move));
                    assertEquals(reference.toSan(move), host.toSan(move));
                    assertEquals(move, host.parseSan(reference.toSan(move)));
                    reference.play(move);
                    host.play(move);
                }
                assertEquals(reference.historyLength(), host.historyLength());
            }
        }
    }

    @Test
    void statusFollowsTheRulesInTheNativeOrder() throws Exception {
        assertEquals(GameStatus.CHECKMATE, HostGame.fromFen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false).gameStatus());
        assertEquals(GameStatus.STALEMATE, HostGame.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false).gameStatus());
        assertEquals(GameStatus.INSUFFICIENT_MATERIAL, HostGame.fromFen("8/8/4k3/8/8/3KB3/8/8 w - - 0 1", false)
                .gameStatus());
        assertEquals(GameStatus.FIFTY_MOVE_RULE, HostGame.fromFen("8/8/4k3/8/8/3K4/7R/8 w - - 100 80", false)
                .gameStatus());
        HostGame shuffle = HostGame.start();
        for (int i = 0; i < 2; i++) {
            for (String move : List.of("g1f3", "g8f6", "f3g1", "f6g8")) shuffle.play(shuffle.parseUci(move));
        }
        assertEquals(GameStatus.THREEFOLD_REPETITION, shuffle.gameStatus());
        assertEquals(GameStatus.THREEFOLD_REPETITION, shuffle.copy().gameStatus(), "a copy keeps the history");
        assertTrue(shuffle.undo());
        assertEquals(GameStatus.ONGOING, shuffle.gameStatus());
        assertEquals(7, shuffle.historyLength());
    }

    @Test
    void movesParseAndPrintInTheGamesNotation() throws Exception {
        String fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        HostGame standard = HostGame.fromFen(fen, false);
        Move castle = standard.parseUci("e1g1");
        assertEquals("e1g1", standard.toUci(castle));
        assertEquals("O-O", standard.toSan(castle));
        assertEquals(castle, standard.parseUci("e1h1"), "as native: king takes rook is read in standard chess too");
        assertThrows(CommandException.class, () -> standard.parseUci("E2E4"));
        HostGame chess960 = standard.withChess960(true);
        assertEquals("e1h1", chess960.toUci(castle));
        assertThrows(CommandException.class, () -> chess960.parseUci("e1g1"));
        assertThrows(CommandException.class, () -> standard.parseSan("Nf3"));
        assertThrows(CommandException.class, () -> HostGame.fromFen("not a fen", false));
        assertFalse(HostGame.start().undo());
        assertEquals(Color.WHITE, HostGame.start().sideToMove());
        assertEquals(1, HostGame.start().fullmoveNumber());
    }
}
