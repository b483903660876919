package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random input for the PGN reader and the Polyglot book reader, the Java side's stand-in
 * for the libFuzzer targets of tests/fuzz (docs/TESTING.md). Each case mutates real input (PGN
 * text, book records keyed to real positions) or makes raw noise; whatever comes in, the readers
 * must refuse with their own exception or a counted warning, never throw anything else, and what
 * they accept must hold together: games replay or are skipped with a reason, book moves are legal.
 *
 * <p>The default suite runs 200 cases per test; the environment variable
 * {@code AUGUR_RANDOM_CASES=N} runs N per test and {@code AUGUR_RANDOM_SEED=S} another sequence
 * (a failure names its seed).
 */
class RandomInputTest {
    private static final int CASES = Integer.parseInt(System.getenv().getOrDefault("AUGUR_RANDOM_CASES", "200"));
    private static final long SEED = Long.parseLong(System.getenv().getOrDefault("AUGUR_RANDOM_SEED", "20261126"));

    /** PGN's own characters, so that mutations reach the reader's syntax rather than its decoder. */
    private static final String PGN_ALPHABET = "[]{}()\";%$.!?-+=#/*0123456789 \n\tabcdefghKQRBNOx\\\u00e9";

    @Test
    void pgnTextOfAnyShapeIsReadToTheEndAndEveryGameReplaysOrIsSkipped() throws IOException {
        List<String> seeds = List.of(PgnReaderTest.MIXED, twicStart());
        for (int n = 0; n < CASES; n++) {
            SplittableRandom random = new SplittableRandom(SEED + n);
            String text = mutate(seeds.get(random.nextInt(seeds.size())), random);
            String where = "seed " + (SEED + n);
            PgnReader reader = new PgnReader(new StringReader(text), where);
            BookBuilder builder = new BookBuilder(new BookBuilder.Options(1, 1024, 0, BookBuilder.Colours.BOTH));
            int games = 0;
            PgnGame game;
            while ((game = reader.next()) != null) {
                games++;
                builder.addGame(game);
            }
            assertNull(reader.next(), where + ": the end stays the end");
            assertEquals(games, builder.gamesAdded() + builder.gamesSkipped(), where);
            assertEquals(Math.min(reader.warningCount(), PgnReader.MAX_WARNINGS), reader.warnings().size(), where);
            List<BookEntry> entries = builder.build();
            for (int i = 1; i < entries.size(); i++) {
                assertTrue(BookWriter.FILE_ORDER.compare(entries.get(i - 1), entries.get(i)) <= 0, where + ": order");
            }
        }
    }

    @Test
    void booksOfAnyBytesAreRefusedOrOnlyGiveLegalMoves(@TempDir Path dir) throws IOException {
        for (int n = 0; n < CASES; n++) {
            SplittableRandom random = new SplittableRandom(SEED + n);
            List<Position> positions = randomGame(random);
            byte[] bytes = random.nextInt(4) == 0 ? noise(random) : records(positions, random);
            Path file = dir.resolve("case" + n + ".bin");
            Files.write(file, bytes);
            String where = "seed " + (SEED + n);
            PolyglotBook book;
            try {
                book = PolyglotBook.open(file);
            } catch (IOException refused) {
                assertNotNull(refused.getMessage(), where);
                continue;
            }
            assertEquals(bytes.length / PolyglotBook.ENTRY_SIZE, book.size(), where);
            for (Position pos : positions) checkProbe(book, pos, random, where);
        }
    }

    private static void checkProbe(PolyglotBook book, Position pos, SplittableRandom random, String where) {
        for (BookChooser.Policy policy : BookChooser.Policy.values()) {
            Optional<BookEntry> chosen = new BookChooser(book, policy, random.split()).choose(pos.key());
            if (chosen.isEmpty()) continue;
            BookEntry entry = chosen.get();
            assertEquals(pos.key(), entry.key(), where);
            int move = BookMoves.toMove(pos, entry);
            String uci = BookMoves.uci(pos, entry);
            String san = BookMoves.san(pos, entry);
            if (move == Move.NONE) {
                assertNull(uci, where);
                assertNull(san, where);
            } else {
                assertTrue(isLegal(pos, move), where + ": " + entry + " gave an illegal move in " + pos.toFen());
                assertEquals(move, San.parse(pos, san), where + ": " + san);
            }
        }
    }

    private static boolean isLegal(Position pos, int move) {
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        for (int i = 0; i < moves.size(); i++) {
            if (moves.get(i) == move) return true;
        }
        return false;
    }

