package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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

/**
 * The choice of search at start-up: native when its library loads, otherwise the Java reference
 * search with a notice; {@code --java-search} forces the Java search.
 */
class FallbackTest {
    private static final String NOTICE = "native library not available \\(.+\\): searching with the pure-Java"
            + " reference engine, about 3x slower";

    /** Main.run in this JVM (where the native library loads); returns {exit code, out}. */
    private static String[] run(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), false,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8)};
    }

    /**
     * The host jar in a child JVM whose native library cannot load: the property names a file
     * that does not exist, which the loader tries first and fails on (no silent fallback to the
     * copy in augur.jar). Returns the output.
     */
    private static String runWithoutNativeLibrary(String input, String... args) throws Exception {
        String jar = System.getProperty("augur.host.jar");
        assumeTrue(jar != null, "augur.host.jar is not set");
        Path dir = Files.createTempDirectory("augur-fallback-test");
        Path stdin = dir.resolve("input.txt");
        try {
            Files.writeString(stdin, input);
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(java, "-Daugur.jni.library=" + dir.resolve("no-such-lib.so"),
                    "-Djava.library.path=" + dir, "-jar", new File(jar).getAbsolutePath()));
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectInput(stdin.toFile()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the host ended");
            assertEquals(0, process.exitValue(), output);
            return output;
        } finally {
            Files.deleteIfExists(stdin);
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void withoutTheNativeLibraryUciSaysSoAndPlaysALegalMove() throws Exception {
        String output = runWithoutNativeLibrary("uci\nisready\nposition startpos moves e2e4\ngo depth 4\n");
        List<String> lines = output.lines().toList();
        assertTrue(lines.get(0).matches("info string " + NOTICE), output);
        assertTrue(lines.contains("uciok") && lines.contains("readyok"), output);
        String best = lines.stream().filter(line -> line.startsWith("bestmove ")).findFirst().orElseThrow();
        assertTrue(ReferenceSessionTest.isLegal(best.split(" ")[1], "e2e4"), best);
    }

    @Test
    void withoutTheNativeLibraryXBoardAndTheDemoSaySoToo() throws Exception {
        String xboard = runWithoutNativeLibrary("xboard\nprotover 2\nnew\nsd 3\nusermove d2d4\n");
        assertTrue(xboard.lines().anyMatch(line -> line.matches("# " + NOTICE)), xboard);
        String move = xboard.lines().filter(line -> line.startsWith("move ")).findFirst().orElseThrow();
        assertTrue(ReferenceSessionTest.isLegal(move.substring("move ".length()), "d2d4"), move);
        String demo = runWithoutNativeLibrary("", "--seconds", "0.5");
        assertTrue(demo.lines().anyMatch(line -> line.matches(NOTICE)), demo);
        assertTrue(demo.lines().anyMatch(line -> line.startsWith("best move: ")), demo);
    }

    @Test
    void withoutTheNativeLibraryTheJavaSearchRefusesTablesAndSearchesOn() throws Exception {
        String tables = System.getProperty("augur.testdata") + "/tablebases/syzygy";
        String output = runWithoutNativeLibrary("uci\nsetoption name SyzygyPath value " + tables
                + "\nisready\nposition fen 8/8/8/8/8/2k5/8/K6R w - - 0 1\ngo depth 3\n");
        List<String> lines = output.lines().toList();
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("info string error setoption: SyzygyPath: the Java reference"
                + " searches without tablebases: the native library is not available (")), output);
        assertTrue(lines.contains("readyok"), output);
        assertTrue(lines.stream().anyMatch(line -> line.matches("info depth 3 .* tbhits 0 .*")), output);
        assertTrue(lines.stream().anyMatch(line -> line.matches(UciSessionTest.BESTMOVE)), output);
    }

    @Test
    void javaSearchForcesTheReferenceEngine() {
        String[] result = run("uci\nposition startpos\ngo depth 3\n", "--java-search");
        assertEquals("0", result[0], result[1]);
        List<String> lines = result[1].lines().toList();
        assertEquals("info string --java-search: " + Backends.JAVA_SEARCH, lines.get(0));
        assertTrue(lines.stream().anyMatch(line -> line.matches(UciSessionTest.BESTMOVE)), result[1]);
        assertTrue(Main.USAGE_TEXT.contains("--java-search"));
    }

    @Test
    void theNativeEngineIsChosenWhenItsLibraryLoads() {
        // This JVM has the library (the test runs with -Daugur.jni.library).
        Backends chosen = Backends.choose(false);
        assertNull(chosen.notice());
        String[] result = run("uci\nquit\n");
        assertTrue(result[1].lines().noneMatch(line -> line.contains("reference engine")), result[1]);
    }

    @Test
    void theNoticeNamesTheReason() {
        assertTrue(Backends.fallback("Can't load library: /x/libaugur_jni.so").notice()
                .matches(NOTICE.replace("\\(.+\\)", "\\(Can't load library: /x/libaugur_jni\\.so\\)")));
    }
}
