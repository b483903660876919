package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The host's diagnostic commands ({@code d}, {@code eval}, {@code go perft}, {@code bench}) print
 * what the native binary prints for the same position, on the native and on the Java search: the
 * bench lines also prove that the Java search visits the native search's node counts on the
 * native bench positions.
 */
class DiagnosticsTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /** Position arguments as both `position` and the native command line read them. */
    private static final List<String> POSITIONS = List.of(
            "startpos moves e2e4 e7e5 g1f3",
            "fen " + KIWIPETE,
            "fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", // in check
            "fen 8/8/1p1k4/1P6/2PK4/8/8/8 b - - 0 1", // pawn endgame, Black to move
            "fen 8/8/8/8/8/2k5/8/K1B5 w - - 0 1", // a dead draw
            "fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 moves a1a8"); // mate
    private static final int BENCH_DEPTH = 6;

    /** The native binary's standard output for these arguments; it must succeed. */
    private static List<String> nativeOutput(String... args) throws Exception {
        String binary = System.getProperty("augur.binary");
        assertNotNull(binary, "the build passes the augur binary as -Daugur.binary");
        List<String> command = new ArrayList<>(List.of(binary));
        command.addAll(Arrays.asList(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "augur " + command + " ended");
        assertEquals(0, process.exitValue(), output);
        return output.lines().toList();
    }

    /** The native binary's UCI answers to these input lines (it ends at the end of its input). */
    private static List<String> nativeUci(String... lines) throws Exception {
        String binary = System.getProperty("augur.binary");
        assertNotNull(binary, "the build passes the augur binary as -Daugur.binary");
        Process process = new ProcessBuilder(binary).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (var input = process.getOutputStream()) {
            input.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "augur ended");
        return output.lines().toList();
    }

    /** "score ... wdl W D L" of every info line with a score: what UCI_ShowWDL adds, with its score. */
    private static List<String> scoresWithWdl(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("info depth ") && line.contains(" score ") && line.contains(" nodes "))
                .map(line -> line.substring(line.indexOf(" score "), line.indexOf(" nodes "))).toList();
    }

    private static List<String> nativeOutput(String command, String position) throws Exception {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(Arrays.asList(position.split(" ")));
        return nativeOutput(args.toArray(String[]::new));
    }

    /** What the session prints for these commands, up to the readyok of an isready sent after them. */
    private static List<String> answer(ProtocolDriver gui, String... commands) throws Exception {
        gui.send(commands);
        gui.send("isready");
        List<String> lines = new ArrayList<>(gui.until("readyok"));
        lines.remove(lines.size() - 1);
        return lines;
    }

    private static ProtocolDriver nativeSession() throws Exception {
        return ProtocolDriver.uci(new UciSession[1], NativeBackend::new);
    }

    private static ProtocolDriver javaSession() throws Exception {
        return ProtocolDriver.uci(new UciSession[1], ReferenceBackend::new);
    }

    @Test
    void theBoardIsPrintedAsTheNativeBinaryPrintsIt() throws Exception {
        try (ProtocolDriver gui = javaSession()) {
            for (String position : POSITIONS) {
                assertEquals(nativeOutput("d", position), answer(gui, "position " + position, "d"), position);
            }
            List<String> check = answer(gui, "position fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "d");
            assertEquals(" |   |   |   |   | r |   |   |   | 2", check.get(14));
            assertEquals("Checkers: e2", check.get(check.size() - 1));
            // The Polyglot specification's key of the position after 1. e4.
            assertTrue(answer(gui, "position startpos moves e2e4", "d").contains("Key: 823C9B50FD114196"));
        }
    }

    @Test
    void theEvaluationIsTheNativeOneOnBothSearches() throws Exception {
        try (ProtocolDriver nativeGui = nativeSession(); ProtocolDriver javaGui = javaSession()) {
            for (String position : POSITIONS) {
                List<String> expected = nativeOutput("eval", position);
                assertEquals(expected, answer(nativeGui, "position " + position, "eval"), position);
                assertEquals(expected, answer(javaGui, "position " + position, "eval"), position);
            }
            // Switched-off terms count zero, as the session's options say.
            List<String> noMobility = answer(javaGui, "setoption name Eval_mobility value false",
                    "position " + POSITIONS.get(0), "eval");
            assertTrue(noMobility.stream().anyMatch(line -> line.matches("mobility( +0){5}")), String.join("\n", noMobility));
        }
    }

    @Test
    void winDrawLossIsTheNativeModelsOnBothSearches() throws Exception {
        try (ProtocolDriver nativeGui = nativeSession(); ProtocolDriver javaGui = javaSession()) {
            for (String position : POSITIONS) {
                List<String> expected = scoresWithWdl(nativeUci("uci", "setoption name UCI_ShowWDL value true",
                        "position " + position, "go depth 5", "isready"));
                // A position without legal moves (the last one) answers "score mate 0", no search.
                assertTrue(expected.stream().allMatch(line -> line.matches(" score (cp|mate) -?\\d+( lowerbound| upperbound)?"
                        + " wdl \\d+ \\d+ \\d+")), position + ": " + expected);
                for (ProtocolDriver gui : List.of(nativeGui, javaGui)) {
                    gui.send("setoption name UCI_ShowWDL value true", "position " + position, "go depth 5");
                    List<String> lines = gui.until("bestmove .*");
                    assertEquals(expected, scoresWithWdl(lines), position);
                }
            }
        }
    }

    @Test
    void perftDividesAsTheNativeBinary() throws Exception {
        try (ProtocolDriver gui = javaSession()) {
            for (String position : POSITIONS) {
                for (int depth = 1; depth <= 3; depth++) {
                    // The same count below every move; the Java generator lists the moves in its own order.
                    assertEquals(sorted(nativeOutput("perft", depth + " " + position)),
                            sorted(answer(gui, "position " + position, "go perft " + depth)), position + " depth " + depth);
                }
            }
            List<String> start = answer(gui, "position startpos", "go perft 4");
            assertEquals("Nodes searched: 197281", start.get(start.size() - 1));
            assertEquals(22, start.size()); // 20 moves, a blank line, the total
        }
    }

    @Test
    void theBenchVisitsTheNativeNodesOnBothSearches() throws Exception {
        List<String> expected = nativeOutput("bench", Integer.toString(BENCH_DEPTH));
        try (ProtocolDriver nativeGui = nativeSession(); ProtocolDriver javaGui = javaSession()) {
            for (ProtocolDriver gui : List.of(nativeGui, javaGui)) {
                List<String> lines = answer(gui, "bench " + BENCH_DEPTH);
                assertEquals(26, lines.size(), String.join("\n", lines));
                // Every position's node count and best move, and the total; the times differ.
                assertEquals(expected.subList(0, 24), lines.subList(0, 24));
                assertTrue(lines.get(24).matches("bench depth 6: 24 positions in \\d+ ms"), lines.get(24));
                assertEquals(firstWord(expected.get(25)), firstWord(lines.get(25)));
            }
        }
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }

    private static String firstWord(String line) {
        return line.split(" ")[0];
    }

    @Test
    void badArgumentsAreErrorsAndTheSessionGoesOn() throws Exception {
        try (ProtocolDriver gui = javaSession()) {
            assertEquals(List.of("info string error go: perft depth 0 is outside 1..15"), answer(gui, "go perft 0"));
            assertEquals(List.of("info string error go: perft depth 16 is outside 1..15"), answer(gui, "go perft 16"));
            assertEquals(List.of("info string error go: perft depth 'x' is not a number"), answer(gui, "go perft x"));
            assertEquals(List.of("info string error go: missing perft depth"), answer(gui, "go perft"));
            assertEquals(List.of("info string error go: unexpected 'depth'"), answer(gui, "go perft 1 depth 3"));
            assertEquals(List.of("info string error bench: bench depth 0 is outside 1..127"), answer(gui, "bench 0"));
            assertEquals(List.of("info string error bench: bench depth 'deep' is not a number"), answer(gui, "bench deep"));
            assertTrue(answer(gui, "d now").get(0).startsWith("info string error d: "));
            assertTrue(answer(gui, "eval all").get(0).startsWith("info string error eval: "));
            // The game is untouched: perft still counts from the position set before.
            assertEquals("Nodes searched: 400", answer(gui, "position startpos", "go perft 2").get(21));
            gui.send("go depth 3");
            gui.expect(UciSessionTest.BESTMOVE);
        }
    }

    @Test
    void benchRunsFromTheCommandLine() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ProtocolDriver host = ProtocolDriver.main(err, "bench", "3", "--java-search")) {
            List<String> lines = host.until("exit code .*");
            assertEquals("exit code 0", lines.get(lines.size() - 1), String.join("\n", lines));
            assertEquals(27, lines.size(), String.join("\n", lines));
            assertTrue(lines.get(24).startsWith("bench depth 3: 24 positions in "), lines.get(24));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("--java-search"), err.toString(StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream badErr = new ByteArrayOutputStream();
        try (ProtocolDriver host = ProtocolDriver.main(badErr, "bench", "0")) {
            host.expect("exit code 2");
            assertTrue(badErr.toString(StandardCharsets.UTF_8).contains("bench depth 0 is outside 1..127"));
        }
    }
}
