package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.reference.Move;
import dev.augur.reference.Position;
import dev.augur.reference.Square;
import dev.augur.reference.Uci;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Building books: exact statistics and weights on a handful of games worked out by hand, the
 * options, skipped games, and a book built from the TWIC file read back and checked move by move
 * and against the book Debian polyglot's make-book builds from the same file.
 *
 * <p>Checked by hand with Debian polyglot 2.0.4 that it reads the books built here:
 * <pre>
 *   java -cp augur-reference.jar:augur-book.jar dev.augur.host.book.BookTool make-book \
 *        --pgn twic0920.pgn --out twic.bin      (2245 games, 1921 entries, 1459 positions)
 *   polyglot info-book -bin twic.bin            (421 lines for white, 479 for black)
 *   polyglot dump-book -bin twic.bin -color white -out twic_white.txt
 *                                               (422 lines, the first "1. e4{46%} c6 2. d4{78%} ...")
 *   polyglot make-book -pgn twic0920.pgn -bin poly_twic.bin
 *                                               (1960 entries; 1883 in both books, all with equal weights)
 * </pre>
 * With {@code --max-ply 16 --min-games 5} (polyglot: {@code -max-ply 16 -min-game 5}) the books
 * have 882 and 881 entries, the 881 common ones with equal weights. Counting a move at every
 * occurrence instead of once per game (a one-line change, tried and undone) reproduces all 1960
 * entries of polyglot's book with their weights; the 39 more were moves that scored 0.
 */
class BookBuilderTest {
    /**
     * From the start position: e4 in games 1, 2, 3, 5 (White: win, loss, draw, unfinished =
     * draw: score 2 + 0 + 1 + 1 = 4); d4 in game 4 (win: 2); Nf3 in game 7, twice but counted
     * once (draw: 1). After 1. e4: e5 in games 1, 3, 5 (Black: loss, draw, draw: 2); c5 in game 2
     * (win: 2). After 1. e4 e5: Nf3 in games 1, 3 (win, draw: 3); Bc4 in game 5 (1). Game 6 has
     * an illegal move and game 8 an ambiguous one: both skipped and counted.
     */
    static final String GAMES = """
        [Event "1"] [Result "1-0"] 1. e4 e5 2. Nf3 Nc6 1-0
        [Event "2"] [Result "0-1"] 1. e4 c5 2. Nf3 d6 0-1
        [Event "3"] [Result "1/2-1/2"] 1. e4 e5 2. Nf3 Nf6 1/2-1/2
        [Event "4"] [Result "1-0"] 1. d4 d5 2. c4 e6 1-0
        [Event "5"] [Result "*"] 1. e4 e5 2. Bc4 Nf6 *
        [Event "6"] [Result "1-0"] 1. e4 e5 2. Nf3 Nc6 3. Ke3 1-0
        [Event "7"] [Result "1/2-1/2"] 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2
        [Event "8"] [Result "0-1"] 1. Nf3 d5 2. d4 Nf6 3. Nd2 0-1
        """;

    @TempDir
    Path dir;

    static BookBuilder build(String pgn, BookBuilder.Options options) throws IOException {
        BookBuilder builder = new BookBuilder(options);
        builder.addAll(new PgnReader(new StringReader(pgn), "games.pgn"));
        return builder;
    }

    private static long key(String uciMoves) {
        Position pos = Position.startPosition();
        for (String move : uciMoves.split(" ")) {
            if (!move.isEmpty()) {
                pos.makeMove(Uci.parse(pos, move));
            }
        }
        return pos.key();
    }

    private static int code(String polyglotUci) {
        return BookEntry.encodeMove(Square.parse(polyglotUci.substring(0, 2)),
            Square.parse(polyglotUci.substring(2, 4)), (char) 0);
    }

    private static Map<String, Integer> weights(List<BookEntry> entries, long key) {
        Map<String, Integer> weights = new HashMap<>();
        for (BookEntry entry : entries) {
            if (entry.key() == key) {
                weights.put(entry.polyglotUci(), entry.weight());
            }
        }
        return weights;
    }

