package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Repetition over the game history, the fifty-move rule and insufficient material. */
class DrawRulesTest {
    private static void play(Position pos, String moves) {
        for (String move : moves.split(" ")) {
            pos.makeMove(Uci.parse(pos, move));
        }
    }

    @Test
    void knightShufflesRepeat() {
        Position pos = Position.startPosition();
        play(pos, "g1f3 g8f6 f3g1");
        assertFalse(pos.isRepetition(100));
        play(pos, "f6g8");
        // The start position, seen 4 plies ago: a repetition inside a search of more than 4 plies.
        assertTrue(pos.isRepetition(5));
        assertFalse(pos.isRepetition(4));
        assertFalse(pos.isThreefoldRepetition());
        play(pos, "g1f3 g8f6 f3g1 f6g8");
        // Third occurrence: a draw wherever it is seen.
        assertTrue(pos.isThreefoldRepetition());
        assertTrue(pos.isRepetition(0));
    }

    @Test
    void nullMoveStartsAFreshWindow() {
        Position pos = Position.startPosition();
        play(pos, "g1f3 g8f6 f3g1 f6g8");
        assertTrue(pos.isRepetition(100));
        pos.makeNullMove();
        assertFalse(pos.isRepetition(100));
        play(pos, "g8f6 g1f3 f6g8 f3g1");
        // The same position as just after the null move, 4 plies later.
        assertTrue(pos.isRepetition(100));
        assertFalse(pos.isThreefoldRepetition());
    }

    @Test
    void repetitionAfterAnIrreversibleMove() {
        Position pos = Position.startPosition();
        play(pos, "g1f3 g8f6 f3g1 f6g8 e2e3 b8c6 g1f3 c6b8 f3g1 b8c6");
        assertEquals(5, pos.rule50());
        play(pos, "g1f3 c6b8");
        assertTrue(pos.isRepetition(5));
    }

    @Test
    void fiftyMoveRule() {
        Position pos = Fen.parse("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
        play(pos, "a1a2");
        assertFalse(pos.isFiftyMoveDraw());
        play(pos, "e8d8");
        assertTrue(pos.isFiftyMoveDraw());
        assertEquals(81, pos.fullmoveNumber());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1, true",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1, true",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1, true",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1, true",
        "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1, false",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1, false",
        "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1, false",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1, false",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1, false",
    })
    void insufficientMaterial(String fen, boolean expected) {
        assertEquals(expected, Fen.parse(fen).isInsufficientMaterial());
    }
}
