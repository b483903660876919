package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The host's main program: the demo job, the choice of protocol, the command line. */
class MainTest {
    private static final String PV_LINE = "depth +\\d+/\\d+ +score +\\S+ .*nodes +\\d+ +nps +\\d+ +time .* pv 1\\. .+";

    /** Main.run on a finite input, as a pipe that is not a terminal; returns {exit code, out, err}. */
    private static String[] run(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), false,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void theDemoPrintsThePrincipalVariationAndTheBestMove() {
        String[] result = run("", "--seconds", "1");
        assertEquals("0", result[0], result[2]);
        List<String> lines = result[1].lines().toList();
        assertTrue(lines.get(0).startsWith("Augur "), lines.get(0));
        assertTrue(lines.stream().anyMatch(line -> line.matches(PV_LINE)), result[1]);
        assertTrue(lines.get(lines.size() - 1).matches("best move: \\S+ \\([a-h][1-8][a-h][1-8]\\), score .*"),
                result[1]);
    }

    @Test
    void theDemoAnalysesTheGivenPosition() {
        String[] result = run("\n\n", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--seconds", "0.3");
        assertEquals("0", result[0], result[2]);
        assertTrue(result[1].contains("best move: Ra8# (a1a8), score mate 1"), result[1]);
        String[] bad = run("", "--fen", "not a fen", "--seconds", "0.3");
        assertEquals("2", bad[0]);
        assertTrue(bad[1].contains("bad FEN"), bad[1]);
    }

    @Test
    void theFirstCommandChoosesTheProtocol() {
        String[] uci = run("uci\nisready\nquit\n");
        assertTrue(uci[1].contains("uciok") && uci[1].contains("readyok"), uci[1]);
        String[] xboard = run("xboard\nprotover 2\nping 4\nquit\n");
        assertTrue(xboard[1].contains("feature done=1") && xboard[1].contains("pong 4"), xboard[1]);
        // Like the native binary, anything else is taken as UCI.
        String[] position = run("\nposition startpos\ngo depth 3\n");
        assertTrue(position[1].lines().anyMatch(line -> line.startsWith("bestmove ")), position[1]);
        String[] forced = run("protover 2\n", "--uci");
        assertTrue(forced[1].contains("info string error unknown command 'protover'"), forced[1]);
        String[] forcedXboard = run("uci\n", "--xboard");
        assertTrue(forcedXboard[1].contains("Error (unknown command): uci"), forcedXboard[1]);
    }

    @Test
    void badArgumentsPrintTheUsageAndExitWithTwo() {
        for (String[] args : List.of(new String[] {"--bogus"}, new String[] {"--seconds"},
                new String[] {"--seconds", "-1"}, new String[] {"--seconds", "soon"},
                new String[] {"--uci", "--xboard"}, new String[] {"--book-policy", "random"},
                new String[] {"--book", "/no/such/book.bin"})) {
            String[] result = run("", args);
            assertEquals("2", result[0], String.join(" ", args));
            assertTrue(result[2].startsWith("augur-host: "), result[2]);
        }
        String[] help = run("", "--help");
        assertEquals("0", help[0]);
        assertTrue(help[1].startsWith("usage: java -jar augur-host.jar"), help[1]);
    }

    @Test
    void theBookSubcommandRunsTheBookTool() {
        String[] result = run("", "book", "help");
        assertEquals("0", result[0], result[2]);
        assertTrue(result[1].contains("make-book"), result[1]);
        assertEquals("2", run("", "book", "no-such-subcommand")[0]);
    }

    @Test
    void theJarRunsFromAnyDirectory() throws Exception {
        String jar = System.getProperty("augur.host.jar");
        assumeTrue(jar != null, "augur.host.jar is not set");
        Path dir = Files.createTempDirectory("augur-host-test");
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(java, "-jar", new File(jar).getAbsolutePath(), "--seconds", "0.5"));
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the demo ended");
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.lines().anyMatch(line -> line.startsWith("best move: ")), output);
        } finally {
            Files.deleteIfExists(dir);
        }
    }
}
