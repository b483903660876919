package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Perft itself, independent of the data files: known start-position counts and divide. */
class PerftTest {
    @Test
    void startPosition() {
        long[] expected = {1, 20, 400, 8902, 197281};
        for (int depth = 0; depth < expected.length; depth++) {
            assertEquals(expected[depth], Perft.perft(Position.startPosition(), depth));
        }
    }

    @Test
    void divideSumsToPerft() {
        Position pos = Fen.parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        Map<String, Long> divide = new Perft(pos, 3).divide(3);
        assertEquals(48, divide.size());
        assertEquals(97862L, divide.values().stream().mapToLong(Long::longValue).sum());
        // Castling appears in standard notation, once per side.
        assertTrue(divide.containsKey("e1g1") && divide.containsKey("e1c1"));
    }
}
