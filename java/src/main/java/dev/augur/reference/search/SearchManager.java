package dev.augur.reference.search;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.augur.reference.Move;
import dev.augur.reference.Position;

/**
 * The duties of a search apart from the tree, the port of native SearchManager
 * (lib/search/manager.{h,cpp}): it leads one {@link SearchWorker} through a search, runs the
 * clock through {@link TimeManager} (not deterministic) and the ponderhit, takes stop requests,
 * reports root lines, iterations and the move being searched to the {@link PvListener}, decides
 * after each iteration whether to go on, holds infinite and ponder searches until they are
 * released, and makes the result from the worker's root moves; at a limited strength
 * ({@link StrengthPlay}) it caps the nodes, searches more lines than it reports and draws the
 * move from them. The Java engine searches with one thread, so there is no helper's manager.
 */
public final class SearchManager {
    /** Root moves are reported only after this long, so that short searches stay quiet (native CURRMOVE_DELAY_MS). */
    public static final long CURRMOVE_DELAY_MS = 1000;
    /** A timed search stops once it found a mate this many plies within the iteration depth. */
    static final int MATE_STOP_DEPTH_MARGIN = 2;

    private final TranspositionTable tt;
    private final SearchWorker worker;
    private int multiPv = 1;
    private int moveOverheadMs = 10;
    private int nodesTime;
    private boolean limitStrength;
    private int elo = 1500;
    private final StrengthPlay.Random random = new StrengthPlay.Random(0);
    private volatile boolean stopRequested;
    private volatile boolean ponderhitRequested;
    private final TimeManager time = new TimeManager();

    // Per-search state.
    private PvListener listener;
    private ReferenceLimits limits;
    private long startNanos;
    private List<RootMove> lastLines = List.of();  // the lines of the last completed iteration, best first

    public SearchManager(TranspositionTable tt, SearchWorker worker) {
        this.tt = tt;
        this.worker = worker;
    }

    public void setMultiPv(int lines) {
        multiPv = lines;
    }

    public int multiPv() {
        return multiPv;
    }

    public void setMoveOverheadMs(int ms) {
        moveOverheadMs = ms;
    }

    /** Nodes that count as one millisecond of the clock (0: the real clock), as native NodesTime. */
    public void setNodesTime(int nodes) {
        nodesTime = nodes;
    }

    public int moveOverheadMs() {
        return moveOverheadMs;
    }

    /** UCI_LimitStrength: play at the strength {@link #setElo} sets. */
    public void setLimitStrength(boolean limited) {
        limitStrength = limited;
    }

    /** UCI_Elo. */
    public void setElo(int elo) {
        this.elo = elo;
    }

    /** Seeds the draw of a move at a limited strength (0: a seed from the clock), as native seed_random. */
    public void seedRandom(long seed) {
        random.seed(seed != 0 ? seed : System.nanoTime());
    }

    /** Asks a running search to stop soon; callable from any thread. */
    public void requestStop() {
        stopRequested = true;
    }

    /** Forgets an earlier stop or ponderhit request; the owner calls it before a search. */
    public void clearStopRequest() {
        stopRequested = false;
        ponderhitRequested = false;
    }

    /**
     * The opponent played the expected move: a ponder search now runs on its clock, counted from
     * the moment the search notices (within {@value SearchWorker#POLL_INTERVAL_NODES} nodes or a
     * millisecond). Callable from any thread; no effect on a search that does not ponder.
     */
    public void requestPonderhit() {
        ponderhitRequested = true;
    }

    /**
     * Searches pos, whose move history counts for repetition, within limits; pos is left as it
     * was found. The caller calls {@link TranspositionTable#newSearch()} first, as native.
     */
    public ReferenceResult search(Position pos, ReferenceLimits limits, TraceListener tracer, PvListener listener) {
        this.listener = listener;
        this.limits = limitStrength ? capNodes(limits, StrengthPlay.nodeBudget(elo)) : limits;
        lastLines = List.of();
        try {
            startNanos = System.nanoTime();
            // As native: an infinite search has no clock; a ponder search's clock starts at ponderhit.
            time.start(this.limits.infinite() ? TimeControl.NONE : this.limits.timeControl(), moveOverheadMs,
                pos.gamePly(), this.limits.ponder(), startNanos);
            worker.search(pos, this.limits, this, tracer);
            holdUntilReleased();
            return result(pos);
        } finally {
            this.listener = null;
        }
    }

