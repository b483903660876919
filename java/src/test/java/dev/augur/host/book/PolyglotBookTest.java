package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.reference.Move;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading and probing books: the file checks, the binary search over unsigned keys, the order of
 * a position's entries, and the gnuchess book of the shared data against figures found
 * independently (the data manifest, and Debian polyglot's dump-book output recorded in
 * tests/data/books/gnuchess_dump_sample.txt).
 */
class PolyglotBookTest {
    private static final long START_KEY = 0x463b96181691fc9cL;

    @TempDir
    Path dir;

    // ---- file checks ----

    @Test
    void rejectsAFileWhoseSizeIsNotAMultipleOfSixteen() throws IOException {
        Path file = dir.resolve("short.bin");
        Files.write(file, new byte[33]);
        IOException e = assertThrows(IOException.class, () -> PolyglotBook.open(file));
        assertTrue(e.getMessage().contains("not a multiple of 16"), e.getMessage());
    }

    @Test
    void rejectsUnsortedKeys() throws IOException {
        Path file = TestFiles.writeRaw(dir, "unsorted.bin", List.of(
            new BookEntry(5, 796, 1, 0), new BookEntry(4, 796, 1, 0)));
        IOException e = assertThrows(IOException.class, () -> PolyglotBook.open(file));
        assertTrue(e.getMessage().contains("sorted by key"), e.getMessage());
    }

    @Test
    void keysAreOrderedAsUnsignedNumbers() throws IOException {
        // Signed order would put the high-bit key first; Polyglot files put it last.
        long high = 0x8000000000000001L;
        Path signedOrder = TestFiles.writeRaw(dir, "signed.bin", List.of(
            new BookEntry(high, 796, 1, 0), new BookEntry(7, 796, 1, 0)));
        assertThrows(IOException.class, () -> PolyglotBook.open(signedOrder));

        Path unsignedOrder = TestFiles.writeRaw(dir, "unsigned.bin", List.of(
            new BookEntry(0, 1, 1, 0), new BookEntry(7, 2, 1, 0), new BookEntry(START_KEY, 3, 1, 0),
            new BookEntry(high, 4, 1, 0), new BookEntry(-1L, 5, 1, 0)));
        PolyglotBook book = PolyglotBook.open(unsignedOrder);
        assertEquals(5, book.size());
        assertEquals(5, book.positionCount());
        assertEquals(1, book.entries(0).get(0).move());
        assertEquals(3, book.entries(START_KEY).get(0).move());
        assertEquals(4, book.entries(high).get(0).move());
        assertEquals(5, book.entries(-1L).get(0).move());
        assertTrue(book.entries(8).isEmpty());
        assertTrue(book.entries(0x8000000000000000L).isEmpty());
        assertFalse(book.contains(6));
    }

    @Test
    void emptyAndMissingFiles() throws IOException {
        Path empty = Files.write(dir.resolve("empty.bin"), new byte[0]);
        PolyglotBook book = PolyglotBook.open(empty);
        assertEquals(0, book.size());
        assertTrue(book.entries(START_KEY).isEmpty());
        assertThrows(NoSuchFileException.class, () -> PolyglotBook.open(dir.resolve("absent.bin")));
        assertThrows(IOException.class, () -> PolyglotBook.open(dir));
    }

    @Test
    void entriesAreHeaviestFirstAndStableForTies() throws IOException {
        Path file = TestFiles.writeRaw(dir, "ties.bin", List.of(
            new BookEntry(1, 10, 0, 0),
            new BookEntry(START_KEY, 11, 5, 0), new BookEntry(START_KEY, 12, 9, 0),
            new BookEntry(START_KEY, 13, 5, 7), new BookEntry(START_KEY, 14, 9, 0),
            new BookEntry(START_KEY, 15, 0, 0),
            new BookEntry(START_KEY + 1, 16, 3, 0)));
        List<BookEntry> entries = PolyglotBook.open(file).entries(START_KEY);
        assertEquals(List.of(12, 14, 11, 13, 15), entries.stream().map(BookEntry::move).toList());
        assertEquals(7, entries.get(3).learn());
    }

    // ---- the gnuchess book ----

    private static PolyglotBook gnuchess() throws IOException {
        return PolyglotBook.open(TestFiles.shared("books/gnuchess_book.bin"));
    }

    @Test
    void gnuchessBookMatchesTheDataManifest() throws IOException {
        PolyglotBook book = gnuchess();
        assertEquals(180_358, book.size());
        assertEquals(149_694, book.positionCount());
        List<BookEntry> start = book.entries(Position.startPosition().key());
        assertEquals(List.of("e2e4", "d2d4", "g1f3", "c2c4"),
            start.subList(0, 4).stream().map(BookEntry::polyglotUci).toList());
        assertEquals(List.of(12135, 11257, 3745, 3294),
            start.subList(0, 4).stream().map(BookEntry::weight).toList());
    }

