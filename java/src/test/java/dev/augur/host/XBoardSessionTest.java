package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.Move;
import dev.augur.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Scripted XBoard sessions: games, clocks, errors, analysis, pondering and result claims. */
class XBoardSessionTest {
    static final String MOVE = "move [a-h][1-8][a-h][1-8][nbrq]?";
    private static final String THINKING = "\\d+ -?\\d+ \\d+ \\d+( [a-h][1-8][a-h][1-8][nbrq]?)+";
    private static final Pattern STAT01 =
            Pattern.compile("stat01: (\\d+) (\\d+) (\\d+) (\\d+) (\\d+)( [a-h][1-8][a-h][1-8][nbrq]?)?");
    private static final String MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";

    static ProtocolDriver start(XBoardSession[] session) throws Exception {
        ProtocolDriver gui = ProtocolDriver.xboard(session);
        gui.send("xboard", "protover 2");
        List<String> features = gui.until("feature done=1");
        assertTrue(features.get(0).matches("feature ping=1 setboard=1 usermove=1 analyze=1 memory=1 smp=1 egt=\"syzygy\" "
                + "myname=\"Augur .*\" colors=0 sigint=0 sigterm=0"), features.get(0));
        return gui;
    }

    static String moveOf(String line) {
        return line.substring("move ".length());
    }

    /** Whether uci is legal in the game of these UCI moves from the start position. */
    static boolean isLegal(String uci, List<String> moves) throws Exception {
        return UciSessionTest.isLegal(uci, moves.toArray(new String[0]));
    }

