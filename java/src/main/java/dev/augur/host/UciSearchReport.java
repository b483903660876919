package dev.augur.host;

import dev.augur.Move;
import dev.augur.PvInfo;
import dev.augur.SearchListeners;
import dev.augur.SearchResult;

/**
 * The report of one UCI search: its {@code info} lines as the native search finds them (lines,
 * and after the search's first second the root move it is on), then {@code bestmove}. The listeners and {@link #finish} run on the engine's native thread and only
 * write output, so the search never waits for the session.
 */
final class UciSearchReport {
    private final HostOutput out;
    private final boolean chess960;
    private final int wdlMaterial; // the root's WdlModel.material, or NO_WDL
    // The last line of multipv 1. Written and read on the native thread; if finish() runs on the
    // session thread instead (the search had ended before it was attached), the future's
    // completion orders the accesses.
    private PvInfo lastMain;
    private volatile boolean answered; // set just before the bestmove is written

    /** For a session without UCI_ShowWDL: no wdl in the info lines. */
    static final int NO_WDL = -1;

    /** wdlMaterial: the root position's material for "wdl W D L" after the score, or NO_WDL. */
    UciSearchReport(HostOutput out, boolean chess960, int wdlMaterial) {
        this.out = out;
        this.chess960 = chess960;
        this.wdlMaterial = wdlMaterial;
    }

    /** True once the search has ended and its bestmove is being, or has been, written. */
    boolean answered() {
        return answered;
    }

    /** Every change of a line, every completed iteration and every root move, each as one info line. */
    SearchListeners listeners() {
        return SearchListeners.NONE.withPv(this::write).withIteration(this::write).withCurrmove(this::writeCurrmove);
    }

    private void writeCurrmove(Move move, int number, int depth) {
        out.line(SearchText.uciCurrmove(move, number, depth, chess960));
    }

    private void write(PvInfo info) {
        out.line(SearchText.uciInfo(info, chess960, wdlMaterial));
        if (info.multipv() <= 1) lastMain = info;
    }

    /**
     * Writes a last info line with the final counts when the search stopped after its last report
     * (at a node limit or a stop), then "bestmove X [ponder Y]". Shaped for
     * {@code CompletableFuture.handle}.
     */
    Void finish(SearchResult result, Throwable error) {
        answered = true;
        if (error != null) {
            // A search only fails when it runs out of memory; the GUI still needs an answer.
            out.line("info string error search failed: " + Words.printable(String.valueOf(error.getMessage()), 200));
            out.line("bestmove 0000");
            return null;
        }
        if (lastMain == null) {
            // Stopped before any root move was searched: counts only, as the native binary writes them.
            out.line("info" + SearchText.uciCounts(result.nodes(), result.timeMillis(), 0, 0));
        } else if (lastMain.nodes() != result.nodes()) {
            write(new PvInfo(lastMain.depth(), Math.max(lastMain.seldepth(), result.seldepth()), lastMain.score(),
                    lastMain.mate(), lastMain.bound(), result.nodes(), result.timeMillis(), lastMain.pv(),
                    lastMain.multipv(), lastMain.hashfull(), lastMain.tbHits()));
        }
        out.line(bestmoveLine(result));
        return null;
    }

    private String bestmoveLine(SearchResult result) {
        if (result.bestMove() == null) return "bestmove 0000";
        String text = "bestmove " + MoveText.uci(result.bestMove(), chess960);
        if (result.ponderMove() != null) text += " ponder " + MoveText.uci(result.ponderMove(), chess960);
        return text;
    }
}