    // The example positions of the Polyglot specification (tests/data/polyglot_keys.txt): the key
    // the board computes is the key the book is probed with, and every entry found there is a
    // legal move of that position.
    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("specificationExamples")
    void probesTheSpecificationPositions(String keyHex, String moves) throws IOException {
        PolyglotBook book = gnuchess();
        Position pos = Position.startPosition();
        for (String move : moves.split(" ")) {
            if (!move.isEmpty()) {
                pos.makeMove(Uci.parse(pos, move));
            }
        }
        long key = Long.parseUnsignedLong(keyHex, 16);
        assertEquals(key, pos.key());
        assertEquals(book.entries(key), book.entries(pos.key()));
        for (BookEntry entry : book.entries(key)) {
            assertEquals(key, entry.key());
            assertNotEquals(Move.NONE, BookMoves.toMove(pos, entry), entry + " in " + pos.toFen());
        }
    }

    /** The lines "KEY MOVES..." of tests/data/polyglot_keys.txt, as (key, moves) pairs. */
    static Stream<Arguments> specificationExamples() throws IOException {
        return Files.readAllLines(TestFiles.testData("polyglot_keys.txt"), StandardCharsets.UTF_8).stream()
            .filter(line -> !line.isBlank() && !line.startsWith("#"))
            .map(line -> line.trim().split("\\s+", 2))
            .map(f -> Arguments.of(f[0], f.length > 1 ? f[1] : ""));
    }

    @Test
    void theFirstMovesOfTheSpecificationLinesAreInTheBook() throws IOException {
        PolyglotBook book = gnuchess();
        assertTrue(book.contains(0x463b96181691fc9cL));
        assertTrue(book.contains(0x823c9b50fd114196L)); // 1. e4
        assertTrue(book.contains(0x0756b94461c50fb0L)); // 1. e4 d5
    }

    /** Every entry reachable through book moves in the first plies is legal where it is found. */
    @Test
    void everyEntryNearTheRootIsLegal() throws IOException {
        PolyglotBook book = gnuchess();
        record Node(Position pos, int ply) {}
        Set<Long> visited = new HashSet<>();
        ArrayDeque<Node> queue = new ArrayDeque<>(List.of(new Node(Position.startPosition(), 0)));
        int checked = 0;
        while (!queue.isEmpty()) {
            Node node = queue.poll();
            if (!visited.add(node.pos().key())) {
                continue;
            }
            for (BookEntry entry : book.entries(node.pos().key())) {
                int move = BookMoves.toMove(node.pos(), entry);
                assertNotEquals(Move.NONE, move, entry + " in " + node.pos().toFen());
                checked++;
                if (node.ply() < 7) {
                    Position next = node.pos().copy();
                    next.makeMove(move);
                    queue.add(new Node(next, node.ply() + 1));
                }
            }
        }
        assertTrue(checked > 1000, "only " + checked + " entries reached");
    }

    // ---- against Debian polyglot's dump-book ----

    private static final Pattern PERCENT_MOVE = Pattern.compile("(\\S+)\\{(\\d+)%\\}");

    /**
     * Replays each recorded dump-book line and checks, for every move polyglot annotated with a
     * share, that our book has that move in that position with the same share (polyglot prints
     * it rounded to a whole percent).
     */
    @Test
    void sharesMatchPolyglotDumpBook() throws IOException {
        PolyglotBook book = gnuchess();
        List<String> lines = Files.readAllLines(TestFiles.fixture("gnuchess_dump_sample.txt"), StandardCharsets.UTF_8);
        int checkedMoves = 0;
        int castlings = 0;
        for (String line : lines) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String moves = line.replaceFirst("^\\w+ \\d+:", "").replaceAll("\\{trans:[^}]*\\}", " ");
            Position pos = Position.startPosition();
            for (String token : moves.trim().split("\\s+")) {
                if (token.matches("\\d+\\.")) {
                    continue;
                }
                Matcher m = PERCENT_MOVE.matcher(token);
                String san = m.matches() ? m.group(1) : token;
                int move = San.parse(pos, san);
                if (m.matches()) {
                    checkShare(book, pos, move, Integer.parseInt(m.group(2)), line);
                    checkedMoves++;
                    castlings += Move.kind(move) == Move.CASTLING ? 1 : 0;
                }
                pos.makeMove(move);
            }
        }
        assertTrue(checkedMoves > 1500, "only " + checkedMoves + " moves checked");
        assertTrue(castlings > 20, "only " + castlings + " castling moves checked");
    }

    private static void checkShare(PolyglotBook book, Position pos, int move, int percent, String line) {
        List<BookEntry> entries = book.entries(pos.key());
        long total = entries.stream().mapToLong(BookEntry::weight).sum();
        BookEntry found = entries.stream().filter(e -> BookMoves.toMove(pos, e) == move).findFirst()
            .orElseThrow(() -> new AssertionError(Uci.format(pos, move) + " not in the book at " + pos.toFen() + " (" + line + ")"));
        double share = 100.0 * found.weight() / total;
        assertEquals(percent, share, 0.5 + 1e-9, found + " at " + pos.toFen() + " in " + line);
    }
}
