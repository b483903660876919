package dev.augur.reference.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.eval.Evaluator;
import dev.augur.reference.eval.See;

/**
 * The search, the port of lib/search/search.cpp for one thread (native Searcher without Lazy
 * SMP): iterative deepening with aspiration windows over a fail-soft principal variation search
 * with null move, reverse futility, futility, late-move and SEE pruning, late-move reductions,
 * check extension and mate distance pruning, and a quiescence search; MultiPV; node, depth and
 * mate limits, and (not deterministic) clocks and move times through {@link TimeManager}, with
 * pondering until {@link #requestPonderhit()}.
 *
 * <p>Every decision is made at the same point and in the same order as natively, so that with the
 * same position, history, options and table contents the two visit the same nodes: the trace
 * ({@link TraceListener}) is identical. The comments name native's numbered steps.
 *
 * <p>A Search keeps its move-ordering history between searches, as native; the table and the
 * evaluator are its owner's.
 */
public final class Search {
    /** Nodes between two looks at the clock (native POLL_INTERVAL_NODES). */
    static final int POLL_INTERVAL_NODES = 1024;
    /** Root moves are reported only after this long, so that short searches stay quiet (native CURRMOVE_DELAY_MS). */
    public static final long CURRMOVE_DELAY_MS = 1000;
    /** A timed search stops once it found a mate this many plies within the iteration depth. */
    static final int MATE_STOP_DEPTH_MARGIN = 2;
    private static final int MAX_QUIETS = 64;
    // Per-ply arrays: the stack has two sentinel entries below the root so that ply - 2 is valid.
    private static final int STACK_OFFSET = 2;
    private static final int STACK_SIZE = Scores.MAX_PLY + 4;

    private final TranspositionTable tt;
    private Evaluator evaluator;
    private final SearchFeatures features = new SearchFeatures();
    private final SearchParams params;
    private final SearchHistory history = new SearchHistory();
    private int multiPv = 1;
    private int moveOverheadMs = 10;
    private TraceListener tracer;
    private PvListener listener;
    private volatile boolean stopRequested;
    private volatile boolean ponderhitRequested;
    private final TimeManager time = new TimeManager();

    // Per-node working memory, one of each per ply, reused.
    private final MovePicker[] pickers = new MovePicker[Scores.MAX_PLY + 1];
    private final TTHit[] hits = new TTHit[Scores.MAX_PLY + 1];
    private final CheckInfo[] checkInfos = new CheckInfo[Scores.MAX_PLY + 1];
    private final int[][] quiets = new int[Scores.MAX_PLY + 1][MAX_QUIETS];
    private final MoveList drawCheckMoves = new MoveList();

    // The search stack (native Searcher::Stack), indexed by ply + STACK_OFFSET.
    private final int[] stackMove = new int[STACK_SIZE];       // the move that led to the node
    private final int[] stackBestMove = new int[STACK_SIZE];   // the node's result, for the tracer
    private final int[] stackStaticEval = new int[STACK_SIZE];

    // Per-search state.
    private ReferenceLimits limits;
    private SearchStats stats;
    private boolean stopped;
    private int pollCountdown;
    private int rootDepth;
    private long startNanos;
    private int bestMoveChanges;       // in the current iteration (first line), for the time manager
    private final int[][] pvTable = new int[Scores.MAX_PLY + 1][Scores.MAX_PLY + 1];
    private final int[] pvLength = new int[Scores.MAX_PLY + 1];
    private int[] rootMoves;           // the legal root moves the search may play
    private int firstRootMove;         // the first root move searched: played if none was completed
    private boolean rootRestricted;    // rootMoves is a subset (searchMoves)
    private final List<RootLine> lines = new ArrayList<>();
    private int pvIndex;               // the MultiPV line being searched
    private final List<Integer> rootExcluded = new ArrayList<>();
    private int[] rootPv = new int[0]; // the current line's best so far
    private int rootBestScore;
    private int completedDepth;

    /** One root line of MultiPV: its principal variation and score. */
    private static final class RootLine {
        int[] pv = new int[0];
        int score;
    }

