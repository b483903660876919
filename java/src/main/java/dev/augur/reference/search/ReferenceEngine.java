package dev.augur.reference.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import dev.augur.reference.Fen;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;
import dev.augur.reference.eval.EvalBreakdown;
import dev.augur.reference.eval.EvalOptions;
import dev.augur.reference.eval.Evaluator;
import dev.augur.reference.eval.HandCraftedEvaluator;
import dev.augur.reference.eval.Network;
import dev.augur.reference.eval.NnueEvaluator;
import java.nio.file.Path;

/**
 * The pure-Java engine: the twin of the native Engine (lib/engine/engine.{h,cpp}) for one search
 * thread. It owns a transposition table, an evaluator, a {@link SearchWorker} and the
 * {@link SearchManager} that leads it, takes the native
 * options by the same names, with the same defaults and the same case-insensitive matching, and
 * keeps between searches what native keeps (table contents and generation, history; killers are
 * cleared per search by both). With the same position, moves, options and limits it visits the
 * same nodes as the native engine searching with one thread.
 *
 * <p>Options: those of scope engine in {@link OptionTable}, generated from the table native reads
 * too (lib/engine/options.table): "Hash" (MB; above 8192 here the Java table does not fit),
 * "Clear Hash", "Threads" (accepted, but the Java engine always searches with one thread),
 * "MultiPV", "Move Overhead", "Ponder", "EvalFile" and "Eval" (the network evaluation, as native),
 * one switch per search feature and one per evaluation term. As native, a new value empties what
 * the table says it makes stale.
 *
 * <p>Not thread-safe, except {@link #stop()} and {@link #ponderhit()}, which may be called from
 * any thread while {@link #search} runs.
 */
public final class ReferenceEngine {
    public static final int DEFAULT_HASH_MB = defaultNumber("Hash");
    public static final int DEFAULT_MOVE_OVERHEAD_MS = defaultNumber("Move Overhead");

    private final TranspositionTable tt = new TranspositionTable(DEFAULT_HASH_MB);
    private final EvalOptions evalOptions = new EvalOptions();
    private Evaluator evaluator = new HandCraftedEvaluator();
    private Network network;       // of EvalFile; null: the built-in one
    private boolean usesNetwork;   // option Eval: nnue
    private final SearchWorker worker;
    private final SearchManager manager;
    private final List<String> optionValues = new ArrayList<>(); // per OptionTable.ENGINE entry, as parse gives it
    private Position position = Position.startPosition();
    // SyzygyPath's tables, opened through the loader; and the other Syzygy options.
    private TablebaseProbes.Loader tablebaseLoader = TablebaseProbes.Loader.WITHOUT_NATIVE_LIBRARY;
    private TablebaseProbes tablebases = TablebaseProbes.NONE;
    private int tbProbeDepth;
    private int tbProbeLimit;
    private boolean tbRule50;

    /** An engine with the native search parameters. */
    public ReferenceEngine() {
        this(SearchParams.standard());
    }

    /** An engine searching with the given parameters (kept, not copied: later changes apply). */
    public ReferenceEngine(SearchParams params) {
        worker = new SearchWorker(tt, evaluator, params);
        manager = new SearchManager(tt, worker);
        for (OptionSpec spec : OptionTable.ENGINE) {
            optionValues.add(spec.defaultValue());
            if (spec.setting() != OptionSpec.Setting.HASH) apply(spec, spec.defaultValue());
        }
    }

    private static int defaultNumber(String option) {
        return Integer.parseInt(OptionSpec.find(OptionTable.ENGINE, option).defaultValue());
    }

    /**
     * Sets an option by name (any capitalisation), as native set_option: checks the value, puts
     * it into effect and, if it changed, empties what it makes stale (a button always does).
     *
     * @throws IllegalArgumentException with the native message for an unknown name or a bad value,
     *         or for a Hash the JVM cannot allocate (the option and the table keep their old size)
     */
    public void setOption(String name, String value) {
        OptionSpec spec = OptionSpec.find(OptionTable.ENGINE, name);
        if (spec == null) {
            String shown = name.length() > 60 ? name.substring(0, 60) : name;
            throw new IllegalArgumentException("unknown option '" + shown + "'");
        }
        String parsed = spec.parse(value);
        int index = OptionTable.ENGINE.indexOf(spec);
        boolean changed = spec.type() == OptionSpec.Type.BUTTON || !parsed.equals(optionValues.get(index));
        apply(spec, parsed);
        optionValues.set(index, parsed);
        if (changed) clearStale(spec.clears());
    }

