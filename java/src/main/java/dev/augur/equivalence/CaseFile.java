package dev.augur.equivalence;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads case lists. One case per line, three fields separated by ';':
 *
 * <pre>
 *   startpos moves e2e4 e7e5 ; depth 6 ; default
 *   8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ; nodes 20000 ; default search-off
 *   # a comment; blank lines are skipped, and so is anything after a '#'
 * </pre>
 *
 * The position is {@code startpos} or a FEN (all six fields), optionally followed by
 * {@code moves} and UCI moves; the limit is {@code depth N} or {@code nodes N}; the profiles are
 * names or groups separated by spaces or commas (see {@link Profiles}).
 */
public final class CaseFile {
    private CaseFile() {}

    /** The deepest iteration either search runs (MAX_PLY - 1). */
    static final int MAX_DEPTH = 127;

    /** The cases of a file; their sources name the file without its folder ("suite.txt:12"). */
    public static List<EquivalenceCase> read(Path file) throws IOException {
        return parse(file.getFileName().toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** The cases of these lines; name is the file name for the sources and errors. */
    public static List<EquivalenceCase> parse(String name, List<String> lines) {
        List<EquivalenceCase> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = stripComment(lines.get(i));
            if (line.isEmpty()) continue;
            String source = name + ":" + (i + 1);
            try {
                cases.add(parseLine(source, line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
            }
        }
        return cases;
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).strip();
    }

    private static EquivalenceCase parseLine(String source, String line) {
        String[] fields = line.split(";", -1);
        if (fields.length != 3) {
            throw new IllegalArgumentException("expected 'position ; depth N or nodes N ; profiles', got: " + line);
        }
        List<String> position = words(fields[0]);
        if (position.isEmpty()) throw new IllegalArgumentException("no position");
        int movesAt = position.indexOf("moves");
        List<String> setup = movesAt < 0 ? position : position.subList(0, movesAt);
        List<String> moves = movesAt < 0 ? List.of() : position.subList(movesAt + 1, position.size());
        String fen = parseFen(setup);

        List<String> limit = words(fields[1]);
        if (limit.size() != 2) throw new IllegalArgumentException("expected 'depth N' or 'nodes N', got: " + fields[1].strip());
        long amount = parsePositive(limit.get(1));
        int depth = 0;
        long nodes = 0;
        switch (limit.get(0)) {
            case "depth" -> depth = checkedDepth(amount);
            case "nodes" -> nodes = amount;
            default -> throw new IllegalArgumentException("unknown limit '" + limit.get(0) + "'");
        }

        List<String> profiles = words(fields[2].replace(',', ' '));
        if (profiles.isEmpty()) throw new IllegalArgumentException("no profile");
        return new EquivalenceCase(source, fen, moves, depth, nodes, profiles);
    }

    private static String parseFen(List<String> setup) {
        if (setup.size() == 1 && setup.get(0).equals("startpos")) return null;
        if (setup.size() != 6) {
            throw new IllegalArgumentException("expected startpos or a FEN of six fields, got: " + String.join(" ", setup));
        }
        return String.join(" ", setup);
    }

    /** Depths beyond the search's maximum ply would be silently cut by both engines. */
    private static int checkedDepth(long depth) {
        if (depth > MAX_DEPTH) throw new IllegalArgumentException("depth " + depth + " is beyond " + MAX_DEPTH);
        return (int) depth;
    }

    private static long parsePositive(String text) {
        try {
            long value = Long.parseLong(text);
            if (value > 0) return value;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a positive number, got '" + text + "'");
    }

    private static List<String> words(String text) {
        String stripped = text.strip();
        return stripped.isEmpty() ? List.of() : Arrays.asList(stripped.split("\\s+"));
    }
}
