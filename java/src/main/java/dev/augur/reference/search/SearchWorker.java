package dev.augur.reference.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 * One search thread's state and its tree search, the port of lib/search/worker.{h,cpp}: the
 * stack, the move-ordering history (kept between searches), the PV table, counters, the root-move
 * records and the iterative deepening over them, with a fail-soft principal variation search with
 * null move, reverse futility, futility, late-move and SEE pruning, late-move reductions, check
 * extension and mate distance pruning, and a quiescence search below. What is not the tree (the
 * clock, stop, reports, result) is its {@link SearchManager}'s, which the worker asks at fixed
 * points; the node search has no main-thread branches.
 *
 * <p>Every decision is made at the same point and in the same order as natively, so that with the
 * same position, history, options and table contents the two visit the same nodes: the trace
 * ({@link TraceListener}) is identical. The comments name native's numbered steps.
 */
public final class SearchWorker {
    /** Nodes between two polls of the manager's clock (native POLL_INTERVAL_NODES). */
    static final int POLL_INTERVAL_NODES = 1024;
    private static final int MAX_QUIETS = 64;
    private static final int MAX_NOISIES = 32;
    // Per-ply arrays: the stack has two sentinel entries below the root so that ply - 2 is valid.
    private static final int STACK_OFFSET = 2;
    private static final int STACK_SIZE = Scores.MAX_PLY + 4;
    // A probed position is stored this much deeper than the node asked for: no search of it can
    // be more exact than the tables (native TABLEBASE_DEPTH_BONUS).
    private static final int TABLEBASE_DEPTH_BONUS = 6;
    // What probeTablebases answers when the tables do not settle the node: no verdict is this.
    private static final int NO_VERDICT = Scores.NONE;

    private final TranspositionTable tt;
    private Evaluator evaluator;
    private final SearchFeatures features = new SearchFeatures();
    private final SearchParams params;
    private final SearchHistory history = new SearchHistory();
    private TraceListener tracer;
    private SearchManager manager;

    // Per-node working memory, one of each per ply, reused.
    private final MovePicker[] pickers = new MovePicker[Scores.MAX_PLY + 1];
    private final TTHit[] hits = new TTHit[Scores.MAX_PLY + 1];
    private final CheckInfo[] checkInfos = new CheckInfo[Scores.MAX_PLY + 1];
    private final int[][] quiets = new int[Scores.MAX_PLY + 1][MAX_QUIETS];
    private final int[][] noisies = new int[Scores.MAX_PLY + 1][MAX_NOISIES];
    private final NodeHistory[] nodeHistories = new NodeHistory[Scores.MAX_PLY + 1];
    private final MoveList drawCheckMoves = new MoveList();

    // The search stack (native SearchWorker::Stack), indexed by ply + STACK_OFFSET.
    private final int[] stackMove = new int[STACK_SIZE];       // the move that led to the node
    private final int[] stackMovedPiece = new int[STACK_SIZE]; // the piece that made it (none: null move, root)
    private final int[] stackBestMove = new int[STACK_SIZE];   // the node's result, for the tracer
    private final int[] stackStaticEval = new int[STACK_SIZE];
    private final int[] stackExcludedMove = new int[STACK_SIZE];   // left out by a singular search (none: normal)
    private final int[] stackDoubleExtensions = new int[STACK_SIZE];  // singular double extensions from the root
    private final int[] stackCutoffCount = new int[STACK_SIZE];  // fail-highs at this ply since two plies up began
    // What a singular search (which probes nothing) sees of the table: no entry.
    private final TTHit noHit = new TTHit();

    // Per-search state.
    private ReferenceLimits limits;
    private SearchStats stats;
    private boolean stopped;
    private int pollCountdown;
    private int rootDepth;
    private int bestMoveChanges;       // in the current iteration (first line), for the time manager
    private final int[][] pvTable = new int[Scores.MAX_PLY + 1][Scores.MAX_PLY + 1];
    private final int[] pvLength = new int[Scores.MAX_PLY + 1];
    private List<RootMove> rootMoves = new ArrayList<>();  // the legal root moves the search may play
    private boolean rootRestricted;    // rootMoves is a subset (searchMoves)
    private int lineCount;             // MultiPV lines: the first records after an iteration
    private int pvIndex;               // the line being searched
    private final List<Integer> lineLeaders = new ArrayList<>();  // best moves of the lines done in this iteration
    private int[] rootPv = new int[0]; // the current line's best so far
    private int rootBestScore;
    private int completedDepth;
    private int firstRootMove;         // the first root move searched: played if none was done
    private boolean rootInTablebases;  // the tables ranked the root moves
    private int tbProbePieces;         // probe positions of at most this many pieces inside the tree

    // Endgame tablebases (native TablebaseSettings), and the game that led to the root, which
    // their root ranking reads.
    private TablebaseProbes tablebases = TablebaseProbes.NONE;
    private int tbProbeDepth = 1;
    private int tbProbeLimit = 7;
    private boolean tbRule50 = true;
    private TablebaseProbes.RootGame rootGame;