    private ReferenceResult result(Position pos) {
        if (worker.rootMoves().isEmpty()) {
            // Mated or stalemated: no move, no node searched.
            return result(Move.NONE, Move.NONE, pos.inCheck() ? Scores.matedIn(0) : Scores.DRAW, new int[0]);
        }
        if (limitStrength && !lastLines.isEmpty()) {
            List<Integer> scores = lastLines.stream().map(line -> line.score).collect(Collectors.toList());
            RootMove chosen = lastLines.get(StrengthPlay.chooseLine(scores, StrengthPlay.temperature(elo), random));
            return result(chosen.move, expectedReply(pos, chosen.pv), worker.displayedScore(chosen.move, chosen.score),
                chosen.pv);
        }
        SearchWorker.BestLine best = worker.bestLine();
        int[] pv = best.pv();
        return result(pv[0], expectedReply(pos, pv), worker.displayedScore(pv[0], best.score()), pv);
    }

    /**
     * The move to ponder on, as native: the line's second move, or, when the line stops after its
     * first, the table's move for the position after it, if legal there.
     */
    private int expectedReply(Position pos, int[] pv) {
        if (pv.length != 1) {
            return pv.length > 1 ? pv[1] : Move.NONE;
        }
        pos.makeMove(pv[0]);
        TTHit hit = new TTHit();
        tt.probe(pos.key(), 1, pos.rule50(), hit);
        int reply = hit.found && pos.isLegal(hit.move) ? hit.move : Move.NONE;
        pos.unmakeMove(pv[0]);
        return reply;
    }

    private static List<RootMove> copyLines(List<RootMove> lines) {
        List<RootMove> copies = new ArrayList<>(lines.size());
        for (RootMove line : lines) {
            copies.add(new RootMove(line));
        }
        return copies;
    }

    private static ReferenceLimits capNodes(ReferenceLimits limits, long budget) {
        return limits.withNodes(limits.nodes() != 0 ? Math.min(limits.nodes(), budget) : budget);
    }

    private ReferenceResult result(int best, int ponder, int score, int[] pv) {
        SearchStats stats = worker.stats();
        return new ReferenceResult(best, ponder, score, Scores.mateMoves(score), worker.completedDepth(),
            stats.seldepth, stats.nodes, stats.qnodes, stats.failHighs, stats.failHighsFirst, stats.ttProbes,
            stats.ttHits, stats.ttCutoffs, stats.tbHits, stats.tbProbes, elapsedMillis(), toList(pv));
    }

    private static List<Integer> toList(int[] moves) {
        List<Integer> list = new ArrayList<>(moves.length);
        for (int m : moves) {
            list.add(m);
        }
        return list;
    }

    // ---------------------------------------------------------------------------------------
    // What the worker asks (native WorkerManager)

    int lineCount(int rootMoves) {
        int lines = limitStrength ? Math.max(multiPv, StrengthParams.LINES) : multiPv;
        return Math.min(Math.max(1, lines), rootMoves);
    }

    /** A limited strength searches at least StrengthParams.LINES lines, but reports only MultiPV. */
    private int reportedLines(int rootMoves) {
        return Math.min(Math.max(1, multiPv), rootMoves);
    }

    int maxDepth(ReferenceLimits limits) {
        return limits.depth() > 0 ? Math.min(limits.depth(), Scores.MAX_PLY - 1) : Scores.MAX_PLY - 1;
    }

    boolean stopRequested() {
        return stopRequested;
    }

