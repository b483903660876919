package dev.augur.reference.eval;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.augur.reference.Fen;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

/**
 * The network cross-check: the Java NnueEvaluator against the native one, number for number, on
 * the reference tests/eval/nnue_dump writes for each test network (tests/nnue; the build passes
 * the files in augur.network.NAME and the dumps in augur.nnueref.NAME) and for the built-in
 * network's file, which Java reads from its jar (Network.builtIn()). Every position is
 * evaluated from scratch, through a fresh search start, and every position one move later
 * through the move hooks, as native did.
 */
class NativeNnueReferenceTest {
    private static final int MAX_REPORTED = 10;

    @ParameterizedTest
    @ValueSource(strings = {"screlu256", "crelu128", "screlu128x8", "builtin"})
    void javaEvaluatesEveryPositionAsNative(String name) throws IOException {
        Network network = name.equals("builtin") ? Network.builtIn() : Network.load(Path.of(property("augur.network." + name)));
        List<String> lines = Files.readAllLines(Path.of(property("augur.nnueref." + name)), StandardCharsets.UTF_8);
        assertTrue(lines.size() > 500, "positions in the dump: " + lines.size());
        NnueEvaluator evaluator = new NnueEvaluator(network);
        long compared = 0;
        List<String> mismatches = new ArrayList<>();
        for (String line : lines) {
            String[] parts = line.split("\\|", -1);
            for (int i = 0; i < parts.length; ++i) parts[i] = parts[i].trim();
            String fen = parts[0];
            Position pos = Fen.parse(fen);
            compared += check(mismatches, fen, Integer.parseInt(parts[1]), NnueEvaluator.evaluateFromScratch(network, pos));
            evaluator.onSearchStart(pos);
            compared += check(mismatches, fen, Integer.parseInt(parts[1]), evaluator.evaluate(pos));
            String[] moves = parts[2].isEmpty() ? new String[0] : parts[2].split(" ");
            for (int i = 0; i < moves.length; i += 2) {
                int move = Uci.parse(pos, moves[i]);
                evaluator.onMove(pos, move);
                pos.makeMove(move);
                compared += check(mismatches, fen + " " + moves[i], Integer.parseInt(moves[i + 1]), evaluator.evaluate(pos));
                pos.unmakeMove(move);
                evaluator.onUndoMove(pos, move);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " mismatches of " + compared + " values; the first:\n  "
                + String.join("\n  ", mismatches.subList(0, Math.min(MAX_REPORTED, mismatches.size()))));
        }
        assertTrue(compared > 10000, "values compared: " + compared);
    }

    private static int check(List<String> mismatches, String where, int expected, int actual) {
        if (expected != actual) mismatches.add(where + ": native " + expected + ", Java " + actual);
        return 1;
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null, "the build passes " + name);
        return value;
    }
}