    public SearchWorker(TranspositionTable tt, Evaluator evaluator, SearchParams params) {
        this.tt = tt;
        this.evaluator = evaluator;
        this.params = params;
        for (int i = 0; i <= Scores.MAX_PLY; i++) {
            pickers[i] = new MovePicker();
            hits[i] = new TTHit();
            checkInfos[i] = new CheckInfo();
            nodeHistories[i] = new NodeHistory();
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

    public void clearHistory() {
        history.clear();
    }

    /**
     * The tables to probe and the options SyzygyProbeDepth, SyzygyProbeLimit and
     * Syzygy50MoveRule, from the next search on.
     */
    public void setTablebases(TablebaseProbes probes, int probeDepth, int probeLimit, boolean rule50) {
        this.tablebases = probes;
        this.tbProbeDepth = probeDepth;
        this.tbProbeLimit = probeLimit;
        this.tbRule50 = rule50;
    }

    /**
     * The game that leads to the positions searched next, for the tables' root ranking; a search
     * of another position ranks its root as if it had no game before it.
     */
    public void setRootGame(TablebaseProbes.RootGame game) {
        this.rootGame = game;
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

    /**
     * Searches pos, whose move history counts for repetition, within limits, led by manager;
     * returns once stopped or when the manager ends the search. pos is left as it was found.
     */
    void search(Position pos, ReferenceLimits limits, SearchManager manager, TraceListener tracer) {
        this.manager = manager;
        this.tracer = tracer;
        try {
            beginSearch(pos, limits);
            if (!rootMoves.isEmpty()) {
                iterate(pos);
            }
        } finally {
            this.tracer = null;
        }
    }

    /** The records of the legal root moves the last search could play (empty: none). */
    public List<RootMove> rootMoves() {
        return Collections.unmodifiableList(rootMoves);
    }

    int completedDepth() {
        return completedDepth;
    }

    SearchStats stats() {
        return stats;
    }

    int bestMoveChanges() {
        return bestMoveChanges;
    }

    /**
     * The best line (native SearchWorker::best_line): the first line of the last completed
     * iteration, or that of the stopped iteration where it already found something better; a
     * search stopped before any root move was done has only the first root move it searched (the
     * first of the root move ordering), with score 0.
     */
    BestLine bestLine() {
        boolean partialFirstLine = stopped && pvIndex == 0;
        int[] pv;
        int score;
        if (lineCount == 1 || partialFirstLine) {
            pv = rootPv;
            score = rootBestScore;
        } else {
            // Stopped in a later line, the first one is done; otherwise the iteration is.
            RootMove first = lineLeaders.isEmpty() ? rootMoves.get(0) : rootMove(lineLeaders.get(0));
            pv = first.pv;
            score = first.score;
        }
        return pv.length == 0 ? new BestLine(new int[] {firstRootMove}, 0) : new BestLine(pv, score);
    }

    /** A principal variation and its score. */
    record BestLine(int[] pv, int score) {}

    // ---------------------------------------------------------------------------------------
    // Iterative deepening

    private void beginSearch(Position pos, ReferenceLimits limits) {
        this.limits = limits;
        stats = new SearchStats();
        stopped = false;
        pollCountdown = POLL_INTERVAL_NODES;
        bestMoveChanges = 0;
        rootPv = new int[0];
        rootBestScore = 0;
        lineLeaders.clear();
        pvIndex = 0;
        completedDepth = 0;
        firstRootMove = Move.NONE;
        history.clearKillers();
        evaluator.onSearchStart(pos);
        Arrays.fill(stackMove, Move.NONE);
        Arrays.fill(stackBestMove, Move.NONE);
        Arrays.fill(stackStaticEval, Scores.NONE);
        Arrays.fill(stackExcludedMove, Move.NONE);
        Arrays.fill(stackDoubleExtensions, 0);
        Arrays.fill(stackCutoffCount, 0);

        // The root moves: the legal ones, restricted to searchMoves when some of those are legal.
        MoveList legal = new MoveList();
        MoveGenerator.generateAll(pos, legal);
        int[] all = legal.toArray();
        int[] allowed = Arrays.stream(all).filter(m -> limits.searchMoves().isEmpty()
            || limits.searchMoves().contains(m)).toArray();
        rootRestricted = allowed.length > 0 && !limits.searchMoves().isEmpty();
        rootMoves = new ArrayList<>();
        for (int m : allowed.length > 0 ? allowed : all) {
            rootMoves.add(new RootMove(m));
        }
        rankRootByTablebases(pos);
        lineCount = rootMoves.isEmpty() ? 0 : Math.min(manager.lineCount(rootMoves.size()), rootMoves.size());
    }

    // Iterative deepening, each iteration over all MultiPV lines.
    private void iterate(Position pos) {
        int maxDepth = manager.maxDepth(limits);
        for (int depth = 1; depth <= maxDepth; depth++) {
            rootDepth = depth;
            if (!searchLines(pos, depth)) {
                break;
            }
            completedDepth = depth;
            boolean done = manager.onIteration(depth);
            bestMoveChanges = 0;
            if (done) {
                break;
            }
        }
    }

    // Searches every MultiPV line to depth, each excluding the best moves of the lines before
    // it; false if the search was stopped. Line i starts from the record in place i, which led
    // line i in the last iteration: its line is searched first (unless an earlier line took its
    // move) and its score centres the aspiration window. Records move only once the iteration is
    // complete (native SearchWorker::search_lines).
    private boolean searchLines(Position pos, int depth) {
        for (RootMove rm : rootMoves) {
            rm.previousScore = rm.score;
        }
        lineLeaders.clear();
        for (pvIndex = 0; pvIndex < lineCount; pvIndex++) {
            RootMove start = rootMoves.get(pvIndex);
            rootPv = start.pv;
            if (rootPv.length > 0 && !rootMoveAllowed(rootPv[0])) {
                rootPv = new int[0];
            }
            rootBestScore = start.previousScore;
            int score = aspiration(pos, depth, start.previousScore);
            if (stopped) {
                return false;
            }
            RootMove leader = rootMove(rootPv[0]);
            leader.score = score;
            leader.seldepth = stats.seldepth;
            leader.pv = rootPv;
            lineLeaders.add(leader.move);
        }
        finishIteration();
        return true;
    }

    // The leaders of this iteration's lines come first, best first (ties in line order, as
    // native's stable sort), and the other records follow without a score.
    private void finishIteration() {
        List<RootMove> ordered = new ArrayList<>(rootMoves.size());
        for (int m : lineLeaders) {
            ordered.add(rootMove(m));
        }
        for (RootMove rm : rootMoves) {
            if (!lineLeaders.contains(rm.move)) {
                rm.score = RootMove.NO_SCORE;
                rm.pv = new int[0];
                ordered.add(rm);
            }
        }
        ordered.subList(0, lineLeaders.size()).sort((a, b) -> Integer.compare(b.score, a.score));
        rootMoves = ordered;
        lineLeaders.clear();
    }

    // When the root is in the tables, only the root moves of the best rank are searched (they
    // keep the result and, with the fifty-move rule, win in time), and nothing is probed inside
    // the tree, where every position would only repeat the root's verdict. Otherwise the tree
    // probes positions of few enough pieces (native rank_root_by_tablebases).
    private void rankRootByTablebases(Position pos) {
        rootInTablebases = false;
        tbProbePieces = Math.min(tbProbeLimit, tablebases.maxPieces());
        if (tbProbePieces == 0 || Long.bitCount(pos.occupied()) > tbProbePieces) {
            return;
        }
        stats.tbProbes++;
        TablebaseProbes.RootGame game = rootGame != null && rootGame.key() == pos.key()
            ? rootGame : TablebaseProbes.RootGame.of(pos);
        List<TablebaseProbes.RankedMove> ranked = tablebases.rankRootMoves(game, tbRule50);
        if (ranked.isEmpty()) {
            return;
        }
        int bestRank = -Scores.INFINITE;
        for (RootMove rm : rootMoves) {
            TablebaseProbes.RankedMove entry = ranked.stream().filter(r -> r.move() == rm.move).findFirst().orElse(null);
            if (entry == null) {
                return;
            }
            rm.tbRank = entry.rank();
            rm.tbScore = tablebaseScore(entry.wdl(), 1);
            bestRank = Math.max(bestRank, rm.tbRank);
        }
        final int keptRank = bestRank;
        rootMoves.removeIf(rm -> rm.tbRank < keptRank);
        stats.tbHits++;
        rootRestricted = true;
        rootInTablebases = true;
        tbProbePieces = 0;
    }

    /**
     * The score to report for a line starting with first: with the root in the tables, the
     * tables' verdict on that move unless the search found a mate (native displayed_score).
     */
    int displayedScore(int first, int score) {
        if (!rootInTablebases || Scores.isMate(score)) {
            return score;
        }
        for (RootMove rm : rootMoves) {
            if (rm.move == first) {
                return rm.tbScore;
            }
        }
        return score;
    }

    // The score of a tablebase verdict for the side to move, reached ply plies from the root.
    // With the fifty-move rule, a cursed win is a draw (a point above it, so that the search still
    // prefers it to a real draw) and a blessed loss a point below.
    private int tablebaseScore(int wdl, int ply) {
        return switch (wdl) {
            case TablebaseProbes.WIN -> Scores.tbWinIn(ply);
            case TablebaseProbes.CURSED_WIN -> tbRule50 ? Scores.DRAW + 1 : Scores.tbWinIn(ply);
            case TablebaseProbes.BLESSED_LOSS -> tbRule50 ? Scores.DRAW - 1 : Scores.tbLossIn(ply);
            case TablebaseProbes.LOSS -> Scores.tbLossIn(ply);
            default -> Scores.DRAW;
        };
    }

    // A position the tables hold, with the fifty-move counter at zero (their distances count from
    // there): its verdict when that settles the node, else NO_VERDICT; a verdict is stored in the
    // table (native probe_tablebases).
    private int probeTablebases(Position pos, int ply, int depth, int alpha, int beta) {
        if (pos.rule50() != 0 || depth < tbProbeDepth || Long.bitCount(pos.occupied()) > tbProbePieces) {
            return NO_VERDICT;
        }
        stats.tbProbes++;
        int wdl = tablebases.probeWdl(pos);
        if (wdl == TablebaseProbes.NOT_FOUND) {
            return NO_VERDICT;
        }
        stats.tbHits++;
        int score = tablebaseScore(wdl, ply);
        int bound = score >= Scores.TB_WIN_IN_MAX_PLY ? Bound.LOWER
            : score <= -Scores.TB_WIN_IN_MAX_PLY ? Bound.UPPER : Bound.EXACT;
        if (bound != Bound.EXACT && (bound == Bound.LOWER ? score < beta : score > alpha)) {
            return NO_VERDICT;
        }
        if (features.transpositionTable) {
            tt.store(pos.key(), ply, score, bound, Math.min(depth + TABLEBASE_DEPTH_BONUS, Scores.MAX_PLY - 1),
                Move.NONE, Scores.NONE);
        }
        return score;
    }

    private boolean rootMoveAllowed(int m) {
        if (lineLeaders.contains(m)) {
            return false;
        }
        return !rootRestricted || rootMoves.stream().anyMatch(rm -> rm.move == m);
    }

    // The record of root move m, which must be one of them.
    private RootMove rootMove(int m) {
        for (RootMove rm : rootMoves) {
            if (rm.move == m) {
                return rm;
            }
        }
        throw new IllegalStateException("not a root move: " + m);
    }

    // Aspiration windows: from the previous score +-delta, widening by half again after each
    // fail; a fail low also pulls beta down to the window's middle.
    private int aspiration(Position pos, int depth, int previousScore) {
        if (!features.aspirationWindows || depth < params.aspirationMinDepth || Scores.isDecisive(previousScore)) {
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
                manager.onRootLine(depth, score, Bound.UPPER, rootPv, pvIndex + 1);
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

    // A root move raised alpha: it leads the current line now.
    private void updateRootBest(int score, int beta, int m) {
        if (pvIndex == 0 && rootDepth > 1 && rootPv.length > 0 && rootPv[0] != m) {
            bestMoveChanges++;
        }
        rootPv = Arrays.copyOf(pvTable[0], pvLength[0]);
        rootBestScore = score;
        manager.onRootLine(rootDepth, score, score >= beta ? Bound.LOWER : Bound.EXACT, rootPv, pvIndex + 1);
    }

    // The root starts on a move: the first one of the search is the move played if no root move
    // is done in time (the first of the root move ordering).
    private void startRootMove(int m, int number) {
        if (firstRootMove == Move.NONE) {
            firstRootMove = m;
        }
        manager.onRootMove(m, number, rootDepth);
    }

    // Every move the search makes or takes back goes through these four, so that the evaluator
    // hears of each one in order (native SearchWorker::make_move and the others).
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
        if (manager.stopRequested()) {
            stopped = true;
        }
        return stopped;
    }

    // The periodic look at the manager's ponderhit and clock (native SearchWorker::poll).
    private void poll() {
        pollCountdown = POLL_INTERVAL_NODES;
        if (manager.poll()) {
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
        tt.probe(pos.key(), ply, pos.rule50(), hit);
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

    private static boolean bareKing(Position pos, int colour) {
        return pos.pieces(colour) == pos.pieces(colour, Piece.KING);
    }

    // As native: in a pawnless ending, pieces against a bare king and the side with less
    // material search every quiet move (no late-move, history or futility pruning).
    private static boolean everyQuietMoveCounts(Position pos) {
        if (pos.piecesOfType(Piece.PAWN) != 0) {
            return false;
        }
        final int us = pos.sideToMove();
        return bareKing(pos, us ^ 1) || WdlModel.material(pos, us) < WdlModel.material(pos, us ^ 1);
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

    // A quiet move's late-move reduction with its history: the base of the reduction LMR
    // applies, and what futility and SEE pruning subtract from the depth.
    private int quietReduction(int depth, int moveNumber, boolean improving, int historyScore) {
        return reduction(depth, moveNumber, improving) - historyScore / params.lmrHistoryDivisor;
    }

    // The depth futility and SEE pruning judge a quiet move by: with pruneReducedDepth, the
    // depth its late-move reduction would leave it, otherwise the node's.
    private int quietPruneDepth(int depth, int quietReduction) {
        if (params.pruneReducedDepth == 0) {
            return depth;
        }
        return Math.max(1, Math.min(depth - quietReduction, depth));
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
        stackCutoffCount[ss + 2] = 0;

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

        // 2. Transposition table. A singular search (excluded move) searches the node without its
        // table move: the entry, the node's result with that move, says nothing about it, and its
        // own result is not stored.
        final int excluded = stackExcludedMove[ss];
        TTHit hit = excluded != Move.NONE ? noHit : hits[ply];
        if (excluded == Move.NONE) {
            probeTt(pos, ply, hit);
        }
        if (!pvNode && ttDecides(hit, depth, alpha, beta)) {
            stats.ttCutoffs++;
            return leave(ply, alphaIn, betaIn, hit.score);
        }
        int ttMove = root && rootPv.length > 0 ? rootPv[0] : hit.move;

        // 2b. Endgame tablebases.
        if (!root && excluded == Move.NONE && tbProbePieces != 0) {
            int verdict = probeTablebases(pos, ply, depth, alpha, beta);
            if (verdict != NO_VERDICT) {
                return leave(ply, alphaIn, betaIn, verdict);
            }
        }

        // 3. Static evaluation (the table keeps it uncorrected), corrected by the correction
        // history, and refined by the table's bound when it says more.
        // A singular search keeps the evaluation its node computed.
        int rawEval = Scores.NONE;
        int eval = Scores.NONE;
        if (excluded != Move.NONE) {
            eval = stackStaticEval[ss];
        } else if (!inCheck) {
            rawEval = hit.found && hit.eval != Scores.NONE ? hit.eval : evaluator.evaluate(pos);
            stackStaticEval[ss] = correctedEval(pos, rawEval);
            eval = refinedByTable(hit, stackStaticEval[ss]);
        } else {
            stackStaticEval[ss] = Scores.NONE;
        }
        final boolean improving = !inCheck && stackStaticEval[ss - 2] != Scores.NONE
            && stackStaticEval[ss] > stackStaticEval[ss - 2];

        // Internal iterative reduction: a deep node without a table move was never searched this
        // deep, or nothing in it did well; it costs one ply less, and a later visit, with the
        // move this search stores, gets the full depth. Without the table no node has a move:
        // nothing is reduced then.
        if (features.internalIterativeReduction && features.transpositionTable && !root && excluded == Move.NONE
                && depth >= params.iirMinDepth && hit.move == Move.NONE) {
            --depth;
        }

        // A singular search asks how the other moves do, so it neither assumes a cutoff from the
        // evaluation nor passes.
        if (!pvNode && !inCheck && excluded == Move.NONE) {
            // 4. Reverse futility: far above beta at low depth, assume a cutoff.
            if (features.reverseFutilityPruning && depth <= params.rfpMaxDepth && !Scores.isDecisive(beta)
                    && eval - params.rfpMargin * (depth - (improving ? 1 : 0)) >= beta) {
                return leave(ply, alphaIn, betaIn, eval);
            }

            // 4b. Razoring: far below alpha at low depth, only a capture could help; if quiescence
            // finds none that reaches alpha, the node fails low. Quiescence probes this node's table
            // entry again into hits[ply], finding what this node found.
            if (features.razoring && depth <= params.razorMaxDepth && !Scores.isDecisive(alpha)
                    && eval + params.razorBase + params.razorMargin * depth * depth <= alpha) {
                int score = quiescence(pos, ply, alpha, alpha + 1, 0, false);
                if (stopped) {
                    return leave(ply, alphaIn, betaIn, 0);
                }
                if (score <= alpha) {
                    return leave(ply, alphaIn, betaIn, score);
                }
                stackBestMove[ss] = Move.NONE;  // the node's own moves decide from here
            }

            // 5. Null move: if passing still fails high, so will a real move (unless in zugzwang).
            if (features.nullMove && depth >= params.nullMinDepth && stackMove[ss] != Move.NULL && eval >= beta
                    && !Scores.isDecisive(beta) && nullMoveIsSafe(pos, pos.sideToMove())) {
                int r = params.nullBaseReduction + depth / params.nullDepthDivisor
                    + (eval - beta >= params.nullEvalMargin ? 1 : 0);
                stackMove[ss + 1] = Move.NULL;
                stackMovedPiece[ss + 1] = Piece.NONE;
                stackDoubleExtensions[ss + 1] = stackDoubleExtensions[ss];
                makeNullMove(pos);
                int score = -negamax(pos, ply + 1, -beta, -beta + 1, depth - r, !cutNode, false);
                unmakeNullMove(pos);
                if (stopped) {
                    return leave(ply, alphaIn, betaIn, 0);
                }
                if (score >= beta) {
                    return leave(ply, alphaIn, betaIn, Scores.isDecisive(score) ? beta : score);
                }
            }

            // 5b. ProbCut: a good capture that beats beta by a margin at a shallower depth.
            if (features.probcut && depth >= params.probcutMinDepth && !Scores.isDecisive(beta)) {
                int score = probcut(pos, ply, hit, depth, beta, eval, cutNode);
                if (stopped) {
                    return leave(ply, alphaIn, betaIn, 0);
                }
                if (score != Scores.NONE) {
                    return leave(ply, alphaIn, betaIn, score);
                }
            }
        }

        // 6. Singular extension: is the table move much better than every other? (Before the
        // move loop: the singular search reuses this ply's working memory.)
        int ttMoveExtension = 0;
        if (features.singularExtensions && isSingularCandidate(pos, ply, hit, depth)) {
            SingularVerdict verdict = singularVerdict(pos, ply, hit.move, hit.score, depth, beta, pvNode, cutNode);
            if (stopped) {
                return leave(ply, alphaIn, betaIn, 0);
            }
            if (verdict.cutoff() != Scores.NONE) {
                return leave(ply, alphaIn, betaIn, verdict.cutoff());
            }
            ttMoveExtension = verdict.extension();
        }

        // 7. The moves.
        NodeHistory nodeHistory = historyForNode(ply);
        MovePicker picker = pickers[ply];
        picker.reset(pos, features.transpositionTable || root ? ttMove : Move.NONE,
            features.killers ? history : null, ply, features.history ? history : null, true, false, nodeHistory);
        CheckInfo checkInfo = checkInfos[ply];
        checkInfo.compute(pos);
        int[] quietsTried = quiets[ply];
        int[] noisiesTried = noisies[ply];
        int bestScore = -Scores.INFINITE;
        int bestMove = Move.NONE;
        int moveCount = 0;
        int searched = 0;
        int quietCount = 0;
        int noisyCount = 0;
        final boolean mayPrune = !root && hasNonPawnMaterial(pos, pos.sideToMove());
        final boolean mayPruneQuiets = mayPrune && !everyQuietMoveCounts(pos);

        for (int m = picker.next(); m != Move.NONE; m = picker.next()) {
            if ((root && !rootMoveAllowed(m)) || m == excluded) {
                continue;
            }
            ++moveCount;
            if (root) {
                startRootMove(m, moveCount);
            }
            final boolean noisy = isNoisy(pos, m);
            final boolean givesCheck = checkInfo.givesCheck(m);
            final int historyScore = noisy ? 0 : quietHistory(pos, nodeHistory, m);
            final int moveReduction = noisy ? 0 : quietReduction(depth, moveCount, improving, historyScore);

            // 8. Shallow-depth pruning, once a move has saved us from a known loss (a mate or, in the
            // native search with tables, a tablebase loss).
            if (mayPrune && bestScore > -Scores.TB_WIN_IN_MAX_PLY
                    && prunedAtShallowDepth(pos, m, noisy, givesCheck, depth, eval, alpha, improving, inCheck,
                        quietCount, historyScore, moveReduction, mayPruneQuiets)) {
                continue;
            }

            // 9. Extension, make, search (reduced, then null window, then full window). The
            // singular verdict on the table move, when it has one, replaces the check extension.
            int extension = features.checkExtension && givesCheck ? 1 : 0;
            if (m == ttMove && ttMoveExtension != 0) {
                extension = ttMoveExtension;
            }
            int newDepth = depth - 1 + extension;
            stackMove[ss + 1] = m;
            stackMovedPiece[ss + 1] = pos.movedPiece(m);
            stackDoubleExtensions[ss + 1] = stackDoubleExtensions[ss] + (extension >= 2 ? 1 : 0);
            long nodesBefore = stats.nodes;
            makeMove(pos, m);
            int score;
            if (pvNode && searched == 0) {
                score = -negamax(pos, ply + 1, -beta, -alpha, newDepth, false, true);
            } else {
                boolean fullDepth = true;
                score = 0;
                if (features.lateMoveReductions && depth >= params.lmrMinDepth && moveCount > params.lmrMinMoves
                        && !noisy) {
                    int r = moveReduction;
                    r += cutNode ? 1 : 0;
                    r += params.lmrCutoffCount != 0 && stackCutoffCount[ss + 1] > params.lmrCutoffCount ? 1 : 0;
                    r -= pvNode ? 1 : 0;
                    r -= givesCheck ? 1 : 0;
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
            if (root) {
                rootMove(m).nodes += stats.nodes - nodesBefore;
            }
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
                        stackCutoffCount[ss]++;
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
            } else if (noisyCount < MAX_NOISIES) {
                noisiesTried[noisyCount++] = m;
            }
        }

        // 10. Mate and stalemate (a singular search without other moves: the table move is the
        // only one, so it fails low); history; table store.
        if (moveCount == 0) {
            return leave(ply, alphaIn, betaIn,
                excluded != Move.NONE ? alpha : inCheck ? Scores.matedIn(ply) : Scores.DRAW);
        }
        if (bestScore >= beta && bestMove != Move.NONE) {
            if (!isNoisy(pos, bestMove)) {
                updateQuietHistory(pos, ply, bestMove, depth, quietsTried, Math.min(quietCount, MAX_QUIETS));
            }
            if (features.captureHistory) {
                updateCaptureHistory(pos, bestMove, depth, noisiesTried, noisyCount);
            }
        }
        if (excluded != Move.NONE) {
            return leave(ply, alphaIn, betaIn, bestScore);
        }
        int bound = bestScore >= beta ? Bound.LOWER : (pvNode && bestMove != Move.NONE) ? Bound.EXACT : Bound.UPPER;
        if (features.correctionHistory && !inCheck && !(bestMove != Move.NONE && isNoisy(pos, bestMove))) {
            updateCorrection(pos, ss, depth, bestScore, bound, rawEval);
        }
        if (features.transpositionTable) {
            tt.store(pos.key(), ply, bestScore, bound, depth, bestMove, rawEval);
        }
        return leave(ply, alphaIn, betaIn, bestScore);
    }

    // A node (not the root, not itself a singular search) whose table move is legal and whose
    // entry says it scores at least its score, from a search not much shallower, and not a mate:
    // is that move singular? Not beyond twice the iteration's depth, where extensions would only
    // feed on each other.
    private boolean isSingularCandidate(Position pos, int ply, TTHit hit, int depth) {
        return ply > 0 && stackExcludedMove[ply + STACK_OFFSET] == Move.NONE && depth >= params.seMinDepth
            && ply < 2 * rootDepth && hit.found && hit.move != Move.NONE
            && (hit.bound == Bound.LOWER || hit.bound == Bound.EXACT) && hit.depth >= depth - params.seDepthMargin
            && !Scores.isDecisive(hit.score) && pos.isLegal(hit.move);
    }

    // Searches the node without its table move at half the depth, on a null window just below
    // the table's score. If every other move fails low there, the table move is singular: one ply
    // more (two when the others fall far short, a few times per line at most). If another move
    // reaches that bound too and the bound is already at beta, two moves would cut: the node fails
    // high (multi-cut). If the table move is not singular but its score is at beta, another move
    // is likely to cut as well: one ply less for it. The search reuses this ply's working memory.
    private SingularVerdict singularVerdict(Position pos, int ply, int ttMove, int ttScore, int depth, int beta, boolean pvNode,
                                 boolean cutNode) {
        final int ss = ply + STACK_OFFSET;
        final int singularBeta = ttScore - params.seMargin * depth;
        stackExcludedMove[ss] = ttMove;
        final int score = negamax(pos, ply, singularBeta - 1, singularBeta, (depth - 1) / 2, cutNode, false);
        stackExcludedMove[ss] = Move.NONE;
        if (score < singularBeta) {
            boolean farBelow = !pvNode && score < singularBeta - params.seDoubleMargin
                && stackDoubleExtensions[ss] < params.seMaxDoubleExtensions;
            return new SingularVerdict(farBelow ? 2 : 1, Scores.NONE);
        }
        if (singularBeta >= beta) {
            return new SingularVerdict(0, singularBeta);
        }
        return new SingularVerdict(ttScore >= beta ? -1 : 0, Scores.NONE);
    }

    // A capture that wins at least the margin's worth by SEE and then beats probcutBeta = beta +
    // probcutMargin in quiescence and in a search probcutReduction plies shallower would almost
    // surely beat beta at full depth: the node fails high with the shallow score (Scores.NONE: no
    // such capture). The quiescence test first makes the shallow search rare. A table entry from
    // a search at least that deep that scored below probcutBeta (not a lower bound) already says
    // no. Runs before the move loop, whose picker of this ply it borrows.
    private int probcut(Position pos, int ply, TTHit hit, int depth, int beta, int eval, boolean cutNode) {
        final int ss = ply + STACK_OFFSET;
        final int probcutBeta = beta + params.probcutMargin;
        final int shallowDepth = depth - params.probcutReduction;
        if (hit.found && hit.depth > shallowDepth && hit.bound != Bound.LOWER && hit.score < probcutBeta) {
            return Scores.NONE;
        }
        MovePicker picker = pickers[ply];
        picker.reset(pos, features.transpositionTable ? hit.move : Move.NONE, null, -1, null, false, true,
            captureOrdering(ply));
        for (int m = picker.next(); m != Move.NONE; m = picker.next()) {
            if (!See.seeGe(pos, m, probcutBeta - eval)) {
                continue;
            }
            stackMove[ss + 1] = m;
            stackMovedPiece[ss + 1] = pos.movedPiece(m);
            stackDoubleExtensions[ss + 1] = stackDoubleExtensions[ss];
            makeMove(pos, m);
            int score = -quiescence(pos, ply + 1, -probcutBeta, -probcutBeta + 1, 0, false);
            if (score >= probcutBeta) {
                score = -negamax(pos, ply + 1, -probcutBeta, -probcutBeta + 1, shallowDepth, !cutNode, false);
            }
            unmakeMove(pos, m);
            if (stopped) {
                return Scores.NONE;
            }
            if (score >= probcutBeta) {
                return score;
            }
        }
        return Scores.NONE;
    }

    /** The table move's singular extension (-1 to 2 plies), or a multi-cut cutoff score (Scores.NONE: none). */
    private record SingularVerdict(int extension, int cutoff) {
    }

    // A static evaluation refined by the table's entry when its bound says more: a lower bound
    // above the evaluation, or an upper bound below it, is the better guess.
    private static int refinedByTable(TTHit hit, int eval) {
        if (!hit.found || Scores.isDecisive(hit.score)) {
            return eval;
        }
        if ((hit.bound == Bound.LOWER && hit.score > eval) || (hit.bound == Bound.UPPER && hit.score < eval)) {
            return hit.score;
        }
        return eval;
    }

    // The correction tables the parameters switch on, in native's order (SearchHistory's keys):
    // the pawn structure's always, the material's with correctionMaterial.
    private int correctionTableCount() {
        return params.correctionMaterial != 0 ? 2 : 1;
    }

    // The static evaluation plus what the correction tables have learnt about this pawn
    // structure (and this material): their entries' average, kept off the mate scores.
    private int correctedEval(Position pos, int rawEval) {
        if (!features.correctionHistory) {
            return rawEval;
        }
        int count = correctionTableCount();
        int sum = 0;
        for (int key = 0; key < count; key++) {
            sum += history.correctionScore(pos, key);
        }
        int correction = sum / count;
        int corrected = rawEval + correction / params.correctionGrain;
        return Math.max(-Scores.MATE_IN_MAX_PLY + 1, Math.min(corrected, Scores.MATE_IN_MAX_PLY - 1));
    }

    // A node's result says how far its static evaluation was off, unless its bound leaves the
    // direction open (a fail high below the eval, a fail low above it): the entry moves toward
    // that difference, the more the deeper the search. A capture as best move says more about
    // the capture than about the position.
    private void updateCorrection(Position pos, int ss, int depth, int bestScore, int bound, int rawEval) {
        if (Scores.isDecisive(bestScore)) {
            return;
        }
        if ((bound == Bound.LOWER && bestScore <= stackStaticEval[ss])
                || (bound == Bound.UPPER && bestScore >= stackStaticEval[ss])) {
            return;
        }
        int target = Math.max(-params.correctionLimit,
            Math.min((bestScore - rawEval) * params.correctionGrain, params.correctionLimit));
        int weight = Math.min(depth + 1, params.correctionMaxWeight);
        for (int key = 0; key < correctionTableCount(); key++) {
            history.setCorrection(pos, key, movedToward(history.correctionScore(pos, key), target, weight));
        }
    }

    private int movedToward(int entry, int target, int weight) {
        return (entry * (params.correctionWeightTotal - weight) + target * weight) / params.correctionWeightTotal;
    }

    // Step 7: late-move, futility and SEE pruning of quiet moves; SEE pruning of captures.
    private boolean prunedAtShallowDepth(Position pos, int m, boolean noisy, boolean givesCheck, int depth, int eval,
                                         int alpha, boolean improving, boolean inCheck, int quietCount,
                                         int historyScore, int quietReduction, boolean mayPruneQuiets) {
        if (!noisy && !givesCheck) {
            if (mayPruneQuiets && features.lateMovePruning && depth <= params.lmpMaxDepth
                    && quietCount >= (params.lmpBase + depth * depth) / (improving ? 1 : 2)) {
                return true;
            }
            if (mayPruneQuiets && features.historyPruning && depth <= params.historyPruneMaxDepth
                    && historyScore < -params.historyPruneMargin * depth) {
                return true;
            }
            int pruneDepth = quietPruneDepth(depth, quietReduction);
            if (mayPruneQuiets && features.futilityPruning && !inCheck && pruneDepth <= params.futilityMaxDepth
                    && eval + params.futilityBase + params.futilityMargin * pruneDepth <= alpha) {
                return true;
            }
            return features.seePruning && pruneDepth <= params.seeMaxDepth
                && !See.seeGe(pos, m, -params.seeQuietMargin * pruneDepth);
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

    // The tables this node orders and prunes by, seen from the last two moves.
    private NodeHistory historyForNode(int ply) {
        NodeHistory node = captureOrdering(ply);
        int ss = ply + STACK_OFFSET;
        if (features.continuationHistory) {
            for (int i = 0; i < 2; i++) {
                if (stackMovedPiece[ss - i] != Piece.NONE) {
                    node.continuationRows[i] =
                        SearchHistory.continuationRow(stackMovedPiece[ss - i], Move.to(stackMove[ss - i]));
                    node.continuation = history;
                }
            }
        }
        if (features.counterMoves && stackMovedPiece[ss] != Piece.NONE) {
            node.counterMove = history.counterMove(stackMovedPiece[ss], Move.to(stackMove[ss]));
        }
        return node;
    }

    // The capture history alone (quiescence orders captures only).
    private NodeHistory captureOrdering(int ply) {
        NodeHistory node = nodeHistories[ply].reset();
        if (features.captureHistory) {
            node.captures = history;
            node.captureDivisor = params.captureHistoryDivisor;
        }
        return node;
    }

    // A quiet move's history: its butterfly entry and its continuation entries.
    private int quietHistory(Position pos, NodeHistory node, int m) {
        int score = features.history ? history.quietScore(pos.sideToMove(), m) : 0;
        return score + node.continuationScore(pos, m);
    }

    private int historyBonus(int depth) {
        return Math.min(params.historyMaxBonus, depth * depth);
    }

    // A quiet move caused a cutoff: it becomes a killer and the counter-move to the last move,
    // and gains history; the quiets tried before it lose as much.
    private void updateQuietHistory(Position pos, int ply, int best, int depth, int[] tried, int count) {
        int ss = ply + STACK_OFFSET;
        if (features.killers) {
            history.addKiller(ply, best);
        }
        if (features.counterMoves && stackMovedPiece[ss] != Piece.NONE) {
            history.setCounterMove(stackMovedPiece[ss], Move.to(stackMove[ss]), best);
        }
        int bonus = historyBonus(depth);
        updateQuietEntries(pos, ss, best, bonus);
        for (int i = 0; i < count; i++) {
            if (tried[i] != best) {
                updateQuietEntries(pos, ss, tried[i], -bonus);
            }
        }
    }

    private void updateQuietEntries(Position pos, int ss, int m, int bonus) {
        if (features.history) {
            history.update(pos.sideToMove(), m, bonus, params);
        }
        if (!features.continuationHistory) {
            return;
        }
        for (int i = 0; i < 2; i++) {
            int previous = ss - i;
            if (stackMovedPiece[previous] != Piece.NONE) {
                int row = SearchHistory.continuationRow(stackMovedPiece[previous], Move.to(stackMove[previous]));
                history.updateContinuation(row, pos.movedPiece(m), Move.to(m), bonus, params);
            }
        }
    }

    // A cutoff: the capture that caused it gains capture history, the captures tried before it
    // (which failed to cut) lose as much.
    private void updateCaptureHistory(Position pos, int best, int depth, int[] tried, int count) {
        int bonus = historyBonus(depth);
        if (isNoisy(pos, best)) {
            history.updateCapture(pos, best, bonus, params);
        }
        for (int i = 0; i < count; i++) {
            if (tried[i] != best) {
                history.updateCapture(pos, tried[i], -bonus, params);
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
        int rawEval = Scores.NONE;
        if (!evading) {
            rawEval = hit.found && hit.eval != Scores.NONE ? hit.eval : evaluator.evaluate(pos);
            stackStaticEval[ss] = correctedEval(pos, rawEval);
            eval = params.qsTableRefinesEval != 0 ? refinedByTable(hit, stackStaticEval[ss]) : stackStaticEval[ss];
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
            features.seePruning, captureOrdering(ply));
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
            tt.store(pos.key(), ply, bestScore, bound, 0, bestMove, rawEval);
        }
        return leave(ply, alphaIn, betaIn, bestScore);
    }
}
