package dev.augur.host;

import dev.augur.Color;
import dev.augur.Move;
import dev.augur.OptionInfo;
import dev.augur.SearchLimits;
import dev.augur.SearchResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One conversation with a GUI in the XBoard/CECP protocol (version 2): the game, the clocks, the
 * protocol's modes (force, the engine's colour, post, hard, analysis), the book and the engine.
 *
 * <p>Threads: command lines (from a reader thread) and finished searches (from the engine's
 * thread) go through one event queue and are handled on the thread that calls {@link #runEvents};
 * so a command never races a search for the game, and the engine's move is made by the session
 * thread as soon as its search reports the end. Only thinking lines are written from the native
 * thread.
 *
 * <p>Pondering ({@code hard}): after its move the engine searches the position after the reply it
 * expects. If the opponent plays that move, the same search goes on with the clock (a hit);
 * otherwise it is stopped and discarded and a new search starts (a miss).
 *
 * <p>Analysis ({@code analyze ... exit}): an endless search of the current position, restarted
 * whenever the position changes (usermove, undo, new, setboard).
 */
public final class XBoardSession implements AutoCloseable {
    private enum SearchKind { NONE, THINK, PONDER, ANALYZE }

    /**
     * Something for the session thread: a command line, a line too long to keep, the end of the
     * input, or a finished search (the only kind without a line or a flag).
     */
    private record Event(String line, boolean tooLong, boolean endOfInput, int searchId, SearchResult result,
            Throwable error) {
        static Event line(String text) {
            return new Event(text, false, false, 0, null, null);
        }

        static Event lineTooLong() {
            return new Event(null, true, false, 0, null, null);
        }

        static Event end() {
            return new Event(null, false, true, 0, null, null);
        }

        static Event searchDone(int id, SearchResult result, Throwable error) {
            return new Event(null, false, false, id, result, error);
        }
    }

    @FunctionalInterface
    private interface Handler {
        void run(Words args) throws CommandException;
    }

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final SearchBackend engine;
    private final HostOutput out;
    private final HostOptions hostOptions;
    private final PonderStats ponderStats = new PonderStats();
    private final XBoardClock clock = new XBoardClock();
    private final Map<String, Handler> commands = new HashMap<>();
    private HostGame game = HostGame.start();

    // The protocol's modes.
    private boolean force;
    private Color engineColor = Color.BLACK; // `new` has the engine play Black
    private boolean gameOver; // a result was claimed or received: no more thinking
    private boolean ponder; // hard
    private boolean analyzing;
    private volatile boolean post; // read by the native thread at each thinking line
    private int depthLimit; // sd; 0: none

    // The running search, if any. Searches are numbered so that the report of one that was
    // abandoned is recognised and dropped.
    private SearchKind searchKind = SearchKind.NONE;
    private int searchId;
    private CompletableFuture<SearchResult> search;
    private ThinkingReport report;
    private Move predicted; // the opponent's move it expects
    private volatile String expectedReply; // predicted in UCI while a ponder search runs, for tests
    private final List<String> pendingPongs = new ArrayList<>();
    private boolean quitRequested;
    private boolean inputEnded;

    /** A session with its own native engine; book may carry settings from the command line. */
    public XBoardSession(HostOutput out, HostBook book) throws CommandException {
        this(out, book, new NativeBackend());
    }

    /** A session searching with engine, which it owns (and closes). */
    XBoardSession(HostOutput out, HostBook book, SearchBackend engine) {
        this.out = out;
        this.hostOptions = new HostOptions(book);
        this.engine = engine;
        registerCommands();
    }

    private void registerCommands() {
        commands.put("xboard", args -> {}); // the protocol choice itself; protover follows
        commands.put("protover", this::protover);
        commands.put("new", this::newGame);
        commands.put("variant", this::variant);
        commands.put("force", this::force);
        commands.put("go", this::go);
        commands.put("playother", this::playother);
        commands.put("usermove", this::usermove);
        commands.put("?", this::moveNow);
        commands.put("time", clock::time);
        commands.put("otim", clock::otim);
        commands.put("level", clock::level);
        commands.put("st", clock::st);
        commands.put("sd", this::sd);
        commands.put("ping", this::ping);
        commands.put("setboard", this::setboard);
        commands.put("undo", args -> takeBack(args, 1));
        commands.put("remove", args -> takeBack(args, 2));
        commands.put("result", this::result);
        commands.put("post", args -> post = true);
        commands.put("nopost", args -> post = false);
        commands.put("hard", args -> ponder = true);
        commands.put("easy", this::easy);
        commands.put("analyze", this::analyze);
        commands.put("exit", this::exitAnalysis);
        commands.put(".", this::analysisStatus);
        commands.put("memory", this::memory);
        commands.put("cores", this::cores);
        commands.put("egtpath", this::egtpath);
        commands.put("option", this::option);
        commands.put("quit", this::quit);
        // Information the engine has no use for; an error would only fill the GUI's log.
        for (String name : List.of("accepted", "rejected", "random", "computer", "name", "rating", "ics", "draw",
                "hint", "bk")) {
            commands.put(name, args -> {});
        }
    }

    /** Pondering's hits and misses so far in this session. */
    public PonderStats ponderStats() {
        return ponderStats;
    }

    /** The reply the engine ponders on (UCI), or null when it does not ponder; from any thread. */
    String expectedReply() {
        return expectedReply;
    }

    /** Thread-safe: queues a command line for the session thread. */
    public void post(String line) {
        events.add(Event.line(line));
    }

    /**
     * Reads command lines from in on a reader thread and answers them on the calling thread until
     * {@code quit} or the end of the input. The reader is a daemon: after {@code quit} it may still
     * be blocked on the input, which the process exit ends.
     */
    public void run(LineInput in) {
        Thread reader = new Thread(() -> readInto(in), "xboard-reader");
        reader.setDaemon(true);
        reader.start();
        runEvents();
    }

    private void readInto(LineInput in) {
        for (;;) {
            LineInput.Line line = in.read();
            if (line == null) {
                events.add(Event.end());
                return;
            }
            events.add(line.tooLong() ? Event.lineTooLong() : Event.line(line.text()));
        }
    }

    /** Handles queued events until {@code quit} or the end of the input. */
    public void runEvents() {
        try {
            // At the end of the input the engine still makes the move it is thinking about (so
            // that `printf '...usermove e2e4\n' | host` answers), but it starts nothing new.
            while (!quitRequested && !(inputEnded && searchKind != SearchKind.THINK)) {
                Event event = events.take();
                if (event.endOfInput()) {
                    inputEnded = true;
                } else if (event.tooLong()) {
                    out.line("Error (line longer than " + LineInput.MAX_LINE_CHARS + " characters): ignored");
                } else if (event.line() != null) {
                    execute(event.line());
                } else {
                    onSearchDone(event);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        abandonSearch();
        reportPonderStats();
    }

    /** Ends a running search and frees the engine. */
    @Override
    public void close() {
        abandonSearch();
        engine.close();
    }

    private void execute(String line) {
        Words words = new Words(line);
        String name = words.next();
        if (name.isEmpty()) return;
        Handler handler = commands.get(name);
        try {
            if (handler != null) {
                handler.run(words);
            } else if (looksLikeMove(name) || parseMove(name) != null) {
                // GUIs that refused usermove=1 (protocol 1) send bare moves.
                playUserMove(name);
            } else {
                out.line("Error (unknown command): " + Words.printable(name));
            }
        } catch (CommandException e) {
            out.line("Error (" + e.getMessage() + "): " + Words.printable(line, 100));
        } catch (RuntimeException e) {
            // A bug, or the JVM out of memory: the session must go on.
            out.line("Error (internal error: " + Words.printable(String.valueOf(e), 200) + "): " + Words.printable(line, 100));
        }
    }

    /** A move in coordinate notation ("e2e4", "e7e8q"), legal or not. */
    static boolean looksLikeMove(String word) {
        if (word.length() != 4 && word.length() != 5) return false;
        if (!isFile(word.charAt(0)) || !isRank(word.charAt(1)) || !isFile(word.charAt(2)) || !isRank(word.charAt(3))) {
            return false;
        }
        return word.length() == 4 || "qrbnk".indexOf(word.charAt(4)) >= 0;
    }

    private static boolean isFile(char c) {
        return c >= 'a' && c <= 'h';
    }

    private static boolean isRank(char c) {
        return c >= '1' && c <= '8';
    }

    private void reportPonderStats() {
        if (ponderStats.total() > 0) out.line("# ponder hits " + ponderStats.summary());
    }

    // ---------------------------------------------------------------------------------------------
    // Searches

    private void startSearch(SearchKind kind, HostGame root, SearchLimits limits) throws CommandException {
        int id = ++searchId;
        boolean analysis = kind == SearchKind.ANALYZE;
        ThinkingReport thinking = new ThinkingReport(out, root.isChess960(), analysis ? () -> true : () -> post,
                root.legalMoves().size());
        engine.setPosition(root.startFen(), root.isChess960(), root.moves());
        CompletableFuture<SearchResult> future = engine.start(limits, thinking.listeners());
        future.whenComplete((result, error) -> events.add(Event.searchDone(id, result, error)));
        search = future;
        report = thinking;
        searchKind = kind;
    }

    /** Stops the running search and forgets it: its result will not be played. */
    private void abandonSearch() {
        if (searchKind == SearchKind.NONE) return;
        engine.stop();
        try {
            search.join();
        } catch (CompletionException | CancellationException e) {
            // Abandoned: whatever it found, or how it failed, no longer matters.
        }
        // Its report may already be queued: with the kind reset it is dropped.
        searchKind = SearchKind.NONE;
        expectedReply = null;
        search = null;
        sendPongs();
    }

    private void onSearchDone(Event event) {
        if (event.searchId() != searchId || searchKind == SearchKind.NONE) return;
        SearchKind kind = searchKind;
        searchKind = SearchKind.NONE;
        search = null;
        // Ponder and analysis searches end only when stopped, and whoever stops them abandons
        // them first; only the engine's own thinking ends here.
        try {
            if (kind == SearchKind.THINK) finishThinking(event.result(), event.error());
        } catch (CommandException e) {
            out.line("Error (" + e.getMessage() + "): search");
        }
        sendPongs();
    }

    private void finishThinking(SearchResult result, Throwable error) throws CommandException {
        List<Move> legal = game.legalMoves();
        if (error != null || result.bestMove() == null || !legal.contains(result.bestMove())) {
            if (claimResult()) return; // no legal move: the search found the game over
            // The search failed (out of memory): a legal move keeps the game going.
            out.line("telluser search failed: " + Words.printable(String.valueOf(error), 200));
            if (!legal.isEmpty()) playEngineMove(legal.get(0), null, 0);
            return;
        }
        playEngineMove(result.bestMove(), result.ponderMove(), result.timeMillis());
    }

    private SearchLimits.Builder gameLimits(HostGame pos) {
        return clock.engineLimits(pos.fullmoveNumber()).depth(depthLimit);
    }

    private void thinkIfOnMove() throws CommandException {
        if (force || analyzing || gameOver || game.sideToMove() != engineColor) return;
        if (claimResult()) return;
        Optional<Move> book = hostOptions.book().probe(game);
        if (book.isPresent()) {
            playEngineMove(book.get(), null, 0);
            return;
        }
        startSearch(SearchKind.THINK, game, gameLimits(game).build());
    }

    private void playEngineMove(Move move, Move expectedReply, long thinkingMillis) throws CommandException {
        String text = game.toUci(move);
        game.play(move);
        out.line("move " + text);
        if (claimResult()) return;
        if (ponder && expectedReply != null && !inputEnded) startPondering(expectedReply, thinkingMillis);
    }

    private void startPondering(Move reply, long thinkingMillis) throws CommandException {
        if (!game.legalMoves().contains(reply)) return;
        HostGame next = game.copy();
        next.play(reply);
        if (SearchText.resultClaim(next).isPresent()) return; // nothing to think about after that reply
        SearchLimits.Builder limits = gameLimits(next);
        SearchLimits planned = limits.build();
        if (planned.hasClock()) {
            // The GUI reports the clock before the opponent's move, too late for the search that
            // starts now: estimate it from the last report.
            long left = Math.max(planned.timeLeftMillis() - thinkingMillis, 0) + planned.incrementMillis();
            limits.clock(left, planned.incrementMillis());
        }
        predicted = reply;
        expectedReply = game.toUci(reply);
        startSearch(SearchKind.PONDER, next, limits.ponder(true).build());
    }

    private void restartAnalysis() throws CommandException {
        abandonSearch();
        if (game.legalMoves().isEmpty()) return; // mate or stalemate: nothing to analyse
        startSearch(SearchKind.ANALYZE, game, SearchLimits.infiniteSearch());
    }

    private void sendPongs() {
        // A ping that came while the engine was thinking is answered after its move, so that the
        // GUI knows the move belongs to the position it had set.
        if (searchKind == SearchKind.THINK) return;
        for (String n : pendingPongs) out.line("pong " + n);
        pendingPongs.clear();
    }

    // ---------------------------------------------------------------------------------------------
    // The game

    /** The legal move the text names, in coordinate notation or SAN; null if none. */
    private Move parseMove(String text) {
        try {
            return game.parseUci(text);
        } catch (CommandException notUci) {
            try {
                return game.parseSan(text); // GUIs with san=1 habits
            } catch (CommandException notSan) {
                return null;
            }
        }
    }

    private void playUserMove(String text) throws CommandException {
        Move move = parseMove(text);
        if (move == null) {
            out.line("Illegal move: " + Words.printable(text));
            return;
        }
        if (searchKind == SearchKind.PONDER && move.equals(predicted)) {
            // The expected reply: the ponder search becomes the real one, on the clock from now.
            game.play(move);
            searchKind = SearchKind.THINK;
            expectedReply = null;
            engine.ponderhit();
            ponderStats.hit();
            return;
        }
        if (searchKind == SearchKind.ANALYZE) {
            game.play(move);
            restartAnalysis();
            return;
        }
        if (searchKind == SearchKind.PONDER) ponderStats.miss();
        abandonSearch();
        game.play(move);
        if (force) return;
        if (claimResult()) return;
        thinkIfOnMove();
    }

    /** Claims the result if the game has ended by the rules; true then. */
    private boolean claimResult() throws CommandException {
        Optional<String> claim = SearchText.resultClaim(game);
        if (claim.isEmpty()) return false;
        out.line(claim.get());
        gameOver = true;
        reportPonderStats();
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // Commands

    private void protover(Words args) throws CommandException {
        args.nextNumber("protocol version", 1, 1000);
        List<String> lines = new ArrayList<>();
        lines.add("feature ping=1 setboard=1 usermove=1 analyze=1 memory=1 smp=1 egt=\"syzygy\" myname=\"Augur "
                + engine.version() + " Java host\" colors=0 sigint=0 sigterm=0");
        for (OptionInfo option : engine.options()) lines.add(OptionText.xboardFeature(option));
        for (OptionInfo option : hostOptions.infos()) lines.add(OptionText.xboardFeature(option));
        lines.add("feature done=1");
        out.lines(lines);
    }

    private void newGame(Words args) throws CommandException {
        args.expectEnd();
        abandonSearch();
        game = HostGame.start();
        force = false;
        engineColor = Color.BLACK;
        gameOver = false;
        depthLimit = 0;
        clock.newGame();
        engine.newGame();
        hostOptions.book().newGame();
        if (analyzing) restartAnalysis();
    }

    private void variant(Words args) throws CommandException {
        String name = args.next();
        if (!name.equals("normal")) throw new CommandException("unsupported variant " + Words.printable(name));
    }

    private void force(Words args) throws CommandException {
        args.expectEnd();
        if (searchKind != SearchKind.ANALYZE) abandonSearch();
        force = true;
    }

    private void go(Words args) throws CommandException {
        args.expectEnd();
        if (analyzing) throw new CommandException("command not legal now: analysing");
        abandonSearch();
        force = false;
        gameOver = false;
        engineColor = game.sideToMove();
        thinkIfOnMove();
    }

    private void playother(Words args) throws CommandException {
        args.expectEnd();
        if (analyzing) throw new CommandException("command not legal now: analysing");
        // No ponder search starts here: without a move of its own the engine has no expected reply.
        abandonSearch();
        force = false;
        engineColor = Games.opponent(game.sideToMove());
    }

    private void usermove(Words args) throws CommandException {
        String text = args.next();
        if (text.isEmpty()) throw new CommandException("missing move");
        args.expectEnd();
        playUserMove(text);
    }

    private void moveNow(Words args) {
        // The search ends as it would on time, and its report makes the move.
        if (searchKind == SearchKind.THINK) engine.stop();
    }

    private void sd(Words args) throws CommandException {
        int depth = (int) args.nextNumber("depth", 1, UciGo.MAX_DEPTH);
        args.expectEnd();
        depthLimit = depth;
    }

    private void ping(Words args) throws CommandException {
        String n = args.next();
        if (n.isEmpty()) throw new CommandException("missing number");
        args.expectEnd();
        pendingPongs.add(Words.printable(n));
        sendPongs(); // at once unless the engine is thinking about its move
    }

    private void setboard(Words args) throws CommandException {
        String fen = String.join(" ", args.rest());
        HostGame next;
        try {
            next = HostGame.fromFen(fen, false);
        } catch (CommandException e) {
            // The protocol's way to tell the user; the old position stays.
            out.line("tellusererror Illegal position: " + Words.printable(e.getMessage(), 200));
            return;
        }
        abandonSearch();
        game = next;
        gameOver = false;
        if (analyzing) restartAnalysis();
    }

    private void takeBack(Words args, int plies) throws CommandException {
        args.expectEnd();
        if (game.historyLength() < plies) throw new CommandException("no move to take back");
        abandonSearch();
        for (int i = 0; i < plies; i++) game.undo();
        gameOver = false;
        if (analyzing) restartAnalysis();
    }

    private void result(Words args) {
        // The game is over whatever the GUI says happened; analysis may go on.
        if (searchKind != SearchKind.ANALYZE) abandonSearch();
        if (!gameOver) reportPonderStats();
        gameOver = true;
    }

    private void easy(Words args) {
        ponder = false;
        if (searchKind == SearchKind.PONDER) abandonSearch();
    }

    private void analyze(Words args) throws CommandException {
        args.expectEnd();
        analyzing = true;
        restartAnalysis();
    }

    private void exitAnalysis(Words args) throws CommandException {
        args.expectEnd();
        if (!analyzing) throw new CommandException("command not legal now: not analysing");
        analyzing = false;
        abandonSearch();
    }

    private void analysisStatus(Words args) {
        if (searchKind == SearchKind.ANALYZE && report != null) out.line(report.stat01(engine.nodesSearched()));
    }

    private void memory(Words args) throws CommandException {
        // xboard's figure is all the memory the engine may use; nearly all of it goes to the table.
        long mb = args.nextNumber("memory", 1, 0xFFFF_FFFFL);
        args.expectEnd();
        setEngineOption("Hash", Long.toString(Math.min(mb, optionMax("Hash"))));
    }

    private void cores(Words args) throws CommandException {
        long n = args.nextNumber("cores", 1, 0xFFFF_FFFFL);
        args.expectEnd();
        setEngineOption("Threads", Long.toString(Math.min(n, optionMax("Threads"))));
    }

    /** {@code egtpath syzygy DIRS}, as announced by {@code feature egt="syzygy"}: option SyzygyPath. */
    private void egtpath(Words args) throws CommandException {
        String kind = args.next();
        if (!kind.equals("syzygy")) {
            throw new CommandException("unsupported tablebases '" + Words.printable(kind) + "' (this engine reads syzygy)");
        }
        setEngineOption("SyzygyPath", String.join(" ", args.rest()));
    }

    private long optionMax(String name) throws CommandException {
        OptionInfo option = engineOption(name);
        if (option == null) throw new CommandException("this engine has no " + name + " option");
        return option.max();
    }

    private OptionInfo engineOption(String name) {
        for (OptionInfo option : engine.options()) {
            if (option.name().equalsIgnoreCase(name)) return option;
        }
        return null;
    }

    /** {@code option NAME=VALUE} (or {@code option NAME} for a button): a host or engine option. */
    private void option(Words args) throws CommandException {
        String text = String.join(" ", args.rest());
        int equals = text.indexOf('=');
        String name = (equals < 0 ? text : text.substring(0, equals)).trim();
        String value = equals < 0 ? "" : text.substring(equals + 1).trim();
        if (name.isEmpty()) throw new CommandException("missing option name");
        OptionInfo hostOption = hostOptions.info(name);
        if (hostOption != null) {
            hostOptions.set(name, OptionText.fromXBoard(hostOption, value));
        } else {
            setEngineOption(name, OptionText.fromXBoard(engineOption(name), value));
        }
    }

    private void setEngineOption(String name, String value) throws CommandException {
        // Options change only between searches; analysis resumes afterwards.
        if (searchKind == SearchKind.THINK) throw new CommandException("command not legal now: thinking");
        abandonSearch();
        try {
            engine.setOption(name, value);
        } finally {
            if (analyzing) restartAnalysis();
        }
    }

    private void quit(Words args) {
        abandonSearch();
        quitRequested = true;
    }
}
