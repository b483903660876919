package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

/** The Java search: mates, draws, limits, the trace, and native results it must reproduce. */
class SearchTest {
    static ReferenceResult searchDepth(String fen, int depth) {
        return engineAt(fen).search(ReferenceLimits.depth(depth), null, null);
    }

    static ReferenceEngine engineAt(String fen, String... moves) {
        ReferenceEngine engine = new ReferenceEngine();
        engine.setPosition(fen, List.of(moves));
        return engine;
    }

    static String uci(String fen, List<String> moves, int move) {
        Position pos = Position.fromFen(fen);
        for (String m : moves) {
            pos.makeMove(Uci.parse(pos, m));
        }
        return Uci.format(pos, move);
    }

    /** Counts and checks the events of a trace; its digest identifies the tree. */
    static final class TraceStats implements TraceListener {
        long enters;
        long leaves;
        long nullMoves;
        long singularSearches;
        int depthOfStack;
        long digest = 17;
        final List<Integer> alphas = new ArrayList<>();
        final List<Integer> betas = new ArrayList<>();

        @Override
        public void enter(int ply, int depth, int alpha, int beta, long key, int move) {
            // A singular search enters the open node's own ply again.
            boolean singular = ply > 0 && ply == depthOfStack - 1;
            assertTrue(ply == depthOfStack || singular, "the ply is the number of open nodes");
            assertTrue(ply > 0 || move == Move.NONE, "no move leads to the root");
            singularSearches += singular ? 1 : 0;
            enters++;
            depthOfStack++;
            nullMoves += move == Move.NULL ? 1 : 0;
            alphas.add(alpha);
            betas.add(beta);
            digest = digest * 31 + ((long) ply << 48 ^ (long) depth << 32 ^ alpha * 65537L ^ beta ^ key ^ move);
        }

        @Override
        public void leave(int score, int bound, int bestMove) {
            int alpha = alphas.remove(alphas.size() - 1);
            int beta = betas.remove(betas.size() - 1);
            assertEquals(Bound.of(score, alpha, beta), bound);
            leaves++;
            depthOfStack--;
            digest = digest * 31 + (score * 7L ^ bound ^ (long) bestMove << 20);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "back rank | 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 | 1 | a1a8",
        "back rank, black | r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1 | 1 | a8a1",
        "WAC.004 | r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1 | 2 | ",
        "WAC.005 | 5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1 | 2 | ",
        "BK.01 | 1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1 | 3 | d6d1",
        "WAC.158 | 5rk1/n1p1R1bp/p2p4/1qpP1QB1/7P/2P3P1/PP3P2/6K1 w - - 0 1 | 3 | ",
    })
    void matesAreFoundWithTheExactDistance(String name, String fen, int moves, String bestMove) {
        ReferenceEngine engine = engineAt(fen);
        ReferenceResult result = engine.search(ReferenceLimits.depth(2 * moves + 5), null, null);
        assertEquals(Scores.mateIn(2 * moves - 1), result.score(), name);
        assertEquals(moves, result.mate());
        if (bestMove != null) {
            assertEquals(bestMove, uci(fen, List.of(), result.bestMove()));
        }
    }

