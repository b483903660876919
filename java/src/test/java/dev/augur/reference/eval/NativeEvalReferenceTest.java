package dev.augur.reference.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;
import dev.augur.reference.search.BenchPositions;
import dev.augur.reference.search.SearchParams;

/**
 * The evaluation cross-check: compares the Java port, number by number, with the reference
 * that the native tests/eval/eval_dump writes (the build passes its path in the system property
 * augur.evalref; without it the test is skipped). Per position: evaluate(), the breakdown
 * (every term's White and Black mg/eg and final, phase, scale, rule, totals), evaluate() with
 * each term switched off in turn and with endgame scaling off, and for every capture and
 * promotion the exact SEE value and see_ge at -100, 0 and 100. The header's term and rule names
 * and weight tables are compared with the Java ones. A failure names the first mismatches with
 * their FEN and term.
 */
class NativeEvalReferenceTest {
    private static final int PAWN_HASH_ENTRIES = 1 << 8;  // as in the dump: small, so entries get replaced
    private static final int MAX_REPORTED = 10;
    private static List<String> lines;

    @BeforeAll
    static void load() throws IOException {
        String property = System.getProperty("augur.evalref");
        Assumptions.assumeTrue(property != null && Files.isRegularFile(Path.of(property)),
            "augur.evalref does not name the native evaluation reference (eval_reference.txt)");
        lines = Files.readAllLines(Path.of(property), StandardCharsets.UTF_8);
    }

    /** Counts the numbers compared and keeps the first mismatches. */
    private static final class Comparison {
        long numbers;
        int mismatches;
        final List<String> reported = new ArrayList<>();

        void check(String fen, String what, long expected, long actual) {
            numbers++;
            if (expected != actual) {
                mismatch(fen, what + ": native " + expected + ", Java " + actual);
            }
        }

        void check(String fen, String what, String expected, String actual) {
            numbers++;
            if (!expected.equals(actual)) {
                mismatch(fen, what + ": native " + expected + ", Java " + actual);
            }
        }

        void mismatch(String fen, String message) {
            if (mismatches++ < MAX_REPORTED) {
                reported.add(fen + " -- " + message);
            }
        }

        void assertNone() {
            if (mismatches > 0) {
                fail(mismatches + " mismatches of " + numbers + " numbers compared; the first:\n  "
                    + String.join("\n  ", reported));
            }
        }
    }

