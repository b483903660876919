package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.Bound;
import dev.augur.Move;
import dev.augur.Position;
import dev.augur.PvInfo;
import dev.augur.SearchLimits;
import dev.augur.SearchResult;
import java.io.OutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small pieces: words, numbers, move text, scores, XBoard clocks. */
class TextTest {
    @Test
    void wordsSplitOnControlCharactersAndSpaces() throws Exception {
        Words words = new Words(" setoption\tname  Move Overhead value 30\r");
        assertEquals("setoption", words.next());
        assertEquals("name", words.next());
        assertEquals(List.of("Move", "Overhead"), words.takeUntil("value"));
        assertEquals("value", words.next());
        assertEquals("30", words.peek());
        assertEquals(List.of("30"), words.rest());
        assertEquals("", words.next());
        words.expectEnd();
    }

    @Test
    void numbersAreCheckedWithAClearMessage() throws Exception {
        assertEquals(42, Words.number("42", "depth", 1, 127));
        assertEquals("missing depth", assertThrows(CommandException.class, () -> Words.number("", "depth", 1, 9))
                .getMessage());
        assertEquals("depth '4x' is not a number",
                assertThrows(CommandException.class, () -> Words.number("4x", "depth", 1, 9)).getMessage());
        assertEquals("depth 99999999999999999999 is outside 1..9",
                assertThrows(CommandException.class, () -> Words.number("99999999999999999999", "depth", 1, 9))
                        .getMessage());
        assertEquals("a?b", Words.printable("a\u0001b"));
        assertEquals("abc...", Words.printable("abcdef", 3));
    }

    @Test
    void castlingIsWrittenForTheModeOfTheGame() throws Exception {
        try (Position pos = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")) {
            Move shortCastle = pos.parseUci("e1g1");
            Move longCastle = pos.parseUci("e1c1");
            assertEquals(Move.CASTLING, shortCastle.kind());
            assertEquals("e1g1", MoveText.uci(shortCastle, false));
            assertEquals("e1c1", MoveText.uci(longCastle, false));
            assertEquals("e1h1", MoveText.uci(shortCastle, true));
            assertEquals(pos.toUci(shortCastle), MoveText.uci(shortCastle, pos.isChess960()));
            pos.play(shortCastle);
            Move blackLong = pos.parseUci("e8c8");
            assertEquals("e8c8", MoveText.uci(blackLong, false));
            assertEquals("e8a8", MoveText.uci(blackLong, true));
        }
    }

    @Test
    void scoresAndLinesAreWrittenAsTheNativeBinaryWritesThem() throws Exception {
        assertEquals("cp 35", SearchText.uciScore(35, 0, Bound.EXACT));
        assertEquals("mate -2 upperbound", SearchText.uciScore(-31996, -2, Bound.UPPER));
        assertEquals("cp 10 lowerbound", SearchText.uciScore(10, 0, Bound.LOWER));
        assertEquals(100003, SearchText.xboardScore(31995, 3));
        assertEquals(-100003, SearchText.xboardScore(-31994, -3));
        try (Position pos = new Position()) {
            List<Move> pv = List.of(pos.parseUci("e2e4"));
            PvInfo info = new PvInfo(7, 11, 25, 0, Bound.EXACT, 5000, 250, pv, 1, 42, 0);
            assertEquals("info depth 7 seldepth 11 multipv 1 score cp 25 nodes 5000 nps 20000 hashfull 42 tbhits 0"
                    + " time 250 pv e2e4", SearchText.uciInfo(info, false));
            assertEquals("7 25 25 5000 e2e4", SearchText.thinkingLine(info, false));
            assertEquals(" nodes 0 nps 0 hashfull 0 tbhits 0 time 0", SearchText.uciCounts(0, 0, 0, 0));
            // Tablebase wins and losses show as 20000 centipawns less the plies to them, as natively.
            PvInfo won = new PvInfo(9, 12, SearchResult.TB_WIN - 3, 0, Bound.EXACT, 900, 10, pv, 1, 0, 17);
            assertEquals("info depth 9 seldepth 12 multipv 1 score cp 19997 nodes 900 nps 90000 hashfull 0 tbhits 17"
                    + " time 10 pv e2e4", SearchText.uciInfo(won, false));
            assertEquals(-19990, SearchText.xboardScore(-SearchResult.TB_WIN + 10, 0));
            assertEquals(1500, SearchText.xboardScore(1500, 0));
        }
        try (Position castling = Position.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")) {
            Move shortCastle = castling.parseUci("e1g1");
            assertEquals("info depth 9 currmove e1g1 currmovenumber 3", SearchText.uciCurrmove(shortCastle, 3, 9, false));
            assertEquals("info depth 9 currmove e1h1 currmovenumber 3", SearchText.uciCurrmove(shortCastle, 3, 9, true));
        }
    }

