package dev.augur.data;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Streams the records of a training data file: a 16-byte header (magic {@code AUGURTD\n}, format
 * version and record size as 16-bit little-endian numbers, four zero bytes), then 32-byte records
 * to the end. Memory use does not grow with the file.
 *
 * <pre>{@code
 * try (TrainingFileReader reader = TrainingFileReader.open(path)) {
 *     for (TrainingRecord r = reader.next(); r != null; r = reader.next()) { ... }
 * }
 * }</pre>
 *
 * <p>A file that is not a training data file, a record cut short and a record no writer produces
 * all throw a {@link TrainingDataException} naming the record and its byte offset.
 */
public final class TrainingFileReader implements AutoCloseable {
    /** Bytes before the first record. */
    public static final int HEADER_SIZE = 16;
    /** The format version this reader knows. */
    public static final int VERSION = 1;

    private static final byte[] MAGIC = "AUGURTD\n".getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private final byte[] buffer = new byte[TrainingRecord.SIZE];
    private boolean headerRead;
    private long recordsRead;

    /** Reads from {@code in}, which this reader closes. */
    public TrainingFileReader(InputStream in) {
        this.in = in;
    }

    public static TrainingFileReader open(Path file) throws IOException {
        return new TrainingFileReader(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
    }

    /**
     * The next record, or null at the end of the file.
     *
     * @throws TrainingDataException when the file or the record is damaged
     */
    public TrainingRecord next() throws IOException {
        if (!headerRead) {
            readHeader();
        }
        long offset = HEADER_SIZE + recordsRead * TrainingRecord.SIZE;
        int got = in.readNBytes(buffer, 0, buffer.length);
        if (got == 0) {
            return null;
        }
        if (got < buffer.length) {
            throw new TrainingDataException("record " + recordsRead + " at byte " + offset + " is cut short ("
                + got + " of " + TrainingRecord.SIZE + " bytes)");
        }
        TrainingRecord record;
        try {
            record = TrainingRecord.decode(buffer, 0);
        } catch (TrainingDataException e) {
            throw new TrainingDataException("record " + recordsRead + " at byte " + offset + ": " + e.getMessage());
        }
        recordsRead++;
        return record;
    }

    /** Records returned so far. */
    public long recordsRead() {
        return recordsRead;
    }

    private void readHeader() throws IOException {
        headerRead = true;
        byte[] header = new byte[HEADER_SIZE];
        int got = in.readNBytes(header, 0, HEADER_SIZE);
        if (got == 0) {
            throw new TrainingDataException("empty file: not a training data file");
        }
        if (got < HEADER_SIZE || !Arrays.equals(header, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new TrainingDataException("not a training data file (no AUGURTD header)");
        }
        int version = (header[8] & 0xFF) | (header[9] & 0xFF) << 8;
        if (version != VERSION) {
            throw new TrainingDataException("training data format version " + version
                + " is not supported (this reader knows " + VERSION + ")");
        }
        int recordSize = (header[10] & 0xFF) | (header[11] & 0xFF) << 8;
        if (recordSize != TrainingRecord.SIZE || header[12] != 0 || header[13] != 0 || header[14] != 0
            || header[15] != 0) {
            throw new TrainingDataException("training data header has an unexpected record size or reserved bytes");
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
