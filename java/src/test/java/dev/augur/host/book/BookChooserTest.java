package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both policies on a small book: heaviest, proportional frequencies, weight 0, unknown keys. */
class BookChooserTest {
    private static final long KEY = 0x463b96181691fc9cL;
    private static final long ZERO_ONLY = KEY + 1;
    private static final long TIED = KEY + 2;

    @TempDir
    Path dir;

    private PolyglotBook book;

    @BeforeEach
    void writeBook() throws IOException {
        book = PolyglotBook.open(TestFiles.writeRaw(dir, "choose.bin", List.of(
            new BookEntry(KEY, 1, 100, 0), new BookEntry(KEY, 2, 0, 0), new BookEntry(KEY, 3, 700, 0),
            new BookEntry(KEY, 4, 200, 0),
            new BookEntry(ZERO_ONLY, 5, 0, 0), new BookEntry(ZERO_ONLY, 6, 0, 0),
            new BookEntry(TIED, 7, 3, 0), new BookEntry(TIED, 8, 5, 0), new BookEntry(TIED, 9, 5, 0))));
    }

    @Test
    void bestPicksTheHeaviestAndTheFirstInFileOrderAmongEquals() {
        BookChooser chooser = new BookChooser(book, BookChooser.Policy.BEST, new SplittableRandom(1));
        assertEquals(3, chooser.choose(KEY).orElseThrow().move());
        assertEquals(8, chooser.choose(TIED).orElseThrow().move());
    }

    @Test
    void weightedRandomFollowsTheWeights() {
        BookChooser chooser = new BookChooser(book, BookChooser.Policy.WEIGHTED_RANDOM, new SplittableRandom(20261122));
        int draws = 100_000;
        Map<Integer, Integer> counts = new HashMap<>();
        for (int i = 0; i < draws; i++) {
            counts.merge(chooser.choose(KEY).orElseThrow().move(), 1, Integer::sum);
        }
        assertEquals(0, counts.getOrDefault(2, 0), "the weight-0 move was chosen");
        // Expected shares 0.1, 0.7, 0.2; the standard error at 100,000 draws is under 0.0015.
        assertEquals(0.1, counts.getOrDefault(1, 0) / (double) draws, 0.01);
        assertEquals(0.7, counts.getOrDefault(3, 0) / (double) draws, 0.01);
        assertEquals(0.2, counts.getOrDefault(4, 0) / (double) draws, 0.01);
    }

    @Test
    void everyPositiveWeightGetsChosenEventually() {
        BookChooser chooser = new BookChooser(book, BookChooser.Policy.WEIGHTED_RANDOM, new SplittableRandom(7));
        Map<Integer, Integer> counts = new HashMap<>();
        for (int i = 0; i < 2_000; i++) {
            counts.merge(chooser.choose(TIED).orElseThrow().move(), 1, Integer::sum);
        }
        assertEquals(3, counts.size(), counts.toString());
    }

    @Test
    void zeroWeightsAndUnknownKeysGiveNothing() {
        for (BookChooser.Policy policy : BookChooser.Policy.values()) {
            BookChooser chooser = new BookChooser(book, policy, new SplittableRandom(3));
            assertEquals(Optional.empty(), chooser.choose(ZERO_ONLY), policy.name());
            assertEquals(Optional.empty(), chooser.choose(12345), policy.name());
            assertTrue(chooser.choose(KEY).isPresent());
        }
    }
}
