package dev.augur.host;

import dev.augur.host.book.BookTool;
import dev.augur.reference.search.BenchPositions;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * The Augur host engine: {@code java -jar augur-host.jar [options]}.
 *
 * <p>Like the native binary it speaks UCI or XBoard on standard input and output, the first
 * command deciding which ({@code xboard} or {@code protover}: XBoard; anything else: UCI), unless
 * {@code --uci} or {@code --xboard} decides first. Without any input (an empty or closed standard
 * input, or a person at a terminal) it runs the demo job: a few seconds of analysis with the live
 * principal variation, then the best move. {@code book ...} runs the opening book tool.
 *
 * <p>The search is the native engine's when its library loads, otherwise the pure-Java reference
 * engine's, announced at start-up ({@link Backends}); {@code --java-search} chooses the Java search.
 */
public final class Main {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    private static final long DEFAULT_DEMO_MILLIS = 5000;
    private static final long MAX_DEMO_MILLIS = 24L * 3600 * 1000;

    static final String USAGE_TEXT = String.join(System.lineSeparator(),
            "usage: java -jar augur-host.jar [--uci | --xboard] [--book FILE] [--book-policy best|weighted]",
            "                                [--fen FEN] [--seconds N] [--java-search]",
            "       java -jar augur-host.jar book <make-book|probe|dump|help> ...",
            "       java -jar augur-host.jar bench [DEPTH] [--java-search]",
            "       java -jar augur-host.jar --help",
            "Speaks UCI or XBoard (CECP 2) on standard input and output; the first command chooses",
            "(uci, or xboard/protover), unless --uci or --xboard does.",
            "With no command on standard input (empty, closed, or a terminal) it analyses the start",
            "position, or --fen FEN, for --seconds N seconds (default 5), printing the principal",
            "variation as it changes and then the best move.",
            "--book FILE plays from a Polyglot book in games (OwnBook on); --book-policy picks the",
            "weighted-random (default) or the best book move. GUIs can set the same as options.",
            "--java-search searches with the pure-Java reference engine (about 3x slower) instead of",
            "the native library; without it the host falls back to the Java search by itself, and says",
            "so, when the native library cannot be loaded.",
            "book ... runs the opening book tool (make a book from PGN, probe, dump).",
            "bench searches the bench positions to DEPTH (default " + BenchPositions.DEFAULT_DEPTH
                    + ") and prints the node count, the",
            "search's fingerprint (the same for the native and the Java search), and the speed.");

