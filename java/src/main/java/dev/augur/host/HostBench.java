package dev.augur.host;

import dev.augur.SearchLimits;
import dev.augur.SearchListeners;
import dev.augur.SearchResult;
import dev.augur.reference.search.BenchPositions;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * The bench through a host's search backend, as native {@code augur bench} runs it: every bench
 * position searched to one depth after a new game (cleared table and history), with the engine's
 * current options, one line per position as it finishes, then the total. The total node count is
 * the search's fingerprint, the same for the native and the Java search; the speed is the
 * backend's.
 */
final class HostBench {
    /** The bench's totals: nodes and milliseconds summed over the positions, as the engine timed them. */
    record Total(long nodes, long millis) {
        /** Nodes per second; as native, a bench faster than a millisecond counts as one. */
        long nps() {
            return millis > 0 ? nodes * 1000 / millis : nodes * 1000;
        }
    }

    private HostBench() {}

    /** Runs the bench at depth on engine, writing its lines to out. */
    static Total run(SearchBackend engine, int depth, Consumer<String> out) throws CommandException {
        List<String> fens = BenchPositions.FENS;
        long nodes = 0;
        long millis = 0;
        for (int i = 0; i < fens.size(); i++) {
            String fen = fens.get(i);
            engine.newGame();
            engine.setPosition(fen, false, List.of());
            SearchResult result = search(engine, depth);
            nodes += result.nodes();
            millis += result.timeMillis();
            String best = result.bestMove() == null ? "0000" : MoveText.uci(result.bestMove(), false);
            out.accept("position " + (i + 1) + "/" + fens.size() + ": " + fen + "  nodes " + result.nodes()
                    + "  bestmove " + best);
        }
        Total total = new Total(nodes, millis);
        out.accept("bench depth " + depth + ": " + fens.size() + " positions in " + millis + " ms");
        out.accept(nodes + " nodes " + total.nps() + " nps");
        return total;
    }

    private static SearchResult search(SearchBackend engine, int depth) throws CommandException {
        try {
            return engine.start(SearchLimits.depth(depth), SearchListeners.NONE).join();
        } catch (CompletionException e) {
            throw new CommandException("bench search failed: " + e.getCause());
        }
    }
}
