package dev.augur.host;

import dev.augur.Color;
import dev.augur.Move;
import dev.augur.OptionInfo;
import dev.augur.reference.search.OptionSpec;
import dev.augur.reference.search.OptionTable;
import dev.augur.reference.search.WdlModel;
import dev.augur.SearchResult;
import dev.augur.reference.search.BenchPositions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One UCI conversation with a GUI: the game (a {@link HostGame} with its moves), the host's options
 * and book, and the engine that searches (a {@link SearchBackend}: native or the Java reference).
 *
 * <p>Threads: commands run on the thread that calls {@link #run} or {@link #execute}; the search
 * runs on the engine's own thread, which writes the info lines and the bestmove itself
 * ({@link UciSearchReport}). So {@code stop}, {@code ponderhit} and {@code isready} are answered
 * while the engine thinks, and a stop reaches the GUI as a bestmove as soon as the search
 * has unwound. Commands that change what is searched ({@code position}, {@code go},
 * {@code setoption}, {@code ucinewgame}) first end a running search, whose bestmove comes first.
 *
 * <p>Errors are {@code info string error ...} lines; nothing a GUI sends ends the session but
 * {@code quit} and the end of the input.
 */
public final class UciSession implements AutoCloseable {
    /** The session handles this option itself (scope session of the option table). */
    private static final OptionSpec CHESS960_OPTION = OptionSpec.find(OptionTable.SESSION, "UCI_Chess960");
    private static final OptionSpec SHOW_WDL_OPTION = OptionSpec.find(OptionTable.SESSION, "UCI_ShowWDL");

    /** A command's handler. */
    @FunctionalInterface
    private interface Handler {
        void run(Words args) throws CommandException;
    }

    /** A command; duringSearch: it may run beside a search without ending it. */
    private record Command(Handler handler, boolean duringSearch) {}

    private final SearchBackend engine;
    private final HostOutput out;
    private final HostOptions hostOptions;
    private final PonderStats ponderStats = new PonderStats();
    private final Map<String, Command> commands;
    private HostGame game = HostGame.start();
    private boolean chess960;
    // UCI_ShowWDL: info lines carry "wdl W D L" (WdlModel, the native model).
    private boolean showWdl;
    private boolean debug;
    private boolean quitRequested;

    // The search last started; only the session thread touches these.
    private UciSearchReport report; // of the search last started
    private CompletableFuture<Void> searchReported; // done once its bestmove is written
    private boolean openEnded; // it ends only by stop or ponderhit
    private boolean infinite; // the last go was infinite: ponderhit does not end it, only stop
    private boolean pondering; // a go ponder that neither ponderhit nor stop has decided yet
    private String deferredBestmove; // an answer that must wait for stop or ponderhit

    /** A session with its own native engine; book may carry settings from the command line. */
    public UciSession(HostOutput out, HostBook book) throws CommandException {
        this(out, book, new NativeBackend());
    }

    /** A session searching with engine, which it owns (and closes). */
    UciSession(HostOutput out, HostBook book, SearchBackend engine) {
        this.out = out;
        this.hostOptions = new HostOptions(book);
        this.engine = engine;
        this.commands = Map.ofEntries(
                Map.entry("uci", new Command(this::uci, true)),
                Map.entry("debug", new Command(this::debug, true)),
                Map.entry("isready", new Command(this::isready, true)),
                Map.entry("setoption", new Command(this::setoption, false)),
                Map.entry("register", new Command(args -> {}, true)), // Augur needs no registration
                Map.entry("ucinewgame", new Command(this::ucinewgame, false)),
                Map.entry("position", new Command(this::position, false)),
                Map.entry("go", new Command(this::go, false)),
                Map.entry("stop", new Command(this::stop, true)),
                Map.entry("ponderhit", new Command(this::ponderhit, true)),
                Map.entry("quit", new Command(this::quit, true)),
                // Diagnostics, as the native binary has them (not UCI; GUIs never send them).
                Map.entry("d", new Command(this::display, false)),
                Map.entry("eval", new Command(this::eval, false)),
                Map.entry("bench", new Command(this::bench, false)));
    }

    /** Pondering's hits and misses so far in this session. */
    public PonderStats ponderStats() {
        return ponderStats;
    }

    /** Answers command lines until {@code quit} or the end of the input. */
    public void run(LineInput in) {
        for (;;) {
            LineInput.Line line = in.read();
            if (line == null) {
                finishInput();
                break;
            }
            if (line.tooLong()) {
                reportError("line longer than " + LineInput.MAX_LINE_CHARS + " characters ignored");
            } else if (!execute(line.text())) {
                break;
            }
        }
        reportPonderStats();
    }

    /** Runs one command line; false once the session should end ({@code quit}). */
    public boolean execute(String line) {
        Words words = new Words(line);
        String name = words.next();
        if (name.isEmpty()) return true; // blank lines are not an error
        Command command = commands.get(name);
        if (command == null) {
            reportError("unknown command '" + Words.printable(name) + "'");
            return true;
        }
        try {
            if (!command.duringSearch()) {
                if (name.equals("setoption") && searchUnanswered()) {
                    out.line("info string stopping the search to set the option");
                }
                endSearch(); // at once when the search has ended: its bestmove is out or on its way
            }
            command.handler().run(words);
        } catch (CommandException e) {
            reportError(name + ": " + e.getMessage());
        } catch (RuntimeException e) {
            // A bug, or the JVM out of memory: the GUI must get an answer and the session go on.
            reportError(name + ": internal error: " + e);
        }
        return !quitRequested;
    }

    /** Ends a running search and frees the engine. */
    @Override
    public void close() {
        endSearch();
        engine.close();
    }

    private void reportError(String message) {
        out.line("info string error " + Words.printable(message, 400));
    }

    private void reportPonderStats() {
        if (ponderStats.total() > 0) out.line("info string ponder hits " + ponderStats.summary());
    }

    // ---------------------------------------------------------------------------------------------
    // Searches

    /** A search runs, or an open-ended go still owes its bestmove. */
    private boolean searchUnanswered() {
        return (report != null && !report.answered()) || deferredBestmove != null;
    }

    /** Stops the search, waits until its bestmove is written and answers a deferred go. */
    private void endSearch() {
        CompletableFuture<Void> reported = searchReported;
        searchReported = null;
        if (reported != null) {
            engine.stop();
            try {
                reported.join();
            } catch (CompletionException e) {
                reportError("search report failed: " + e.getCause());
            }
        }
        if (pondering) {
            // The GUI moved on without ponderhit: the opponent played another move.
            pondering = false;
            ponderStats.miss();
        }
        openEnded = false;
        answerDeferred();
    }

    private void answerDeferred() {
        if (deferredBestmove == null) return;
        out.line(deferredBestmove);
        deferredBestmove = null;
    }

    /** An answer that needs no search: at once, or after stop/ponderhit for an open-ended go. */
    private void answer(String bestmove, boolean afterStop) {
        if (afterStop) {
            deferredBestmove = bestmove;
        } else {
            out.line(bestmove);
        }
    }

    private void startSearch(UciGo go) throws CommandException {
        engine.setPosition(game.startFen(), game.isChess960(), game.moves());
        int wdlMaterial = showWdl ? WdlModel.material(game.boardCopy()) : UciSearchReport.NO_WDL;
        UciSearchReport next = new UciSearchReport(out, game.isChess960(), wdlMaterial);
        CompletableFuture<SearchResult> future = engine.start(go.limits(), next.listeners());
        report = next;
        searchReported = future.handle(next::finish);
        openEnded = go.openEnded();
    }

    /** The book's move for a go that plays a game move (not analysis, not restricted). */
    private Optional<Move> bookMove(UciGo go) {
        if (go.limits().infinite() || !go.limits().searchMoves().isEmpty()) return Optional.empty();
        return hostOptions.book().probe(game);
    }

    // ---------------------------------------------------------------------------------------------
    // Commands

    private void uci(Words args) throws CommandException {
        args.expectEnd();
        List<String> lines = new ArrayList<>();
        lines.add("id name Augur " + engine.version() + " Java host");
        lines.add("id author The Augur developers");
        for (OptionInfo option : engine.options()) lines.add(OptionText.uciLine(option));
        lines.add(OptionText.uciLine(OptionText.info(CHESS960_OPTION)));
        lines.add(OptionText.uciLine(OptionText.info(SHOW_WDL_OPTION)));
        for (OptionInfo option : hostOptions.infos()) lines.add(OptionText.uciLine(option));
        lines.add("uciok");
        out.lines(lines);
    }

    private void debug(Words args) throws CommandException {
        String value = args.next();
        if (!value.equals("on") && !value.equals("off")) throw new CommandException("expected 'on' or 'off'");
        args.expectEnd();
        // With debug on, each search first says how it read its limits: the quickest way to see
        // what a GUI's clock parameters meant to the engine.
        debug = value.equals("on");
    }

    private void isready(Words args) throws CommandException {
        args.expectEnd();
        out.line("readyok");
    }

    private void setoption(Words args) throws CommandException {
        String word = args.next();
        if (!word.equals("name")) {
            throw new CommandException(word.isEmpty() ? "expected 'name'" : "expected 'name', found '" + Words.printable(word) + "'");
        }
        // Option names may contain spaces ("Move Overhead"); they run up to "value".
        String name = String.join(" ", args.takeUntil("value"));
        if (name.isEmpty()) throw new CommandException("missing option name");
        String value = "";
        if (!args.isEmpty()) {
            args.next(); // "value"
            value = String.join(" ", args.rest());
            if (value.isEmpty()) throw new CommandException("missing value after 'value'");
        }
        if (name.equalsIgnoreCase(CHESS960_OPTION.name())) {
            setChess960(Boolean.parseBoolean(HostOptions.checked(CHESS960_OPTION, value)));
        } else if (name.equalsIgnoreCase(SHOW_WDL_OPTION.name())) {
            showWdl = Boolean.parseBoolean(HostOptions.checked(SHOW_WDL_OPTION, value));
        } else if (!hostOptions.set(name, value)) {
            engine.setOption(name, value);
        }
    }

    private void setChess960(boolean on) {
        // The game keeps its moves; they print (and later moves parse) in the new notation.
        game = game.withChess960(on);
        chess960 = on;
    }

    private void ucinewgame(Words args) throws CommandException {
        args.expectEnd();
        // GUIs follow with `position`; resetting means no history from the old game lingers.
        game = Games.fromSpec(null, List.of(), chess960);
        engine.newGame();
        hostOptions.book().newGame();
        reportPonderStats();
    }

    private void position(Words args) throws CommandException {
        String fen;
        String kind = args.next();
        if (kind.equals("startpos")) {
            fen = null;
        } else if (kind.equals("fen")) {
            fen = String.join(" ", args.takeUntil("moves"));
            if (fen.isEmpty()) throw new CommandException("missing FEN");
        } else {
            throw new CommandException(kind.isEmpty() ? "expected 'startpos' or 'fen'"
                    : "expected 'startpos' or 'fen', found '" + Words.printable(kind) + "'");
        }
        List<String> moves = List.of();
        if (!args.isEmpty()) {
            String word = args.next();
            if (!word.equals("moves")) throw new CommandException("unexpected '" + Words.printable(word) + "'");
            moves = args.rest();
        }
        game = Games.fromSpec(fen, moves, chess960);
    }

    private void go(Words args) throws CommandException {
        if (args.peek().equals("perft")) {
            goPerft(args);
            return;
        }
        UciGo go = UciGo.parse(args, game);
        infinite = go.limits().infinite();
        if (go.limits().ponder()) pondering = true;
        if (game.legalMoves().isEmpty()) {
            out.line("info depth 0 score " + (game.inCheck() ? "mate 0" : "cp 0"));
            answer("bestmove 0000", go.openEnded());
            return;
        }
        if (debug) out.line("info string searching with " + go.describe());
        Optional<Move> book = bookMove(go);
        if (book.isPresent()) {
            String move = game.toUci(book.get());
            out.line("info string book " + move);
            answer("bestmove " + move, go.openEnded());
            return;
        }
        startSearch(go);
    }

    private void goPerft(Words args) throws CommandException {
        args.next(); // "perft"
        int depth = (int) args.nextNumber("perft depth", 1, HostReports.MAX_PERFT_DEPTH);
        args.expectEnd();
        out.lines(HostReports.perft(game, depth));
    }

    private void stop(Words args) throws CommandException {
        args.expectEnd();
        // Not waiting: the bestmove comes from the engine's thread as soon as the search has
        // unwound, and this thread stays free for the next command.
        engine.stop();
        if (pondering) {
            pondering = false;
            ponderStats.miss();
        }
        openEnded = false;
        answerDeferred();
    }

    private void ponderhit(Words args) throws CommandException {
        args.expectEnd();
        // The ponder search goes on as a normal one, under the clock it was given.
        engine.ponderhit();
        if (pondering) {
            pondering = false;
            ponderStats.hit();
        }
        // An infinite search stays open-ended: only stop (or the end of the input) ends it.
        if (infinite) return;
        openEnded = false;
        answerDeferred();
    }

    private void quit(Words args) throws CommandException {
        args.expectEnd();
        pondering = false; // the game did not go on: neither a hit nor a miss
        endSearch();
        quitRequested = true;
    }

    private void display(Words args) throws CommandException {
        args.expectEnd();
        out.lines(HostReports.board(game));
    }

    private void eval(Words args) throws CommandException {
        args.expectEnd();
        engine.setPosition(game.startFen(), game.isChess960(), game.moves());
        out.lines(HostReports.evaluation(engine.evaluate(), game.sideToMove() == Color.WHITE));
    }

    private void bench(Words args) throws CommandException {
        int depth = args.isEmpty() ? BenchPositions.DEFAULT_DEPTH
                : (int) args.nextNumber("bench depth", 1, UciGo.MAX_DEPTH);
        args.expectEnd();
        // With the session's options, so that a feature can be benched switched off; the bench
        // clears the table and history as a new game does.
        HostBench.run(engine, depth, out::line);
    }

    /** End of input: nobody is left to send stop, so a search that waits for one is stopped. */
    private void finishInput() {
        if (openEnded) engine.stop();
        CompletableFuture<Void> reported = searchReported;
        if (reported != null) {
            try {
                reported.join();
            } catch (CompletionException e) {
                reportError("search report failed: " + e.getCause());
            }
        }
        searchReported = null;
        pondering = false;
        openEnded = false;
        answerDeferred();
    }
}
