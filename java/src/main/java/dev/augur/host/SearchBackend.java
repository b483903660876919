package dev.augur.host;

import dev.augur.Evaluation;
import dev.augur.Move;
import dev.augur.OptionInfo;
import dev.augur.SearchLimits;
import dev.augur.SearchListeners;
import dev.augur.SearchResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The engine that thinks for a host session: the native search through the JNI binding
 * ({@link NativeBackend}) or the pure-Java reference search ({@link ReferenceBackend}), chosen
 * at start-up by {@link Backends}. The sessions speak only to this interface, in the binding's
 * value types ({@link SearchLimits}, {@link SearchListeners}, {@link SearchResult},
 * {@link OptionInfo}), which are plain Java and need no native code.
 *
 * <p>Threads, as for {@link dev.augur.Engine}: {@link #stop}, {@link #ponderhit} and
 * {@link #nodesSearched} may be called from any thread at any time, also from a listener; the
 * other methods from the session thread. Listeners run on the backend's search thread. Starting a
 * search, setting an option or a new game first stops a running search and waits for it;
 * setting the position does not (the running search keeps its own copy).
 */
interface SearchBackend extends AutoCloseable {
    /** Augur's version. */
    String version();

    /** The engine's options with their types, defaults and ranges, in the engine's order. */
    List<OptionInfo> options();

    /** Sets an engine option by name (any capitalisation); a button takes any value. */
    void setOption(String name, String value) throws CommandException;

    /** Forgets everything learned from earlier searches (table, history). */
    void newGame() throws CommandException;

    /**
     * The game to search next: a start FEN (null: the standard start position), Chess960 or not,
     * and the legal moves played from it, which count for repetitions.
     */
    void setPosition(String startFen, boolean chess960, List<Move> moves) throws CommandException;

    /** The static evaluation of the position last set, term by term (waits for a running search). */
    Evaluation evaluate() throws CommandException;

    /**
     * Starts a search of the position last set; the future completes with its result, or
     * exceptionally if a listener threw or the search failed.
     */
    CompletableFuture<SearchResult> start(SearchLimits limits, SearchListeners listeners) throws CommandException;

    /** Asks the running search to end soon; its future then completes with the best move so far. */
    void stop();

    /** The opponent played the expected move: a ponder search now runs on its clock. */
    void ponderhit();

    /** The nodes of the running search so far (or of the last one). */
    long nodesSearched();

    /** Stops a running search, waits for it and frees the engine. */
    @Override
    void close();
}
