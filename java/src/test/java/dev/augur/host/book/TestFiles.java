package dev.augur.host.book;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;

/**
 * Where the book tests find their data: the shared data folder (system property augur.data, the
 * gnuchess book and the TWIC PGN) and this repository's test data (augur.testdata, tests/data:
 * the book fixtures in books/). Tests that need a missing folder are skipped, not failed.
 */
final class TestFiles {
    private TestFiles() {}

    static Path shared(String relative) {
        return existing("augur.data", relative);
    }

    static Path fixture(String relative) {
        return testData("books/" + relative);
    }

    static Path testData(String relative) {
        return existing("augur.testdata", relative);
    }

    private static Path existing(String property, String relative) {
        String dir = System.getProperty(property);
        Assumptions.assumeTrue(dir != null && Files.isDirectory(Path.of(dir)), property + " is not set to a folder");
        Path file = Path.of(dir).resolve(relative);
        Assumptions.assumeTrue(Files.isRegularFile(file), file + " is missing");
        return file;
    }

    /** Writes raw entries, in the order given, as a book file. */
    static Path writeRaw(Path dir, String name, List<BookEntry> entries) throws IOException {
        Path file = dir.resolve(name);
        try (var out = Files.newOutputStream(file)) {
            BookWriter.write(out, entries);
        }
        return file;
    }
}
