package dev.augur.host;

import dev.augur.Bound;
import dev.augur.Move;
import dev.augur.PvInfo;
import dev.augur.SearchListeners;
import java.util.function.BooleanSupplier;

/**
 * The report of one XBoard search: thinking lines ({@code depth score time nodes pv}) while the
 * GUI wants them, and the search's progress (its depth and the root move it is on), for the
 * {@code stat01} answer to {@code .}. The listeners run on the engine's native thread and only
 * write output and one volatile field.
 */
final class ThinkingReport {
    /**
     * Where the search is: the iteration, and the root move it started last with its 1-based
     * number (0 and null before the first currmove report, which comes after a second).
     */
    private record Progress(int depth, int moveNumber, String move) {}

    private final HostOutput out;
    private final boolean chess960;
    private final BooleanSupplier show; // post, read at each line so that post/nopost act at once
    private final int rootMoves;
    private final long startNanos = System.nanoTime();
    // Written only by the native thread, read by the session thread for stat01.
    private volatile Progress progress = new Progress(0, 0, null);

    ThinkingReport(HostOutput out, boolean chess960, BooleanSupplier show, int rootMoves) {
        this.out = out;
        this.chess960 = chess960;
        this.show = show;
        this.rootMoves = rootMoves;
    }

    SearchListeners listeners() {
        return SearchListeners.NONE.withPv(this::report).withIteration(this::report).withCurrmove(this::currmove);
    }

    private void report(PvInfo info) {
        Progress now = progress;
        progress = new Progress(info.depth(), now.moveNumber(), now.move());
        // A line that is only a bound (an aspiration fail high or low) would show the GUI a score
        // the search has not established; xboard has no way to mark it. And xboard shows one line.
        if (info.bound() != Bound.EXACT || info.multipv() > 1 || !show.getAsBoolean()) return;
        out.line(SearchText.thinkingLine(info, chess960));
    }

    private void currmove(Move move, int number, int depth) {
        progress = new Progress(depth, number, MoveText.uci(move, chess960));
    }

    /**
     * "stat01: time nodes depth movesleft movestotal [move]", as the native binary answers:
     * nodes is the engine's live count (Engine.nodesSearched), movesleft the root moves after the
     * one being searched, and the move the one being searched, once the search has said.
     */
    String stat01(long nodes) {
        Progress now = progress;
        long centiseconds = (System.nanoTime() - startNanos) / 10_000_000;
        String text = "stat01: " + centiseconds + " " + nodes + " " + now.depth() + " "
                + Math.max(rootMoves - now.moveNumber(), 0) + " " + rootMoves;
        if (now.move() != null) text += " " + now.move();
        return text;
    }
}
