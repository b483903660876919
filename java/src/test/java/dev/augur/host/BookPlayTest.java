package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.augur.host.book.BookEntry;
import dev.augur.host.book.PolyglotBook;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The host plays from a Polyglot book (the shared test data's gnuchess_book.bin) when OwnBook is
 * on, not when it is off, and leaves the book after the set number of misses. Skipped when the
 * shared data is missing.
 */
class BookPlayTest {
    /** A position no book knows: White to move with a lone rook against a lone king. */
    private static final String OUT_OF_BOOK = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1";
    private static final String BOOK_BESTMOVE = "bestmove \\S+";

    static Path bookFile() {
        String data = System.getProperty("augur.data");
        assumeTrue(data != null, "augur.data is not set");
        Path book = Path.of(data, "books", "gnuchess_book.bin");
        assumeTrue(Files.isRegularFile(book), "no " + book);
        return book;
    }

    /** The UCI moves the book offers (weight above 0) after these moves from the start position. */
    static Set<String> bookMoves(Path file, String... moves) throws Exception {
        PolyglotBook book = PolyglotBook.open(file);
        HostGame pos = HostGame.start();
        for (String move : moves) pos.play(pos.parseUci(move));
        List<BookEntry> entries = book.entries(pos.key());
        return entries.stream().filter(entry -> entry.weight() > 0)
                .map(entry -> pos.toUci(Games.legalMove(pos, entry.from(), entry.to(), entry.promotion())))
                .collect(Collectors.toSet());
    }

    @Test
    void uciPlaysBookMovesWithOwnBookOnly() throws Exception {
        Path book = bookFile();
        Set<String> offered = bookMoves(book, "e2e4");
        assertFalse(offered.isEmpty(), "the book knows 1. e4");
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("setoption name BookFile value " + book, "position startpos moves e2e4", "go depth 6");
            List<String> lines = gui.until(UciSessionTest.BESTMOVE);
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("info string book")), "OwnBook is off");
            gui.send("setoption name OwnBook value true", "position startpos moves e2e4", "go depth 6");
            String book1 = gui.expect("info string book \\S+").substring("info string book ".length());
            assertEquals("bestmove " + book1, gui.expect(BOOK_BESTMOVE));
            assertTrue(offered.contains(book1), book1 + " not in " + offered);
            // BEST always picks the heaviest move.
            gui.send("setoption name BookPolicy value best", "position startpos moves e2e4", "go wtime 1000 btime 1000");
            String best = gui.expect("info string book \\S+").substring("info string book ".length());
            String again;
            gui.send("position startpos moves e2e4", "go wtime 1000 btime 1000");
            again = gui.expect("info string book \\S+").substring("info string book ".length());
            assertEquals(best, again);
            // Analysis never plays from the book.
            gui.send("position startpos moves e2e4", "go infinite");
            gui.expect("info depth 3 .*");
            gui.send("stop");
            List<String> analysis = gui.until(UciSessionTest.BESTMOVE);
            assertTrue(analysis.stream().noneMatch(line -> line.startsWith("info string book")), analysis.toString());
        }
    }

    @Test
    void uciLeavesTheBookAfterTheSetNumberOfMisses() throws Exception {
        Path book = bookFile();
        try (ProtocolDriver gui = ProtocolDriver.uci()) {
            gui.send("setoption name OwnBook value true", "setoption name BookFile value " + book,
                    "setoption name BookMisses value 2", "ucinewgame");
            // One miss: still in the book.
            gui.send("position fen " + OUT_OF_BOOK, "go depth 2");
            assertTrue(gui.until(UciSessionTest.BESTMOVE).stream().noneMatch(l -> l.startsWith("info string book")));
            gui.send("position startpos", "go depth 2");
            gui.expect("info string book \\S+");
            gui.expect(BOOK_BESTMOVE);
            // Two misses in a row: out of the book for the rest of the game.
            gui.send("position fen " + OUT_OF_BOOK, "go depth 2");
            gui.expect(UciSessionTest.BESTMOVE);
            gui.send("position fen " + OUT_OF_BOOK, "go depth 2");
            gui.expect(UciSessionTest.BESTMOVE);
            gui.send("position startpos", "go depth 2");
            List<String> lines = gui.until(UciSessionTest.BESTMOVE);
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("info string book")), lines.toString());
            // A new game starts in the book again.
            gui.send("ucinewgame", "position startpos", "go depth 2");
            gui.expect("info string book \\S+");
        }
    }

    @Test
    void xboardPlaysBookMovesWithOwnBookOnly() throws Exception {
        Path book = bookFile();
        Set<String> offered = bookMoves(book, "d2d4");
        assertFalse(offered.isEmpty(), "the book knows 1. d4");
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = XBoardSessionTest.start(session)) {
            gui.send("option BookFile=" + book, "option OwnBook=1", "new", "usermove d2d4");
            String reply = XBoardSessionTest.moveOf(gui.expect(XBoardSessionTest.MOVE));
            assertTrue(offered.contains(reply), reply + " not in " + offered);
            // Off: the engine searches (its thinking shows) before it moves.
            gui.send("option OwnBook=0", "new", "post", "sd 4", "usermove d2d4");
            List<String> lines = gui.until(XBoardSessionTest.MOVE);
            assertTrue(lines.size() > 1 && lines.get(0).matches("\\d+ .*"), lines.toString());
        }
    }

    @Test
    void theHostBookMapsEntriesToLegalMovesAndCountsMisses() throws Exception {
        Path file = bookFile();
        HostBook book = new HostBook();
        book.setFile(file.toString());
        HostGame start = HostGame.start();
        HostGame lost = HostGame.fromFen(OUT_OF_BOOK, false);
        assertEquals(Optional.empty(), book.probe(start), "off by default");
        book.setEnabled(true);
        book.setMissesToLeave(1);
        assertTrue(book.probe(start).isPresent());
        assertEquals(Optional.empty(), book.probe(lost));
        assertTrue(book.leftBook());
        assertEquals(Optional.empty(), book.probe(start), "left after one miss");
        book.newGame();
        assertTrue(book.probe(start).isPresent());
        book.setDepth(1);
        start.play(start.parseUci("e2e4"));
        start.play(start.parseUci("e7e5"));
        assertEquals(Optional.empty(), book.probe(start), "move 2 is beyond BookDepth 1");
        assertFalse(book.leftBook(), "beyond the depth is no miss");
    }
}
