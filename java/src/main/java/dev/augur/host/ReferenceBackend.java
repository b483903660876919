package dev.augur.host;

import dev.augur.Bound;
import dev.augur.EvalTerm;
import dev.augur.Evaluation;
import dev.augur.Move;
import dev.augur.OptionInfo;
import dev.augur.PvInfo;
import dev.augur.SearchLimits;
import dev.augur.SearchListeners;
import dev.augur.SearchResult;
import dev.augur.bridge.NativeTablebaseProbes;
import dev.augur.reference.Uci;
import dev.augur.reference.eval.EvalBreakdown;
import dev.augur.reference.eval.TermBreakdown;
import dev.augur.reference.search.PvListener;
import dev.augur.reference.search.OptionSpec;
import dev.augur.reference.search.OptionTable;
import dev.augur.reference.search.ReferenceEngine;
import dev.augur.reference.search.ReferenceLimits;
import dev.augur.reference.search.ReferencePv;
import dev.augur.reference.search.ReferenceResult;
import dev.augur.reference.search.TranspositionTable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The pure-Java reference search ({@link ReferenceEngine}) behind the host: no native code in
 * the search (only its Syzygy probes, with a SyzygyPath, go to the native tables). Every call
 * that touches the engine but stop, ponderhit and the node count runs on one search thread of
 * its own (a daemon named {@code augur-java-search}), so the engine, which is not thread-safe,
 * is only ever used by that thread; the session waits where native waits too.
 *
 * <p>Reports: principal variations and iterations as {@link PvInfo}, with hashfull and tbhits,
 * and the root move being searched once a search has run for a second, as the native engine
 * reports them.
 */
final class ReferenceBackend implements SearchBackend {
    private static final int NO_MOVE = 0;
    private static final String WARM_UP_FEN = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
    private static final long WARM_UP_NODES = 50_000;