    @Test
    void countsGamesAndScoresPerMove() throws IOException {
        BookBuilder builder = build(GAMES, new BookBuilder.Options(1, 1024, 0, BookBuilder.Colours.BOTH));
        assertEquals(6, builder.gamesAdded());
        assertEquals(2, builder.gamesSkipped());
        assertEquals(2, builder.warningCount());
        assertTrue(builder.warnings().get(0).contains("illegal move \"Ke3\""), builder.warnings().get(0));
        assertTrue(builder.warnings().get(1).contains("ambiguous move \"Nd2\""), builder.warnings().get(1));

        long start = key("");
        assertEquals(new BookBuilder.MoveStatistics(4, 1, 2, 1), builder.statistics(start, code("e2e4")).orElseThrow());
        assertEquals(new BookBuilder.MoveStatistics(1, 1, 0, 0), builder.statistics(start, code("d2d4")).orElseThrow());
        assertEquals(new BookBuilder.MoveStatistics(1, 0, 1, 0), builder.statistics(start, code("g1f3")).orElseThrow());
        assertEquals(new BookBuilder.MoveStatistics(3, 0, 2, 1), builder.statistics(key("e2e4"), code("e7e5")).orElseThrow());
        assertEquals(new BookBuilder.MoveStatistics(2, 1, 1, 0), builder.statistics(key("e2e4 e7e5"), code("g1f3")).orElseThrow());
        assertTrue(builder.statistics(key("e2e4 e7e5 g1f3 b8c6"), code("e1e3")).isEmpty(), "the skipped game counted");

        List<BookEntry> entries = builder.build();
        assertEquals(Map.of("e2e4", 4, "d2d4", 2, "g1f3", 1), weights(entries, start));
        assertEquals(Map.of("e7e5", 2, "c7c5", 2), weights(entries, key("e2e4")));
        assertEquals(Map.of("g1f3", 3, "f1c4", 1), weights(entries, key("e2e4 e7e5")));
        // new (position, move) pairs: game 1: 4, game 2: 3, game 3: 1, game 4: 4, game 5: 2,
        // game 7: 4 (its second 3. Nf3 is the first move again, from the start position again)
        assertEquals(18, entries.size());
        assertEquals(13, builder.positionsSeen());
        assertEquals(13, BookBuilder.positionCount(entries));
    }

    @Test
    void minimumGamesAndScoreFilterMoves() throws IOException {
        List<BookEntry> threeGames = build(GAMES, new BookBuilder.Options(3, 1024, 0, BookBuilder.Colours.BOTH)).build();
        assertEquals(List.of("e2e4 4", "e7e5 2"),
            threeGames.stream().map(e -> e.polyglotUci() + " " + e.weight()).sorted().toList());

        List<BookEntry> halfScore = build(GAMES, new BookBuilder.Options(1, 1024, 50, BookBuilder.Colours.BOTH)).build();
        assertEquals(Map.of("e2e4", 4, "d2d4", 2, "g1f3", 1), weights(halfScore, key(""))); // 50%, 100%, 50%
        assertEquals(Map.of("c7c5", 2), weights(halfScore, key("e2e4")));                     // e5: 33%
        assertEquals(Map.of("g1f3", 3, "f1c4", 1), weights(halfScore, key("e2e4 e7e5")));     // 75%, 50%

        List<BookEntry> winsOnly = build(GAMES, new BookBuilder.Options(1, 1024, 100, BookBuilder.Colours.BOTH)).build();
        assertEquals(Map.of("d2d4", 2), weights(winsOnly, key("")));
    }

