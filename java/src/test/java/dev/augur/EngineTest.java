package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Engine through JNI: options, positions, search results, evaluation, and errors on bad input. */
class EngineTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    @Test
    void versionMatchesTheJar() {
        assertEquals(AugurVersion.VERSION, Engine.version());
    }

    @Test
    void searchesToAFixedDepth() throws AugurException {
        try (Engine engine = new Engine(); Position position = new Position()) {
            SearchResult result = engine.search(SearchLimits.depth(6));
            assertEquals(6, result.depth());
            assertNotNull(result.bestMove());
            assertTrue(position.legalMoves().contains(result.bestMove()));
            assertEquals(result.bestMove(), result.pv().get(0));
            assertTrue(result.nodes() > result.qnodes());
            assertTrue(result.ttProbes() >= result.ttHits());
            assertEquals(START, engine.fen());
        }
    }

    @Test
    void searchIsDeterministic() throws AugurException {
        try (Engine a = new Engine(); Engine b = new Engine()) {
            a.setPosition(List.of("e2e4", "c7c5"));
            b.setPosition(List.of("e2e4", "c7c5"));
            SearchResult first = a.search(SearchLimits.depth(7));
            SearchResult second = b.search(SearchLimits.depth(7));
            assertEquals(first.nodes(), second.nodes());
            assertEquals(first.pv(), second.pv());
        }
    }

    @Test
    void findsAMate() throws AugurException {
        try (Engine engine = new Engine()) {
            engine.setPosition("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", List.of());
            SearchResult result = engine.search(SearchLimits.depth(4));
            assertEquals(1, result.mate());
            assertEquals(SearchResult.MATE - 1, result.score());
            assertEquals("d1d8", result.bestMove().toString());
        }
    }

    @Test
    void nodeLimit() throws AugurException {
        try (Engine engine = new Engine()) {
            SearchResult result = engine.search(SearchLimits.nodes(5000));
            assertTrue(result.nodes() >= 5000 && result.nodes() < 5100, "nodes " + result.nodes());
            assertNotNull(result.bestMove());
        }
    }

    @Test
    void options() throws AugurException {
        try (Engine engine = new Engine()) {
            List<OptionInfo> options = engine.options();
            OptionInfo hash = options.stream().filter(o -> o.name().equals("Hash")).findFirst().orElseThrow();
            assertEquals(OptionInfo.Type.SPIN, hash.type());
            engine.setOption("hash", 1);
            assertEquals("1", engine.getOption("Hash"));
            AugurException bad = assertThrows(AugurException.class, () -> engine.setOption("Hash", "lots"));
            assertEquals(AugurException.INVALID_ARGUMENT, bad.code());
            assertTrue(bad.nativeMessage().contains("Hash"), bad.nativeMessage());
            assertEquals(AugurException.INVALID_ARGUMENT,
                    assertThrows(AugurException.class, () -> engine.setOption("NoSuchOption", "1")).code());
            assertEquals(AugurException.INVALID_ARGUMENT,
                    assertThrows(AugurException.class, () -> engine.getOption("NoSuchOption")).code());
            assertEquals("1", engine.getOption("Hash"));
        }
    }

    @Test
    void countsTablebaseProbesAndHits() throws AugurException {
        String data = System.getProperty("augur.testdata");
        Assumptions.assumeTrue(data != null, "augur.testdata is not set to tests/data");
        try (Engine engine = new Engine()) {
            engine.setPosition("8/8/8/8/8/2k5/8/K6R w - - 0 1", List.of());  // KRvK, in the tables
            assertEquals(0, engine.search(SearchLimits.depth(3)).tbHits());
            try {
                engine.setOption("SyzygyPath", data + "/tablebases/syzygy");
            } catch (AugurException e) {
                // Only a library built without libfathom may refuse the tables.
                Assumptions.assumeFalse(e.nativeMessage().contains("no Syzygy support"), e.nativeMessage());
                throw e;
            }
            SearchResult result = engine.search(SearchLimits.depth(3));
            assertTrue(result.tbHits() >= 1, "tbHits " + result.tbHits());
            assertTrue(result.tbProbes() >= result.tbHits(), "tbProbes " + result.tbProbes());
            assertTrue(result.score() > SearchResult.TB_WIN - 128, "score " + result.score());
        }
    }

    @Test
    void badPositionsChangeNothing() throws AugurException {
        try (Engine engine = new Engine()) {
            engine.setPosition(List.of("d2d4"));
            String fen = engine.fen();
            assertEquals(AugurException.BAD_FEN,
                    assertThrows(AugurException.class, () -> engine.setPosition("x", List.of())).code());
            AugurException illegal = assertThrows(AugurException.class,
                    () -> engine.setPosition(null, List.of("e2e4", "e2e4")));
            assertEquals(AugurException.ILLEGAL_MOVE, illegal.code());
            assertTrue(illegal.nativeMessage().contains("e2e4"), illegal.nativeMessage());
            assertThrows(NullPointerException.class,
                    () -> engine.setPosition(null, java.util.Arrays.asList("e2e4", null)));
            assertEquals(fen, engine.fen());
        }
    }

    @Test
    void setsThePositionFromAPositionObject() throws AugurException {
        Position position = new Position();
        try (Engine engine = new Engine()) {
            position.playUci("g1f3");
            position.playUci("g8f6");
            engine.setPosition(position);
            assertEquals(position.fen(), engine.fen());
            position.close();
            assertThrows(IllegalStateException.class, () -> engine.setPosition(position));
        } finally {
            position.close();
        }
    }

    @Test
    void evaluation() throws AugurException {
        try (Engine engine = new Engine()) {
            engine.setPosition("4k3/4pp2/8/8/8/8/8/3QK3 w - - 0 1", List.of());
            Evaluation eval = engine.evaluate();
            assertTrue(eval.total() > 500);
            assertEquals(eval.totalWhite(), eval.terms().stream().mapToInt(EvalTerm::finalValue).sum());
            assertNotNull(eval.term("material"));
            assertFalse(eval.dead());
            // A known ending: the endgame layer's function gives the value, the terms' finals are 0.
            engine.setPosition("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", List.of());
            Evaluation known = engine.evaluate();
            assertEquals("kxk", known.endgameRule());
            assertTrue(known.total() > 10000);
            assertEquals(0, known.terms().stream().mapToInt(EvalTerm::finalValue).sum());
            engine.setPosition("4k3/8/8/8/8/8/8/4K3 w - - 0 1", List.of());
            assertTrue(engine.evaluate().dead());
        }
    }

    @Test
    void badLimitsAreRefusedInJava() {
        assertThrows(IllegalArgumentException.class, () -> SearchLimits.depth(-1));
        assertThrows(IllegalArgumentException.class, () -> SearchLimits.nodes(-5));
    }
}