    private void apply(OptionSpec spec, String value) {
        switch (spec.setting()) {
            case HASH -> {
                int mb = Integer.parseInt(value);
                if (mb > TranspositionTable.MAX_SIZE_MB) {
                    throw new IllegalArgumentException("Hash above " + TranspositionTable.MAX_SIZE_MB
                        + " MB does not fit the Java reference's table (native accepts up to " + spec.max() + ")");
                }
                tt.resize(mb);
            }
            case SYZYGY_PATH -> {
                // As native: tables that do not load leave the old ones (and the option) as they
                // were, and the message names the option.
                try {
                    tablebases = value.isEmpty() ? TablebaseProbes.NONE : tablebaseLoader.load(value);
                } catch (IllegalArgumentException refused) {
                    throw new IllegalArgumentException(spec.name() + ": " + refused.getMessage(), refused);
                }
                installTablebases();
            }
            case SYZYGY_PROBE_DEPTH -> {
                tbProbeDepth = Integer.parseInt(value);
                installTablebases();
            }
            case SYZYGY_PROBE_LIMIT -> {
                tbProbeLimit = Integer.parseInt(value);
                installTablebases();
            }
            case SYZYGY_50_MOVE_RULE -> {
                tbRule50 = Boolean.parseBoolean(value);
                installTablebases();
            }
            case MULTIPV -> manager.setMultiPv(Integer.parseInt(value));
            case MOVE_OVERHEAD -> manager.setMoveOverheadMs(Integer.parseInt(value));
            case NODES_TIME -> manager.setNodesTime(Integer.parseInt(value));
            case LIMIT_STRENGTH -> manager.setLimitStrength(Boolean.parseBoolean(value));
            case ELO -> manager.setElo(Integer.parseInt(value));
            case RANDOM_SEED -> manager.seedRandom(Long.parseLong(value));
            case SEARCH_FEATURE -> spec.feature().set().accept(worker.features(), Boolean.parseBoolean(value));
            case EVAL_TERM -> evaluator.setOptions(evalOptions.set(spec.term(), Boolean.parseBoolean(value)));
            case ENDGAME_SCALING -> evaluator.setOptions(evalOptions.setEndgameScaling(Boolean.parseBoolean(value)));
            case EVAL_FILE -> loadEvalFile(value);
            case EVAL -> chooseEvaluation(value.equals("nnue"));
            default -> {
                // THREADS and PONDER: the value is kept, nothing else (one thread here);
                // CLEAR_HASH clears through its spec;
                // SESSION and HOST options are not the engine's.
            }
        }
    }

    private void installTablebases() {
        worker.setTablebases(tablebases, tbProbeDepth, tbProbeLimit, tbRule50);
    }

    /**
     * How a {@code SyzygyPath} is opened from now on. The reference has no prober of its own:
     * by default any path is refused with a message and the search runs without tables; a host
     * with the native library installs the loader of dev.augur.Tablebase, which probes the native
     * search's own tables.
     */
    public void setTablebaseLoader(TablebaseProbes.Loader loader) {
        tablebaseLoader = Objects.requireNonNull(loader, "loader");
    }

    /** True when SyzygyPath names tables the search probes (through the native library). */
    public boolean searchesWithTablebases() {
        return tablebases.maxPieces() > 0;
    }

    // As native Engine::load_eval_file: a file that does not load changes nothing; an empty path
    // goes back to the built-in network.
    private void loadEvalFile(String path) {
        network = path.isEmpty() ? null : Network.load(Path.of(path));
        if (usesNetwork) installEvaluator();
    }

    private void chooseEvaluation(boolean useNetwork) {
        if (useNetwork != usesNetwork) {
            usesNetwork = useNetwork;
            installEvaluator();
        }
    }

    private void installEvaluator() {
        if (usesNetwork) {
            Network shared = network != null ? network : Network.builtIn();
            setEvaluator(() -> new NnueEvaluator(shared));
        } else {
            setEvaluator(HandCraftedEvaluator::new);
        }
    }

    private void clearStale(OptionSpec.Clears clears) {
        switch (clears) {
            case HASH_TABLE -> tt.clear();
            case PAWN_TABLE -> evaluator.clear();
            case NOTHING -> { }
        }
    }

