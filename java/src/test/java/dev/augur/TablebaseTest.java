package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** dev.augur.Tablebase with the 3-4 piece tables of tests/data: loading, probes, misuse. */
class TablebaseTest {
    // KRvK, the rook on d2 beside the black king: moves that leave it to the king draw.
    private static final String ROOK_ATTACKED = "8/8/8/8/8/2k5/3R4/K7 w - - 0 1";

    private static String tables() {
        String data = System.getProperty("augur.testdata");
        Assumptions.assumeTrue(data != null, "augur.testdata is not set to tests/data");
        return data + "/tablebases/syzygy";
    }

    // The repository's tables loaded, or the test skipped in a build without libfathom.
    private static Tablebase loaded() throws AugurException {
        Tablebase tablebase = new Tablebase();
        try {
            tablebase.load(tables());
        } catch (AugurException e) {
            tablebase.close();
            Assumptions.assumeFalse(e.nativeMessage().contains("no Syzygy support"), e.nativeMessage());
            throw e;
        }
        return tablebase;
    }

    private static Optional<Tablebase.Outcome> probe(Tablebase tablebase, String fen) throws AugurException {
        try (Position position = Position.fromFen(fen)) {
            return tablebase.probeWdl(position);
        }
    }

    @Test
    void probesAnswerAsTheTablesDo() throws AugurException {
        try (Tablebase tablebase = loaded()) {
            assertEquals(4, tablebase.maxPieces());
            assertEquals(Optional.of(Tablebase.Outcome.WIN), probe(tablebase, "8/8/8/8/8/2k5/8/K6R w - - 0 1"));
            assertEquals(Optional.of(Tablebase.Outcome.LOSS), probe(tablebase, "8/8/8/8/8/2k5/8/K6R b - - 0 1"));
            assertEquals(Optional.of(Tablebase.Outcome.DRAW), probe(tablebase, "8/8/8/8/8/2k5/8/K5N1 w - - 0 1"));
            // Where the search's probe gets nothing: a counter above zero, castling rights, five pieces.
            assertEquals(Optional.empty(), probe(tablebase, "8/8/8/8/8/2k5/8/K6R w - - 3 1"));
            assertEquals(Optional.empty(), probe(tablebase, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
            assertEquals(Optional.empty(), probe(tablebase, "8/8/8/8/8/2k5/1p6/KR5R w - - 0 1"));
        }
    }

    @Test
    void rootMovesAreRankedAsTheSearchRanksThem() throws AugurException {
        try (Tablebase tablebase = loaded(); Position root = Position.fromFen(ROOK_ATTACKED)) {
            List<Tablebase.RankedMove> ranked = tablebase.rankRootMoves(root, true);
            assertEquals(root.legalMoves().size(), ranked.size());
            for (Tablebase.RankedMove move : ranked) {
                String uci = root.toUci(move.move());
                if (uci.equals("d2d8")) {
                    assertEquals(1000, move.rank());
                    assertEquals(Tablebase.Outcome.WIN, move.outcome());
                }
                if (uci.equals("d2d3")) {
                    assertEquals(0, move.rank());
                    assertEquals(Tablebase.Outcome.DRAW, move.outcome());
                }
            }
            try (Position castling = Position.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")) {
                assertTrue(tablebase.rankRootMoves(castling, false).isEmpty());
            }
        }
    }

    @Test
    void aFailedLoadKeepsTheTablesAndSaysWhy() throws AugurException {
        try (Tablebase tablebase = loaded()) {
            AugurException missing = assertThrows(AugurException.class, () -> tablebase.load("/no/such/directory"));
            assertEquals(AugurException.INVALID_ARGUMENT, missing.code());
            assertTrue(missing.nativeMessage().contains("is not a directory"), missing.nativeMessage());
            assertThrows(NullPointerException.class, () -> tablebase.load(null));
            assertEquals(4, tablebase.maxPieces());
            tablebase.load("");
            assertEquals(0, tablebase.maxPieces());
            assertEquals(Optional.empty(), probe(tablebase, "8/8/8/8/8/2k5/8/K6R w - - 0 1"));
        }
    }

    @Test
    void closedHandlesAndPositionsAreRefused() throws AugurException {
        Tablebase tablebase = new Tablebase();
        Position position = new Position();
        position.close();
        assertThrows(IllegalStateException.class, () -> tablebase.probeWdl(position));
        assertThrows(NullPointerException.class, () -> tablebase.rankRootMoves(null, true));
        tablebase.close();
        tablebase.close();
        try (Position open = new Position()) {
            assertThrows(IllegalStateException.class, () -> tablebase.probeWdl(open));
            assertThrows(IllegalStateException.class, tablebase::maxPieces);
        }
    }
}