    @Test
    void maximumPlyAndColoursLimitThePositions() throws IOException {
        List<BookEntry> firstMoves = build(GAMES, new BookBuilder.Options(1, 1, 0, BookBuilder.Colours.BOTH)).build();
        assertEquals(3, firstMoves.size());
        assertTrue(firstMoves.stream().allMatch(e -> e.key() == key("")));

        List<BookEntry> white = build(GAMES, new BookBuilder.Options(1, 2, 0, BookBuilder.Colours.WHITE)).build();
        assertEquals(Map.of("e2e4", 4, "d2d4", 2, "g1f3", 1), weights(white, key("")));
        assertEquals(3, white.size());

        List<BookEntry> black = build(GAMES, new BookBuilder.Options(1, 2, 0, BookBuilder.Colours.BLACK)).build();
        assertEquals(Map.of("e7e5", 2, "c7c5", 2), weights(black, key("e2e4")));
        assertEquals(Map.of("d7d5", 1), weights(black, key("d2d4"))); // lost: score 0, weight 1
        assertEquals(Map.of("g8f6", 1), weights(black, key("g1f3")));
        assertEquals(4, black.size());
    }

    @Test
    void weightsAreScaledIntoSixteenBitsAndNeverZero() {
        assertEquals(40_000, BookBuilder.weight(40_000, 65_535));
        assertEquals(1, BookBuilder.weight(0, 100));
        assertEquals(65_535, BookBuilder.weight(131_070, 131_070));
        assertEquals(32_767, BookBuilder.weight(65_535, 131_070));
        assertEquals(1, BookBuilder.weight(1, 1_000_000));
    }

