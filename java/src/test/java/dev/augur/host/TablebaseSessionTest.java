package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.AugurException;
import dev.augur.Position;
import dev.augur.Tablebase;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Syzygy tablebases through the host's front ends, with the native search and with the Java
 * search (which probes the native library's tables through dev.augur.bridge): SyzygyPath,
 * SyzygyProbeDepth, SyzygyProbeLimit and Syzygy50MoveRule in UCI, XBoard's egtpath, tbhits in
 * the info lines, and bad values refused while the session goes on. The tables are the 3-4 piece
 * ones of tests/data/tablebases/syzygy.
 */
class TablebaseSessionTest {
    private static final String BESTMOVE = UciSessionTest.BESTMOVE;
    private static final Pattern INFO = Pattern.compile("info depth (\\d+) .* score (cp -?\\d+|mate -?\\d+)"
            + "( lowerbound| upperbound)? nodes \\d+ nps \\d+ hashfull \\d+ tbhits (\\d+) time .*");
    // KQvKR, White in check, 30 plies before the fifty-move rule: of the king's 7 moves, all of
    // which win, only Kf5 wins inside the rule, which a search without tables, seeing no draw
    // within its horizon, does not know (at depths 5 to 8 it plays Kd5 or Ke5).
    private static final String RULE50_NEAR = "8/8/4K2r/8/3Q4/8/6k1/8 w - - 70 80";
    // KRvK a ply before the rule: every win is too far, the rule draws it.
    private static final String RULE50_DRAWS = "8/8/8/3k4/8/8/8/R6K w - - 99 80";
    // KRPvKR: trading rooks leads into KPvK, which the search probes inside its tree.
    private static final String FIVE_PIECES = "8/8/4k3/8/8/3r4/3RP3/4K3 w - - 0 1";
    private static final int SEARCH_DEPTH = 5;

    static Stream<Arguments> backends() {
        return Stream.of(Arguments.of("native", (Backends.BackendFactory) NativeBackend::new),
                Arguments.of("java", (Backends.BackendFactory) ReferenceBackend::new));
    }

    private static String tables() {
        String data = System.getProperty("augur.testdata");
        Assumptions.assumeTrue(data != null, "augur.testdata is not set to tests/data");
        return data + "/tablebases/syzygy";
    }

    /** A UCI session on backend with the repository's tables, or the test skipped without libfathom. */
    private static ProtocolDriver uciWithTables(Backends.BackendFactory backend) throws Exception {
        ProtocolDriver gui = ProtocolDriver.uci(new UciSession[1], backend);
        gui.send("setoption name SyzygyPath value " + tables(), "isready");
        List<String> lines = gui.until("readyok");
        Assumptions.assumeFalse(String.join("\n", lines).contains("no Syzygy support"), "no Syzygy support");
        assertEquals(List.of("readyok"), lines);
        return gui;
    }

    /** The moves the tables rank best at fen (with the fifty-move rule), all of them sure wins. */
    private static Set<String> bestByTables(String fen) throws AugurException {
        try (Tablebase tablebase = new Tablebase(); Position root = Position.fromFen(fen)) {
            tablebase.load(tables());
            List<Tablebase.RankedMove> ranked = tablebase.rankRootMoves(root, true);
            int best = ranked.stream().mapToInt(Tablebase.RankedMove::rank).max().orElseThrow();
            assertEquals(1000, best, "a sure win at " + fen);
            return ranked.stream().filter(move -> move.rank() == best).map(move -> move.move().toString())
                    .collect(Collectors.toSet());
        }
    }

    /** The last info line with a score before the best move: {depth, score, tbhits}. */
    private static String[] lastScore(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            Matcher info = INFO.matcher(lines.get(i));
            if (info.matches()) return new String[] {info.group(1), info.group(2), info.group(4)};
        }
        throw new AssertionError("no info line with a score in\n" + String.join("\n", lines));
    }

    private static boolean isTablebaseWin(String score) {
        // A tablebase win shows as 20000 centipawns less the plies to it, as the native binary writes it.
        return score.matches("cp 19\\d\\d\\d");
    }

    private static List<String> search(ProtocolDriver gui, String fen, String go) throws Exception {
        gui.send("position fen " + fen, go);
        return gui.until(BESTMOVE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backends")
    void withTheTablesUciPlaysTheMoveThatWinsInTime(String name, Backends.BackendFactory backend) throws Exception {
        Set<String> keepers = bestByTables(RULE50_NEAR);
        try (ProtocolDriver gui = uciWithTables(backend)) {
            List<String> lines = search(gui, RULE50_NEAR, "go depth " + SEARCH_DEPTH);
            String best = UciSessionTest.bestMove(lines.get(lines.size() - 1));
            assertTrue(keepers.contains(best), best + " is not one of " + keepers);
            String[] last = lastScore(lines);
            assertTrue(Long.parseLong(last[2]) > 0, "tbhits " + last[2]);
            assertTrue(isTablebaseWin(last[1]), last[1]);
        }
        // The same search without tables: what makes this position a test of them.
        try (ProtocolDriver gui = ProtocolDriver.uci(new UciSession[1], backend)) {
            List<String> lines = search(gui, RULE50_NEAR, "go depth " + SEARCH_DEPTH);
            String best = UciSessionTest.bestMove(lines.get(lines.size() - 1));
            assertFalse(keepers.contains(best), best + " wins in time even without tables: choose another position");
            assertEquals("0", lastScore(lines)[2]);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backends")
    void theProbeOptionsReachTheSearch(String name, Backends.BackendFactory backend) throws Exception {
        try (ProtocolDriver gui = uciWithTables(backend)) {
            // Probes inside the tree, from the remaining depth SyzygyProbeDepth on, of positions of
            // at most SyzygyProbeLimit pieces.
            assertTrue(Long.parseLong(lastScore(search(gui, FIVE_PIECES, "go depth 7"))[2]) > 0);
            gui.send("setoption name SyzygyProbeDepth value 100");
            assertEquals("0", lastScore(search(gui, FIVE_PIECES, "go depth 7"))[2]);
            gui.send("setoption name SyzygyProbeDepth value 1", "setoption name SyzygyProbeLimit value 0");
            assertEquals("0", lastScore(search(gui, FIVE_PIECES, "go depth 7"))[2]);
            gui.send("setoption name SyzygyProbeLimit value 7");
            // A win the fifty-move rule draws counts as a draw (a point above it, so that it is
            // still preferred to a plain draw) unless Syzygy50MoveRule is off.
            assertEquals("cp 1", lastScore(search(gui, RULE50_DRAWS, "go depth 3"))[1]);
            gui.send("setoption name Syzygy50MoveRule value false");
            assertTrue(isTablebaseWin(lastScore(search(gui, RULE50_DRAWS, "go depth 3"))[1]));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backends")
    void badValuesAreRefusedAndTheSessionGoesOn(String name, Backends.BackendFactory backend) throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.uci(new UciSession[1], backend)) {
            gui.send("setoption name SyzygyPath value /no/such/augur-tables");
            String refused = gui.expect("info string error .*");
            Assumptions.assumeFalse(refused.contains("no Syzygy support"), refused);
            assertEquals("info string error setoption: SyzygyPath: '/no/such/augur-tables' is not a directory", refused);
            gui.send("setoption name SyzygyProbeDepth value 0");
            gui.expect("info string error setoption: .*SyzygyProbeDepth.*");
            gui.send("setoption name SyzygyProbeLimit value 8");
            gui.expect("info string error setoption: .*SyzygyProbeLimit.*");
            gui.send("setoption name Syzygy50MoveRule value maybe");
            gui.expect("info string error setoption: .*Syzygy50MoveRule.*");
            // Still searching, and without tables.
            List<String> lines = search(gui, RULE50_NEAR, "go depth 3");
            assertEquals("0", lastScore(lines)[2]);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backends")
    void xboardTakesTheTablesThroughEgtpath(String name, Backends.BackendFactory backend) throws Exception {
        Set<String> keepers = bestByTables(RULE50_NEAR);
        try (ProtocolDriver gui = ProtocolDriver.xboard(new XBoardSession[1], backend)) {
            gui.send("xboard", "protover 2");
            assertTrue(gui.until("feature done=1").get(0).contains(" egt=\"syzygy\" "));
            gui.send("egtpath syzygy /no/such/augur-tables");
            String refused = gui.expect("Error .*");
            Assumptions.assumeFalse(refused.contains("no Syzygy support"), refused);
            assertEquals("Error (SyzygyPath: '/no/such/augur-tables' is not a directory): egtpath syzygy /no/such/augur-tables",
                    refused);
            gui.send("egtpath gaviota " + tables());
            gui.expect("Error \\(unsupported tablebases 'gaviota' \\(this engine reads syzygy\\)\\): egtpath gaviota .*");
            gui.send("egtpath syzygy " + tables(), "ping 1");
            assertEquals(List.of("pong 1"), gui.until("pong 1"));
            gui.send("new", "force", "setboard " + RULE50_NEAR, "sd " + SEARCH_DEPTH, "go");
            String move = XBoardSessionTest.moveOf(gui.expect(XBoardSessionTest.MOVE));
            assertTrue(keepers.contains(move), move + " is not one of " + keepers);
        }
    }
}
