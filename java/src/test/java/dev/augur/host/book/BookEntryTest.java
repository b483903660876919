package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The raw Polyglot move code: squares, promotions and the king-takes-rook castling. */
class BookEntryTest {
    // Codes written out by the specification's bit layout: to file | to rank << 3 |
    // from file << 6 | from rank << 9 | promotion << 12.
    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource({
        "796,   e2e4,  12, 28, ''",    // 4 | 3<<3 | 4<<6 | 1<<9
        "263,   e1h1,   4,  7, ''",    // castling short: king e1 takes rook h1
        "3896,  e8a8,  60, 56, ''",    // castling long for Black: 0 | 7<<3 | 4<<6 | 7<<9
        "19512, a7a8q, 48, 56, q",     // 0 | 7<<3 | 0<<6 | 6<<9 | 4<<12
        "5063,  h2h1n, 15,  7, n",     // 7 | 0<<3 | 7<<6 | 1<<9 | 1<<12
    })
    void decodesTheRawMove(int code, String text, int from, int to, String promotion) {
        BookEntry entry = new BookEntry(0x463b96181691fc9cL, code, 1, 0);
        assertEquals(from, entry.from());
        assertEquals(to, entry.to());
        assertEquals(promotion.isEmpty() ? 0 : promotion.charAt(0), entry.promotion());
        assertEquals(text, entry.polyglotUci());
        assertEquals(code, BookEntry.encodeMove(from, to, entry.promotion()));
        assertFalse(entry.hasInvalidPromotion());
    }

    @Test
    void rejectsValuesBeyondSixteenBits() {
        assertThrows(IllegalArgumentException.class, () -> new BookEntry(1, 0x10000, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new BookEntry(1, 796, 0x10000, 0));
        assertThrows(IllegalArgumentException.class, () -> new BookEntry(1, 796, -1, 0));
    }

    @Test
    void promotionCodesBeyondQueenAreInvalid() {
        BookEntry entry = new BookEntry(1, (5 << 12) | 796, 1, 0);
        assertTrue(entry.hasInvalidPromotion());
        assertEquals(0, entry.promotion());
    }
}
