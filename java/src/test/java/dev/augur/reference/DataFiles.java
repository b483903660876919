package dev.augur.reference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.junit.jupiter.api.Assumptions;

/**
 * Access to the shared test data (perft suites, Polyglot numbers). The build passes the data
 * folder in the system property augur.data; tests that need it are skipped when it is absent.
 */
final class DataFiles {
    private DataFiles() {}

    /** One expected perft count. */
    record PerftCase(String name, String fen, int depth, long nodes) {
        @Override
        public String toString() {
            return name + " D" + depth + " = " + nodes;
        }
    }

    static boolean available() {
        String dir = System.getProperty("augur.data");
        return dir != null && Files.isDirectory(Path.of(dir));
    }

    static Path path(String relative) {
        Assumptions.assumeTrue(available(), "augur.data is not set to the shared data folder");
        return Path.of(System.getProperty("augur.data")).resolve(relative);
    }

    static List<String> lines(String relative) {
        try {
            return Files.readAllLines(path(relative), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads an EPD perft file ("FEN ;D1 20 ;D2 400" or "FEN; D1 20; D2 400"), keeping the counts
     * up to maxNodes. The name is the file's line number.
     */
    static List<PerftCase> epdPerft(String relative, long maxNodes) {
        List<PerftCase> cases = new ArrayList<>();
        List<String> lines = lines(relative);
        for (int i = 0; i < lines.size(); i++) {
            String[] parts = lines.get(i).split(";");
            String fen = parts[0].trim();
            if (fen.isEmpty() || fen.startsWith("#")) {
                continue;
            }
            for (int p = 1; p < parts.length; p++) {
                String[] depthAndCount = parts[p].trim().split("\\s+");
                if (depthAndCount.length != 2 || !depthAndCount[0].startsWith("D")) {
                    continue;
                }
                long nodes = Long.parseLong(depthAndCount[1]);
                if (nodes <= maxNodes) {
                    cases.add(new PerftCase("line " + (i + 1), fen,
                        Integer.parseInt(depthAndCount[0].substring(1)), nodes));
                }
            }
        }
        return cases;
    }

    /** Reads python-chess's format: "id NAME", "epd FEN", "perft DEPTH COUNT" lines. */
    static List<PerftCase> pythonChessPerft(String relative) {
        List<PerftCase> cases = new ArrayList<>();
        String name = null;
        String fen = null;
        for (String line : lines(relative)) {
            String trimmed = line.trim();
            if (trimmed.startsWith("id ")) {
                name = trimmed.substring(3).trim();
            } else if (trimmed.startsWith("epd ")) {
                fen = trimmed.substring(4).trim();
            } else if (trimmed.startsWith("perft ")) {
                String[] fields = trimmed.split("\\s+");
                cases.add(new PerftCase(Objects.requireNonNull(name), Objects.requireNonNull(fen),
                    Integer.parseInt(fields[1]), Long.parseLong(fields[2])));
            }
        }
        return cases;
    }

    /** The distinct FENs of a perft file, in file order. */
    static List<String> fens(List<PerftCase> cases) {
        List<String> fens = new ArrayList<>();
        for (PerftCase c : cases) {
            if (!fens.contains(c.fen())) {
                fens.add(c.fen());
            }
        }
        return fens;
    }
}
