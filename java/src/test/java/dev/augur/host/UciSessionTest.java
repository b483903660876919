package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.Move;
import dev.augur.Position;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Scripted UCI sessions: handshake, options, searches, stop, pondering, MultiPV, bad input. */
class UciSessionTest {
    static final String BESTMOVE = "bestmove \\S+( ponder \\S+)?";
    private static final Pattern INFO = Pattern.compile(
            "info depth (\\d+) seldepth \\d+ multipv (\\d+) score (cp -?\\d+|mate -?\\d+)( lowerbound| upperbound)?"
                    + " nodes \\d+ nps \\d+ hashfull (\\d+) tbhits 0 time \\d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+");
    private static final Pattern CURRMOVE =
            Pattern.compile("info depth (\\d+) currmove ([a-h][1-8][a-h][1-8][nbrq]?) currmovenumber (\\d+)");
    private static final String MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";

    /** The move of a bestmove line. */
    static String bestMove(String line) {
        return line.split(" ")[1];
    }

    /** Whether uci is a legal move after the start position and these moves. */
    static boolean isLegal(String uci, String... moves) throws Exception {
        try (Position pos = new Position()) {
            for (String move : moves) pos.playUci(move);
            for (Move move : pos.legalMoves()) {
                if (pos.toUci(move).equals(uci)) return true;
            }
            return false;
        }
    }

    /** Whether uci is a legal move in pos. */
    static boolean isLegalIn(Position pos, String uci) throws Exception {
        for (Move move : pos.legalMoves()) {
            if (pos.toUci(move).equals(uci)) return true;
        }
        return false;
    }

