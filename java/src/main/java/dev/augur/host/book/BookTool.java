package dev.augur.host.book;

import dev.augur.reference.Fen;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The command-line book tool: make a book from PGN, probe a position, summarise a book. The host
 * engine's main program hands its "book" subcommand to {@link #run}; {@link #main} is the same
 * for a standalone run. Bad arguments print the usage and return 2, a failure to read or write a
 * file prints its reason and returns 1; no exception reaches the user.
 */
public final class BookTool {
    private BookTool() {}

    public static final int OK = 0, FAILED = 1, USAGE = 2;

    private static final String USAGE_TEXT = String.join(System.lineSeparator(),
        "usage: book make-book --pgn FILE --out FILE [--min-games N] [--max-ply N] [--min-score PCT]",
        "                      [--only-white | --only-black]",
        "       book probe --book FILE [--fen FEN] [--moves UCI...]",
        "       book dump --book FILE",
        "make-book counts every move of every game up to --max-ply (default 1024) and keeps the moves",
        "  played in at least --min-games games (default 3) that scored at least --min-score percent",
        "  (default 0); weight = 2 per win + 1 per draw of the mover, scaled to fit 16 bits.",
        "probe lists a position's book moves: the start position, or --fen, then --moves played.",
        "dump prints a summary of a book.");

