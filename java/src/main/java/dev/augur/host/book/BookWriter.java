package dev.augur.host.book;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Writes Polyglot book files.
 *
 * <p>Entries are written in the order Polyglot's own tools write and every reader relies on:
 * ascending key as an unsigned 64-bit number (readers binary-search for a key's first entry and
 * read on while the key stays the same), then weight descending, then move, so that the file is
 * a deterministic function of its entries. The file is first written beside its destination and
 * then renamed over it, so an existing book is never left half-written.
 */
public final class BookWriter {
    private BookWriter() {}

    /** The order of a book file: key (unsigned) ascending, weight descending, move ascending. */
    public static final Comparator<BookEntry> FILE_ORDER = (a, b) -> {
        int byKey = Long.compareUnsigned(a.key(), b.key());
        if (byKey != 0) {
            return byKey;
        }
        int byWeight = Integer.compare(b.weight(), a.weight());
        return byWeight != 0 ? byWeight : Integer.compare(a.move(), b.move());
    };

    /** Writes entries, in file order, to file (replacing it). */
    public static void write(Path file, Collection<BookEntry> entries) throws IOException {
        List<BookEntry> sorted = new ArrayList<>(entries);
        sorted.sort(FILE_ORDER);
        Path absolute = file.toAbsolutePath();
        Path temporary = Files.createTempFile(absolute.getParent(), absolute.getFileName().toString(), ".part");
        try {
            try (OutputStream out = Files.newOutputStream(temporary)) {
                write(out, sorted);
            }
            moveInto(temporary, absolute);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Writes entries to out as they come (the caller sorts), each as one 16-byte record. */
    public static void write(OutputStream out, List<BookEntry> entries) throws IOException {
        DataOutputStream data = new DataOutputStream(new BufferedOutputStream(out)); // big-endian
        for (BookEntry entry : entries) {
            data.writeLong(entry.key());
            data.writeShort(entry.move());
            data.writeShort(entry.weight());
            data.writeInt(entry.learn());
        }
        data.flush();
    }

    private static void moveInto(Path temporary, Path file) throws IOException {
        try {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