    @Test
    void handshakeListsTheEnginesAndTheHostsOptions() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("uci");
            List<String> lines = gui.until("uciok");
            assertTrue(lines.get(0).startsWith("id name Augur "), lines.get(0));
            for (String option : List.of("Hash type spin", "Threads type spin", "MultiPV type spin", "Ponder type check",
                    "Move Overhead type spin", "UCI_Chess960 type check", "OwnBook type check default false",
                    "BookFile type string default <empty>", "BookPolicy type combo default weighted var best var weighted",
                    "BookDepth type spin", "BookMisses type spin", "NullMove type check default true")) {
                assertTrue(lines.stream().anyMatch(line -> line.startsWith("option name " + option)), option);
            }
            gui.send("isready");
            gui.expect("readyok");
            // Known options take their values silently; unknown ones and bad values are errors.
            gui.send("setoption name Hash value 8", "setoption name Move Overhead value 20",
                    "setoption name BookPolicy value best", "setoption name OwnBook value false", "isready");
            assertEquals(List.of("readyok"), gui.until("readyok"));
            gui.send("setoption name NoSuchOption value 3");
            gui.expect("info string error setoption: .*NoSuchOption.*");
            gui.send("setoption name Hash value lots");
            gui.expect("info string error setoption: .*");
            gui.send("setoption name BookPolicy value sometimes");
            gui.expect("info string error setoption: option BookPolicy takes best or weighted");
            gui.send("setoption name BookFile value /no/such/book.bin");
            gui.expect("info string error setoption: cannot read book /no/such/book.bin.*");
        }
    }

    @Test
    void goDepthAnswersWithInfoLinesAndALegalBestMove() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position startpos moves e2e4 e7e5", "go depth 6");
            List<String> lines = gui.until(BESTMOVE);
            String best = bestMove(lines.get(lines.size() - 1));
            assertTrue(isLegal(best, "e2e4", "e7e5"), best);
            // A busy machine may take over a second, and then the search reports its root moves too.
            List<String> infos = lines.stream()
                    .filter(line -> line.startsWith("info depth") && !CURRMOVE.matcher(line).matches()).toList();
            assertFalse(infos.isEmpty());
            for (String info : infos) assertTrue(INFO.matcher(info).matches(), info);
            assertTrue(infos.stream().anyMatch(line -> line.startsWith("info depth 6 ")), String.join("\n", infos));
        }
    }

    @Test
    void searchMovesRestrictTheRoot() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position startpos", "go depth 5 searchmoves a2a3 h2h3");
            String best = bestMove(gui.expect(BESTMOVE));
            assertTrue(best.equals("a2a3") || best.equals("h2h3"), best);
        }
    }

    @Test
    void anIllegalPositionIsReportedAndTheOldOneKept() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position startpos moves e2e4", "position startpos moves e2e4 e7e4");
            gui.expect("info string error position: move 2 'e7e4' is not legal");
            gui.send("position fen not/a/fen w - - 0 1");
            gui.expect("info string error position: bad FEN: .*");
            gui.send("go depth 4");
            String best = bestMove(gui.expect(BESTMOVE));
            assertTrue(isLegal(best, "e2e4"), "a move for Black after 1. e4: " + best);
        }
    }

    @Test
    void garbageIsAnsweredWithErrorsAndTheSessionGoesOn() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("go depth banana");
            gui.expect("info string error go: depth 'banana' is not a number");
            gui.send("go depth 0");
            gui.expect("info string error go: depth 0 is outside 1\\.\\.127");
            gui.send("go wtime 1000 wtime 2000");
            gui.expect("info string error go: wtime given twice");
            gui.send("go sideways");
            gui.expect("info string error go: unknown parameter 'sideways'");
            gui.send("frobnicate now");
            gui.expect("info string error unknown command 'frobnicate'");
            gui.sendBytes(new byte[] {(byte) 0xFF, (byte) 0xFE, 1, 2, 'x', '\n'});
            gui.expect("info string error unknown command .*");
            gui.send("debug sometimes", "isready extra", "", "   \t  ");
            gui.expect("info string error debug: expected 'on' or 'off'");
            gui.expect("info string error isready: unexpected 'extra'");
            gui.send("isready\r");
            gui.expect("readyok");
            // Negative clocks (a flag fell) are 0, not an error: the engine still moves at once.
            gui.send("position startpos", "go wtime -50 btime 1000");
            gui.expect(BESTMOVE);
        }
    }

    @Test
    void aPositionWithoutLegalMovesAnswersAtOnce() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position startpos moves f2f3 e7e5 g2g4 d8h4", "go depth 5");
            gui.expect("info depth 0 score mate 0");
            gui.expect("bestmove 0000");
            // In go infinite the answer still waits for stop.
            gui.send("go infinite", "isready");
            List<String> lines = gui.until("readyok");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            gui.send("stop");
            gui.expect("bestmove 0000");
        }
    }

    @Test
    void ponderhitLeavesGoInfiniteRunningUntilTheEndOfInput() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position startpos", "go infinite");
            gui.expect("info depth 5 .*");
            gui.send("ponderhit", "isready");
            List<String> lines = gui.until("readyok");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            // Nobody is left to send stop: the end of the input stops the search (it used to
            // wait for it for ever once a ponderhit had marked it as no longer open-ended).
            gui.closeInput();
            List<String> rest = gui.rest();
            assertTrue(rest.stream().anyMatch(line -> line.startsWith("bestmove")), rest.toString());
        }
    }

    @Test
    void goInfiniteRunsUntilStopAndStopsQuickly() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position startpos", "go infinite");
            gui.expect("info depth 8 .*");
            gui.send("isready");
            List<String> lines = gui.until("readyok");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            long start = System.nanoTime();
            gui.send("stop");
            String best = bestMove(gui.expect(BESTMOVE));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(isLegal(best), best);
            // The native search stops within about a millisecond; JUnit's machine may be busy.
            assertTrue(millis < 1000, "stop took " + millis + " ms");
        }
    }

    @Test
    void aLongSearchReportsHashfullAndTheRootMoveItIsOn() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci(); Position pos = Position.fromFen(MIDDLEGAME)) {
            gui.send("position fen " + MIDDLEGAME, "go infinite");
            // The native search reports its root moves once it has run for a second.
            List<String> lines = gui.until(CURRMOVE.pattern());
            Matcher currmove = CURRMOVE.matcher(lines.get(lines.size() - 1));
            assertTrue(currmove.matches());
            int number = Integer.parseInt(currmove.group(3));
            assertTrue(number >= 1 && number <= pos.legalMoves().size(), "currmovenumber " + number);
            assertTrue(Integer.parseInt(currmove.group(1)) >= 1);
            assertTrue(isLegalIn(pos, currmove.group(2)), currmove.group(2));
            // After a second of search the table is no longer empty, and the lines say so.
            int hashfull = -1;
            for (String line : lines) {
                Matcher info = INFO.matcher(line);
                if (info.matches()) hashfull = Integer.parseInt(info.group(5));
            }
            assertTrue(hashfull > 0 && hashfull <= 1000, "hashfull " + hashfull + " in\n" + String.join("\n", lines));
            gui.send("stop");
            gui.expect(BESTMOVE);
        }
    }

    @Test
    void multiPvInfiniteStreamsEveryLine() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("setoption name MultiPV value 3", "position startpos", "go infinite");
            Set<String> seen = new HashSet<>();
            Pattern multipv = Pattern.compile("info depth (\\d+) .* multipv (\\d) .*");
            gui.expect(line -> {
                Matcher m = multipv.matcher(line);
                if (m.matches() && Integer.parseInt(m.group(1)) >= 5) seen.add(m.group(2));
                return seen.size() == 3;
            }, "multipv 1, 2 and 3 at depth 5 or more");
            assertEquals(Set.of("1", "2", "3"), seen);
            gui.send("stop");
            assertTrue(isLegal(bestMove(gui.expect(BESTMOVE))));
        }
    }

    @Test
    void ponderhitTurnsThePonderSearchIntoTheRealOne() throws Exception {
        UciSession[] session = new UciSession[1];
        try (ProtocolDriver gui = ProtocolDriver.uci(session)) {
            gui.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5",
                    "go ponder wtime 1000 btime 1000 winc 0 binc 0");
            gui.expect("info depth 5 .*");
            gui.send("isready");
            List<String> lines = gui.until("readyok");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            gui.send("ponderhit");
            // The search now runs on White's second of clock and ends by itself.
            String best = bestMove(gui.expect(BESTMOVE));
            assertTrue(isLegal(best, "e2e4", "e7e5"), best);
            assertEquals(1, session[0].ponderStats().hits());
            assertEquals(0, session[0].ponderStats().misses());
            gui.send("quit");
            assertTrue(gui.rest().contains("info string ponder hits 1/1"));
        }
    }

    @Test
    void aPonderMissIsStoppedAndTheRightSearchStarts() throws Exception {
        UciSession[] session = new UciSession[1];
        try (ProtocolDriver gui = ProtocolDriver.uci(session)) {
            gui.send("position startpos moves e2e4 e7e5", "go ponder wtime 60000 btime 60000");
            gui.expect("info depth 4 .*");
            gui.send("stop");
            gui.expect(BESTMOVE); // the GUI ignores it: it answers a position that did not occur
            gui.send("position startpos moves e2e4 c7c5", "go wtime 60000 btime 60000 movestogo 40 depth 6");
            String best = bestMove(gui.expect(BESTMOVE));
            assertTrue(isLegal(best, "e2e4", "c7c5"), best);
            assertEquals(0, session[0].ponderStats().hits());
            assertEquals(1, session[0].ponderStats().misses());
            assertEquals("0/1", session[0].ponderStats().summary());
        }
    }

    @Test
    void theEndOfInputFinishesASearchWithLimits() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position startpos", "go depth 6");
            gui.closeInput();
            List<String> rest = gui.rest();
            assertTrue(rest.stream().anyMatch(line -> line.matches(BESTMOVE)), rest.toString());
        }
    }

    @Test
    void chess960CastlingIsWrittenAsKingTakesRook() throws Exception {
        // White can castle on both sides; with the queen and bishops gone castling is a good move.
        String fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("position fen " + fen + " moves e1g1", "go depth 1");
            gui.expect(BESTMOVE);
            gui.send("setoption name UCI_Chess960 value true", "position fen " + fen + " moves e1h1", "isready");
            assertEquals(List.of("readyok"), gui.until("readyok"));
            gui.send("position fen " + fen + " moves e1g1");
            gui.expect("info string error position: move 1 'e1g1' is not legal");
        }
    }

    @Test
    void linesWithoutNewlineOrTooLongDoNotHurt() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            byte[] huge = new byte[LineInput.MAX_LINE_CHARS + 10];
            Arrays.fill(huge, (byte) 'a');
            gui.sendBytes(huge);
            gui.send("");
            gui.expect("info string error line longer than .*");
            gui.sendBytes("isready".getBytes(StandardCharsets.UTF_8));
            gui.closeInput();
            assertTrue(gui.rest().contains("readyok"));
        }
    }
}
