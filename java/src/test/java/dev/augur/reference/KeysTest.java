package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The keys: the Polyglot table against its data file, the example keys of the Polyglot
 * specification (which also pin the en-passant rule), and the pawn and material keys against
 * values printed by the native core's constexpr tables (lib/core/zobrist.h).
 */
class KeysTest {
    @Test
    void polyglotTableMatchesDataFile() {
        List<String> lines = DataFiles.lines("polyglot_random64.txt");
        assertEquals(781, PolyglotRandom.size());
        for (int i = 0; i < 781; i++) {
            assertEquals(Long.parseUnsignedLong(lines.get(i).trim().substring(2), 16), PolyglotRandom.get(i), "number " + i);
        }
    }

    // The example positions of the Polyglot book format specification (tests/data/polyglot_keys.txt,
    // shared with the native keys test).
    @ParameterizedTest(name = "[{index}] {0} {1}")
    @MethodSource("specificationExamples")
    void polyglotSpecificationKeys(String expectedHex, String moves) {
        Position pos = Position.startPosition();
        for (String move : moves.split(" ")) {
            if (!move.isEmpty()) {
                pos.makeMove(Uci.parse(pos, move));
            }
        }
        assertEquals(Long.parseUnsignedLong(expectedHex, 16), pos.key(), Long.toHexString(pos.key()));
        assertEquals(Long.parseUnsignedLong(expectedHex, 16), Fen.parse(pos.toFen()).key(), "key from FEN");
    }

    /** The lines "KEY MOVES..." of tests/data/polyglot_keys.txt, as (key, moves) pairs. */
    static Stream<Arguments> specificationExamples() throws IOException {
        String dir = System.getProperty("augur.testdata");
        Assumptions.assumeTrue(dir != null, "augur.testdata is not set to tests/data");
        return Files.readAllLines(Path.of(dir, "polyglot_keys.txt"), StandardCharsets.UTF_8).stream()
            .filter(line -> !line.isBlank() && !line.startsWith("#"))
            .map(line -> line.trim().split("\\s+", 2))
            .map(f -> Arguments.of(f[0], f.length > 1 ? f[1] : ""));
    }

    @Test
    void enPassantSquareOnlyWhenAPawnStandsBeside() {
        Position pos = Position.startPosition();
        pos.makeMove(Uci.parse(pos, "e2e4"));
        assertEquals(Square.NONE, pos.epSquare());
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", pos.toFen());
        // The FEN's e3 is possible but no black pawn could take: dropped, same key.
        Position withEp = Fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assertEquals(Square.NONE, withEp.epSquare());
        assertEquals(pos.key(), withEp.key());
        // A pinned neighbour still counts (pseudo-legal adjacency), though it may not capture.
        Position pinned = Fen.parse("3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1");
        pinned.makeMove(Uci.parse(pinned, "e2e4"));
        assertEquals(Square.parse("e3"), pinned.epSquare());
        assertEquals("3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1", pinned.toFen());
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pinned, moves);
        assertFalse(moves.contains(Move.make(Square.parse("d4"), Square.parse("e3"), Move.EN_PASSANT)));
    }

    @Test
    void pawnAndMaterialKeysMatchNativeTables() {
        // Printed by a program built against lib/core/zobrist.h.
        assertEquals(0x1fdef750e7250f21L, Zobrist.material(Piece.NONE, 0));
        assertEquals(0x8f63b455331bf5bbL, Zobrist.material(Piece.make(Piece.WHITE, Piece.PAWN), 0));
        assertEquals(0x047b860ee03658b4L, Zobrist.material(Piece.make(Piece.BLACK, Piece.KING), 15));
        assertEquals(0x4296f19de84f7ab4L, Zobrist.material(15, 15));
        Position start = Position.startPosition();
        assertEquals(0xdf78efa98063d089L, start.materialKey());
        assertEquals(0x37fc40da841e1692L, start.pawnKey());
    }

    @Test
    void materialKeyDependsOnMaterialOnly() {
        Position a = Fen.parse("4k3/8/8/8/8/8/8/R3K2N w - - 0 1");
        Position b = Fen.parse("7k/8/8/4R3/8/1N6/8/K7 b - - 5 40");
        Position c = Fen.parse("4k3/8/8/8/8/8/8/R3K2B w - - 0 1");
        assertEquals(a.materialKey(), b.materialKey());
        assertNotEquals(a.materialKey(), c.materialKey());
        assertEquals(0, Fen.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").pawnKey());
    }

    @Test
    void nullMoveFlipsSideAndClearsEnPassant() {
        Position pos = Fen.parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        long key = pos.key();
        pos.makeNullMove();
        assertEquals(pos.computeKey(), pos.key());
        assertEquals(Square.NONE, pos.epSquare());
        pos.unmakeNullMove();
        assertEquals(key, pos.key());
        assertEquals(Square.parse("d6"), pos.epSquare());
    }
}
