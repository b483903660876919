package dev.augur.host.book;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A Polyglot opening book held in memory: the file's 16-byte big-endian records (key u64,
 * move u16, weight u16, learn u32) in the file's order, which must be sorted by key.
 *
 * <p>Keys are compared as unsigned 64-bit numbers, the order Polyglot tools write. The whole book
 * is loaded at {@link #open}, where its size and order are checked, so that a broken file is
 * reported once with a clear message and probing later can neither fail nor read garbage. A book
 * of a few million entries takes a few tens of megabytes; that is the price of the simple,
 * thread-safe, immutable object this is.
 */
public final class PolyglotBook {
    /** Bytes per record. */
    public static final int ENTRY_SIZE = 16;

    /** The largest file read: one byte array holds it (134 million entries, far beyond real books). */
    private static final long MAX_BYTES = (Integer.MAX_VALUE - 64) / ENTRY_SIZE * ENTRY_SIZE;

    private static final Comparator<BookEntry> HEAVIEST_FIRST =
        Comparator.comparingInt(BookEntry::weight).reversed();

    private final long[] keys;
    private final int[] moves;
    private final int[] weights;
    private final int[] learns;

    private PolyglotBook(long[] keys, int[] moves, int[] weights, int[] learns) {
        this.keys = keys;
        this.moves = moves;
        this.weights = weights;
        this.learns = learns;
    }

    /**
     * Reads a book file.
     *
     * @throws IOException when the file cannot be read, its size is not a multiple of 16 bytes,
     *                     or its keys are not in ascending order
     */
    public static PolyglotBook open(Path file) throws IOException {
        long bytes = Files.size(file);
        if (bytes % ENTRY_SIZE != 0) {
            throw new IOException(file + " is not a Polyglot book: its size, " + bytes
                + " bytes, is not a multiple of " + ENTRY_SIZE);
        }
        if (bytes > MAX_BYTES) {
            throw new IOException(file + " is too large for a Polyglot book held in memory (" + bytes
                + " bytes; at most " + MAX_BYTES + ")");
        }
        ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(file)); // big-endian by default
        if (data.capacity() != bytes) {
            throw new IOException(file + " changed while it was read");
        }
        return fromRecords(data, file.toString());
    }

    private static PolyglotBook fromRecords(ByteBuffer data, String name) throws IOException {
        int count = data.capacity() / ENTRY_SIZE;
        long[] keys = new long[count];
        int[] moves = new int[count];
        int[] weights = new int[count];
        int[] learns = new int[count];
        for (int i = 0; i < count; i++) {
            keys[i] = data.getLong();
            moves[i] = Short.toUnsignedInt(data.getShort());
            weights[i] = Short.toUnsignedInt(data.getShort());
            learns[i] = data.getInt();
            if (i > 0 && Long.compareUnsigned(keys[i - 1], keys[i]) > 0) {
                throw new IOException(name + " is not a valid Polyglot book: entry " + i + " (key "
                    + Long.toHexString(keys[i]) + ") comes after a larger key (" + Long.toHexString(keys[i - 1])
                    + "); the entries must be sorted by key");
            }
        }
        return new PolyglotBook(keys, moves, weights, learns);
    }

    /** The number of entries. */
    public int size() {
        return keys.length;
    }

    /** The entry at a position in file order, 0 <= index < size(). */
    public BookEntry entry(int index) {
        return new BookEntry(keys[index], moves[index], weights[index], learns[index]);
    }

    /** Every entry of a position, highest weight first; equal weights keep the file's order. */
    public List<BookEntry> entries(long key) {
        List<BookEntry> found = new ArrayList<>();
        for (int i = firstIndexOf(key); i < keys.length && keys[i] == key; i++) {
            found.add(entry(i));
        }
        found.sort(HEAVIEST_FIRST); // List.sort is stable
        return found;
    }

    /** Whether the book has any entry for a position. */
    public boolean contains(long key) {
        int index = firstIndexOf(key);
        return index < keys.length && keys[index] == key;
    }

    /** The number of distinct keys (positions). */
    public int positionCount() {
        int positions = 0;
        for (int i = 0; i < keys.length; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                positions++;
            }
        }
        return positions;
    }

    /** The lowest index whose key is not below key (unsigned), or size() if none. */
    private int firstIndexOf(long key) {
        int low = 0;
        int high = keys.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (Long.compareUnsigned(keys[middle], key) < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
