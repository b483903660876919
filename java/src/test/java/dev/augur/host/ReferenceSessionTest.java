package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The scripted sessions on the pure-Java reference search ({@link ReferenceBackend}): what a GUI
 * needs works the same without the native library. Legality is checked on the host's own game,
 * which needs no native code either.
 */
class ReferenceSessionTest {
    private static final String BESTMOVE = UciSessionTest.BESTMOVE;
    private static final Pattern STAT01 = Pattern.compile("stat01: (\\d+) (\\d+) (\\d+) (\\d+) (\\d+)");

    /** Whether uci is a legal move after these moves from the start position. */
    static boolean isLegal(String uci, String... moves) throws CommandException {
        HostGame game = HostGame.start();
        for (String move : moves) game.play(game.parseUci(move));
        return game.legalMoves().stream().anyMatch(move -> game.toUci(move).equals(uci));
    }

    private static ProtocolDriver uci(UciSession[] session) throws Exception {
        return ProtocolDriver.uci(session, ReferenceBackend::new);
    }

    @Test
    void handshakeOffersTheJavaEnginesOptions() throws Exception {
        try (ProtocolDriver gui = uci(new UciSession[1])) {
            gui.send("uci");
            List<String> lines = gui.until("uciok");
            assertTrue(lines.get(0).matches("id name Augur \\S+ Java host"), lines.get(0));
            for (String option : List.of("Hash type spin default 16 min 1 max 8192", "Threads type spin",
                    "MultiPV type spin default 1", "Move Overhead type spin default 10 min 0 max 5000",
                    "Ponder type check default false", "NullMove type check default true", "Clear Hash type button",
                    "Eval_material type check default true", "UCI_Chess960 type check", "OwnBook type check")) {
                assertTrue(lines.stream().anyMatch(line -> line.startsWith("option name " + option)), option);
            }
            gui.send("setoption name Hash value 4", "setoption name nullmove value false", "isready");
            assertEquals(List.of("readyok"), gui.until("readyok"));
            gui.send("setoption name NoSuchOption value 3");
            gui.expect("info string error setoption: unknown option 'NoSuchOption'");
        }
    }

    @Test
    void goDepthAnswersWithALegalBestMove() throws Exception {
        try (ProtocolDriver gui = uci(new UciSession[1])) {
            gui.send("position startpos moves e2e4 e7e5", "go depth 5");
            List<String> lines = gui.until(BESTMOVE);
            String best = UciSessionTest.bestMove(lines.get(lines.size() - 1));
            assertTrue(isLegal(best, "e2e4", "e7e5"), best);
            assertTrue(lines.stream().anyMatch(line -> line.matches("info depth 5 seldepth \\d+ multipv 1 score cp -?\\d+"
                    + " nodes \\d+ nps \\d+ hashfull \\d+ tbhits 0 time \\d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+")),
                    String.join("\n", lines));
        }
    }

    @Test
    void aClockedGoEndsByItselfInTime() throws Exception {
        try (ProtocolDriver gui = uci(new UciSession[1])) {
            gui.send("position startpos moves d2d4", "isready");
            gui.expect("readyok");
            long start = System.nanoTime();
            // 2 s sudden death for Black: the time manager's maximum is 1 s at most.
            gui.send("go wtime 2000 btime 2000");
            String best = UciSessionTest.bestMove(gui.expect(BESTMOVE));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(isLegal(best, "d2d4"), best);
            assertTrue(millis < 1_800, "took " + millis + " ms of a 2 s clock");
        }
    }

