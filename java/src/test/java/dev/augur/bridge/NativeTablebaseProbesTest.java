package dev.augur.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.AugurException;
import dev.augur.reference.Position;
import dev.augur.reference.search.ReferenceEngine;
import dev.augur.reference.search.ReferenceLimits;
import dev.augur.reference.search.ReferenceResult;
import dev.augur.reference.search.Scores;
import dev.augur.reference.search.TablebaseProbes;
import dev.augur.reference.search.TablebaseProbes.RankedMove;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The reference search's probes answered by the native tables (tests/data/tablebases/syzygy, the
 * 3-4 piece Syzygy tables): what crosses the bridge, and a reference engine searching with them.
 */
class NativeTablebaseProbesTest {
    private static final String KRK_WHITE = "8/8/8/8/8/2k5/8/K6R w - - 0 1";
    // KRvK, the rook on d2 beside the black king: moves that leave it to the king draw.
    private static final String ROOK_ATTACKED = "8/8/8/8/8/2k5/3R4/K7 w - - 0 1";

    static String tables() {
        String data = System.getProperty("augur.testdata");
        Assumptions.assumeTrue(data != null, "augur.testdata is not set to tests/data");
        return data + "/tablebases/syzygy";
    }

    // The repository's tables, or the test skipped in a build without libfathom.
    private static TablebaseProbes opened() {
        return openedAt(tables());
    }

    private static TablebaseProbes openedAt(String paths) {
        try {
            return NativeTablebaseProbes.open(paths);
        } catch (IllegalArgumentException e) {
            Assumptions.assumeFalse(e.getMessage().contains("no Syzygy support"), e.getMessage());
            throw e;
        }
    }

    @Test
    void probesCrossAsTheTablesAnswerThem() {
        TablebaseProbes probes = opened();
        assertEquals(4, probes.maxPieces());
        assertEquals(TablebaseProbes.WIN, probes.probeWdl(Position.fromFen(KRK_WHITE)));
        assertEquals(TablebaseProbes.LOSS, probes.probeWdl(Position.fromFen("8/8/8/8/8/2k5/8/K6R b - - 0 1")));
        assertEquals(TablebaseProbes.DRAW, probes.probeWdl(Position.fromFen("8/8/8/8/8/2k5/8/K5N1 w - - 0 1")));
        // The FEN carries the fifty-move counter: above zero the search's probe finds nothing.
        assertEquals(TablebaseProbes.NOT_FOUND, probes.probeWdl(Position.fromFen("8/8/8/8/8/2k5/8/K6R w - - 3 1")));
    }

    @Test
    void theRootsMovesComeBackRankedWithTheirResults() throws AugurException {
        TablebaseProbes probes = opened();
        Position root = Position.fromFen(ROOK_ATTACKED);
        List<RankedMove> ranked = probes.rankRootMoves(TablebaseProbes.RootGame.of(root), true);
        try (dev.augur.Position nativeRoot = dev.augur.Position.fromFen(ROOK_ATTACKED)) {
            assertEquals(nativeRoot.legalMoves().size(), ranked.size());
        }
        int best = ranked.stream().mapToInt(RankedMove::rank).max().orElseThrow();
        Set<Integer> wdlOfBest = ranked.stream().filter(move -> move.rank() == best).map(RankedMove::wdl)
                .collect(Collectors.toSet());
        assertEquals(Set.of(TablebaseProbes.WIN), wdlOfBest);
        assertTrue(ranked.stream().anyMatch(move -> move.wdl() == TablebaseProbes.DRAW), "a rook left to the king draws");
    }

    @Test
    void aPathWithoutTablesIsRefusedWithTheNativeMessage() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> NativeTablebaseProbes.open("/no/such/augur-tables"));
        Assumptions.assumeFalse(refused.getMessage().contains("no Syzygy support"), refused.getMessage());
        assertEquals("'/no/such/augur-tables' is not a directory", refused.getMessage());
    }

    @Test
    void aReferenceEngineGivenTheBridgeSearchesWithTheTables() {
        tables();
        ReferenceEngine engine = new ReferenceEngine();
        engine.setOption("Hash", "1");
        engine.setTablebaseLoader(NativeTablebaseProbesTest::openedAt);
        engine.setOption("SyzygyPath", tables());
        assertTrue(engine.searchesWithTablebases());
        engine.setPosition(KRK_WHITE, List.of());
        ReferenceResult result = engine.search(ReferenceLimits.depth(4), null, null);
        assertTrue(result.tbHits() > 0, "tbhits " + result.tbHits());
        assertTrue(result.score() >= Scores.TB_WIN_IN_MAX_PLY && !Scores.isMate(result.score()),
                "a tablebase win, not " + result.score());
        engine.setOption("SyzygyPath", "");
        assertFalse(engine.searchesWithTablebases());
    }
}