    private final ReferenceEngine engine = new ReferenceEngine();
    private final List<OptionInfo> options = optionsOf();
    private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
        Thread searcher = new Thread(task, "augur-java-search");
        searcher.setDaemon(true);
        return searcher;
    });
    private CompletableFuture<SearchResult> running; // the search last started; session thread only

    /**
     * Warms the Java search up at once, on its thread, while the GUI is still setting up. Its
     * SyzygyPath opens the native library's tables, the very ones the native search probes; where
     * that library is missing a path is refused, saying that the Java search runs without them.
     */
    ReferenceBackend() {
        engine.setTablebaseLoader(NativeTablebaseProbes::open);
        thread.execute(ReferenceBackend::warmUp);
    }

    /**
     * A short search on a throwaway engine, its lines written as reports and dropped: a cold JVM
     * spends tens of milliseconds loading, linking and compiling the search and the report text,
     * which would otherwise come out of the first move's budget (a 3 s game's first move then
     * ends after one iteration). The engine the session uses is not touched, so its table and
     * history start empty as native ones do.
     */
    private static void warmUp() {
        ReferenceEngine scratch = new ReferenceEngine();
        scratch.setOption("Hash", "1");
        scratch.setPosition(WARM_UP_FEN, List.of());
        PvListener formatAndDrop = info -> {
            PvInfo line = pvInfo(info);
            SearchText.uciInfo(line, false);
            SearchText.thinkingLine(line, false);
        };
        scratch.search(ReferenceLimits.nodes(WARM_UP_NODES), null, formatAndDrop);
    }

    @Override
    public String version() {
        return HostVersion.VERSION;
    }

    @Override
    public List<OptionInfo> options() {
        return options;
    }

    /**
     * The reference engine's options: the engine rows of the option table, as native lists them,
     * but for the largest Hash, which is what one Java table holds.
     */
    private static List<OptionInfo> optionsOf() {
        return OptionTable.ENGINE.stream().map(spec -> {
            OptionInfo info = OptionText.info(spec);
            if (spec.setting() != OptionSpec.Setting.HASH) return info;
            return new OptionInfo(info.name(), info.type(), info.defaultValue(), info.min(),
                    Math.min(info.max(), TranspositionTable.MAX_SIZE_MB), info.choices(), info.description());
        }).toList();
    }

    @Override
    public void setOption(String name, String value) throws CommandException {
        finishRunning();
        onSearchThread(() -> engine.setOption(name, value));
    }

    @Override
    public void newGame() throws CommandException {
        finishRunning();
        onSearchThread(engine::newGame);
    }

    @Override
    public void setPosition(String startFen, boolean chess960, List<Move> moves) throws CommandException {
        // Castling as king-takes-rook: the reference parser takes it in either mode, so a Chess960
        // game's moves read the same whatever the FEN's castling field says.
        List<String> text = new ArrayList<>(moves.size());
        for (Move move : moves) text.add(Uci.format(move.code(), true));
        // Not waiting for a running search: it searches its own position object, and the next
        // search is handed to the search thread after this assignment.
        onSessionThread(() -> engine.setPosition(startFen, text));
    }

    @Override
    public Evaluation evaluate() throws CommandException {
        finishRunning();
        try {
            return evaluation(CompletableFuture.supplyAsync(engine::evaluationBreakdown, thread).join());
        } catch (CompletionException e) {
            throw new CommandException("evaluation failed: " + e.getCause());
        }
    }

    /** The reference breakdown as the binding's value type, terms in the native order and names. */
    static Evaluation evaluation(EvalBreakdown breakdown) {
        List<EvalTerm> terms = new ArrayList<>();
        for (dev.augur.reference.eval.EvalTerm term : dev.augur.reference.eval.EvalTerm.values()) {
            TermBreakdown t = breakdown.term(term);
            terms.add(new EvalTerm(term.id(), t.white().mg(), t.white().eg(), t.black().mg(), t.black().eg(),
                    t.white().mg() - t.black().mg(), t.white().eg() - t.black().eg(), t.finalWhite()));
        }
        return new Evaluation(breakdown.total(), breakdown.totalWhite(), breakdown.phase(), breakdown.scale(),
                breakdown.rule().id(), breakdown.dead(), terms);
    }

    @Override
    public CompletableFuture<SearchResult> start(SearchLimits limits, SearchListeners listeners)
            throws CommandException {
        finishRunning();
        ReferenceLimits reference = referenceLimits(limits);
        engine.forgetRequests(); // a stop or ponderhit from now on counts for this search
        CompletableFuture<SearchResult> future = new CompletableFuture<>();
        running = future;
        thread.execute(() -> {
            try {
                future.complete(result(engine.searchKeepingRequests(reference, null, pvListener(listeners))));
            } catch (RuntimeException | Error e) {
                future.completeExceptionally(e);
            }
        });
        return future;
    }

    /** The binding's limits in the reference engine's terms (move codes for the root moves). */
    static ReferenceLimits referenceLimits(SearchLimits limits) {
        List<Integer> searchMoves = new ArrayList<>();
        for (Move move : limits.searchMoves()) searchMoves.add(move.code());
        return new ReferenceLimits(limits.depth(), limits.nodes(), limits.mate(), limits.moveTimeMillis(),
                limits.infinite(), searchMoves, limits.timeLeftMillis(), limits.incrementMillis(), limits.movesToGo(),
                limits.ponder());
    }

    private static PvListener pvListener(SearchListeners listeners) {
        return new PvListener() {
            @Override
            public void onPv(ReferencePv info) {
                if (listeners.pv() != null) listeners.pv().onPv(pvInfo(info));
            }

            @Override
            public void onIteration(ReferencePv info) {
                if (listeners.iteration() != null) listeners.iteration().onIteration(pvInfo(info));
            }

            @Override
            public void onCurrmove(int move, int number, int depth) {
                if (listeners.currmove() != null) listeners.currmove().onCurrmove(Move.of(move), number, depth);
            }
        };
    }

    static PvInfo pvInfo(ReferencePv info) {
        return new PvInfo(info.depth(), info.seldepth(), info.score(), info.mate(), Bound.of(info.bound()),
                info.nodes(), info.timeMillis(), moves(info.pv()), info.multipv(), info.hashfull(), info.tbHits());
    }

    static SearchResult result(ReferenceResult result) {
        return new SearchResult(move(result.bestMove()), move(result.ponderMove()), result.score(), result.mate(),
                result.depth(), result.seldepth(), result.nodes(), result.qnodes(), result.failHighs(),
                result.failHighsFirst(), result.ttProbes(), result.ttHits(), result.ttCutoffs(), result.tbHits(), result.tbProbes(),
                result.timeMillis(), 0.0, moves(result.pv()));
    }

    private static Move move(int code) {
        return code == NO_MOVE ? null : Move.of(code);
    }

    private static List<Move> moves(List<Integer> codes) {
        List<Move> list = new ArrayList<>(codes.size());
        for (int code : codes) list.add(Move.of(code));
        return list;
    }

    @Override
    public void stop() {
        engine.stop();
    }

    @Override
    public void ponderhit() {
        engine.ponderhit();
    }

    @Override
    public long nodesSearched() {
        return engine.nodesSearched();
    }

    @Override
    public void close() {
        finishRunning();
        thread.shutdown();
        try {
            thread.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the search last started, if it runs, and waits for its end (as native does). */
    private void finishRunning() {
        CompletableFuture<SearchResult> last = running;
        running = null;
        if (last == null || last.isDone()) return;
        engine.stop();
        try {
            last.join();
        } catch (CompletionException | CancellationException e) {
            // Its owner hears of the failure through the future.
        }
    }

    /** An engine call that throws IllegalArgumentException for bad input. */
    @FunctionalInterface
    private interface EngineCall {
        void run();
    }

    private void onSearchThread(EngineCall call) throws CommandException {
        try {
            CompletableFuture.runAsync(call::run, thread).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof IllegalArgumentException bad) throw new CommandException(bad.getMessage());
            throw e;
        }
    }

    private static void onSessionThread(EngineCall call) throws CommandException {
        try {
            call.run();
        } catch (IllegalArgumentException bad) {
            throw new CommandException(bad.getMessage());
        }
    }
}