    /** The command line, read. */
    private record Arguments(String mode, String fen, long demoMillis, String bookFile, String bookPolicy,
            boolean javaSearch) {}

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.in, stdinIsTerminal(), System.out, System.err));
    }

    /**
     * Runs the host; returns the exit code (0 ok, 1 failed, 2 bad arguments). in and out are the
     * protocol's streams; interactive says that a person, not a program, writes to in.
     */
    static int run(String[] args, InputStream in, boolean interactive, PrintStream out, PrintStream err) {
        if (args.length > 0 && args[0].equals("book")) {
            return BookTool.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (args.length > 0 && args[0].equals("bench")) {
            return runBench(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        Arguments arguments;
        try {
            arguments = parse(args);
        } catch (CommandException e) {
            err.println("augur-host: " + e.getMessage());
            err.println(USAGE_TEXT);
            return USAGE;
        }
        if (arguments == null) {
            out.println(USAGE_TEXT);
            return OK;
        }
        try {
            HostBook book = bookOf(arguments);
            return serve(arguments, book, Backends.choose(arguments.javaSearch()), in, interactive, out);
        } catch (CommandException e) {
            err.println("augur-host: " + e.getMessage());
            return USAGE;
        } catch (EngineStartException e) {
            err.println("augur-host: cannot start the engine: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FAILED;
        }
    }

    /** {@code bench [DEPTH] [--java-search]}: the bench with the chosen search, as {@code augur bench}. */
    private static int runBench(String[] args, PrintStream out, PrintStream err) {
        int depth = BenchPositions.DEFAULT_DEPTH;
        boolean javaSearch = false;
        try {
            for (String arg : args) {
                if (arg.equals("--java-search")) {
                    javaSearch = true;
                } else {
                    depth = (int) Words.number(arg, "bench depth", 1, UciGo.MAX_DEPTH);
                }
            }
        } catch (CommandException e) {
            err.println("augur-host: " + e.getMessage());
            err.println(USAGE_TEXT);
            return USAGE;
        }
        Backends backends = Backends.choose(javaSearch);
        if (backends.notice() != null) err.println("augur-host: " + backends.notice());
        try (SearchBackend engine = backends.create()) {
            HostBench.run(engine, depth, out::println);
            return OK;
        } catch (CommandException e) {
            err.println("augur-host: bench: " + e.getMessage());
            return FAILED;
        }
    }

    /** The arguments read, or null for --help. */
    private static Arguments parse(String[] args) throws CommandException {
        String mode = null;
        String fen = null;
        long millis = DEFAULT_DEMO_MILLIS;
        String bookFile = null;
        String bookPolicy = null;
        boolean javaSearch = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--uci", "--xboard" -> {
                    if (mode != null && !mode.equals(arg)) throw new CommandException("--uci and --xboard exclude each other");
                    mode = arg;
                }
                case "--fen" -> fen = value(args, ++i, arg);
                case "--seconds" -> millis = demoMillis(value(args, ++i, arg));
                case "--book" -> bookFile = value(args, ++i, arg);
                case "--book-policy" -> bookPolicy = value(args, ++i, arg);
                case "--java-search" -> javaSearch = true;
                default -> throw new CommandException("unknown argument '" + Words.printable(arg) + "'");
            }
        }
        return new Arguments(mode, fen, millis, bookFile, bookPolicy, javaSearch);
    }

    private static String value(String[] args, int index, String option) throws CommandException {
        if (index >= args.length) throw new CommandException(option + " needs a value");
        return args[index];
    }

    private static long demoMillis(String text) throws CommandException {
        double seconds;
        try {
            seconds = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new CommandException("--seconds '" + Words.printable(text) + "' is not a number");
        }
        long millis = Math.round(seconds * 1000);
        if (!(seconds > 0) || millis < 1 || millis > MAX_DEMO_MILLIS) {
            throw new CommandException("--seconds " + Words.printable(text) + " is outside 0.001..86400");
        }
        return millis;
    }

    private static HostBook bookOf(Arguments arguments) throws CommandException {
        HostBook book = new HostBook();
        if (arguments.bookPolicy() != null) book.setPolicy(HostBook.Policy.of(arguments.bookPolicy()));
        if (arguments.bookFile() != null) {
            book.setFile(arguments.bookFile());
            book.setEnabled(true);
        }
        return book;
    }

    private static int serve(Arguments arguments, HostBook book, Backends backends, InputStream in,
            boolean interactive, PrintStream out) throws EngineStartException, InterruptedException {
        LineInput input = new LineInput(in);
        HostOutput output = new HostOutput(nonClosing(out));
        if ("--uci".equals(arguments.mode())) return serveUci(output, book, backends, input, null);
        if ("--xboard".equals(arguments.mode())) return serveXBoard(output, book, backends, input, null);

        // The first command line decides, read on a thread of its own so that a person at a
        // terminal gets the demo at once (and still gets a protocol by typing its command).
        CompletableFuture<Optional<String>> first = new CompletableFuture<>();
        Thread reader = new Thread(() -> first.complete(firstCommand(input)), "first-line-reader");
        reader.setDaemon(true);
        reader.start();
        if (!interactive) {
            Optional<String> line = first.join();
            if (line.isPresent()) return serveProtocol(line.get(), output, book, backends, input);
            return runDemo(arguments, backends, out, () -> false);
        }
        int demo = runDemo(arguments, backends, out, () -> first.isDone() && first.join().isPresent());
        if (first.isDone() && first.join().isPresent()) {
            return serveProtocol(first.join().get(), output, book, backends, input);
        }
        return demo;
    }

    /** The first line that is not blank, or empty at the end of the input. */
    private static Optional<String> firstCommand(LineInput input) {
        for (;;) {
            LineInput.Line line = input.read();
            if (line == null) return Optional.empty();
            if (line.tooLong() || !new Words(line.text()).isEmpty()) return Optional.of(line.text());
        }
    }

    private static int serveProtocol(String first, HostOutput output, HostBook book, Backends backends,
            LineInput input) throws EngineStartException {
        String command = new Words(first).next();
        if (command.equals("xboard") || command.equals("protover")) {
            return serveXBoard(output, book, backends, input, first);
        }
        return serveUci(output, book, backends, input, first);
    }

    private static int serveUci(HostOutput output, HostBook book, Backends backends, LineInput input, String first)
            throws EngineStartException {
        try (UciSession session = new UciSession(output, book, create(backends))) {
            // GUIs show info strings in their engine log: the user learns there which search runs.
            if (backends.notice() != null) output.line("info string " + backends.notice());
            if (first == null || session.execute(first)) session.run(input);
        }
        return OK;
    }

    private static int serveXBoard(HostOutput output, HostBook book, Backends backends, LineInput input,
            String first) throws EngineStartException {
        try (XBoardSession session = new XBoardSession(output, book, create(backends))) {
            // A line starting with '#' is a comment to xboard: it lands in the debug log.
            if (backends.notice() != null) output.line("# " + backends.notice());
            if (first != null) session.post(first);
            session.run(input);
        }
        return OK;
    }

    private static int runDemo(Arguments arguments, Backends backends, PrintStream out, BooleanSupplier interrupt)
            throws EngineStartException, InterruptedException {
        try {
            return new DemoJob(out, arguments.fen(), arguments.demoMillis(), backends).run(interrupt);
        } catch (CommandException e) {
            throw new EngineStartException(e.getMessage());
        }
    }

    private static SearchBackend create(Backends backends) throws EngineStartException {
        try {
            return backends.create();
        } catch (CommandException e) {
            throw new EngineStartException(e.getMessage());
        }
    }

    /** The engine could not be created (out of memory): the host cannot serve. */
    private static final class EngineStartException extends Exception {
        private static final long serialVersionUID = 1L;

        EngineStartException(String message) {
            super(message);
        }
    }

    /**
     * True when a person types on standard input: Java's console (both streams on a terminal), or
     * on Linux standard input itself naming a terminal device.
     */
    static boolean stdinIsTerminal() {
        if (System.console() != null) return true;
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception notLinux) {
            return false;
        }
    }

    /** The sessions' writer must not close System.out under the caller. */
    private static OutputStream nonClosing(PrintStream out) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                out.write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                out.write(bytes, offset, length);
            }

            @Override
            public void flush() {
                out.flush();
            }
        };
    }
}
