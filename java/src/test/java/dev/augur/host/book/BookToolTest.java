package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line: each subcommand's output and exit code, and bad arguments. */
class BookToolTest {
    @TempDir
    Path dir;

    private Path pgn;
    private Path book;

    /** What one run printed and returned. */
    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BookTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @BeforeEach
    void writeGames() throws IOException {
        pgn = Files.writeString(dir.resolve("games.pgn"), BookBuilderTest.GAMES);
        book = dir.resolve("games.bin");
    }

    @Test
    void makeBookReportsItsFigures() {
        Run run = run("make-book", "--pgn", pgn.toString(), "--out", book.toString(), "--min-games", "1");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("games read      6"), run.out());
        assertTrue(run.out().contains("games skipped   2 (0 malformed PGN, 2 illegal"), run.out());
        assertTrue(run.out().contains("positions       13 seen, 13 in the book"), run.out());
        assertTrue(run.out().contains("entries written 18"), run.out());
        assertTrue(run.err().contains("warning: game at line 6 skipped: illegal move \"Ke3\""), run.err());
        assertTrue(Files.exists(book));
    }

    @Test
    void probeListsMovesWithWeightsAndShares() {
        assertEquals(0, run("make-book", "--pgn", pgn.toString(), "--out", book.toString(), "--min-games", "1").code());
        Run start = run("probe", "--book", book.toString());
        assertEquals(0, start.code(), start.err());
        assertTrue(start.out().contains("key      463b96181691fc9c"), start.out());
        assertTrue(start.out().contains("entries  3, total weight 7"), start.out());
        assertTrue(start.out().matches("(?s).*e2e4\\s+e4\\s+4\\s+57\\.14%.*d2d4\\s+d4\\s+2\\s+28\\.57%.*g1f3\\s+Nf3\\s+1\\s+14\\.29%.*"),
            start.out());

        Run afterE4 = run("probe", "--book", book.toString(), "--moves", "e2e4", "e7e5");
        assertTrue(afterE4.out().matches("(?s).*g1f3\\s+Nf3\\s+3\\s+75\\.00%.*f1c4\\s+Bc4\\s+1\\s+25\\.00%.*"), afterE4.out());

        Run byFen = run("probe", "--book", book.toString(), "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "b", "KQkq", "-", "0", "1");
        assertTrue(byFen.out().matches("(?s).*e7e5\\s+e5\\s+2\\s+50\\.00%.*"), byFen.out());

        Run absent = run("probe", "--book", book.toString(), "--moves", "a2a3");
        assertEquals(0, absent.code());
        assertTrue(absent.out().contains("entries  0, total weight 0"), absent.out());
    }

    @Test
    void dumpSummarisesTheBook() {
        assertEquals(0, run("make-book", "--pgn", pgn.toString(), "--out", book.toString(), "--min-games", "1").code());
        Run dump = run("dump", "--book", book.toString());
        assertEquals(0, dump.code(), dump.err());
        assertTrue(dump.out().contains("entries        18"), dump.out());
        assertTrue(dump.out().contains("positions      13"), dump.out());
        assertTrue(dump.out().contains("start position e4 4 d4 2 Nf3 1"), dump.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "frobnicate",
        "make-book",
        "make-book --pgn x.pgn",
        "make-book --pgn x.pgn --out y.bin --min-games many",
        "make-book --pgn x.pgn --out y.bin --max-ply 0",
        "make-book --pgn x.pgn --out y.bin --min-score 101",
        "make-book --pgn x.pgn --out y.bin --only-white --only-black",
        "make-book --pgn x.pgn --out y.bin --only-white yes",
        "make-book --pgn x.pgn --pgn z.pgn --out y.bin",
        "make-book --pgn --out y.bin",
        "make-book stray --pgn x.pgn --out y.bin",
        "probe",
        "probe --book b.bin --depth 3",
        "dump --book a.bin b.bin",
    })
    void badArgumentsPrintTheUsageAndReturnTwo(String line) {
        Run run = run(line.isEmpty() ? new String[0] : line.split(" "));
        assertEquals(2, run.code(), run.out() + run.err());
        assertTrue(run.err().contains("usage: book make-book"), run.err());
    }

    @Test
    void badPositionsAreUsageErrors() {
        assertEquals(0, run("make-book", "--pgn", pgn.toString(), "--out", book.toString()).code());
        assertEquals(2, run("probe", "--book", book.toString(), "--moves", "e2e5").code());
        assertEquals(2, run("probe", "--book", book.toString(), "--fen", "not", "a", "fen").code());
    }

    @Test
    void unreadableFilesFailWithOne() throws IOException {
        Run missing = run("dump", "--book", dir.resolve("absent.bin").toString());
        assertEquals(1, missing.code());
        Path broken = Files.write(dir.resolve("broken.bin"), new byte[20]);
        Run bad = run("probe", "--book", broken.toString());
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("not a multiple of 16"), bad.err());
        assertEquals(1, run("make-book", "--pgn", dir.resolve("absent.pgn").toString(), "--out", book.toString()).code());
    }

    @Test
    void helpGoesToStandardOutput() {
        Run help = run("help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("usage: book"));
    }
}
