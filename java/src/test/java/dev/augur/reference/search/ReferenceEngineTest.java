package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** The engine facade: options as native names and checks them, positions, stop. */
class ReferenceEngineTest {
    @Test
    void everyOptionHasTheTablesDefault() {
        ReferenceEngine engine = new ReferenceEngine();
        // engine, strength, evaluation choice, tablebases, search switches, evaluation terms, endgame scaling
        assertEquals(7 + 3 + 2 + 4 + 24 + 21 + 1, OptionTable.ENGINE.size());
        for (OptionSpec spec : OptionTable.ENGINE) {
            if (spec.type() == OptionSpec.Type.BUTTON) {
                assertThrows(IllegalArgumentException.class, () -> engine.getOption(spec.name()));
            } else {
                assertEquals(spec.defaultValue(), engine.getOption(spec.name()), spec.name());
            }
        }
        assertEquals("16", engine.getOption("Hash"));
        assertEquals("10", engine.getOption("Move Overhead"));
        assertEquals("true", engine.getOption("Eval_piece_square"));
    }

    @Test
    void aLineOfOneMoveStillNamesTheTablesReplyToPonderOn() {
        // As native: a depth-1 line is its move alone, and the deeper search before it left the
        // reply to every root move in the table.
        String fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        ReferenceEngine engine = new ReferenceEngine();
        engine.setPosition(fen, List.of());
        engine.search(ReferenceLimits.depth(9), null, null);
        ReferenceResult result = engine.search(ReferenceLimits.depth(1), null, null);
        assertEquals(1, result.pv().size());
        assertNotEquals(0, result.ponderMove());
        dev.augur.reference.Position after = dev.augur.reference.Position.fromFen(fen);
        after.makeMove(result.bestMove());
        assertTrue(after.isLegal(result.ponderMove()));
    }