    @Test
    void stat01ReportsTheGivenNodesAndTheRootMoveBeingSearched() throws Exception {
        try (Position pos = new Position()) {
            ThinkingReport report = new ThinkingReport(new HostOutput(OutputStream.nullOutputStream()), false,
                    () -> false, 20);
            assertTrue(report.stat01(0).matches("stat01: \\d+ 0 0 20 20"), report.stat01(0));
            report.listeners().iteration().onIteration(
                    new PvInfo(5, 8, 30, 0, Bound.EXACT, 9000, 100, List.of(pos.parseUci("d2d4")), 1, 3, 0));
            assertTrue(report.stat01(12345).matches("stat01: \\d+ 12345 5 20 20"), report.stat01(12345));
            report.listeners().currmove().onCurrmove(pos.parseUci("e2e4"), 3, 6);
            assertTrue(report.stat01(23456).matches("stat01: \\d+ 23456 6 17 20 e2e4"), report.stat01(23456));
        }
    }

    @Test
    void goTakesTheClockOfTheSideToMove() throws Exception {
        HostGame black = HostGame.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false);
        UciGo go = UciGo.parse(new Words("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5"), black);
        assertEquals(2000, go.limits().timeLeftMillis());
        assertEquals(20, go.limits().incrementMillis());
        assertEquals(5, go.limits().movesToGo());
        assertEquals(false, go.openEnded());
        UciGo bare = UciGo.parse(new Words(""), black);
        assertEquals(true, bare.limits().infinite(), "a bare go runs until stop");
        assertEquals(true, bare.openEnded());
        UciGo ponder = UciGo.parse(new Words("ponder wtime 5000 btime 4000"), black);
        assertEquals(true, ponder.limits().ponder());
        assertEquals(false, ponder.limits().infinite(), "the clock ends it after ponderhit");
        assertEquals(true, ponder.openEnded());
        assertEquals(4000, ponder.limits().timeLeftMillis());
        UciGo moves = UciGo.parse(new Words("depth 3 searchmoves e7e5 d7d5 e7e5 nodes 900"), black);
        assertEquals(2, moves.limits().searchMoves().size());
        assertEquals(900, moves.limits().nodes());
        assertEquals(-1, moves.limits().timeLeftMillis(), "no clock");
        assertEquals("searchmoves: 'e2e4' is not a legal move here", assertThrows(CommandException.class,
                () -> UciGo.parse(new Words("searchmoves e2e4"), black)).getMessage());
        assertEquals(UciGo.MAX_MILLISECONDS, UciGo.parse(new Words("btime 99999999999999999"), black)
                .limits().timeLeftMillis());
    }

    @Test
    void xboardLevelsBecomeClockLimits() throws Exception {
        XBoardClock clock = new XBoardClock();
        SearchLimits limits = clock.engineLimits(1).build();
        assertEquals(300_000, limits.timeLeftMillis(), "xboard's default: 40 moves in 5 minutes");
        assertEquals(40, limits.movesToGo());
        clock.level(new Words("40 2:30 1.5"));
        assertEquals(150_000, clock.baseMillis());
        assertEquals(1_500, clock.incrementMillis());
        clock.time(new Words("12345"));
        clock.otim(new Words("-20"));
        assertEquals(123_450, clock.engineMillis());
        assertEquals(0, clock.opponentMillis());
        limits = clock.engineLimits(41).build();
        assertEquals(123_450, limits.timeLeftMillis());
        assertEquals(1_500, limits.incrementMillis());
        assertEquals(40, limits.movesToGo(), "move 41 starts the second period");
        assertEquals(31, clock.engineLimits(10).build().movesToGo());
        clock.level(new Words("0 0.5 0"));
        assertEquals(30_000, clock.baseMillis());
        assertEquals(0, clock.engineLimits(10).build().movesToGo(), "sudden death");
        clock.st(new Words("2.25"));
        assertEquals(2_250, clock.engineLimits(10).build().moveTimeMillis());
        assertEquals(-1, clock.engineLimits(10).build().timeLeftMillis());
        assertEquals(-1, XBoardClock.parseBaseTime("1:5"));
        assertEquals(-1, XBoardClock.parseBaseTime("1:60"));
        assertEquals(-1, XBoardClock.parseDecimal(".", 1000));
        assertEquals(500, XBoardClock.parseDecimal(".5", 1000));
        assertThrows(CommandException.class, () -> clock.level(new Words("40 5")));
    }
}
