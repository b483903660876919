package dev.augur.reference.search;

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

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;

/**
 * The move-ordering cross-check: compares the Java {@link MovePicker}'s complete order, move by
 * move, with the reference that the native tests/search/order_dump writes (the build passes its
 * path in the system property augur.orderref; without it the test is skipped). Six settings per
 * position (see order_dump.cpp): no hash move; a hash move; hash move, killers and history;
 * killers and history only; quiescence; quiescence skipping losing captures. The hash move,
 * killers and history come from the same recipe on both sides.
 */
class NativeOrderReferenceTest {
    private static final int MAX_REPORTED = 10;
    private static final int E2E4 = Move.make(12, 28);
    private static List<String> lines;

    @BeforeAll
    static void load() throws IOException {
        String property = System.getProperty("augur.orderref");
        Assumptions.assumeTrue(property != null && Files.isRegularFile(Path.of(property)),
            "augur.orderref does not name the native move-order reference (order_reference.txt)");
        lines = Files.readAllLines(Path.of(property), StandardCharsets.UTF_8);
    }

    /** The dump's recipe: a hash move, killers and a history, all from the sorted legal moves. */
    private static final class Recipe {
        final int hash;
        final int killer0;
        final int firstNoisyOrE2e4;
        final int lastQuiet;
        final SearchHistory history = new SearchHistory();

        Recipe(Position pos) {
            MoveList list = new MoveList();
            MoveGenerator.generateAll(pos, list);
            int[] legal = list.toArray();
            Arrays.sort(legal);
            List<Integer> quiets = new ArrayList<>();
            List<Integer> noisy = new ArrayList<>();
            for (int m : legal) {
                (pos.isCapture(m) || Move.kind(m) == Move.PROMOTION ? noisy : quiets).add(m);
            }
            hash = legal.length == 0 ? Move.NONE : legal[legal.length / 2];
            killer0 = quiets.isEmpty() ? Move.NONE : quiets.get(quiets.size() / 3);
            firstNoisyOrE2e4 = noisy.isEmpty() ? E2E4 : noisy.get(0);
            lastQuiet = quiets.isEmpty() ? Move.NONE : quiets.get(quiets.size() - 1);
            for (int side = 0; side < 2; side++) {
                for (int from = 0; from < 64; from++) {
                    for (int to = 0; to < 64; to++) {
                        history.setQuietScore(side, from, to, (from * 37 + to * 101 + side * 53) % 4001 - 2000);
                    }
                }
            }
        }

        SearchHistory killers(int first, int second) {
            SearchHistory killers = new SearchHistory();
            killers.setKiller(0, 0, first);
            killers.setKiller(0, 1, second);
            return killers;
        }
    }

    private static Map<String, List<Integer>> javaOrders(Position pos) {
        Recipe r = new Recipe(pos);
        Map<String, List<Integer>> orders = new LinkedHashMap<>();
        orders.put("plain", order(pos, Move.NONE, null, null, true, false));
        orders.put("hash", order(pos, r.hash, null, null, true, false));
        orders.put("full", order(pos, r.hash, r.killers(r.killer0, r.firstNoisyOrE2e4), r.history, true, false));
        orders.put("killers", order(pos, Move.NONE, r.killers(E2E4, r.lastQuiet), r.history, true, false));
        orders.put("qsearch", order(pos, r.hash, null, null, false, false));
        orders.put("qskip", order(pos, r.hash, null, null, false, true));
        return orders;
    }

    private static List<Integer> order(Position pos, int ttMove, SearchHistory killers, SearchHistory history,
                                       boolean quiets, boolean skipLosing) {
        return MovePickerTest.order(pos, ttMove, killers, history, quiets, skipLosing);
    }

    // "FEN | name c c c | name c c ..." into the FEN and the named orders.
    private static Map<String, List<Integer>> nativeOrders(String[] fields) {
        Map<String, List<Integer>> orders = new LinkedHashMap<>();
        for (int i = 1; i < fields.length; i++) {
            String[] words = fields[i].trim().split("\\s+");
            List<Integer> codes = new ArrayList<>();
            for (int w = 1; w < words.length; w++) {
                codes.add(Integer.parseInt(words[w]));
            }
            orders.put(words[0], codes);
        }
        return orders;
    }

    @Test
    void theJavaPickerOrdersEveryMoveAsNative() {
        int positions = 0;
        long moves = 0;
        int mismatches = 0;
        List<String> reported = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] fields = line.split("\\|");
            String fen = fields[0].trim();
            Map<String, List<Integer>> expected = nativeOrders(fields);
            Map<String, List<Integer>> actual = javaOrders(Position.fromFen(fen));
            assertEquals(expected.keySet(), actual.keySet(), "the dump's settings");
            for (String setting : expected.keySet()) {
                moves += expected.get(setting).size();
                if (!expected.get(setting).equals(actual.get(setting)) && mismatches++ < MAX_REPORTED) {
                    reported.add(fen + " -- " + setting + ": native " + expected.get(setting) + ", Java "
                        + actual.get(setting));
                }
            }
            positions++;
        }
        if (mismatches > 0) {
            fail(mismatches + " orders differ; the first:\n  " + String.join("\n  ", reported));
        }
        System.out.printf("move-order cross-check: %d positions, 6 settings, %d moves compared%n", positions, moves);
        assertTrue(positions >= 100, "only " + positions + " positions in the reference");
        assertTrue(moves > 10_000, "only " + moves + " moves compared");
    }
}
