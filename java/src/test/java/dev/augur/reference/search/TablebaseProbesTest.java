package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.reference.Fen;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where and when the Java search probes the tables, with a stand-in prober (the real one, the
 * native library's, is compared with the native search in the equivalence suite): the root's
 * ranking, which moves it leaves and the score it reports; probes inside the tree only at a
 * fifty-move counter of zero, within SyzygyProbeLimit and SyzygyProbeDepth; the counts; and the
 * reference on its own, which refuses tables and says so.
 */
class TablebaseProbesTest {
    // KRvK with the rook attacked: d2d3 leaves it to the king.
    private static final String ROOK_ATTACKED = "8/8/8/8/8/2k5/3R4/K7 w - - 0 1";
    // KRBvKR: captures lead into four-piece positions.
    private static final String FIVE_PIECES = "8/8/4k1r1/8/8/3K4/8/R1B5 w - - 0 1";

    /** Answers every probe with one value and records what it was asked. */
    private static final class StandIn implements TablebaseProbes {
        final int pieces;
        final int wdl;
        final List<String> probed = new ArrayList<>();
        final List<RootGame> ranked = new ArrayList<>();
        int rootRank = 1000;
        String losingMove;      // ranked 0 (a draw) at the root when set

        StandIn(int pieces, int wdl) {
            this.pieces = pieces;
            this.wdl = wdl;
        }

        @Override
        public int maxPieces() {
            return pieces;
        }

        @Override
        public int probeWdl(Position pos) {
            probed.add(pos.toFen());
            return wdl;
        }

        @Override
        public List<RankedMove> rankRootMoves(RootGame root, boolean rule50) {
            ranked.add(root);
            Position pos = Fen.parse(root.fen());
            for (String move : root.uciMoves()) pos.makeMove(Uci.parse(pos, move));
            List<RankedMove> moves = new ArrayList<>();
            dev.augur.reference.MoveList legal = new dev.augur.reference.MoveList();
            dev.augur.reference.MoveGenerator.generateAll(pos, legal);
            for (int m : legal.toArray()) {
                boolean loses = Uci.format(pos, m).equals(losingMove);
                moves.add(new RankedMove(m, loses ? 0 : rootRank, loses ? DRAW : wdl));
            }
            return moves;
        }
    }

    private static ReferenceEngine engineWith(StandIn tables, String fen, List<String> moves) {
        ReferenceEngine engine = new ReferenceEngine();
        engine.setTablebaseLoader(paths -> tables);
        engine.setOption("SyzygyPath", "/stand/in");
        engine.setPosition(fen, moves);
        return engine;
    }

    @Test
    void theReferenceOnItsOwnRefusesTablesAndSaysSo() {
        ReferenceEngine engine = new ReferenceEngine();
        String message = assertThrows(IllegalArgumentException.class,
            () -> engine.setOption("SyzygyPath", "/some/tables")).getMessage();
        assertTrue(message.contains("searches without tablebases"), message);
        assertEquals("", engine.getOption("SyzygyPath"));
        assertFalse(engine.searchesWithTablebases());
        engine.setPosition(ROOK_ATTACKED, List.of());
        ReferenceResult result = engine.search(ReferenceLimits.depth(4), null, null);
        assertEquals(0, result.tbProbes());
        assertEquals(0, result.tbHits());
    }

    @Test
    void aRootInTheTablesSearchesOnlyTheBestRankedMovesAndReportsTheirVerdict() {
        StandIn tables = new StandIn(4, TablebaseProbes.WIN);
        tables.losingMove = "d2d3";
        ReferenceEngine engine = engineWith(tables, ROOK_ATTACKED, List.of());
        assertTrue(engine.searchesWithTablebases());
        ReferenceResult result = engine.search(ReferenceLimits.depth(4), null, null);
        assertEquals(1, result.tbProbes());   // the root's ranking, and nothing inside the tree
        assertEquals(1, result.tbHits());
        assertTrue(tables.probed.isEmpty());
        assertEquals(Scores.tbWinIn(1), result.score());
        Position root = Fen.parse(ROOK_ATTACKED);
        assertNotEquals("d2d3", Uci.format(root, result.bestMove()));
        assertEquals(List.of(new TablebaseProbes.RootGame(ROOK_ATTACKED, List.of(), root.key())), tables.ranked);
        // Every line searched, with the tables' verdict as its score: d2d3 is not among them.
        engine.setOption("MultiPV", "256");
        List<ReferencePv> lines = new ArrayList<>();
        engine.search(ReferenceLimits.depth(2), null, new PvListener() {
            @Override
            public void onPv(ReferencePv info) {}

            @Override
            public void onIteration(ReferencePv info) {
                if (info.depth() == 2) lines.add(info);
            }
        });
        Position legal = Fen.parse(ROOK_ATTACKED);
        dev.augur.reference.MoveList all = new dev.augur.reference.MoveList();
        dev.augur.reference.MoveGenerator.generateAll(legal, all);
        assertEquals(all.toArray().length - 1, lines.size());
        for (ReferencePv line : lines) {
            assertNotEquals("d2d3", Uci.format(root, line.pv().get(0)));
            assertTrue(line.score() == Scores.tbWinIn(1) || Scores.isMate(line.score()), line.toString());
        }
    }

    @Test
    void theRootsGameGoesToTheRanking() {
        StandIn tables = new StandIn(4, TablebaseProbes.WIN);
        List<String> moves = List.of("d2h2", "c3b3", "h2d2", "b3c3");
        ReferenceEngine engine = engineWith(tables, ROOK_ATTACKED, moves);
        engine.search(ReferenceLimits.depth(2), null, null);
        assertEquals(moves, tables.ranked.get(0).uciMoves());
        assertEquals(ROOK_ATTACKED, tables.ranked.get(0).fen());
    }

    @Test
    void withTheFiftyMoveRuleACursedWinIsADrawPlusOne() {
        StandIn tables = new StandIn(4, TablebaseProbes.CURSED_WIN);
        tables.rootRank = 500;
        ReferenceEngine engine = engineWith(tables, ROOK_ATTACKED, List.of());
        assertEquals(Scores.DRAW + 1, engine.search(ReferenceLimits.depth(3), null, null).score());
        engine.setOption("Syzygy50MoveRule", "false");
        assertEquals(Scores.tbWinIn(1), engine.search(ReferenceLimits.depth(3), null, null).score());
    }

    @Test
    void theTreeProbesOnlyAtCounterZeroWithinTheLimits() {
        StandIn tables = new StandIn(4, TablebaseProbes.DRAW);
        ReferenceEngine engine = engineWith(tables, FIVE_PIECES, List.of());
        ReferenceResult result = engine.search(ReferenceLimits.depth(6), null, null);
        assertTrue(tables.ranked.isEmpty(), "five pieces: the root is not ranked");
        assertFalse(tables.probed.isEmpty(), "captures lead into four-piece positions");
        assertEquals(tables.probed.size(), result.tbProbes());
        assertEquals(tables.probed.size(), result.tbHits());
        for (String fen : tables.probed) {
            Position pos = Fen.parse(fen);
            assertEquals(0, pos.rule50(), fen);
            assertTrue(Long.bitCount(pos.occupied()) <= 4, fen);
        }
    }

    @Test
    void probeLimitAndProbeDepthStopTheTreesProbes() {
        StandIn limited = new StandIn(4, TablebaseProbes.DRAW);
        ReferenceEngine engine = engineWith(limited, FIVE_PIECES, List.of());
        engine.setOption("SyzygyProbeLimit", "3");
        engine.search(ReferenceLimits.depth(6), null, null);
        for (String fen : limited.probed) assertTrue(Long.bitCount(Fen.parse(fen).occupied()) <= 3, fen);

        StandIn shallow = new StandIn(4, TablebaseProbes.DRAW);
        ReferenceEngine deep = engineWith(shallow, FIVE_PIECES, List.of());
        deep.setOption("SyzygyProbeDepth", "100");
        ReferenceResult result = deep.search(ReferenceLimits.depth(6), null, null);
        assertTrue(shallow.probed.isEmpty());
        assertEquals(0, result.tbProbes());
    }

    @Test
    void aProbeThatFindsNothingIsCountedButNotAHit() {
        StandIn empty = new StandIn(4, TablebaseProbes.NOT_FOUND);
        ReferenceEngine engine = engineWith(empty, FIVE_PIECES, List.of());
        ReferenceResult result = engine.search(ReferenceLimits.depth(6), null, null);
        assertTrue(result.tbProbes() > 0);
        assertEquals(0, result.tbHits());
    }

    @Test
    void emptyingSyzygyPathStopsTheProbes() {
        StandIn tables = new StandIn(4, TablebaseProbes.WIN);
        ReferenceEngine engine = engineWith(tables, ROOK_ATTACKED, List.of());
        engine.setOption("SyzygyPath", "");
        assertFalse(engine.searchesWithTablebases());
        ReferenceResult result = engine.search(ReferenceLimits.depth(4), null, null);
        assertEquals(0, result.tbProbes());
        assertTrue(tables.ranked.isEmpty());
    }
}