    public Search(TranspositionTable tt, Evaluator evaluator, SearchParams params) {
        this.tt = tt;
        this.evaluator = evaluator;
        this.params = params;
        for (int i = 0; i <= Scores.MAX_PLY; i++) {
            pickers[i] = new MovePicker();
            hits[i] = new TTHit();
            checkInfos[i] = new CheckInfo();
        }
    }

    /** The evaluation to search with, from the next search on. */
    public void setEvaluator(Evaluator evaluator) {
        this.evaluator = evaluator;
    }

    public SearchFeatures features() {
        return features;
    }

    public SearchParams params() {
        return params;
    }

    public SearchHistory history() {
        return history;
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

    public int moveOverheadMs() {
        return moveOverheadMs;
    }

    public void clearHistory() {
        history.clear();
    }

    /** Asks a running search to stop soon; callable from any thread. */
    public void requestStop() {
        stopRequested = true;
    }

    /**
     * The running search's node count, or the last search's; another thread may read it (a
     * plain read of a counter the search thread writes: it may lag, never tear on 64-bit JVMs
     * in practice, and costs the search nothing).
     */
    public long nodesSearched() {
        SearchStats current = stats;
        return current == null ? 0 : current.nodes;
    }

    /** Forgets an earlier stop request; the owner calls it before a search. */
    public void clearStopRequest() {
        stopRequested = false;
        ponderhitRequested = false;
    }

    /**
     * The opponent played the expected move: a ponder search now runs on its clock, counted from
     * the moment the search notices (within {@value #POLL_INTERVAL_NODES} nodes or a
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
        this.tracer = tracer;
        this.listener = listener;
        try {
            beginSearch(pos, limits);
            if (rootMoves.length > 0) {
                iterate(pos);
            }
            holdUntilReleased();
            if (rootMoves.length == 0) {
                // Mated or stalemated: no move, no node searched.
                return result(Move.NONE, Move.NONE, pos.inCheck() ? Scores.matedIn(0) : Scores.DRAW, new int[0]);
            }
            return bestLineResult();
        } finally {
            this.tracer = null;
            this.listener = null;
        }
    }

    // The first line, or for a stopped first line the root move that beat the previous best;
    // a search stopped before any root move was done plays the first one it tried: the first of
    // the root move ordering (the table's move, then as the move picker orders the rest), as native.
    private ReferenceResult bestLineResult() {
        boolean partialFirstLine = stopped && pvIndex == 0;
        boolean single = lines.size() == 1 || partialFirstLine;
        int[] pv = single ? rootPv : lines.get(0).pv;
        int score = single ? rootBestScore : lines.get(0).score;
        if (pv.length == 0) {
            pv = new int[] {firstRootMove};
        }
        return result(pv[0], pv.length > 1 ? pv[1] : Move.NONE, score, pv);
    }

    private ReferenceResult result(int best, int ponder, int score, int[] pv) {
        return new ReferenceResult(best, ponder, score, Scores.mateMoves(score), completedDepth, stats.seldepth,
            stats.nodes, stats.qnodes, stats.failHighs, stats.failHighsFirst, stats.ttProbes, stats.ttHits,
            stats.ttCutoffs, elapsedMillis(), toList(pv));
    }

    private static List<Integer> toList(int[] moves) {
        List<Integer> list = new ArrayList<>(moves.length);
        for (int m : moves) {
            list.add(m);
        }
        return list;
    }

    // ---------------------------------------------------------------------------------------
    // Iterative deepening

    private void beginSearch(Position pos, ReferenceLimits limits) {
        this.limits = limits;
        stats = new SearchStats();
        stopped = false;
        pollCountdown = POLL_INTERVAL_NODES;
        startNanos = System.nanoTime();
        // As native: an infinite search has no clock; a ponder search's clock starts at ponderhit.
        time.start(limits.infinite() ? TimeControl.NONE : limits.timeControl(), moveOverheadMs, pos.gamePly(),
            limits.ponder(), startNanos);
        bestMoveChanges = 0;
        rootPv = new int[0];
        rootBestScore = 0;
        rootExcluded.clear();
        pvIndex = 0;
        completedDepth = 0;
        history.clearKillers();
        evaluator.onSearchStart(pos);
        Arrays.fill(stackMove, Move.NONE);
        Arrays.fill(stackBestMove, Move.NONE);
        Arrays.fill(stackStaticEval, Scores.NONE);

        // The root moves: the legal ones, restricted to searchMoves when some of those are legal.
        MoveList legal = new MoveList();
        MoveGenerator.generateAll(pos, legal);
        int[] all = legal.toArray();
        int[] allowed = Arrays.stream(all).filter(m -> limits.searchMoves().isEmpty()
            || limits.searchMoves().contains(m)).toArray();
        rootRestricted = allowed.length > 0 && !limits.searchMoves().isEmpty();
        rootMoves = allowed.length > 0 ? allowed : all;
        firstRootMove = Move.NONE;
        int lineCount = Math.min(Math.max(1, multiPv), Math.max(1, rootMoves.length));
        lines.clear();
        for (int i = 0; i < lineCount; i++) {
            lines.add(new RootLine());
        }
    }

    private void iterate(Position pos) {
        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), Scores.MAX_PLY - 1) : Scores.MAX_PLY - 1;
        for (int depth = 1; depth <= maxDepth; depth++) {
            rootDepth = depth;
            if (!searchLines(pos, depth)) {
                break;
            }
            completedDepth = depth;
            for (int i = 0; i < lines.size(); i++) {
                reportPv(depth, lines.get(i).score, Bound.EXACT, lines.get(i).pv, true, i + 1);
            }
            if (iterationEndsSearch(depth)) {
                break;
            }
        }
    }

    // Searches every MultiPV line to depth, each excluding the best moves of the lines before
    // it; false if the search was stopped. Lines are then sorted best first (stable, as native).
    private boolean searchLines(Position pos, int depth) {
        for (pvIndex = 0; pvIndex < lines.size(); pvIndex++) {
            RootLine line = lines.get(pvIndex);
            rootExcluded.clear();
            for (int i = 0; i < pvIndex; i++) {
                if (lines.get(i).pv.length > 0) {
                    rootExcluded.add(lines.get(i).pv[0]);
                }
            }
            rootPv = line.pv;
            if (rootPv.length > 0 && !rootMoveAllowed(rootPv[0])) {
                rootPv = new int[0];
            }
            rootBestScore = line.score;
            int score = aspiration(pos, depth, line.score);
            if (stopped) {
                return false;
            }
            line.pv = rootPv;
            line.score = score;
        }
        rootExcluded.clear();
        lines.sort((a, b) -> Integer.compare(b.score, a.score));
        return true;
    }

    // The decision after a finished iteration (native iteration_ends_search), in native order.
    private boolean iterationEndsSearch(int depth) {
        int score = lines.get(0).score;
        time.onIteration(bestMoveChanges, score);
        bestMoveChanges = 0;
        if (limits.infinite() || time.pondering()) {
            return false;  // only stop (or ponderhit) ends these
        }
        if (limits.mate() > 0 && score >= Scores.MATE_IN_MAX_PLY && Scores.mateInMoves(score) <= limits.mate()) {
            return true;
        }
        if (!time.timed()) {
            return false;
        }
        if (rootMoves.length == 1 && !time.budget().fixed()) {
            return true;  // one legal move: no need to think on the clock
        }
        if (Scores.isMate(score) && Scores.MATE - Math.abs(score) + MATE_STOP_DEPTH_MARGIN <= depth) {
            return true;
        }
        return !time.mayStartIteration(System.nanoTime());
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
            time.ponderhit(System.nanoTime());
        }
    }

    private boolean rootMoveAllowed(int m) {
        if (rootExcluded.contains(m)) {
            return false;
        }
        if (!rootRestricted) {
            return true;
        }
        for (int r : rootMoves) {
            if (r == m) {
                return true;
            }
        }
        return false;
    }

    // Aspiration windows: from the previous score +-delta, widening by half again after each
    // fail; a fail low also pulls beta down to the window's middle.
    private int aspiration(Position pos, int depth, int previousScore) {
        if (!features.aspirationWindows || depth < params.aspirationMinDepth || Scores.isMate(previousScore)) {
            return negamax(pos, 0, -Scores.INFINITE, Scores.INFINITE, depth, false, true);
        }
        int delta = params.aspirationDelta;
        int alpha = Math.max(previousScore - delta, -Scores.INFINITE);
        int beta = Math.min(previousScore + delta, Scores.INFINITE);
        for (;;) {
            int score = negamax(pos, 0, alpha, beta, depth, false, true);
            if (stopped) {
                return score;
            }
            if (score <= alpha) {
                reportPv(depth, score, Bound.UPPER, rootPv, false, pvIndex + 1);
                beta = (alpha + beta) / 2;
                alpha = Math.max(score - delta, -Scores.INFINITE);
            } else if (score >= beta) {
                beta = Math.min(score + delta, Scores.INFINITE);
            } else {
                return score;
            }
            delta += delta / 2;
        }
    }

    private void reportPv(int depth, int score, int bound, int[] pv, boolean iterationDone, int line) {
        if (listener == null) {
            return;
        }
        ReferencePv info = new ReferencePv(depth, stats.seldepth, score, Scores.mateMoves(score), bound, stats.nodes,
            elapsedMillis(), toList(pv), line, tt.hashfull());
        if (iterationDone) {
            listener.onIteration(info);
        } else {
            listener.onPv(info);
        }
    }

    // A root move raised alpha: it leads the current line now.
    private void updateRootBest(int score, int beta, int m) {
        if (pvIndex == 0 && rootDepth > 1 && rootPv.length > 0 && rootPv[0] != m) {
            bestMoveChanges++;
        }
        rootPv = Arrays.copyOf(pvTable[0], pvLength[0]);
        rootBestScore = score;
        reportPv(rootDepth, score, score >= beta ? Bound.LOWER : Bound.EXACT, rootPv, false, pvIndex + 1);
    }

    private void startRootMove(int m, int number) {
        if (firstRootMove == Move.NONE) {
            firstRootMove = m;
        }
        if (listener != null && elapsedMillis() >= CURRMOVE_DELAY_MS) {
            listener.onCurrmove(m, number, rootDepth);
        }
    }

    // Every move the search makes or takes back goes through these four, so that the evaluator
    // hears of each one in order (native Searcher::make_move and the others).
    private void makeMove(Position pos, int m) {
        evaluator.onMove(pos, m);
        pos.makeMove(m);
    }

    private void unmakeMove(Position pos, int m) {
        pos.unmakeMove(m);
        evaluator.onUndoMove(pos, m);
    }

    private void makeNullMove(Position pos) {
        evaluator.onNullMove(pos);
        pos.makeNullMove();
    }

    private void unmakeNullMove(Position pos) {
        pos.unmakeNullMove();
        evaluator.onUndoNullMove(pos);
    }

    private long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    // ---------------------------------------------------------------------------------------
    // Node bookkeeping, stop checks, draws

    // What every node shares: the trace, its best move and PV reset, the counters.
    private void enterNode(Position pos, int ply, int depth, int alpha, int beta) {
        if (tracer != null) {
            tracer.enter(ply, depth, alpha, beta, pos.key(), stackMove[ply + STACK_OFFSET]);
        }
        stackBestMove[ply + STACK_OFFSET] = Move.NONE;
        pvLength[ply] = ply;
        stats.nodes++;
        stats.seldepth = Math.max(stats.seldepth, ply);
    }

    // Reports the node's result against the window it was entered with.
    private int leave(int ply, int alpha, int beta, int score) {
        if (tracer != null) {
            tracer.leave(score, Bound.of(score, alpha, beta), stackBestMove[ply + STACK_OFFSET]);
        }
        return score;
    }

    private boolean shouldStop() {
        if (stopped) {
            return true;
        }
        if (--pollCountdown <= 0) {
            poll();
        }
        // Checked at every node so that a node-limited search stops at the same node every time.
        if (limits.nodes() != 0 && stats.nodes >= limits.nodes()) {
            stopped = true;
        }
        if (stopRequested) {
            stopped = true;
        }
        return stopped;
    }

    // The periodic look at the ponderhit request and the clock (native Searcher::poll).
    private void poll() {
        pollCountdown = POLL_INTERVAL_NODES;
        checkPonderhit();
        if (time.timed() && time.pastMaximum(System.nanoTime())) {
            stopped = true;
        }
    }

    // Draws by repetition (inside the tree, or twice in the game), dead material, or the
    // fifty-move rule (unless this position is mate: mate on the 100th ply wins).
    private boolean isDraw(Position pos, int ply, boolean inCheck) {
        if (pos.isRepetition(ply) || pos.isInsufficientMaterial()) {
            return true;
        }
        if (!pos.isFiftyMoveDraw()) {
            return false;
        }
        if (!inCheck) {
            return true;
        }
        MoveGenerator.generateAll(pos, drawCheckMoves);
        return drawCheckMoves.size() > 0;
    }

    private void probeTt(Position pos, int ply, TTHit hit) {
        if (!features.transpositionTable) {
            hit.clear();
            return;
        }
        stats.ttProbes++;
        tt.probe(pos.key(), ply, hit);
        if (hit.found) {
            stats.ttHits++;
        }
    }

    // True when a table entry alone settles a node searched to depth with (alpha, beta).
    private static boolean ttDecides(TTHit hit, int depth, int alpha, int beta) {
        return hit.found && hit.depth >= depth && (hit.bound == Bound.EXACT
            || (hit.bound == Bound.LOWER && hit.score >= beta) || (hit.bound == Bound.UPPER && hit.score <= alpha));
    }

    private static boolean hasNonPawnMaterial(Position pos, int colour) {
        return (pos.pieces(colour) ^ pos.pieces(colour, Piece.PAWN) ^ pos.pieces(colour, Piece.KING)) != 0;
    }

    // Zugzwang is likely when the side to move has no more than one minor piece besides king
    // and pawns, so passing there proves nothing.
    private static boolean nullMoveIsSafe(Position pos, int colour) {
        return (pos.pieces(colour, Piece.ROOK) | pos.pieces(colour, Piece.QUEEN)) != 0
            || Bitboards.moreThanOne(pos.pieces(colour, Piece.KNIGHT) | pos.pieces(colour, Piece.BISHOP));
    }

    private static boolean isNoisy(Position pos, int m) {
        return pos.isCapture(m) || Move.kind(m) == Move.PROMOTION;
    }

    private int reduction(int depth, int moveNumber, boolean improving) {
        int r = params.lmrReduction(depth, moveNumber);
        return improving ? r : r + 1;
    }

    // ---------------------------------------------------------------------------------------
    // Main search

    private int negamax(Position pos, int ply, int alpha, int beta, int depth, boolean cutNode, boolean pvNode) {
        if (depth <= 0) {
            return quiescence(pos, ply, alpha, beta, 0, pvNode);
        }
        final boolean root = ply == 0;
        final int alphaIn = alpha;
        final int betaIn = beta;
        final int ss = ply + STACK_OFFSET;
        enterNode(pos, ply, depth, alpha, beta);
        final boolean inCheck = pos.inCheck();

        // 1. Stop, draws, maximum ply, mate distance pruning.
        if (!root) {
            if (shouldStop()) {
                return leave(ply, alphaIn, betaIn, 0);
            }
            if (isDraw(pos, ply, inCheck)) {
                return leave(ply, alphaIn, betaIn, Scores.DRAW);
            }
            if (ply >= Scores.MAX_PLY - 1) {
                return leave(ply, alphaIn, betaIn, inCheck ? Scores.DRAW : evaluator.evaluate(pos));
            }
            if (features.mateDistancePruning) {
                alpha = Math.max(alpha, Scores.matedIn(ply));
                beta = Math.min(beta, Scores.mateIn(ply + 1));
                if (alpha >= beta) {
                    return leave(ply, alphaIn, betaIn, alpha);
                }
            }
        }

        // 2. Transposition table.
        TTHit hit = hits[ply];
        probeTt(pos, ply, hit);
        if (!pvNode && ttDecides(hit, depth, alpha, beta)) {
            stats.ttCutoffs++;
            return leave(ply, alphaIn, betaIn, hit.score);
        }
        int ttMove = root && rootPv.length > 0 ? rootPv[0] : hit.move;

        // 3. Static evaluation, refined by the table's bound when it says more.
        int eval = Scores.NONE;
        if (!inCheck) {
            stackStaticEval[ss] = hit.found && hit.eval != Scores.NONE ? hit.eval : evaluator.evaluate(pos);
            eval = stackStaticEval[ss];
            if (hit.found && !Scores.isMate(hit.score) && ((hit.bound == Bound.LOWER && hit.score > eval)
                    || (hit.bound == Bound.UPPER && hit.score < eval))) {
                eval = hit.score;
            }
        } else {
            stackStaticEval[ss] = Scores.NONE;
        }
        final boolean improving = !inCheck && stackStaticEval[ss - 2] != Scores.NONE
            && stackStaticEval[ss] > stackStaticEval[ss - 2];

        if (!pvNode && !inCheck) {
            // 4. Reverse futility: far above beta at low depth, assume a cutoff.
            if (features.reverseFutilityPruning && depth <= params.rfpMaxDepth && !Scores.isMate(beta)
                    && eval - params.rfpMargin * (depth - (improving ? 1 : 0)) >= beta) {
                return leave(ply, alphaIn, betaIn, eval);
            }

            // 5. Null move: if passing still fails high, so will a real move (unless in zugzwang).
            if (features.nullMove && depth >= params.nullMinDepth && stackMove[ss] != Move.NULL && eval >= beta
                    && !Scores.isMate(beta) && nullMoveIsSafe(pos, pos.sideToMove())) {
                int r = params.nullBaseReduction + depth / params.nullDepthDivisor
                    + (eval - beta >= params.nullEvalMargin ? 1 : 0);
                stackMove[ss + 1] = Move.NULL;
                makeNullMove(pos);
                int score = -negamax(pos, ply + 1, -beta, -beta + 1, depth - r, !cutNode, false);
                unmakeNullMove(pos);
                if (stopped) {
                    return leave(ply, alphaIn, betaIn, 0);
                }
                if (score >= beta) {
                    return leave(ply, alphaIn, betaIn, Scores.isMate(score) ? beta : score);
                }
            }
        }

        // 6. The moves.
        MovePicker picker = pickers[ply];
        picker.reset(pos, features.transpositionTable || root ? ttMove : Move.NONE,
            features.killers ? history : null, ply, features.history ? history : null, true, false);
        CheckInfo checkInfo = checkInfos[ply];
        checkInfo.compute(pos);
        int[] quietsTried = quiets[ply];
        int bestScore = -Scores.INFINITE;
        int bestMove = Move.NONE;
        int moveCount = 0;
        int searched = 0;
        int quietCount = 0;
        final boolean mayPrune = !root && hasNonPawnMaterial(pos, pos.sideToMove());

        for (int m = picker.next(); m != Move.NONE; m = picker.next()) {
            if (root && !rootMoveAllowed(m)) {
                continue;
            }
            ++moveCount;
            if (root) {
                startRootMove(m, moveCount);
            }
            final boolean noisy = isNoisy(pos, m);
            final boolean givesCheck = checkInfo.givesCheck(m);

            // 7. Shallow-depth pruning, once a move has saved us from being mated.
            if (mayPrune && bestScore > -Scores.MATE_IN_MAX_PLY
                    && prunedAtShallowDepth(pos, m, noisy, givesCheck, depth, eval, alpha, improving, inCheck,
                        quietCount)) {
                continue;
            }

            // 8. Extension, make, search (reduced, then null window, then full window).
            int newDepth = depth - 1 + (features.checkExtension && givesCheck ? 1 : 0);
            stackMove[ss + 1] = m;
            makeMove(pos, m);
            int score;
            if (pvNode && searched == 0) {
                score = -negamax(pos, ply + 1, -beta, -alpha, newDepth, false, true);
            } else {
                boolean fullDepth = true;
                score = 0;
                if (features.lateMoveReductions && depth >= params.lmrMinDepth && moveCount > params.lmrMinMoves
                        && !noisy) {
                    int r = reduction(depth, moveCount, improving);
                    r += cutNode ? 1 : 0;
                    r -= pvNode ? 1 : 0;
                    r -= givesCheck ? 1 : 0;
                    if (features.history) {
                        r -= history.quietScore(pos.sideToMove() ^ 1, m) / params.lmrHistoryDivisor;
                    }
                    r = Math.max(0, Math.min(r, newDepth - 1));
                    if (r > 0) {
                        score = -negamax(pos, ply + 1, -alpha - 1, -alpha, newDepth - r, true, false);
                        fullDepth = score > alpha;
                    }
                }
                if (fullDepth) {
                    score = -negamax(pos, ply + 1, -alpha - 1, -alpha, newDepth, !cutNode, false);
                }
                if (pvNode && score > alpha && score < beta) {
                    score = -negamax(pos, ply + 1, -beta, -alpha, newDepth, false, true);
                }
            }
            unmakeMove(pos, m);
            if (stopped) {
                return leave(ply, alphaIn, betaIn, 0);
            }
            ++searched;

            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    bestMove = m;
                    stackBestMove[ss] = m;
                    if (pvNode) {
                        updatePv(ply, m);
                    }
                    if (root) {
                        updateRootBest(score, beta, m);
                    }
                    if (score >= beta) {
                        stats.failHighs++;
                        if (searched == 1) {
                            stats.failHighsFirst++;
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if (!noisy) {
                if (quietCount < MAX_QUIETS) {
                    quietsTried[quietCount] = m;
                }
                ++quietCount;
            }
        }

        // 9. Mate and stalemate; history; table store.
        if (moveCount == 0) {
            return leave(ply, alphaIn, betaIn, inCheck ? Scores.matedIn(ply) : Scores.DRAW);
        }
        if (bestScore >= beta && bestMove != Move.NONE && !isNoisy(pos, bestMove)) {
            updateQuietHistory(pos, ply, bestMove, depth, quietsTried, Math.min(quietCount, MAX_QUIETS));
        }
        if (features.transpositionTable) {
            int bound = bestScore >= beta ? Bound.LOWER : (pvNode && bestMove != Move.NONE) ? Bound.EXACT : Bound.UPPER;
            tt.store(pos.key(), ply, bestScore, bound, depth, bestMove, stackStaticEval[ss]);
        }
        return leave(ply, alphaIn, betaIn, bestScore);
    }

    // Step 7: late-move, futility and SEE pruning of quiet moves; SEE pruning of captures.
    private boolean prunedAtShallowDepth(Position pos, int m, boolean noisy, boolean givesCheck, int depth, int eval,
                                         int alpha, boolean improving, boolean inCheck, int quietCount) {
        if (!noisy && !givesCheck) {
            if (features.lateMovePruning && depth <= params.lmpMaxDepth
                    && quietCount >= (params.lmpBase + depth * depth) / (improving ? 1 : 2)) {
                return true;
            }
            if (features.futilityPruning && !inCheck && depth <= params.futilityMaxDepth
                    && eval + params.futilityBase + params.futilityMargin * depth <= alpha) {
                return true;
            }
            return features.seePruning && depth <= params.seeMaxDepth
                && !See.seeGe(pos, m, -params.seeQuietMargin * depth);
        }
        return features.seePruning && !givesCheck && depth <= params.seeMaxDepth
            && !See.seeGe(pos, m, -params.seeCaptureMargin * depth);
    }

    private void updatePv(int ply, int m) {
        int[] line = pvTable[ply];
        line[ply] = m;
        int childLength = pvLength[ply + 1];
        for (int i = ply + 1; i < childLength; i++) {
            line[i] = pvTable[ply + 1][i];
        }
        pvLength[ply] = Math.max(childLength, ply + 1);
    }

    private void updateQuietHistory(Position pos, int ply, int best, int depth, int[] tried, int count) {
        if (features.killers) {
            history.addKiller(ply, best);
        }
        if (!features.history) {
            return;
        }
        int bonus = Math.min(params.historyMaxBonus, depth * depth);
        int side = pos.sideToMove();
        history.update(side, best, bonus, params);
        for (int i = 0; i < count; i++) {
            if (tried[i] != best) {
                history.update(side, tried[i], -bonus, params);
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // Quiescence search

    private int quiescence(Position pos, int ply, int alpha, int beta, int depth, boolean pvNode) {
        final int alphaIn = alpha;
        final int betaIn = beta;
        final int ss = ply + STACK_OFFSET;
        enterNode(pos, ply, depth, alpha, beta);
        stats.qnodes++;

        if (shouldStop()) {
            return leave(ply, alphaIn, betaIn, 0);
        }
        final boolean inCheck = pos.inCheck();
        if (isDraw(pos, ply, inCheck)) {
            return leave(ply, alphaIn, betaIn, Scores.DRAW);
        }
        if (ply >= Scores.MAX_PLY - 1) {
            return leave(ply, alphaIn, betaIn, inCheck ? Scores.DRAW : evaluator.evaluate(pos));
        }

        TTHit hit = hits[ply];
        probeTt(pos, ply, hit);
        if (!pvNode && ttDecides(hit, 0, alpha, beta)) {
            stats.ttCutoffs++;
            return leave(ply, alphaIn, betaIn, hit.score);
        }

        // Stand pat: the side to move may decline every capture (not when evading check).
        final boolean evading = inCheck && features.quiescenceChecksEvasions;
        int bestScore = -Scores.INFINITE;
        int eval = Scores.NONE;
        if (!evading) {
            eval = hit.found && hit.eval != Scores.NONE ? hit.eval : evaluator.evaluate(pos);
            stackStaticEval[ss] = eval;
            bestScore = eval;
            if (bestScore >= beta) {
                return leave(ply, alphaIn, betaIn, bestScore);
            }
            alpha = Math.max(alpha, bestScore);
        } else {
            stackStaticEval[ss] = Scores.NONE;
        }

        MovePicker picker = pickers[ply];
        picker.reset(pos, features.transpositionTable ? hit.move : Move.NONE, null, -1, null, evading,
            features.seePruning);
        int bestMove = Move.NONE;
        int moveCount = 0;
        for (int m = picker.next(); m != Move.NONE; m = picker.next()) {
            ++moveCount;
            if (!evading && features.deltaPruning && Move.kind(m) != Move.PROMOTION) {
                int victim = Move.kind(m) == Move.EN_PASSANT ? Piece.PAWN : Piece.type(pos.pieceOn(Move.to(m)));
                if (eval + See.value(victim) + params.deltaMargin <= alpha) {
                    continue;
                }
            }
            stackMove[ss + 1] = m;
            makeMove(pos, m);
            int score = -quiescence(pos, ply + 1, -beta, -alpha, depth - 1, pvNode);
            unmakeMove(pos, m);
            if (stopped) {
                return leave(ply, alphaIn, betaIn, 0);
            }
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    bestMove = m;
                    stackBestMove[ss] = m;
                    if (score >= beta) {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if (evading && moveCount == 0) {
            return leave(ply, alphaIn, betaIn, Scores.matedIn(ply));
        }
        if (features.transpositionTable) {
            int bound = bestScore >= beta ? Bound.LOWER : (pvNode && bestMove != Move.NONE) ? Bound.EXACT : Bound.UPPER;
            tt.store(pos.key(), ply, bestScore, bound, 0, bestMove, stackStaticEval[ss]);
        }
        return leave(ply, alphaIn, betaIn, bestScore);
    }
}
