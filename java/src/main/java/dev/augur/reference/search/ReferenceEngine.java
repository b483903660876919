package dev.augur.reference.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.augur.reference.Fen;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;
import dev.augur.reference.eval.EvalBreakdown;
import dev.augur.reference.eval.EvalOptions;
import dev.augur.reference.eval.EvalTerm;
import dev.augur.reference.eval.Evaluator;
import dev.augur.reference.eval.HandCraftedEvaluator;

/**
 * The pure-Java engine: the twin of the native Engine (lib/engine/engine.{h,cpp}) for one search
 * thread. It owns a transposition table, an evaluator, a {@link SearchWorker} and the
 * {@link SearchManager} that leads it, takes the native
 * options by the same names, with the same defaults and the same case-insensitive matching, and
 * keeps between searches what native keeps (table contents and generation, history; killers are
 * cleared per search by both). With the same position, moves, options and limits it visits the
 * same nodes as the native engine searching with one thread.
 *
 * <p>Options: "Hash" (MB, 1..8192 here; native goes to 65536), "Clear Hash" (a button),
 * "Threads" (accepted, but the Java engine always searches with one thread), "MultiPV",
 * "Move Overhead", "Ponder", one switch per search feature ("TranspositionTable",
 * "AspirationWindows", "NullMove", ...), one per evaluation term ("Eval_material", ...) and
 * "Eval_EndgameScaling". Switches take "true" or "false" in any capitalisation.
 *
 * <p>Not thread-safe, except {@link #stop()} and {@link #ponderhit()}, which may be called from
 * any thread while {@link #search} runs.
 */
public final class ReferenceEngine {
    public static final int DEFAULT_HASH_MB = 16;
    public static final int MAX_THREADS = 256;
    public static final int MAX_MULTIPV = 256;
    public static final int DEFAULT_MOVE_OVERHEAD_MS = 10;
    public static final int MAX_MOVE_OVERHEAD_MS = 5000;
    private static final String EVAL_PREFIX = "Eval_";
    private static final String ENDGAME_SCALING = "Eval_EndgameScaling";

    /** A boolean search option: its native name and the feature it switches. */
    private record FeatureSwitch(String name, Function<SearchFeatures, Boolean> get,
            BiConsumer<SearchFeatures, Boolean> set) {}

    // In the order of engine.cpp's SEARCH_SWITCHES.
    private static final List<FeatureSwitch> SEARCH_SWITCHES = List.of(
        new FeatureSwitch("TranspositionTable", f -> f.transpositionTable, (f, on) -> f.transpositionTable = on),
        new FeatureSwitch("AspirationWindows", f -> f.aspirationWindows, (f, on) -> f.aspirationWindows = on),
        new FeatureSwitch("NullMove", f -> f.nullMove, (f, on) -> f.nullMove = on),
        new FeatureSwitch("CheckExtension", f -> f.checkExtension, (f, on) -> f.checkExtension = on),
        new FeatureSwitch("LateMoveReductions", f -> f.lateMoveReductions, (f, on) -> f.lateMoveReductions = on),
        new FeatureSwitch("FutilityPruning", f -> f.futilityPruning, (f, on) -> f.futilityPruning = on),
        new FeatureSwitch("ReverseFutilityPruning", f -> f.reverseFutilityPruning,
            (f, on) -> f.reverseFutilityPruning = on),
        new FeatureSwitch("LateMovePruning", f -> f.lateMovePruning, (f, on) -> f.lateMovePruning = on),
        new FeatureSwitch("MateDistancePruning", f -> f.mateDistancePruning, (f, on) -> f.mateDistancePruning = on),
        new FeatureSwitch("SeePruning", f -> f.seePruning, (f, on) -> f.seePruning = on),
        new FeatureSwitch("DeltaPruning", f -> f.deltaPruning, (f, on) -> f.deltaPruning = on),
        new FeatureSwitch("Killers", f -> f.killers, (f, on) -> f.killers = on),
        new FeatureSwitch("HistoryHeuristic", f -> f.history, (f, on) -> f.history = on),
        new FeatureSwitch("QuiescenceEvasions", f -> f.quiescenceChecksEvasions,
            (f, on) -> f.quiescenceChecksEvasions = on));

    private final TranspositionTable tt = new TranspositionTable(DEFAULT_HASH_MB);
    private final EvalOptions evalOptions = new EvalOptions();
    private Evaluator evaluator = new HandCraftedEvaluator();
    private final SearchWorker worker;
    private final SearchManager manager;
    private int hashMb = DEFAULT_HASH_MB;
    private int threads = 1;
    private boolean ponder;
    private Position position = Position.startPosition();

    /** An engine with the native search parameters. */
    public ReferenceEngine() {
        this(SearchParams.standard());
    }

    /** An engine searching with the given parameters (kept, not copied: later changes apply). */
    public ReferenceEngine(SearchParams params) {
        worker = new SearchWorker(tt, evaluator, params);
        manager = new SearchManager(tt, worker);
        manager.setMoveOverheadMs(DEFAULT_MOVE_OVERHEAD_MS);
    }

