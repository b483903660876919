package dev.augur.host;

import dev.augur.Bound;
import dev.augur.Color;
import dev.augur.GameStatus;
import dev.augur.Move;
import dev.augur.PvInfo;
import dev.augur.SearchLimits;
import dev.augur.SearchListeners;
import dev.augur.SearchResult;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * What the host does when started by a person without a protocol: analyse one position for a few
 * seconds, printing the principal variation in SAN each time it changes, then the best move.
 * Written for reading, not for GUIs.
 */
final class DemoJob {
    private final PrintStream out;
    private final String fen;
    private final long millis;
    private final Backends backends;
    private PvInfo lastPrinted; // on the engine's search thread only

    /** fen null: the start position; backends: the search chosen at start-up. */
    DemoJob(PrintStream out, String fen, long millis, Backends backends) {
        this.out = out;
        this.fen = fen;
        this.millis = millis;
        this.backends = backends;
    }

    /**
     * Runs the analysis; interrupt is polled while it runs and ends it early when true (a protocol
     * command arrived). Returns 0, or 2 for a bad FEN.
     */
    int run(BooleanSupplier interrupt) throws CommandException, InterruptedException {
        HostGame root;
        try {
            root = HostGame.fromFen(fen, false);
        } catch (CommandException e) {
            out.println("bad FEN: " + e.getMessage());
            return 2;
        }
        try (SearchBackend engine = backends.create()) {
            out.printf(Locale.ROOT, "Augur %s (Java host): analysing %s for %s s%n", engine.version(), root.fen(),
                    seconds(millis));
            if (backends.notice() != null) out.println(backends.notice());
            GameStatus status = root.gameStatus();
            if (root.legalMoves().isEmpty()) {
                out.println("no legal moves: " + status.name().toLowerCase(Locale.ROOT));
                return 0;
            }
            engine.setPosition(root.startFen(), root.isChess960(), root.moves());
            SearchResult result = search(engine, root.copy(), interrupt);
            printResult(root, result);
            return 0;
        }
    }

    private SearchResult search(SearchBackend engine, HostGame board, BooleanSupplier interrupt)
            throws CommandException, InterruptedException {
        SearchListeners listeners = SearchListeners.NONE.withPv(info -> printLine(board, info))
                .withIteration(info -> printLine(board, info));
        CompletableFuture<SearchResult> future = engine.start(SearchLimits.moveTime(millis), listeners);
        for (;;) {
            try {
                return future.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillSearching) {
                if (interrupt.getAsBoolean()) engine.stop();
            } catch (ExecutionException e) {
                throw new IllegalStateException("the search failed", e.getCause());
            }
        }
    }

    /**
     * One report of the search; runs on the engine's search thread, with its own board. The end of
     * an iteration repeats the line last reported unless it changed since: printed once.
     */
    private void printLine(HostGame board, PvInfo info) {
        if (info.multipv() > 1 || sameLine(info, lastPrinted)) return;
        lastPrinted = info;
        String bound = info.bound() == Bound.LOWER ? "++" : info.bound() == Bound.UPPER ? "--" : "  ";
        out.printf(Locale.ROOT, "depth %2d/%-2d  score %7s%s  nodes %10d  nps %8d  time %6.2fs  pv %s%n",
                info.depth(), info.seldepth(), score(info.score(), info.mate()), bound, info.nodes(),
                SearchText.nps(info.nodes(), info.timeMillis()), info.timeMillis() / 1000.0, san(board, info.pv()));
    }

    private static boolean sameLine(PvInfo a, PvInfo b) {
        return b != null && a.depth() == b.depth() && a.score() == b.score() && a.mate() == b.mate()
                && a.bound() == b.bound() && a.pv().equals(b.pv());
    }

    private void printResult(HostGame root, SearchResult result) {
        Move best = result.bestMove();
        if (best == null) {
            out.println("no best move");
            return;
        }
        String bestSan = root.toSan(best);
        String expected = "";
        if (result.ponderMove() != null) {
            root.play(best);
            expected = ", expecting " + root.toSan(result.ponderMove());
            root.undo();
        }
        out.printf(Locale.ROOT, "best move: %s (%s), score %s, depth %d, %d nodes in %s s%s%n", bestSan,
                MoveText.uci(best, root.isChess960()), score(result.score(), result.mate()), result.depth(),
                result.nodes(), seconds(result.timeMillis()), expected);
    }

    /** "+0.35" in pawns, or "mate 3" / "mate -3" in moves. */
    static String score(int centipawns, int mate) {
        if (mate != 0) return "mate " + mate;
        return String.format(Locale.ROOT, "%+.2f", centipawns / 100.0);
    }

    /**
     * The line in SAN with move numbers, "12. Nf3 d5 13. c4" or "12... d5 13. c4", played on board
     * and taken back. A move that is not legal (never from a correct search) ends the text.
     */
    static String san(HostGame board, List<Move> line) {
        StringBuilder text = new StringBuilder();
        int played = 0;
        try {
            int fullmove = board.fullmoveNumber();
            boolean white = board.sideToMove() == Color.WHITE;
            for (Move move : line) {
                if (white) text.append(fullmove).append(". ");
                else if (played == 0) text.append(fullmove).append("... ");
                text.append(board.toSan(move)).append(' ');
                board.play(move);
                played++;
                if (!white) fullmove++;
                white = !white;
            }
        } catch (IllegalArgumentException notLegal) {
            text.append("?");
        } finally {
            for (; played > 0; played--) board.undo();
        }
        return text.toString().trim();
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f", millis / 1000.0);
    }
}