    @Test
    void namesWeightsAndPieceValuesMatch() {
        Map<String, int[]> nativeWeights = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            switch (f[0]) {
                case "terms" -> assertEquals(Arrays.stream(EvalTerm.values()).map(EvalTerm::id).toList(),
                    List.of(f).subList(1, f.length), "term names");
                case "rules" -> assertEquals(Arrays.stream(EndgameRule.values()).map(EndgameRule::id).toList(),
                    List.of(f).subList(1, f.length), "endgame rule names");
                case "weight" -> nativeWeights.put(f[1], ints(f, 2));
                case "see_values" -> {
                    int[] values = ints(f, 1);
                    for (int pt = 0; pt < values.length; pt++) {
                        assertEquals(values[pt], See.value(pt), "SEE value of piece type " + pt);
                    }
                }
                default -> { }
            }
        }
        Map<String, int[]> javaWeights = new LinkedHashMap<>();
        EvalWeights.defaults().forEach(javaWeights::put);
        assertSameTables(nativeWeights, javaWeights, "weight");
    }

    /**
     * The search parameters and bench positions: both languages' are generated from one table
     * (lib/search/search_params.table, lib/engine/bench.table), so this fails only when one side
     * changes them by hand.
     */
    @Test
    void searchParametersAndBenchPositionsMatch() {
        Map<String, int[]> nativeParams = new LinkedHashMap<>();
        List<String> nativeBench = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+", 2);
            switch (f[0]) {
                case "param" -> nativeParams.put(f[1].split("\\s+")[0], ints(f[1].split("\\s+"), 1));
                case "bench" -> nativeBench.add(f[1]);
                default -> { }
            }
        }
        Map<String, int[]> javaParams = new LinkedHashMap<>();
        SearchParams.standard().forEach(javaParams::put);
        assertSameTables(nativeParams, javaParams, "search parameter");
        assertEquals(nativeBench, BenchPositions.FENS, "bench positions");
    }

    private static void assertSameTables(Map<String, int[]> nativeTables, Map<String, int[]> javaTables, String what) {
        assertEquals(List.copyOf(nativeTables.keySet()), List.copyOf(javaTables.keySet()), what + " names");
        for (Map.Entry<String, int[]> e : nativeTables.entrySet()) {
            assertEquals(Arrays.toString(e.getValue()), Arrays.toString(javaTables.get(e.getKey())),
                what + " " + e.getKey());
        }
    }

    @Test
    void everyPositionMatchesTermForTerm() {
        long start = System.nanoTime();
        HandCraftedEvaluator all = new HandCraftedEvaluator(PAWN_HASH_ENTRIES);
        HandCraftedEvaluator unhashed = new HandCraftedEvaluator(0);
        HandCraftedEvaluator[] termOff = new HandCraftedEvaluator[EvalTerm.COUNT];
        for (EvalTerm term : EvalTerm.values()) {
            termOff[term.ordinal()] = new HandCraftedEvaluator(PAWN_HASH_ENTRIES);
            termOff[term.ordinal()].setOptions(new EvalOptions().set(term, false));
        }
        HandCraftedEvaluator noScaling = new HandCraftedEvaluator(PAWN_HASH_ENTRIES);
        noScaling.setOptions(new EvalOptions().setEndgameScaling(false));

        Comparison cmp = new Comparison();
        int positions = 0;
        int seeMoves = 0;
        MoveList moves = new MoveList();
        for (String line : lines) {
            if (!line.contains(" | ")) {
                continue;  // a header line
            }
            String[] sections = line.split(" \\| ");
            String fen = sections[0];
            positions++;
            Position pos;
            try {
                pos = Position.fromFen(fen);
            } catch (RuntimeException e) {
                cmp.mismatch(fen, "Java rejects the FEN: " + e.getMessage());
                continue;
            }

            String[] e = fields(sections[1], "eval");
            cmp.check(fen, "evaluate", Integer.parseInt(e[1]), all.evaluate(pos));
            cmp.check(fen, "evaluate without pawn hash", Integer.parseInt(e[1]), unhashed.evaluate(pos));

            EvalBreakdown bd = all.breakdown(pos);
            String[] b = fields(sections[2], "phase");
            cmp.check(fen, "phase", Integer.parseInt(b[1]), bd.phase());
            cmp.check(fen, "scale", Integer.parseInt(b[3]), bd.scale());
            cmp.check(fen, "rule", b[5], bd.rule().id());
            cmp.check(fen, "dead", Integer.parseInt(b[7]), bd.dead() ? 1 : 0);
            cmp.check(fen, "total (White)", Integer.parseInt(b[9]), bd.totalWhite());
            cmp.check(fen, "total", Integer.parseInt(b[11]), bd.total());
            cmp.check(fen, "breakdown without pawn hash", Integer.parseInt(b[11]), unhashed.breakdown(pos).total());

            int[] t = ints(fields(sections[3], "terms"), 1);
            assertEquals(5 * EvalTerm.COUNT, t.length, "terms of " + fen);
            for (EvalTerm term : EvalTerm.values()) {
                TermBreakdown tb = bd.term(term);
                int i = 5 * term.ordinal();
                String name = term.id();
                cmp.check(fen, name + " white mg", t[i], tb.white().mg());
                cmp.check(fen, name + " white eg", t[i + 1], tb.white().eg());
                cmp.check(fen, name + " black mg", t[i + 2], tb.black().mg());
                cmp.check(fen, name + " black eg", t[i + 3], tb.black().eg());
                cmp.check(fen, name + " final", t[i + 4], tb.finalWhite());
            }

            String[] off = fields(sections[4], "off");
            for (EvalTerm term : EvalTerm.values()) {
                cmp.check(fen, "evaluate with " + term.id() + " off", Integer.parseInt(off[1 + term.ordinal()]),
                    termOff[term.ordinal()].evaluate(pos));
            }
            assertEquals("noscale", off[1 + EvalTerm.COUNT], "profiles of " + fen);
            cmp.check(fen, "evaluate with endgame scaling off", Integer.parseInt(off[2 + EvalTerm.COUNT]),
                noScaling.evaluate(pos));

            String[] s = fields(sections[5], "see");
            MoveGenerator.generateNoisy(pos, moves);
            int[] noisy = moves.toArray();
            Arrays.sort(noisy);
            cmp.check(fen, "number of noisy moves", (s.length - 1) / 5, noisy.length);
            for (int k = 0; k < Math.min(noisy.length, (s.length - 1) / 5); k++) {
                int m = noisy[k];
                String uci = Uci.format(pos, m);
                cmp.check(fen, "noisy move " + k, s[1 + 5 * k], uci);
                cmp.check(fen, "exact SEE of " + uci, Integer.parseInt(s[2 + 5 * k]), exactSee(pos, m));
                int[] thresholds = {-100, 0, 100};
                for (int j = 0; j < 3; j++) {
                    cmp.check(fen, "see_ge(" + uci + ", " + thresholds[j] + ")", Integer.parseInt(s[3 + 5 * k + j]),
                        See.seeGe(pos, m, thresholds[j]) ? 1 : 0);
                }
                seeMoves++;
            }
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("evaluation cross-check: %d positions, %d SEE moves, %d numbers compared in %d ms%n",
            positions, seeMoves, cmp.numbers, ms);
        assertTrue(positions > 1000, "the reference holds only " + positions + " positions");
        cmp.assertNone();
    }

    /** The largest t with seeGe(t): the bisection of eval_dump.cpp's exact_see(), step for step. */
    static int exactSee(Position pos, int move) {
        final int bound = 32768;
        int lo = -bound;
        int hi = bound;
        if (!See.seeGe(pos, move, lo)) {
            return lo;
        }
        if (See.seeGe(pos, move, hi)) {
            return hi;
        }
        while (hi - lo > 1) {
            int mid = lo + (hi - lo) / 2;
            if (See.seeGe(pos, move, mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static String[] fields(String section, String keyword) {
        String[] f = section.trim().split("\\s+");
        assertEquals(keyword, f[0], "section " + section);
        return f;
    }

    private static int[] ints(String[] f, int from) {
        int[] values = new int[f.length - from];
        for (int i = from; i < f.length; i++) {
            values[i - from] = Integer.parseInt(f[i]);
        }
        return values;
    }
}
