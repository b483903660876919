package dev.augur.host;

import dev.augur.Bound;
import dev.augur.Color;
import dev.augur.Move;
import dev.augur.PvInfo;
import dev.augur.SearchResult;
import dev.augur.reference.search.WdlModel;
import java.util.Optional;

/**
 * The words a search report becomes in each protocol, written as the native binary writes them
 * (docs/PROTOCOLS.md), so that a GUI sees the same engine whichever host runs it.
 */
final class SearchText {
    /** XBoard's mate scores: 100000 + N for a mate in N, -100000 - N for being mated in N. */
    static final int XBOARD_MATE = 100000;
    /** A tablebase win as a GUI is shown it, less the plies to it (as the native binary writes it). */
    static final int TB_WIN_CENTIPAWNS = 20000;

    private SearchText() {}

    /** "cp 35" or "mate -2" (moves), then " lowerbound" / " upperbound" for a bound. */
    static String uciScore(int score, int mate, Bound bound) {
        String text = mate != 0 ? "mate " + mate : "cp " + displayedCentipawns(score);
        if (bound == Bound.LOWER) text += " lowerbound";
        if (bound == Bound.UPPER) text += " upperbound";
        return text;
    }

    /** Nodes per second; a report in the search's first millisecond counts as one millisecond. */
    static long nps(long nodes, long millis) {
        return nodes * 1000 / Math.max(millis, 1);
    }

    /**
     * A score as a GUI is shown it, as the native binary writes it: a tablebase win (see
     * {@link SearchResult#TB_WIN}) becomes 20000 centipawns less the plies to it; others are unchanged.
     */
    static int displayedCentipawns(int score) {
        int plies = SearchResult.TB_WIN - Math.abs(score);
        boolean tablebase = plies >= 0 && plies <= 128;
        if (!tablebase) return score;
        return score > 0 ? TB_WIN_CENTIPAWNS - plies : -TB_WIN_CENTIPAWNS + plies;
    }

    /** " nodes N nps N hashfull H tbhits N time T", the counts of an info line. */
    static String uciCounts(long nodes, long millis, int hashfull, long tbHits) {
        return " nodes " + nodes + " nps " + nps(nodes, millis) + " hashfull " + hashfull + " tbhits " + tbHits
                + " time " + millis;
    }

    /** "info depth ... multipv ... score ... nodes ... nps ... hashfull ... tbhits ... time ... pv ..." for one line. */
    static String uciInfo(PvInfo info, boolean chess960) {
        return uciInfo(info, chess960, UciSearchReport.NO_WDL);
    }

    /**
     * The same with "wdl W D L" after the score (the model's permille for the root's material
     * wdlMaterial), unless wdlMaterial is UciSearchReport.NO_WDL.
     */
    static String uciInfo(PvInfo info, boolean chess960, int wdlMaterial) {
        StringBuilder text = new StringBuilder(180);
        text.append("info depth ").append(info.depth())
                .append(" seldepth ").append(info.seldepth())
                .append(" multipv ").append(Math.max(info.multipv(), 1))
                .append(" score ").append(uciScore(info.score(), info.mate(), info.bound()));
        if (wdlMaterial != UciSearchReport.NO_WDL) {
            WdlModel.Permille wdl = WdlModel.permille(info.score(), wdlMaterial);
            text.append(" wdl ").append(wdl.win()).append(' ').append(wdl.draw()).append(' ').append(wdl.loss());
        }
        text.append(uciCounts(info.nodes(), info.timeMillis(), info.hashfull(), info.tbHits()));
        if (!info.pv().isEmpty()) {
            text.append(" pv");
            for (String move : MoveText.uci(info.pv(), chess960)) text.append(' ').append(move);
        }
        return text.toString();
    }

    /** "info depth D currmove M currmovenumber K": the search starts on root move K of iteration D. */
    static String uciCurrmove(Move move, int number, int depth, boolean chess960) {
        return "info depth " + depth + " currmove " + MoveText.uci(move, chess960) + " currmovenumber " + number;
    }

    /** Centipawns, or XBoard's mate numbers. */
    static int xboardScore(int score, int mate) {
        if (mate == 0) return displayedCentipawns(score);
        return mate > 0 ? XBOARD_MATE + mate : -XBOARD_MATE + mate;
    }

    /** XBoard's thinking output: "depth score centiseconds nodes pv". */
    static String thinkingLine(PvInfo info, boolean chess960) {
        StringBuilder text = new StringBuilder(120);
        text.append(info.depth()).append(' ')
                .append(xboardScore(info.score(), info.mate())).append(' ')
                .append(info.timeMillis() / 10).append(' ')
                .append(info.nodes());
        for (String move : MoveText.uci(info.pv(), chess960)) text.append(' ').append(move);
        return text.toString();
    }

    /** The claim an XBoard engine makes when the game in pos has ended by the rules, if it has. */
    static Optional<String> resultClaim(HostGame pos) {
        switch (pos.gameStatus()) {
            case CHECKMATE:
                return Optional.of(pos.sideToMove() == Color.BLACK ? "1-0 {White mates}" : "0-1 {Black mates}");
            case STALEMATE:
                return Optional.of("1/2-1/2 {Draw by stalemate}");
            case THREEFOLD_REPETITION:
                return Optional.of("1/2-1/2 {Draw by repetition}");
            case FIFTY_MOVE_RULE:
                return Optional.of("1/2-1/2 {Draw by fifty-move rule}");
            case INSUFFICIENT_MATERIAL:
                return Optional.of("1/2-1/2 {Draw by insufficient material}");
            default:
                return Optional.empty();
        }
    }
}