    @Test
    void theEnginePlaysBlackAfterNewAndWhiteAfterGo() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            gui.send("new", "sd 5", "usermove e2e4");
            String reply = moveOf(gui.expect(MOVE));
            assertTrue(isLegal(reply, List.of("e2e4")), reply);
            gui.send("new", "force", "usermove d2d4", "usermove d7d5", "sd 4", "go");
            String white = moveOf(gui.expect(MOVE));
            assertTrue(isLegal(white, List.of("d2d4", "d7d5")), white);
            // Bare moves from GUIs without usermove=1, in coordinates or SAN.
            gui.send("force", "Nf6", "ping 3");
            gui.expect("pong 3");
            List<String> game = new ArrayList<>(List.of("d2d4", "d7d5", white, "g8f6"));
            String user = otherLegalMove(game, "");
            game.add(user);
            gui.send("playother", user);
            String black = moveOf(gui.expect(MOVE));
            assertTrue(isLegal(black, game), black);
        }
    }

    @Test
    void theClockCommandsAreReadAndTheEngineMovesInTime() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            gui.send("new", "level 40 0:30 0", "time 3000", "otim 2900", "usermove e2e4");
            String reply = moveOf(gui.expect(MOVE));
            assertTrue(isLegal(reply, List.of("e2e4")), reply);
            gui.send("level 0 1.5 2", "st 0.2", "time 500", "otim 500", "ping 1");
            gui.expect("pong 1");
            gui.send("level 40 banana 0");
            gui.expect("Error \\(bad base time 'banana' \\(minutes, or minutes:seconds\\)\\): level 40 banana 0");
            gui.send("time soon");
            gui.expect("Error \\(clock 'soon' is not a number\\): time soon");
            gui.send("st 0");
            gui.expect("Error \\(bad time per move '0' \\(seconds\\)\\): st 0");
            gui.send("level 0 0 0");
            gui.expect("Error \\(a level needs a base time or an increment\\): level 0 0 0");
        }
    }

    @Test
    void aBadSetboardKeepsThePosition() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            gui.send("new", "force", "usermove e2e4", "setboard this is not a position");
            gui.expect("tellusererror Illegal position: .*");
            gui.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1");
            gui.expect("tellusererror Illegal position: .*");
            // Still the game after 1. e4: Black's e7e5 is legal, White's d2d4 is not.
            gui.send("usermove d2d4");
            gui.expect("Illegal move: d2d4");
            gui.send("usermove e7e5", "ping 1");
            assertEquals(List.of("pong 1"), gui.until("pong 1"));
        }
    }

    @Test
    void illegalMovesAndUnknownCommandsAreErrors() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            gui.send("new", "usermove e2e5");
            gui.expect("Illegal move: e2e5");
            gui.send("e7e5");
            gui.expect("Illegal move: e7e5");
            gui.send("frobnicate");
            gui.expect("Error \\(unknown command\\): frobnicate");
            gui.send("usermove");
            gui.expect("Error \\(missing move\\): usermove");
            gui.send("sd many");
            gui.expect("Error \\(depth 'many' is not a number\\): sd many");
            gui.send("undo");
            gui.expect("Error \\(no move to take back\\): undo");
            gui.send("exit");
            gui.expect("Error \\(command not legal now: not analysing\\): exit");
            gui.send("variant suicide");
            gui.expect("Error \\(unsupported variant suicide\\): variant suicide");
            gui.send("option NoSuchThing=3");
            gui.expect("Error \\(.*NoSuchThing.*\\): option NoSuchThing=3");
            gui.send("accepted usermove", "random", "computer", "memory 8", "cores 1", "ping 9");
            assertEquals(List.of("pong 9"), gui.until("pong 9"));
            byte[] huge = new byte[LineInput.MAX_LINE_CHARS + 1];
            Arrays.fill(huge, (byte) 'x');
            gui.sendBytes(huge);
            gui.send("", "ping 10");
            assertEquals(List.of("Error (line longer than " + LineInput.MAX_LINE_CHARS + " characters): ignored",
                    "pong 10"), gui.until("pong 10"));
        }
    }

    @Test
    void theEndOfInputStillGetsTheMoveBeingThoughtAbout() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            gui.send("new", "hard", "st 0.2", "usermove e2e4");
            gui.closeInput();
            List<String> rest = gui.rest();
            assertTrue(rest.stream().anyMatch(line -> line.matches(MOVE)), rest.toString());
            assertEquals(null, session[0].expectedReply(), "no pondering once the input has ended");
        }
    }

    @Test
    void analysisFollowsTheBoardAndAnswersTheDot() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            gui.send("new", "force", "nopost", "analyze");
            gui.expect(THINKING); // analysis shows its lines whatever post says
            gui.send(".");
            gui.expect("stat01: \\d+ \\d+ \\d+ \\d+ 20( [a-h][1-8][a-h][1-8])?");
            gui.send("usermove e2e4", "ping 1");
            gui.expect("pong 1"); // answered at once in analysis; the old search is gone by then
            String line = gui.expect(THINKING);
            String first = line.split(" ")[4];
            assertTrue(isLegal(first, List.of("e2e4")), "a move for Black: " + line);
            gui.send("undo", "ping 2");
            gui.expect("pong 2");
            line = gui.expect(THINKING);
            assertTrue(isLegal(line.split(" ")[4], List.of()), "a move for White: " + line);
            gui.send("go");
            gui.expect("Error \\(command not legal now: analysing\\): go");
            gui.send("exit", ".", "ping 3");
            List<String> lines = gui.until("pong 3");
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("stat01")), lines.toString());
        }
    }

    @Test
    void theDotReportsTheLiveNodeCountAndTheRootMoveBeingSearched() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session); Position pos = Position.fromFen(MIDDLEGAME)) {
            int total = pos.legalMoves().size();
            gui.send("new", "force", "setboard " + MIDDLEGAME, "analyze");
            gui.expect(THINKING);
            // The count is the engine's live one, not the last thinking line's: it grows between
            // two dots however long the current iteration takes.
            long first = Long.parseLong(stat01(gui, total).group(2));
            Matcher later = pollStat01(gui, total, m -> Long.parseLong(m.group(2)) > first, "a larger node count");
            // Once the search has run a second it says which root move it is on.
            later = pollStat01(gui, total, m -> m.group(6) != null, "the move being searched");
            int movesLeft = Integer.parseInt(later.group(4));
            assertTrue(movesLeft >= 0 && movesLeft < total, later.group());
            assertTrue(UciSessionTest.isLegalIn(pos, later.group(6).trim()), later.group());
            gui.send("exit", "ping 1");
            gui.expect("pong 1");
        }
    }

    /** Sends `.` and reads its stat01 line: time, nodes, depth, moves left, moves in total, [move]. */
    private static Matcher stat01(ProtocolDriver gui, int total) throws Exception {
        gui.send(".");
        Matcher m = STAT01.matcher(gui.expect(STAT01.pattern()));
        assertTrue(m.matches());
        assertEquals(total, Integer.parseInt(m.group(5)));
        return m;
    }

    /** Asks `.` every few milliseconds until the answer satisfies test (within the driver's timeout). */
    private static Matcher pollStat01(ProtocolDriver gui, int total, Predicate<Matcher> test, String what)
            throws Exception {
        long deadline = System.nanoTime() + ProtocolDriver.TIMEOUT.toNanos();
        for (;;) {
            Matcher m = stat01(gui, total);
            if (test.test(m)) return m;
            assertTrue(System.nanoTime() < deadline, "no stat01 with " + what + "; last " + m.group());
            Thread.sleep(20);
        }
    }

    @Test
    void hardModePondersAndCountsHitsAndMisses() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            List<String> game = new ArrayList<>(List.of("e2e4"));
            gui.send("new", "hard", "st 0.3", "usermove e2e4");
            game.add(moveOf(gui.expect(MOVE)));
            String expected = expectedReply(gui, session[0]);

            // The predicted reply: the ponder search goes on as the real one.
            game.add(expected);
            gui.send("usermove " + expected);
            String answer = moveOf(gui.expect(MOVE));
            assertTrue(isLegal(answer, game), answer);
            game.add(answer);
            assertEquals(1, session[0].ponderStats().hits());

            // Another reply: the ponder search is dropped and a new one answers it.
            String predicted = expectedReply(gui, session[0]);
            String other = otherLegalMove(game, predicted);
            game.add(other);
            gui.send("usermove " + other);
            answer = moveOf(gui.expect(MOVE));
            assertTrue(isLegal(answer, game), answer);
            assertEquals(1, session[0].ponderStats().misses());
            assertEquals("1/2", session[0].ponderStats().summary());

            gui.send("easy", "quit");
            assertTrue(gui.rest().contains("# ponder hits 1/2"));
        }
    }

    /** The reply the engine ponders on, once its move has been made. */
    private static String expectedReply(ProtocolDriver gui, XBoardSession session) throws Exception {
        // The ping is handled after the event that made the move and started pondering.
        gui.send("ping 100");
        gui.expect("pong 100");
        String predicted = session.expectedReply();
        assertNotNull(predicted, "the engine ponders after its move");
        return predicted;
    }

    private static String otherLegalMove(List<String> game, String not) throws Exception {
        try (Position pos = new Position()) {
            for (String move : game) pos.playUci(move);
            for (Move move : pos.legalMoves()) {
                String uci = pos.toUci(move);
                if (!uci.equals(not)) return uci;
            }
        }
        throw new AssertionError("no other legal move");
    }

    @Test
    void theEngineClaimsMateAndDraws() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            // Its own mating move.
            gui.send("new", "force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "sd 3", "go");
            gui.expect("move a1a8");
            gui.expect("1-0 \\{White mates\\}");
            // The only legal move leaves two bare kings.
            gui.send("new", "force", "setboard k7/8/8/8/8/8/1r6/K7 w - - 0 1", "sd 2", "go");
            gui.expect("move a1b2");
            gui.expect("1/2-1/2 \\{Draw by insufficient material\\}");
            // The opponent's move stalemates the engine.
            gui.send("new", "setboard k7/8/3Q4/8/8/8/8/7K w - - 0 1", "usermove d6c7");
            gui.expect("1/2-1/2 \\{Draw by stalemate\\}");
            // The third occurrence of the start position, White (the engine) to move.
            gui.send("new", "force");
            for (int i = 0; i < 2; i++) gui.send("usermove g1f3", "usermove g8f6", "usermove f3g1", "usermove f6g8");
            gui.send("go");
            gui.expect("1/2-1/2 \\{Draw by repetition\\}");
            // The opponent mates: claimed for it.
            gui.send("new", "force", "usermove f2f3", "usermove e7e5", "usermove g2g4", "sd 3", "go");
            gui.expect("move d8h4");
            gui.expect("0-1 \\{Black mates\\}");
        }
    }

    @Test
    void pingDuringThinkingIsAnsweredAfterTheMove() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = start(session)) {
            gui.send("new", "st 0.5", "post", "usermove e2e4", "ping 5");
            List<String> lines = gui.until("pong 5");
            int move = -1;
            for (int i = 0; i < lines.size(); i++) if (lines.get(i).matches(MOVE)) move = i;
            assertTrue(move >= 0 && move < lines.size() - 1, lines.toString());
            assertTrue(lines.stream().anyMatch(line -> line.matches(THINKING)), "post shows thinking");
            // "?" makes the engine move now.
            // Black's first move cannot stop d2d4.
            gui.send("st 30", "usermove d2d4", "?");
            gui.expect(MOVE);
        }
    }
}