    @Test
    void goInfiniteRunsUntilStop() throws Exception {
        try (ProtocolDriver gui = uci(new UciSession[1])) {
            gui.send("position startpos", "go infinite");
            gui.expect("info depth 6 .*");
            gui.send("isready");
            List<String> lines = gui.until("readyok");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            long start = System.nanoTime();
            gui.send("stop");
            String best = UciSessionTest.bestMove(gui.expect(BESTMOVE));
            assertTrue(isLegal(best), best);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 1_000, "stop took " + millis + " ms");
        }
    }

    @Test
    void aLongSearchReportsTheRootMoveItIsOn() throws Exception {
        try (ProtocolDriver gui = uci(new UciSession[1])) {
            gui.send("position startpos moves e2e4", "go infinite");
            // As the native search: root moves once the search has run for a second, not before.
            long start = System.nanoTime();
            List<String> lines = gui.until("info depth \\d+ currmove .*");
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis >= 1_000, "first currmove after " + millis + " ms");
            Matcher currmove = Pattern.compile("info depth (\\d+) currmove (\\S+) currmovenumber (\\d+)")
                    .matcher(lines.get(lines.size() - 1));
            assertTrue(currmove.matches(), lines.get(lines.size() - 1));
            assertTrue(isLegal(currmove.group(2), "e2e4"), currmove.group(2));
            int number = Integer.parseInt(currmove.group(3));
            assertTrue(number >= 1 && number <= 20, "currmovenumber " + number);
            gui.send("stop");
            gui.expect(BESTMOVE);
        }
    }

    @Test
    void ponderhitTurnsThePonderSearchIntoTheRealOne() throws Exception {
        UciSession[] session = new UciSession[1];
        try (ProtocolDriver gui = uci(session)) {
            gui.send("position startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000");
            gui.expect("info depth 5 .*");
            gui.send("isready");
            List<String> lines = gui.until("readyok");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            gui.send("ponderhit");
            String best = UciSessionTest.bestMove(gui.expect(BESTMOVE));
            assertTrue(isLegal(best, "e2e4", "e7e5"), best);
            assertEquals(1, session[0].ponderStats().hits());
        }
    }

    @Test
    void xboardPondersAndAPonderHitAnswersOnTheClock() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = ProtocolDriver.xboard(session, ReferenceBackend::new)) {
            gui.send("xboard", "protover 2", "new", "hard", "level 0 1 0", "time 6000", "otim 6000", "usermove e2e4");
            String reply = gui.expect(XBoardSessionTest.MOVE).substring("move ".length());
            assertTrue(isLegal(reply, "e2e4"), reply);
            // The ping is handled after the event that made the move and started pondering.
            gui.send("ping 1");
            gui.expect("pong 1");
            String expected = session[0].expectedReply();
            assertTrue(expected != null && isLegal(expected, "e2e4", reply), "pondering on " + expected);
            gui.send("usermove " + expected);
            String answer = gui.expect(XBoardSessionTest.MOVE).substring("move ".length());
            assertTrue(isLegal(answer, "e2e4", reply, expected), answer);
            assertEquals(1, session[0].ponderStats().hits());
        }
    }

    @Test
    void xboardPlaysAGameMoveAndAnalyses() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = ProtocolDriver.xboard(session, ReferenceBackend::new)) {
            gui.send("xboard", "protover 2");
            List<String> features = gui.until("feature done=1");
            assertTrue(features.get(0).contains("myname=\"Augur "), features.get(0));
            gui.send("new", "level 40 0:30 0", "time 3000", "otim 3000", "usermove e2e4");
            String reply = gui.expect(XBoardSessionTest.MOVE).substring("move ".length());
            assertTrue(isLegal(reply, "e2e4"), reply);
            gui.send("force", "post", "analyze");
            gui.expect("\\d+ -?\\d+ \\d+ \\d+( [a-h][1-8][a-h][1-8][nbrq]?)+");
            gui.send(".");
            Matcher stat = STAT01.matcher(gui.expect("stat01: .*"));
            assertTrue(stat.matches());
            assertTrue(Long.parseLong(stat.group(2)) > 0, "live node count");
            gui.send("exit", "ping 7");
            gui.expect("pong 7");
            assertFalse(session[0].expectedReply() != null, "no pondering without hard");
        }
    }
}