    @Test
    void optionsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new BookBuilder.Options(0, 10, 0, BookBuilder.Colours.BOTH));
        assertThrows(IllegalArgumentException.class, () -> new BookBuilder.Options(1, 0, 0, BookBuilder.Colours.BOTH));
        assertThrows(IllegalArgumentException.class, () -> new BookBuilder.Options(1, 10, 101, BookBuilder.Colours.BOTH));
        assertThrows(IllegalArgumentException.class, () -> new BookBuilder.Options(1, 10, 0, null));
    }

    @Test
    void gamesWithABadSetupOrVariantAreSkipped() throws IOException {
        BookBuilder builder = build("""
            [FEN "not a fen"] 1. e4 *
            [Variant "crazyhouse"] 1. e4 *
            [FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"] 1. e4 *
            """, new BookBuilder.Options(1, 10, 0, BookBuilder.Colours.BOTH));
        assertEquals(1, builder.gamesAdded());
        assertEquals(2, builder.gamesSkipped());
        assertEquals(1, builder.build().size());
    }

    @Test
    void writtenBooksReadBackInFileOrder() throws IOException {
        List<BookEntry> entries = build(GAMES, new BookBuilder.Options(1, 1024, 0, BookBuilder.Colours.BOTH)).build();
        Path file = dir.resolve("small.bin");
        List<BookEntry> reversed = new ArrayList<>(entries);
        Collections.reverse(reversed);
        BookWriter.write(file, reversed);
        PolyglotBook book = PolyglotBook.open(file);
        assertEquals(entries.size(), book.size());
        for (int i = 0; i < book.size(); i++) {
            assertEquals(entries.get(i), book.entry(i));
        }
        assertEquals(List.of("e2e4", "d2d4", "g1f3"), book.entries(key("")).stream().map(BookEntry::polyglotUci).toList());
    }

    // ---- the TWIC file ----

    /**
     * Builds a book from twic0920.pgn with the default options, reads it back and walks the games
     * again: every key of the book is a position of some game, every entry is legal there, and
     * entries of a key are in file order (weight descending).
     */
    @Test
    void twicBookIsSortedAndLegal() throws IOException {
        Path pgn = TestFiles.shared("pgn/twic0920.pgn");
        BookBuilder builder = new BookBuilder(BookBuilder.Options.DEFAULT);
        try (PgnReader reader = PgnReader.open(pgn)) {
            builder.addAll(reader);
            assertEquals(0, reader.skipped());
        }
        assertEquals(2245, builder.gamesAdded());
        assertEquals(0, builder.gamesSkipped());
        Path file = dir.resolve("twic.bin");
        BookWriter.write(file, builder.build());
        PolyglotBook book = PolyglotBook.open(file);
        assertTrue(book.size() > 1000, "only " + book.size() + " entries");

        for (int i = 1; i < book.size(); i++) {
            assertTrue(BookWriter.FILE_ORDER.compare(book.entry(i - 1), book.entry(i)) < 0, "order at " + i);
        }
        Map<Long, Position> positions = positionsOf(pgn, BookBuilder.Options.DEFAULT.maxPly(), book);
        int checked = 0;
        for (int i = 0; i < book.size(); i++) {
            BookEntry entry = book.entry(i);
            Position pos = positions.get(entry.key());
            assertTrue(pos != null, "no game reaches the position of " + entry);
            assertNotEquals(Move.NONE, BookMoves.toMove(pos, entry), entry + " in " + pos.toFen());
            checked++;
        }
        assertEquals(book.size(), checked);
    }

    /** The first position of the games with each key of the book (copying only those is quick). */
    private static Map<Long, Position> positionsOf(Path pgn, int maxPly, PolyglotBook book) throws IOException {
        Map<Long, Position> positions = new HashMap<>();
        try (PgnReader reader = PgnReader.open(pgn)) {
            PgnGame game;
            while ((game = reader.next()) != null) {
                Position pos = game.startPosition();
                for (int ply = 0; ply < Math.min(maxPly, game.moves().size()); ply++) {
                    if (book.contains(pos.key()) && !positions.containsKey(pos.key())) {
                        positions.put(pos.key(), pos.copy());
                    }
                    pos.makeMove(San.parse(pos, game.moves().get(ply)));
                }
            }
        }
        return positions;
    }

    /**
     * Compares with tests/data/books/twic0920_polyglot.bin, which Debian polyglot 2.0.4 built by
     * {@code polyglot make-book -pgn twic0920.pgn -bin twic0920_polyglot.bin} (defaults:
     * -min-game 3, -max-ply 1024). Both use 2 per win plus 1 per draw, so the moves in both books
     * have the same weights. The books differ at the edges by design: polyglot counts a move again
     * each time a game repeats the position (we count games), and it drops moves that scored 0
     * (we keep them with weight 1).
     */
    @Test
    void twicBookAgreesWithPolyglotMakeBook() throws IOException {
        PolyglotBook theirs = PolyglotBook.open(TestFiles.fixture("twic0920_polyglot.bin"));
        BookBuilder builder = new BookBuilder(BookBuilder.Options.DEFAULT);
        try (PgnReader reader = PgnReader.open(TestFiles.shared("pgn/twic0920.pgn"))) {
            builder.addAll(reader);
        }
        Map<String, Integer> ours = new HashMap<>();
        List<BookEntry> built = builder.build();
        for (BookEntry entry : built) {
            ours.put(Long.toHexString(entry.key()) + entry.polyglotUci(), entry.weight());
        }
        int common = 0;
        for (int i = 0; i < theirs.size(); i++) {
            BookEntry entry = theirs.entry(i);
            Integer weight = ours.get(Long.toHexString(entry.key()) + entry.polyglotUci());
            if (weight != null) {
                assertEquals(entry.weight(), weight.intValue(), entry.toString());
                common++;
            }
        }
        assertTrue(common >= 0.95 * theirs.size(), common + " of " + theirs.size() + " polyglot entries in ours");
        assertTrue(common >= 0.95 * ours.size(), common + " of " + ours.size() + " of ours in polyglot's");
        List<String> theirStart = theirs.entries(key("")).stream().map(BookEntry::polyglotUci).toList();
        List<String> ourStart = built.stream().filter(e -> e.key() == key("")).map(BookEntry::polyglotUci).toList();
        assertEquals(theirStart, ourStart);
        assertEquals(List.of("e2e4", "d2d4", "g1f3", "c2c4"), ourStart.subList(0, 4));
    }
}
