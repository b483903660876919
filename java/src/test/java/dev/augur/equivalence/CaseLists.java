package dev.augur.equivalence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The committed case lists (tests/equivalence), found through the system property
 * {@code augur.equivalence.cases} that the Meson test sets to that folder.
 */
final class CaseLists {
    private CaseLists() {}

    static Path folder() {
        String folder = System.getProperty("augur.equivalence.cases");
        if (folder == null) throw new IllegalStateException("set -Daugur.equivalence.cases=<tests/equivalence>");
        return Path.of(folder);
    }

    static List<EquivalenceCase> read(String name) throws IOException {
        Path file = folder().resolve(name);
        if (!Files.isRegularFile(file)) throw new IllegalStateException("no case list " + file);
        return CaseFile.read(file);
    }
}
