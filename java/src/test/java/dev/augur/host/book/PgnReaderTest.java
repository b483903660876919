package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.reference.Position;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PGN reader: movetext syntax, tags, skipped malformed games, and the TWIC file. */
class PgnReaderTest {
    /** Four good games among five malformed ones; the last game lacks its termination marker. */
    static final String MIXED = """
        [Event "good1"]
        [White "A \\"quoted\\" name"]
        [Result "1-0"]

        1. e4 {a comment
        over two lines} e5 ; the rest of this line is a comment 2. d4
        2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) Nc6 $1 3. Bb5!? 3... a6 1-0

        [Event "bad tag"]
        [Result 1-0]
        1. e4 1-0

        [Event "unclosed variation"]
        [Result "*"]
        1. e4 (1. d4 d5 *

        [Event "good2"]
        [SetUp "1"]
        [FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
        [Result "1/2-1/2"]
        1. e4 Kd7 1/2-1/2

        [Event "unterminated comment"]
        [Result "0-1"]
        1. e4 { never closed e5 0-1

        [Event "mismatch"]
        [Result "1-0"]
        1. d4 0-1

        [Event "null move"]
        [Result "*"]
        1. e4 -- 2. d4 *

        % an escaped line
        [Event "good3"]
        [Result "1-0"]
        1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7# 1-0
        [Event "good4"]
        [Result "0-1"]
        1. d4 d5
        """;

    static List<PgnGame> readAll(PgnReader reader) throws IOException {
        List<PgnGame> games = new ArrayList<>();
        PgnGame game;
        while ((game = reader.next()) != null) {
            games.add(game);
        }
        return games;
    }

    @Test
    void readsGoodGamesAndSkipsMalformedOnes() throws IOException {
        PgnReader reader = new PgnReader(new StringReader(MIXED), "mixed.pgn");
        List<PgnGame> games = readAll(reader);
        assertEquals(List.of("good1", "good2", "good3", "good4"), games.stream().map(g -> g.tag("Event")).toList());
        assertEquals(5, reader.skipped());
        assertEquals(6, reader.warningCount(), reader.warnings().toString()); // + good4's missing marker
        String warnings = String.join("\n", reader.warnings());
        for (String fault : List.of("malformed tag", "unbalanced parentheses", "is not closed",
                                    "contradicts the Result tag", "null move", "no termination marker")) {
            assertTrue(warnings.contains(fault), fault + " not in " + warnings);
        }
        assertNull(reader.next());
    }

    @Test
    void keepsTheMainLineOnly() throws IOException {
        List<PgnGame> games = readAll(new PgnReader(new StringReader(MIXED), "mixed.pgn"));
        PgnGame good1 = games.get(0);
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5!?", "a6"), good1.moves());
        assertEquals(GameResult.WHITE_WINS, good1.result());
        assertEquals("A \"quoted\" name", good1.tag("White"));
        assertEquals(1, good1.line());

        PgnGame good2 = games.get(1);
        assertEquals(GameResult.DRAW, good2.result());
        assertEquals("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", good2.startPosition().toFen());
        assertEquals(List.of("e4", "Kd7"), good2.moves());

        assertEquals(List.of("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6??", "Qxf7#"), games.get(2).moves());
        assertEquals(GameResult.BLACK_WINS, games.get(3).result()); // from the tag
        assertEquals(List.of("d4", "d5"), games.get(3).moves());
    }

    @Test
    void everyGoodGameReplaysOnTheBoard() throws IOException {
        for (PgnGame game : readAll(new PgnReader(new StringReader(MIXED), "mixed.pgn"))) {
            Position pos = game.startPosition();
            for (String san : game.moves()) {
                pos.makeMove(San.parse(pos, san));
            }
        }
    }

    @Test
    void looseMoveNumbersAndMarksAreIgnored() throws IOException {
        PgnGame game = new PgnReader(new StringReader(
            "1. e4 ... 1... d5 2. exd5 +- 2. ... e5 3. dxe6 e.p. $18 3... fxe6 *"), "loose.pgn").next();
        assertEquals(List.of("e4", "d5", "exd5", "e5", "dxe6", "fxe6"), game.moves());
        assertEquals(GameResult.UNKNOWN, game.result());
    }

    @Test
    void emptyInputHasNoGames() throws IOException {
        PgnReader reader = new PgnReader(new StringReader("\n\n  \n"), "empty.pgn");
        assertNull(reader.next());
        assertEquals(0, reader.skipped());
    }

    @Test
    void garbageIsSkippedNotThrown() throws IOException {
        PgnReader reader = new PgnReader(new StringReader("]]] }}} \"\"\" 1. e4 ~~ *\n[Event \"ok\"]\n1. d4 *\n"), "junk.pgn");
        List<PgnGame> games = readAll(reader);
        assertEquals(1, games.size());
        assertEquals("ok", games.get(0).tag("Event"));
        assertEquals(1, reader.skipped());
    }

    @Test
    void latinOneBytesCostACharacterNotTheGame(@TempDir Path dir) throws IOException {
        byte[] name = "[White \"Ren\u00e9\"]\n1. e4 *\n".getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("latin1.pgn"), name);
        try (PgnReader reader = PgnReader.open(file)) {
            PgnGame game = reader.next();
            assertEquals("Ren\ufffd", game.tag("White"));
            assertEquals(List.of("e4"), game.moves());
            assertNull(reader.next());
        }
    }

    /** The manifest's figures for twic0920.pgn: 2,245 games, results 895 / 695 / 655. */
    @Test
    void readsTheTwicFile() throws IOException {
        Map<GameResult, Integer> results = new EnumMap<>(GameResult.class);
        int games = 0;
        try (PgnReader reader = PgnReader.open(TestFiles.shared("pgn/twic0920.pgn"))) {
            PgnGame game;
            while ((game = reader.next()) != null) {
                games++;
                results.merge(game.result(), 1, Integer::sum);
                assertTrue(!game.moves().isEmpty() || game.result() != GameResult.UNKNOWN, game.description());
            }
            assertEquals(0, reader.skipped(), reader.warnings().toString());
            assertEquals(0, reader.warningCount(), reader.warnings().toString());
        }
        assertEquals(2245, games);
        assertEquals(Map.of(GameResult.WHITE_WINS, 895, GameResult.DRAW, 695, GameResult.BLACK_WINS, 655), results);
    }
}