    /** Every {@value SearchWorker#POLL_INTERVAL_NODES} nodes: the ponderhit and the clock; true stops. */
    boolean poll() {
        checkPonderhit();
        return time.timed() && time.pastMaximum(clockNanos());
    }

    /** The root's best line changed, or an aspiration search failed (bound). */
    void onRootLine(int depth, int score, int bound, int[] pv, int line) {
        if (line <= reportedLines(worker.rootMoves().size())) {
            report(depth, score, bound, pv, line, false);
        }
    }

    /** The worker starts searching root move number (1-based) of iteration depth. */
    void onRootMove(int move, int number, int depth) {
        if (listener != null && elapsedMillis() >= CURRMOVE_DELAY_MS) {
            listener.onCurrmove(move, number, depth);
        }
    }

    /** Permille of the root moves' nodes, over all iterations so far, that went to the best move's. */
    private static int bestMoveNodeShare(List<RootMove> rootMoves) {
        long total = 0;
        for (RootMove rm : rootMoves) {
            total += rm.nodes;
        }
        return total != 0 ? (int) (rootMoves.get(0).nodes * 1000 / total) : 1000;
    }

    /**
     * An iteration completed: its lines are reported, then the clock, the mate limit and the
     * number of root moves decide whether to go on (native on_iteration, in native order); true
     * ends the search.
     */
    boolean onIteration(int depth) {
        List<RootMove> rootMoves = worker.rootMoves();
        for (int i = 0; i < reportedLines(rootMoves.size()); i++) {
            report(depth, rootMoves.get(i).score, Bound.EXACT, rootMoves.get(i).pv, i + 1, true);
        }
        if (limitStrength) {
            lastLines = copyLines(rootMoves.subList(0, lineCount(rootMoves.size())));
        }
        int score = rootMoves.get(0).score;
        time.onIteration(worker.bestMoveChanges(), score,
            worker.features().timeNodeShare ? bestMoveNodeShare(rootMoves) : -1);
        if (limits.infinite() || time.pondering()) {
            return false;  // only stop (or ponderhit) ends these
        }
        if (limits.mate() > 0 && score >= Scores.MATE_IN_MAX_PLY && Scores.mateInMoves(score) <= limits.mate()) {
            return true;
        }
        if (!time.timed()) {
            return false;
        }
        if (rootMoves.size() == 1 && !time.budget().fixed()) {
            return true;  // one legal move: no need to think on the clock
        }
        if (Scores.isMate(score) && Scores.MATE - Math.abs(score) + MATE_STOP_DEPTH_MARGIN <= depth) {
            return true;
        }
        return !time.mayStartIteration(clockNanos());
    }

    private void report(int depth, int score, int bound, int[] pv, int line, boolean iterationDone) {
        if (listener == null) {
            return;
        }
        SearchStats stats = worker.stats();
        int shown = pv.length == 0 ? score : worker.displayedScore(pv[0], score);
        ReferencePv info = new ReferencePv(depth, stats.seldepth, shown, Scores.mateMoves(shown), bound, stats.nodes,
            elapsedMillis(), toList(pv), line, tt.hashfull(), stats.tbHits);
        if (iterationDone) {
            listener.onIteration(info);
        } else {
            listener.onPv(info);
        }
    }

    // Infinite and ponder searches never end by themselves: the caller expects the best move
    // only after stop (or, pondering, ponderhit and the clock). Polls every millisecond.
    private void holdUntilReleased() {
        while (!stopRequested) {
            checkPonderhit();
            if (!limits.infinite() && !time.pondering()) {
                return;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void checkPonderhit() {
        if (time.pondering() && ponderhitRequested) {
            time.ponderhit(clockNanos());
        }
    }

    /**
     * What the time manager reads as the time, as native: the real clock, or with NodesTime the
     * search's nodes so far, nodesTime of them to a millisecond after its start.
     */
    private long clockNanos() {
        if (nodesTime <= 0) {
            return System.nanoTime();
        }
        return startNanos + worker.stats().nodes / nodesTime * 1_000_000;
    }

    private long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