    @Test
    void theMateLimitEndsTheSearchOnceTheMateIsFound() {
        ReferenceEngine engine = engineAt("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        ReferenceResult result = engine.search(ReferenceLimits.mate(1), null, null);
        assertEquals(1, result.depth());
        assertEquals(Scores.mateIn(1), result.score());
    }

    @Test
    void checkmatedOrStalematedAtTheRootThereIsNoMove() {
        ReferenceResult mated = searchDepth("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 3);
        assertEquals(Scores.matedIn(0), mated.score());
        assertEquals(Move.NONE, mated.bestMove());
        assertEquals(0, mated.nodes());
        ReferenceResult stalemate = searchDepth("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
        assertEquals(Scores.DRAW, stalemate.score());
        assertEquals(Move.NONE, stalemate.bestMove());
    }

    @Test
    void aMoveIntoAThreefoldRepetitionOfTheGameIsADraw() {
        String fen = "7k/8/8/8/8/8/8/R2Q2K1 w - - 0 1";
        List<String> shuffle = List.of("g1h1", "h8g8", "h1g1", "g8h8", "g1h1", "h8g8", "h1g1");
        for (int depth : new int[] {1, 4, 8}) {
            ReferenceResult result = engineAt(fen, shuffle.toArray(String[]::new))
                .search(ReferenceLimits.depth(depth), null, null);
            assertEquals(Scores.DRAW, result.score(), "depth " + depth);
            assertEquals("g8h8", uci(fen, shuffle, result.bestMove()));
        }
        ReferenceResult noHistory = engineAt("6k1/8/8/8/8/8/8/R2Q2K1 b - - 0 1")
            .search(ReferenceLimits.depth(4), null, null);
        assertTrue(noHistory.score() < -500, "without the game's moves the same position is lost");
    }

    @Test
    void theFiftyMoveRuleDrawsUnlessTheHundredthPlyMates() {
        ReferenceResult queenDown = searchDepth("4k3/8/8/8/8/8/8/3QK3 b - - 99 80", 4);
        assertEquals(Scores.DRAW, queenDown.score());
        String fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80";
        ReferenceResult mate = engineAt(fen).search(ReferenceLimits.depth(4), null, null);
        assertEquals(Scores.mateIn(1), mate.score());
        assertEquals("a1a8", uci(fen, List.of(), mate.bestMove()));
        String pawnFen = "4k3/8/8/8/8/8/P7/3QK3 w - - 99 80";
        ReferenceResult pawnMove = engineAt(pawnFen).search(ReferenceLimits.depth(3), null, null);
        assertTrue(pawnMove.score() > 500);
        assertEquals("a2", uci(pawnFen, List.of(), pawnMove.bestMove()).substring(0, 2),
            "only a pawn move keeps the win");
    }

    @Test
    void aNodeLimitStopsAtThatNode() {
        // The root itself never checks the limit (as native): a limit of 1 stops at the second node.
        assertEquals(2, engineAt(null).search(ReferenceLimits.nodes(1), null, null).nodes());
        for (long limit : new long[] {2, 50, 1234, 20000}) {
            ReferenceResult result = engineAt(null).search(ReferenceLimits.nodes(limit), null, null);
            // As natively, a node whose reduced search was stopped still enters its re-search,
            // which returns at once: the count may pass the limit by a node or two per ply.
            assertTrue(result.nodes() >= limit && result.nodes() <= limit + 2 * Scores.MAX_PLY,
                result.nodes() + " nodes for a limit of " + limit);
            assertTrue(result.bestMove() != Move.NONE, "a stopped search still names a move");
        }
        assertEquals(20000, engineAt(null).search(ReferenceLimits.nodes(20000), null, null).nodes(),
            "the native count (JNI engine, same trace)");
    }

    /**
     * Stopped at the first node below the root, a search has no root move done and plays the
     * first move it tried: the first of the root move ordering (the table's move, then as the
     * move picker orders the rest), as native does.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/3ppp2/3PPP2/3QKB2 w - - 0 1",
        "4k3/8/8/8/8/8/3PPP2/3QKB2 w - - 0 1",
        "4k3/8/8/8/8/3p1p2/3PpP2/3QKB2 w - - 0 1",
        "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
    })
    void aSearchStoppedBeforeAnyRootMoveIsDonePlaysTheFirstOfTheRootOrdering(String fen) {
        ReferenceEngine engine = engineAt(fen);
        ReferenceResult stopped = engine.search(ReferenceLimits.nodes(1), null, null);
        // No table move and no history yet: the move picker's first move.
        MovePicker picker = new MovePicker();
        picker.reset(Position.fromFen(fen), Move.NONE, null, -1, new SearchHistory(), true, false);
        assertEquals(Uci.format(Position.fromFen(fen), picker.next()), uci(fen, List.of(), stopped.bestMove()));
        assertEquals(0, stopped.depth());
        assertEquals(List.of(stopped.bestMove()), stopped.pv());

        // After a search, the table's move for the root comes first.
        ReferenceResult searched = engine.search(ReferenceLimits.depth(5), null, null);
        assertEquals(searched.bestMove(), engine.search(ReferenceLimits.nodes(1), null, null).bestMove());

        // Restricted to searchmoves, the first allowed move of that ordering.
        MoveList legal = new MoveList();
        MoveGenerator.generateAll(Position.fromFen(fen), legal);
        int last = legal.toArray()[legal.size() - 1];
        ReferenceResult restricted = engineAt(fen).search(ReferenceLimits.nodes(1).withSearchMoves(List.of(last)),
            null, null);
        assertEquals(last, restricted.bestMove());
    }

    @Test
    void theTracePairsEveryNodeAndCountsThem() {
        ReferenceEngine engine = engineAt("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        TraceStats trace = new TraceStats();
        ReferenceResult result = engine.search(ReferenceLimits.depth(6), trace, null);
        assertEquals(result.nodes(), trace.enters);
        assertEquals(trace.enters, trace.leaves);
        assertEquals(0, trace.depthOfStack);
        assertTrue(trace.nullMoves > 0, "null moves are traced with code 65");
    }

    /**
     * A singular search is a node entered at the ply of the node still open above it (the same
     * position, searched again without its table move); when it fails low, the node's next child
     * is its table move, extended to at least the node's own depth.
     */
    static final class SingularTrace implements TraceListener {
        record Node(int ply, int depth, int alpha, int beta, long key) {
        }

        final List<Node> open = new ArrayList<>();
        final List<Integer> awaitingChild = new ArrayList<>();  // indices into open: table move singular
        int searches;
        int wellFormed;  // at (depth - 1) / 2 of their node, on a null window, with its key
        int failedLow;
        int extended;

        @Override
        public void enter(int ply, int depth, int alpha, int beta, long key, int move) {
            if (!awaitingChild.isEmpty() && last(awaitingChild) + 1 == open.size() && ply == last(open).ply() + 1) {
                extended += depth >= last(open).depth() ? 1 : 0;
                awaitingChild.remove(awaitingChild.size() - 1);
            }
            if (!open.isEmpty() && ply == last(open).ply() && ply > 0) {
                Node node = last(open);
                searches++;
                wellFormed += key == node.key() && depth == (node.depth() - 1) / 2 && beta == alpha + 1 ? 1 : 0;
            }
            open.add(new Node(ply, depth, alpha, beta, key));
        }

        @Override
        public void leave(int score, int bound, int bestMove) {
            Node left = open.remove(open.size() - 1);
            if (!open.isEmpty() && last(open).ply() == left.ply() && score < left.beta()) {
                failedLow++;
                awaitingChild.add(open.size() - 1);
            }
            while (!awaitingChild.isEmpty() && last(awaitingChild) >= open.size()) {
                awaitingChild.remove(awaitingChild.size() - 1);
            }
        }

        private static <T> T last(List<T> list) {
            return list.get(list.size() - 1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    })
    void aSingularTableMoveIsSearchedAgainstTheOthersAndExtended(String fen) {
        ReferenceEngine engine = engineAt(fen);
        engine.setOption("SingularExtensions", "true");
        SingularTrace on = new SingularTrace();
        engine.search(ReferenceLimits.depth(10), on, null);
        assertTrue(on.searches > 0, "singular searches");
        assertEquals(on.searches, on.wellFormed);
        assertTrue(on.failedLow > 0, "singular table moves");
        assertEquals(on.failedLow, on.extended);

        ReferenceEngine without = engineAt(fen);
        without.setOption("SingularExtensions", "false");
        SingularTrace off = new SingularTrace();
        without.search(ReferenceLimits.depth(10), off, null);
        assertEquals(0, off.searches);
    }

    @Test
    void aSearchIsAFunctionOfPositionOptionsAndTable() {
        String fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
        ReferenceEngine engine = engineAt(fen);
        TraceStats first = new TraceStats();
        engine.search(ReferenceLimits.depth(7), first, null);
        TraceStats again = new TraceStats();
        engine.search(ReferenceLimits.depth(7), again, null);
        assertNotEquals(first.digest, again.digest, "the table and history persist between searches");
        engine.newGame();
        TraceStats afterNewGame = new TraceStats();
        engine.search(ReferenceLimits.depth(7), afterNewGame, null);
        assertEquals(first.digest, afterNewGame.digest, "newGame forgets everything learned");
        TraceStats fresh = new TraceStats();
        engineAt(fen).search(ReferenceLimits.depth(7), fresh, null);
        assertEquals(first.digest, fresh.digest);
    }

    @Test
    void changingTheReductionTableChangesTheSearch() {
        SearchParams params = SearchParams.standard();
        assertEquals(0, params.lmrReduction(1, 30), "(192 + 0) / 256");
        assertEquals(1, params.lmrReduction(3, 3), "(192 + 384 * 384 / 1024) / 256");
        assertEquals(3, params.lmrReduction(8, 20), "(192 + 768 * 1088 / 1024) / 256");
        ReferenceEngine standard = new ReferenceEngine();
        ReferenceResult base = standard.search(ReferenceLimits.depth(8), null, null);
        for (int depth = 3; depth < 20; depth++) {
            for (int move = 3; move < 60; move++) {
                params.setLmrReduction(depth, move, 0);
            }
        }
        ReferenceEngine altered = new ReferenceEngine(params);
        ReferenceResult changed = altered.search(ReferenceLimits.depth(8), null, null);
        assertNotEquals(base.nodes(), changed.nodes());
        params.clearLmrOverrides();
        assertEquals(base.nodes(), new ReferenceEngine(params).search(ReferenceLimits.depth(8), null, null).nodes());
    }

    @Test
    void log2FixedIsThePiecewiseLinearLogarithmInUnitsOf256() {
        assertEquals(0, SearchParams.log2Fixed(1));
        assertEquals(256, SearchParams.log2Fixed(2));
        assertEquals(384, SearchParams.log2Fixed(3));
        assertEquals(512 + 64, SearchParams.log2Fixed(5));
        assertEquals(7 * 256 + 256 * 72 / 128, SearchParams.log2Fixed(200));
    }

    /**
     * Native results of a fresh engine with default options at depth 9 (augur's JNI engine,
     * compared node for node with this port): nodes, score and best move.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 11205 | 21 | d2d4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 | 20153 | 86 | b4f4",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 | 21739 | 403 | d7c8q",
        "8/8/8/1N6/n7/3N4/k7/2K5 w - - 0 1 | 6120 | 78 | c1c2",  // KNNvKN: its mate in 4 shows at depth 10
        "8/8/1p1k4/1P6/2PK4/8/8/8 w - - 0 1 | 4440 | 147 | d4d3",
    })
    void reproducesNativeResults(String fen, long nodes, int score, String bestMove) {
        ReferenceResult result = engineAt(fen).search(ReferenceLimits.depth(9), null, null);
        assertEquals(nodes, result.nodes());
        assertEquals(score, result.score());
        assertEquals(bestMove, uci(fen, List.of(), result.bestMove()));
        assertEquals(9, result.depth());
    }

    /**
     * Native results at depth 9 of a fresh engine with the switches that are off by default
     * turned on (augur's UCI engine, setoption before ucinewgame): the equivalence suite's profiles
     * switch off only what is on, so this is where the Java port of those features meets native.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | InternalIterativeReduction | 5886 | 21 | d2d4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 | InternalIterativeReduction | 12038 | 29 | b4f4",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 | InternalIterativeReduction | 20538 | 388 | d7c8r",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | ProbCut | 11203 | 21 | d2d4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 | ProbCut | 19382 | 86 | b4f4",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 | ProbCut | 27376 | 382 | d7c8r",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | Razoring | 11199 | 21 | d2d4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 | Razoring | 15305 | 24 | b4f4",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 | Razoring | 29964 | 400 | d7c8r",
    })
    void reproducesNativeResultsWithOptInFeatures(String fen, String switches, long nodes, int score, String bestMove) {
        ReferenceEngine engine = engineAt(fen);
        for (String name : switches.split(" ")) {
            engine.setOption(name, "true");
        }
        ReferenceResult result = engine.search(ReferenceLimits.depth(9), null, null);
        assertEquals(nodes, result.nodes());
        assertEquals(score, result.score());
        assertEquals(bestMove, uci(fen, List.of(), result.bestMove()));
    }
}