    /** The positions of a random game of up to 40 plies from the start. */
    private static List<Position> randomGame(SplittableRandom random) {
        List<Position> positions = new ArrayList<>();
        Position pos = Position.startPosition();
        int plies = random.nextInt(41);
        for (int ply = 0; ply <= plies; ply++) {
            positions.add(pos.copy());
            MoveList moves = new MoveList();
            MoveGenerator.generateAll(pos, moves);
            if (moves.size() == 0) break;
            pos.makeMove(moves.get(random.nextInt(moves.size())));
        }
        return positions;
    }

    /**
     * Book records for these positions: real moves, moves from any square to any square with
     * any promotion code (all 16 bits), castling both ways, weights of 0 too; sorted by key as a
     * book must be, but now and then two records swapped or a few bytes cut or added.
     */
    private static byte[] records(List<Position> positions, SplittableRandom random) {
        List<BookEntry> entries = new ArrayList<>();
        for (Position pos : positions) {
            int count = random.nextInt(4);
            for (int i = 0; i < count; i++) {
                entries.add(new BookEntry(random.nextInt(8) == 0 ? random.nextLong() : pos.key(), bookMove(pos, random),
                    random.nextInt(3) == 0 ? 0 : random.nextInt(0x10000), random.nextInt()));
            }
        }
        entries.sort(BookWriter.FILE_ORDER);
        if (entries.size() > 1 && random.nextInt(6) == 0) {
            int i = random.nextInt(entries.size() - 1);
            entries.set(i, entries.set(i + 1, entries.get(i)));
        }
        ByteBuffer data = ByteBuffer.allocate(entries.size() * PolyglotBook.ENTRY_SIZE);
        for (BookEntry e : entries) {
            data.putLong(e.key()).putShort((short) e.move()).putShort((short) e.weight()).putInt(e.learn());
        }
        byte[] bytes = data.array();
        if (random.nextInt(8) == 0) {
            int length = Math.max(0, bytes.length + random.nextInt(-15, 16));
            bytes = java.util.Arrays.copyOf(bytes, length);
        }
        return bytes;
    }

    private static int bookMove(Position pos, SplittableRandom random) {
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(0x10000);
            case 1 -> BookEntry.encodeMove(random.nextInt(64), random.nextInt(64), "\0nbrq".charAt(random.nextInt(5)));
            default -> moves.size() == 0 ? 0 : BookMoves.polyglotMove(moves.get(random.nextInt(moves.size())));
        };
    }

    private static byte[] noise(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(5) * PolyglotBook.ENTRY_SIZE + (random.nextBoolean() ? 0 : random.nextInt(16))];
        random.nextBytes(bytes);
        return bytes;
    }

    /** The first games of the TWIC file (tests/data/pgn), or nothing when the data is absent. */
    private static String twicStart() throws IOException {
        String dir = System.getProperty("augur.testdata");
        Path file = dir == null ? null : Path.of(dir, "pgn", "twic0920.pgn");
        if (file == null || !Files.isRegularFile(file)) return PgnReaderTest.MIXED;
        byte[] start = new byte[12_000];
        try (var in = Files.newInputStream(file)) {
            int read = in.readNBytes(start, 0, start.length);
            return new String(start, 0, read, StandardCharsets.UTF_8);
        }
    }

    /** One to eight edits: characters inserted, deleted, replaced, a stretch repeated or cut. */
    static String mutate(String text, SplittableRandom random) {
        StringBuilder out = new StringBuilder(text);
        int edits = 1 + random.nextInt(8);
        for (int e = 0; e < edits; e++) {
            int at = out.length() == 0 ? 0 : random.nextInt(out.length());
            int span = Math.min(out.length() - at, 1 + random.nextInt(200));
            switch (random.nextInt(6)) {
                case 0 -> out.insert(at, PGN_ALPHABET.charAt(random.nextInt(PGN_ALPHABET.length())));
                case 1 -> out.delete(at, at + Math.min(span, 3));
                case 2 -> { if (at < out.length()) out.setCharAt(at, (char) random.nextInt(0x80)); }
                case 3 -> out.insert(at, out.substring(at, at + span));
                case 4 -> out.delete(at, at + span);
                default -> out.insert(at, randomText(random));
            }
        }
        return out.toString();
    }

    private static String randomText(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(40);
        for (int i = 0; i < length; i++) text.append(PGN_ALPHABET.charAt(random.nextInt(PGN_ALPHABET.length())));
        return text.toString();
    }
}