    /** Thrown for bad arguments; turned into the usage message. */
    private static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the tool; returns the exit code (0 ok, 1 failed, 2 bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length == 0) {
                throw new UsageException("no subcommand given");
            }
            Map<String, List<String>> options = parseOptions(args);
            switch (args[0]) {
                case "make-book" -> makeBook(options, out, err);
                case "probe" -> probe(options, out);
                case "dump" -> dump(options, out);
                case "help", "--help", "-h" -> out.println(USAGE_TEXT);
                default -> throw new UsageException("unknown subcommand \"" + args[0] + "\"");
            }
            return OK;
        } catch (UsageException e) {
            err.println("book: " + e.getMessage());
            err.println(USAGE_TEXT);
            return USAGE;
        } catch (IOException e) {
            err.println("book: " + e.getMessage());
            return FAILED;
        } catch (RuntimeException e) { // a defect of ours; still no stack trace for the user
            err.println("book: internal error: " + e);
            return FAILED;
        }
    }

    /** "--name value..." pairs after the subcommand; a value runs until the next "--" word. */
    private static Map<String, List<String>> parseOptions(String[] args) throws UsageException {
        Map<String, List<String>> options = new HashMap<>();
        List<String> current = null;
        for (int i = 1; i < args.length; i++) {
            if (args[i].startsWith("--")) {
                current = new ArrayList<>();
                if (options.put(args[i], current) != null) {
                    throw new UsageException("option " + args[i] + " given twice");
                }
            } else if (current == null) {
                throw new UsageException("unexpected argument \"" + args[i] + "\"");
            } else {
                current.add(args[i]);
            }
        }
        return options;
    }

    private static void allowOnly(Map<String, List<String>> options, Set<String> allowed) throws UsageException {
        for (String name : options.keySet()) {
            if (!allowed.contains(name)) {
                throw new UsageException("unknown option " + name);
            }
        }
    }

    private static String single(Map<String, List<String>> options, String name, String fallback) throws UsageException {
        List<String> values = options.get(name);
        if (values == null) {
            if (fallback == null) {
                throw new UsageException("option " + name + " is required");
            }
            return fallback;
        }
        if (values.size() != 1) {
            throw new UsageException("option " + name + " takes one value");
        }
        return values.get(0);
    }

    private static int number(Map<String, List<String>> options, String name, int fallback) throws UsageException {
        String text = single(options, name, Integer.toString(fallback));
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new UsageException("option " + name + " needs a whole number, not \"" + text + "\"");
        }
    }

    private static boolean flag(Map<String, List<String>> options, String name) throws UsageException {
        List<String> values = options.get(name);
        if (values != null && !values.isEmpty()) {
            throw new UsageException("option " + name + " takes no value");
        }
        return values != null;
    }

    // ---- make-book ----

    private static void makeBook(Map<String, List<String>> options, PrintStream out, PrintStream err)
            throws UsageException, IOException {
        allowOnly(options, Set.of("--pgn", "--out", "--min-games", "--max-ply", "--min-score", "--only-white", "--only-black"));
        Path pgn = Path.of(single(options, "--pgn", null));
        Path book = Path.of(single(options, "--out", null));
        BookBuilder.Options settings = buildOptions(options);

        long start = System.nanoTime();
        BookBuilder builder = new BookBuilder(settings);
        int syntaxSkipped;
        int syntaxWarnings;
        List<String> warnings = new ArrayList<>();
        try (PgnReader reader = PgnReader.open(pgn)) {
            builder.addAll(reader);
            syntaxSkipped = reader.skipped();
            syntaxWarnings = reader.warningCount();
            warnings.addAll(reader.warnings());
        }
        warnings.addAll(builder.warnings());
        List<BookEntry> entries = builder.build();
        BookWriter.write(book, entries);
        long millis = (System.nanoTime() - start) / 1_000_000;

        printWarnings(warnings, syntaxWarnings + builder.warningCount(), err);
        out.printf(Locale.ROOT, "games read      %d%n", builder.gamesAdded());
        out.printf(Locale.ROOT, "games skipped   %d (%d malformed PGN, %d illegal or ambiguous moves or bad setup)%n",
            syntaxSkipped + builder.gamesSkipped(), syntaxSkipped, builder.gamesSkipped());
        out.printf(Locale.ROOT, "positions       %d seen, %d in the book%n",
            builder.positionsSeen(), BookBuilder.positionCount(entries));
        out.printf(Locale.ROOT, "entries written %d to %s%n", entries.size(), book);
        out.printf(Locale.ROOT, "time            %d ms%n", millis);
    }

    /** The first few warnings; a file with thousands of bad games should not flood the screen. */
    private static void printWarnings(List<String> warnings, int total, PrintStream err) {
        int shown = Math.min(10, warnings.size());
        for (String warning : warnings.subList(0, shown)) {
            err.println("warning: " + warning);
        }
        if (total > shown) {
            err.printf(Locale.ROOT, "warning: ... and %d more%n", total - shown);
        }
    }

    private static BookBuilder.Options buildOptions(Map<String, List<String>> options) throws UsageException {
        boolean white = flag(options, "--only-white");
        boolean black = flag(options, "--only-black");
        if (white && black) {
            throw new UsageException("--only-white and --only-black exclude each other");
        }
        BookBuilder.Colours colours = white ? BookBuilder.Colours.WHITE
            : black ? BookBuilder.Colours.BLACK : BookBuilder.Colours.BOTH;
        BookBuilder.Options defaults = BookBuilder.Options.DEFAULT;
        try {
            return new BookBuilder.Options(number(options, "--min-games", defaults.minGames()),
                number(options, "--max-ply", defaults.maxPly()),
                number(options, "--min-score", defaults.minScorePercent()), colours);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    // ---- probe ----

    private static void probe(Map<String, List<String>> options, PrintStream out) throws UsageException, IOException {
        allowOnly(options, Set.of("--book", "--fen", "--moves"));
        PolyglotBook book = PolyglotBook.open(Path.of(single(options, "--book", null)));
        Position pos = position(options);
        List<BookEntry> entries = book.entries(pos.key());
        long total = 0;
        for (BookEntry entry : entries) {
            total += entry.weight();
        }
        out.printf(Locale.ROOT, "position %s%n", pos.toFen());
        out.printf(Locale.ROOT, "key      %016x%n", pos.key());
        out.printf(Locale.ROOT, "entries  %d, total weight %d%n", entries.size(), total);
        for (BookEntry entry : entries) {
            String uci = BookMoves.uci(pos, entry);
            String san = BookMoves.san(pos, entry);
            double percent = total == 0 ? 0 : 100.0 * entry.weight() / total;
            out.printf(Locale.ROOT, "  %-6s %-8s %6d %6.2f%%%s%n", uci == null ? entry.polyglotUci() : uci,
                san == null ? "-" : san, entry.weight(), percent, uci == null ? "  (not legal here)" : "");
        }
    }

    private static Position position(Map<String, List<String>> options) throws UsageException {
        Position pos;
        try {
            List<String> fen = options.get("--fen");
            pos = fen == null ? Position.startPosition() : Fen.parse(String.join(" ", fen));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        for (String move : options.getOrDefault("--moves", List.of())) {
            try {
                pos.makeMove(Uci.parse(pos, move));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return pos;
    }

    // ---- dump ----

    private static void dump(Map<String, List<String>> options, PrintStream out) throws UsageException, IOException {
        allowOnly(options, Set.of("--book"));
        Path file = Path.of(single(options, "--book", null));
        PolyglotBook book = PolyglotBook.open(file);
        int zeroWeight = 0;
        int learned = 0;
        int widest = 0;
        long widestKey = 0;
        for (int i = 0, run = 0; i < book.size(); i++) {
            BookEntry entry = book.entry(i);
            zeroWeight += entry.weight() == 0 ? 1 : 0;
            learned += entry.learn() != 0 ? 1 : 0;
            run = i > 0 && book.entry(i - 1).key() == entry.key() ? run + 1 : 1;
            if (run > widest) {
                widest = run;
                widestKey = entry.key();
            }
        }
        out.printf(Locale.ROOT, "book           %s%n", file);
        out.printf(Locale.ROOT, "entries        %d%n", book.size());
        out.printf(Locale.ROOT, "positions      %d%n", book.positionCount());
        out.printf(Locale.ROOT, "widest         %d moves (key %016x)%n", widest, widestKey);
        out.printf(Locale.ROOT, "weight 0       %d entries%n", zeroWeight);
        out.printf(Locale.ROOT, "learn data     %d entries%n", learned);
        Position start = Position.startPosition();
        StringBuilder moves = new StringBuilder();
        for (BookEntry entry : book.entries(start.key())) {
            String san = BookMoves.san(start, entry);
            moves.append(' ').append(san == null ? entry.polyglotUci() + "(illegal)" : san).append(' ').append(entry.weight());
        }
        out.printf(Locale.ROOT, "start position%s%n", moves.length() == 0 ? " (not in the book)" : moves.toString());
    }
}