    /**
     * The current value of an option as text ("16", "true"), as native option_value.
     *
     * @throws IllegalArgumentException for an unknown name or a button
     */
    public String getOption(String name) {
        OptionSpec spec = OptionSpec.find(OptionTable.ENGINE, name);
        if (spec == null || spec.type() == OptionSpec.Type.BUTTON) {
            throw new IllegalArgumentException("option '" + name + "' has no value (unknown, or a button)");
        }
        return optionValues.get(OptionTable.ENGINE.indexOf(spec));
    }

    /** Forgets everything learned, as native new_game: table, history, pawn hash. */
    public void newGame() {
        tt.clear();
        worker.clearHistory();
        evaluator.clear();
    }

    public void clearHash() {
        tt.clear();
    }

    /**
     * Sets the position: a FEN (null: the start position) and moves in UCI notation played from
     * it, which count for repetition. On error the engine keeps its previous position.
     *
     * @throws IllegalArgumentException naming the bad FEN or the first illegal move
     */
    public void setPosition(String fen, List<String> uciMoves) {
        Position next = Fen.parse(fen == null ? Position.START_FEN : fen);
        List<String> moves = uciMoves == null ? List.of() : uciMoves;
        for (int i = 0; i < moves.size(); i++) {
            String text = moves.get(i);
            if (text == null) {
                throw new IllegalArgumentException("uci_moves[" + i + "] is null");
            }
            try {
                next.makeMove(Uci.parse(next, text));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("uci_moves[" + i + "]: " + e.getMessage(), e);
            }
        }
        position = next;
        worker.setRootGame(new TablebaseProbes.RootGame(fen == null ? Position.START_FEN : fen, moves, next.key()));
    }

    /** The current position in FEN. */
    public String fen() {
        return position.toFen();
    }

    /**
     * Searches the current position (its moves count for repetition) on the caller's thread.
     * Both listeners may be null.
     */
    public ReferenceResult search(ReferenceLimits limits, TraceListener trace, PvListener pv) {
        forgetRequests();
        return searchKeepingRequests(limits, trace, pv);
    }

    /**
     * Forgets earlier stop and ponderhit requests. An owner that runs the search on another
     * thread calls this before handing the search over, then {@link #searchKeepingRequests} on
     * that thread: a stop or ponderhit that comes in between is not lost.
     */
    public void forgetRequests() {
        manager.clearStopRequest();
    }

    /** {@link #search}, but a stop or ponderhit requested since {@link #forgetRequests()} counts. */
    public ReferenceResult searchKeepingRequests(ReferenceLimits limits, TraceListener trace, PvListener pv) {
        tt.newSearch();
        return manager.search(position, limits, trace, pv);
    }

    /** The nodes of the running search so far, or of the last one; approximate from another thread. */
    public long nodesSearched() {
        return worker.nodesSearched();
    }

    /** Asks a running search to stop; it returns its best move soon. Callable from any thread. */
    public void stop() {
        manager.requestStop();
    }

    /**
     * The opponent played the expected move: a search started with {@link ReferenceLimits#ponder()}
     * now runs on its clock, counted from this moment. Callable from any thread while
     * {@link #search} runs; it only affects the search running (or about to be started and
     * already past its start).
     */
    public void ponderhit() {
        manager.requestPonderhit();
    }

    /** The parameters the search uses (mutable: changes apply to the next search). */
    public SearchParams params() {
        return worker.params();
    }

    /** The static evaluation of the current position, from the side to move's view. */
    public int evaluate() {
        return evaluator.evaluate(position);
    }

    /**
     * The hand-crafted evaluation of the current position term by term, with this engine's Eval_*
     * switches, as native Engine::eval_breakdown.
     */
    public EvalBreakdown evaluationBreakdown() {
        HandCraftedEvaluator handCrafted = new HandCraftedEvaluator(0);  // without a pawn hash: the same values
        handCrafted.setOptions(evalOptions);
        return handCrafted.breakdown(position);
    }

    /**
     * Chooses the evaluation this engine searches with, the hand-crafted one until this is called,
     * as native Engine::set_evaluator; the new evaluator is given the Eval_* switches.
     */
    public void setEvaluator(Supplier<? extends Evaluator> factory) {
        Evaluator made = factory.get();
        if (made == null) {
            throw new IllegalArgumentException("the evaluator factory made no evaluator");
        }
        made.setOptions(evalOptions);
        evaluator = made;
        worker.setEvaluator(made);
    }

    /** The table's fill of this search, in permille (native hashfull). */
    public int hashfull() {
        return tt.hashfull();
    }

    @Override
    public String toString() {
        return "ReferenceEngine[" + position.toFen() + ", Hash " + getOption("Hash") + " MB]";
    }
}