    /** The names of every option, in native order (engine.cpp's build_option_list). */
    public static List<String> optionNames() {
        List<String> names = new ArrayList<>(List.of("Hash", "Clear Hash", "Threads", "MultiPV", "Move Overhead",
            "Ponder"));
        for (FeatureSwitch s : SEARCH_SWITCHES) {
            names.add(s.name());
        }
        for (EvalTerm term : EvalTerm.values()) {
            names.add(EVAL_PREFIX + term.id());
        }
        names.add(ENDGAME_SCALING);
        return Collections.unmodifiableList(names);
    }

    /**
     * Sets an option by name (any capitalisation), as native set_option.
     *
     * @throws IllegalArgumentException with the native message for an unknown name or a bad value
     */
    public void setOption(String name, String value) {
        if (name.equalsIgnoreCase("Hash")) {
            int mb = parseSpin(value, 1, 65536, "Hash must be a whole number of MB from 1 to 65536");
            if (mb > TranspositionTable.MAX_SIZE_MB) {
                throw new IllegalArgumentException("Hash above " + TranspositionTable.MAX_SIZE_MB
                    + " MB does not fit the Java reference's table (native accepts up to 65536)");
            }
            tt.resize(mb);
            hashMb = mb;
        } else if (name.equalsIgnoreCase("Threads")) {
            threads = parseSpin(value, 1, MAX_THREADS, "Threads must be a whole number from 1 to " + MAX_THREADS);
        } else if (name.equalsIgnoreCase("MultiPV")) {
            manager.setMultiPv(parseSpin(value, 1, MAX_MULTIPV, "MultiPV must be a whole number from 1 to "
                + MAX_MULTIPV));
        } else if (name.equalsIgnoreCase("Move Overhead")) {
            manager.setMoveOverheadMs(parseSpin(value, 0, MAX_MOVE_OVERHEAD_MS,
                "Move Overhead must be a whole number of ms from 0 to " + MAX_MOVE_OVERHEAD_MS));
        } else if (name.equalsIgnoreCase("Ponder")) {
            ponder = parseBool(value, "Ponder");
        } else if (name.equalsIgnoreCase("Clear Hash")) {
            clearHash();
        } else {
            setSwitch(name, value);
        }
    }

    private void setSwitch(String name, String value) {
        for (FeatureSwitch s : SEARCH_SWITCHES) {
            if (name.equalsIgnoreCase(s.name())) {
                s.set().accept(worker.features(), parseBool(value, s.name()));
                return;
            }
        }
        if (name.equalsIgnoreCase(ENDGAME_SCALING)) {
            boolean on = parseBool(value, ENDGAME_SCALING);
            evaluator.setOptions(evalOptions.setEndgameScaling(on));
            return;
        }
        EvalTerm term = evalTerm(name);
        if (term == null) {
            String shown = name.length() > 60 ? name.substring(0, 60) : name;
            throw new IllegalArgumentException("unknown option '" + shown + "'");
        }
        boolean on = parseBool(value, EVAL_PREFIX + term.id());
        evaluator.setOptions(evalOptions.set(term, on));
    }

    // The term of an "Eval_<term>" option name, in any capitalisation; null if none.
    private static EvalTerm evalTerm(String name) {
        for (EvalTerm term : EvalTerm.values()) {
            if (name.equalsIgnoreCase(EVAL_PREFIX + term.id())) {
                return term;
            }
        }
        return null;
    }

    /**
     * The current value of an option as text ("16", "true"), as native option_value.
     *
     * @throws IllegalArgumentException for an unknown name or the "Clear Hash" button
     */
    public String getOption(String name) {
        if (name.equalsIgnoreCase("Hash")) return Integer.toString(hashMb);
        if (name.equalsIgnoreCase("Threads")) return Integer.toString(threads);
        if (name.equalsIgnoreCase("MultiPV")) return Integer.toString(manager.multiPv());
        if (name.equalsIgnoreCase("Move Overhead")) return Integer.toString(manager.moveOverheadMs());
        if (name.equalsIgnoreCase("Ponder")) return Boolean.toString(ponder);
        for (FeatureSwitch s : SEARCH_SWITCHES) {
            if (name.equalsIgnoreCase(s.name())) {
                return Boolean.toString(s.get().apply(worker.features()));
            }
        }
        if (name.equalsIgnoreCase(ENDGAME_SCALING)) return Boolean.toString(evalOptions.endgameScaling());
        EvalTerm term = evalTerm(name);
        if (term != null) return Boolean.toString(evalOptions.enabled(term));
        throw new IllegalArgumentException("option '" + name + "' has no value (unknown, or a button)");
    }

    // A whole number in [min, max] as std::from_chars reads it: an optional minus, digits only.
    private static int parseSpin(String value, int min, int max, String message) {
        if (value == null || !value.matches("-?[0-9]+")) {
            throw new IllegalArgumentException(message);
        }
        try {
            int number = Integer.parseInt(value);
            if (number < min || number > max) {
                throw new IllegalArgumentException(message);
            }
            return number;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(message);
        }
    }

    private static boolean parseBool(String value, String option) {
        if (value != null && value.equalsIgnoreCase("true")) return true;
        if (value != null && value.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException("option " + option + " takes true or false");
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
        return String.format(Locale.ROOT, "ReferenceEngine[%s, Hash %d MB]", position.toFen(), hashMb);
    }
}
