package dev.augur.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Java reader against the C++ writer: tests/training/training_sample writes a file of
 * varied records (Chess960 castling rights, en passant, promotions, mate scores) and the line
 * per record a reader must reproduce; the build passes both as {@code augur.training.sample}
 * and {@code augur.training.expected}, and a file {@code augur datagen} wrote with the lines
 * the C++ reader printed for it as {@code augur.datagen.sample} and {@code augur.datagen.expected}. Damaged copies of the file must be refused with the
 * messages the C++ reader gives.
 */
class TrainingFileReaderTest {
    private static Path property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException("system property " + name + " is not set (run through meson test)");
        }
        return Path.of(value);
    }

    private static byte[] sampleBytes() throws IOException {
        return Files.readAllBytes(property("augur.training.sample"));
    }

    private static String describe(TrainingRecord r) {
        return String.join(";", r.fen(), Integer.toString(r.score()), r.result().text(),
            Integer.toString(r.bestMove()), r.bestMoveUci(), bit(r.inCheck()), bit(r.bestMoveIsCapture()),
            bit(r.bestMoveIsPromotion()), bit(r.mateScore()));
    }

    private static String bit(boolean b) {
        return b ? "1" : "0";
    }

    private static String failure(byte[] content) {
        TrainingFileReader reader = new TrainingFileReader(new ByteArrayInputStream(content));
        return assertThrows(TrainingDataException.class, () -> {
            while (reader.next() != null) {
                // read to the fault
            }
        }).getMessage();
    }

    /** Reads data record for record against the lines the C++ reader printed for it. */
    private static List<TrainingRecord> readAgainst(Path data, Path expected) throws IOException {
        List<String> lines = Files.readAllLines(expected);
        List<TrainingRecord> records = new ArrayList<>();
        try (TrainingFileReader reader = TrainingFileReader.open(data)) {
            for (String line : lines) {
                TrainingRecord r = reader.next();
                assertEquals(line, r == null ? "end of file" : describe(r));
                assertEquals(r.whiteToMove(), r.fen().contains(" w "));
                records.add(r);
            }
            assertNull(reader.next());
            assertEquals(lines.size(), reader.recordsRead());
        }
        return records;
    }

    @Test
    void readsEveryRecordTheNativeWriterWrote() throws IOException {
        List<TrainingRecord> records =
            readAgainst(property("augur.training.sample"), property("augur.training.expected"));
        assertTrue(records.size() > 2000, "sample has " + records.size() + " records");
        long chess960 = records.stream().filter(TrainingRecord::chess960).count();
        long enPassant = records.stream().filter(r -> !r.fen().split(" ")[3].equals("-")).count();
        assertTrue(chess960 > 500 && enPassant > 5, "the sample covers Chess960 and en passant");
    }

    /**
     * A file as {@code augur datagen} writes it (the build runs two games at 500 nodes with a
     * seed; tests/training/training_dump prints what the C++ reader finds in it): whatever
     * changes in the writer, the native reader or this one, they must still agree.
     */
    @Test
    void readsTheFileAugurDatagenWrote() throws IOException {
        List<TrainingRecord> records =
            readAgainst(property("augur.datagen.sample"), property("augur.datagen.expected"));
        assertTrue(records.size() > 20, "two self-play games gave " + records.size() + " records");
        assertTrue(records.stream().anyMatch(TrainingRecord::whiteToMove)
            && records.stream().anyMatch(r -> !r.whiteToMove()), "both sides' moves are recorded");
    }

    @Test
    void refusesFilesThatAreNotTrainingData() throws IOException {
        byte[] good = sampleBytes();
        assertEquals("empty file: not a training data file", failure(new byte[0]));
        assertTrue(failure(Arrays.copyOf(good, 7)).contains("not a training data file"));
        assertTrue(failure("PK\u0003\u0004 not ours at all, sorry".getBytes()).contains("not a training data file"));
        byte[] future = good.clone();
        future[8] = 2;
        assertTrue(failure(future).contains("version 2 is not supported"));
        byte[] wide = good.clone();
        wide[10] = 40;
        assertTrue(failure(wide).contains("record size"));
    }

    @Test
    void namesTheRecordThatIsCutShortOrDamaged() throws IOException {
        byte[] good = Arrays.copyOf(sampleBytes(), 16 + 10 * 32);
        assertEquals("record 9 at byte 304 is cut short (27 of 32 bytes)", failure(Arrays.copyOf(good, good.length - 5)));

        byte[] badResult = good.clone();
        badResult[16 + 3 * 32 + 25] |= 0x0C;
        assertEquals("record 3 at byte 112: record has an invalid game result (3)", failure(badResult));

        byte[] mateFlag = good.clone();
        mateFlag[16 + 25] ^= (byte) 0x80;
        assertEquals("record 0 at byte 16: record's mate flag does not match its score", failure(mateFlag));

        byte[] extraCodes = good.clone();
        extraCodes[16] = 0; // a1-h1 empty, their codes left over
        assertEquals("record 0 at byte 16: record has piece codes beyond its occupied squares", failure(extraCodes));
    }

    @Test
    void randomDamageIsRefusedOrReadNeverCrashes() throws IOException {
        byte[] good = sampleBytes();
        java.util.Random random = new java.util.Random(7);
        int refused = 0;
        int records = (good.length - 16) / 32;
        for (int i = 0; i < records; i++) {
            byte[] one = Arrays.copyOfRange(good, 16 + 32 * i, 16 + 32 * (i + 1));
            one[random.nextInt(32)] ^= (byte) (1 << random.nextInt(8));
            try {
                TrainingRecord.decode(one, 0);
            } catch (TrainingDataException e) {
                refused++;
            }
        }
        assertTrue(refused > records / 3, refused + " of " + records + " damaged records refused");
    }
}