    @Test
    void evalFileAndEvalChooseTheNetworkAndRefuseWhatCannotWork() {
        String network = System.getProperty("augur.network.crelu128");
        ReferenceEngine engine = new ReferenceEngine();
        engine.setPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", List.of());
        int handCrafted = engine.evaluate();
        int builtIn = dev.augur.reference.eval.NnueEvaluator.evaluateFromScratch(
            dev.augur.reference.eval.Network.builtIn(), dev.augur.reference.Fen.parse(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
        assertNotEquals(handCrafted, builtIn);
        engine.setOption("Eval", "nnue");  // no file: the built-in network
        assertEquals(builtIn, engine.evaluate());
        engine.setOption("Eval", "hce");
        String missing = assertThrows(IllegalArgumentException.class,
            () -> engine.setOption("EvalFile", "/no/such/network.nnue")).getMessage();
        assertTrue(missing.contains("cannot open network file"), missing);
        assertEquals("", engine.getOption("EvalFile"));
        engine.setOption("EvalFile", network);
        assertEquals(handCrafted, engine.evaluate());
        engine.setOption("Eval", "nnue");
        assertEquals(dev.augur.reference.eval.NnueEvaluator.evaluateFromScratch(
            dev.augur.reference.eval.Network.load(java.nio.file.Path.of(network)), dev.augur.reference.Fen.parse(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")), engine.evaluate());
        engine.search(ReferenceLimits.depth(5), null, null);
        engine.setOption("EvalFile", "");  // back to the built-in network, at once
        assertEquals(builtIn, engine.evaluate());
        engine.setOption("Eval", "hce");
        assertEquals(handCrafted, engine.evaluate());
    }

    @Test
    void switchingAnEvaluationTermEmptiesTheTable() {
        String fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
        ReferenceEngine switched = new ReferenceEngine();
        switched.setOption("Hash", "1");
        switched.setPosition(fen, List.of());
        switched.search(ReferenceLimits.depth(6), null, null);
        assertTrue(switched.hashfull() > 0);
        switched.setOption("Eval_material", "true"); // no change: the table stays
        assertTrue(switched.hashfull() > 0);
        switched.setOption("Eval_material", "false");
        assertEquals(0, switched.hashfull());
        ReferenceResult afterSwitch = switched.search(ReferenceLimits.depth(6), null, null);

        ReferenceEngine control = new ReferenceEngine();
        control.setOption("Hash", "1");
        control.setPosition(fen, List.of());
        control.search(ReferenceLimits.depth(6), null, null);
        control.setOption("Eval_material", "false");
        control.clearHash();
        ReferenceResult expected = control.search(ReferenceLimits.depth(6), null, null);
        assertEquals(expected.score(), afterSwitch.score());
        assertEquals(expected.nodes(), afterSwitch.nodes());
    }

    @Test
    void namesAndBooleanValuesMatchInAnyCapitalisation() {
        ReferenceEngine engine = new ReferenceEngine();
        engine.setOption("nullmove", "FALSE");
        assertEquals("false", engine.getOption("NullMove"));
        engine.setOption("EVAL_PIECE_SQUARE", "False");
        assertEquals("false", engine.getOption("Eval_piece_square"));
        engine.setOption("eval_endgamescaling", "false");
        assertEquals("false", engine.getOption("Eval_EndgameScaling"));
        engine.setOption("hash", "1");
        assertEquals("1", engine.getOption("HASH"));
        engine.setOption("multipv", "3");
        engine.setOption("move overhead", "0");
        engine.setOption("THREADS", "4");
        engine.setOption("Clear Hash", "");
        assertEquals("3", engine.getOption("MultiPV"));
        assertEquals("0", engine.getOption("Move Overhead"));
        assertEquals("4", engine.getOption("Threads"));
    }

    @Test
    void badNamesAndValuesAreRefusedWithTheNativeMessage() {
        ReferenceEngine engine = new ReferenceEngine();
        assertMessage("unknown option 'Nonsense'", () -> engine.setOption("Nonsense", "1"));
        assertMessage("Hash must be a whole number from 1 to 65536", () -> engine.setOption("Hash", "0"));
        assertMessage("Hash must be a whole number from 1 to 65536", () -> engine.setOption("Hash", "+5"));
        assertMessage("Hash must be a whole number from 1 to 65536", () -> engine.setOption("Hash", " 5"));
        assertMessage("Threads must be a whole number from 1 to 256", () -> engine.setOption("Threads", "257"));
        assertMessage("MultiPV must be a whole number from 1 to 256", () -> engine.setOption("MultiPV", "x"));
        assertMessage("Move Overhead must be a whole number from 0 to 5000",
            () -> engine.setOption("Move Overhead", "-1"));
        assertMessage("option NullMove takes true or false", () -> engine.setOption("NULLMOVE", "1"));
        assertMessage("option Ponder takes true or false", () -> engine.setOption("Ponder", "yes"));
        assertMessage("option Eval_mobility takes true or false", () -> engine.setOption("eval_mobility", "on"));
        assertThrows(IllegalArgumentException.class, () -> engine.setOption("Hash", "65536"),
            "beyond what one Java array holds");
        assertThrows(IllegalArgumentException.class, () -> engine.getOption("Clear Hash"));
        assertThrows(IllegalArgumentException.class, () -> engine.getOption("Eval_nothing"));
        assertEquals("16", engine.getOption("Hash"), "a refused value changes nothing");
        assertEquals("true", engine.getOption("NullMove"));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    @Test
    void aBadPositionIsRefusedAndTheOldOneKept() {
        ReferenceEngine engine = new ReferenceEngine();
        engine.setPosition(null, List.of("e2e4"));
        String fen = engine.fen();
        assertThrows(IllegalArgumentException.class, () -> engine.setPosition("not a fen", List.of()));
        IllegalArgumentException illegal = assertThrows(IllegalArgumentException.class,
            () -> engine.setPosition(null, List.of("e2e4", "e7e5", "e1e3")));
        assertTrue(illegal.getMessage().startsWith("uci_moves[2]"), illegal.getMessage());
        assertEquals(fen, engine.fen());
    }

    @Test
    void multiPvReportsTheLinesBestFirst() {
        ReferenceEngine engine = new ReferenceEngine();
        engine.setOption("MultiPV", "3");
        List<ReferencePv> lines = new java.util.ArrayList<>();
        PvListener listener = new PvListener() {
            @Override
            public void onPv(ReferencePv info) {}

            @Override
            public void onIteration(ReferencePv info) {
                if (info.depth() == 5) {
                    lines.add(info);
                }
            }
        };
        ReferenceResult result = engine.search(ReferenceLimits.depth(5), null, listener);
        assertEquals(3, lines.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(i + 1, lines.get(i).multipv());
        }
        assertTrue(lines.get(0).score() >= lines.get(1).score() && lines.get(1).score() >= lines.get(2).score());
        assertEquals(lines.get(0).pv().get(0).intValue(), result.bestMove());
        assertEquals(3, lines.stream().map(l -> l.pv().get(0)).distinct().count(), "three different first moves");
    }

    @Test
    void anInfiniteSearchRunsUntilStopped() throws Exception {
        ReferenceEngine engine = new ReferenceEngine();
        engine.setPosition("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", List.of());
        CompletableFuture<ReferenceResult> future =
            CompletableFuture.supplyAsync(() -> engine.search(ReferenceLimits.infiniteSearch(), null, null));
        Thread.sleep(200);
        assertTrue(!future.isDone(), "an infinite search holds its result even after finding the mate");
        engine.stop();
        ReferenceResult result = future.get(10, TimeUnit.SECONDS);
        assertEquals(Scores.mateIn(1), result.score());
    }

    @Test
    void aMoveTimeEndsTheSearch() {
        ReferenceEngine engine = new ReferenceEngine();
        long start = System.nanoTime();
        ReferenceResult result = engine.search(ReferenceLimits.moveTime(300), null, null);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5000, millis + " ms");
        assertTrue(result.bestMove() != 0);
    }

    /**
     * As native (tests/capi/limits_tests.cpp): a Hash the memory cannot hold is refused with a
     * message, the option keeps its old value, the table its old size, and the engine searches on.
     * A child JVM with a 64 MB heap makes the refusal certain on any machine.
     */
    @Test
    void aHashTheHeapCannotHoldIsRefusedAndTheEngineSearchesOn() throws Exception {
        String classPath = System.getProperty("augur.test.classpath");
        assumeTrue(classPath != null, "needs -Daugur.test.classpath");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process process = new ProcessBuilder(java, "-Xmx64m", "-cp", classPath, HashRefusalProbe.class.getName(), "1024")
                .redirectErrorStream(true)
                .start();
        String output;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            output = lines.lines().collect(Collectors.joining("\n"));
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the probe did not end");
        assertEquals(0, process.exitValue(), output);
        assertEquals(String.join("\n",
                "refused: out of memory: no room for a table of 1024 MB; the table keeps its old size, emptied",
                "Hash " + ReferenceEngine.DEFAULT_HASH_MB, "move true", "then Hash 8", "move true"), output);
    }
}
