package dev.augur.reference.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

/**
 * Hand-worked static exchanges and endgame verdicts, checked without the native reference.
 */
class SeeAndEndgameTest {
    @ParameterizedTest(name = "{1} in {0} = {2}")
    @CsvSource(delimiter = ';', value = {
        "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1; e4d5; 100",           // a free pawn
        "4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1; e4d5; 0",           // pawn for pawn
        "4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1; e3d5; -225",        // knight for pawn
        "4k3/4n3/8/3p4/8/8/3Q4/4R1K1 w - - 0 1; d2d5; 100",       // the defender is pinned
        "4k3/2n1p3/8/3p4/8/8/3Q4/4R1K1 w - - 0 1; d2d5; -900",    // the defender is free
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1; e5d6; 100",           // en passant
        "3qk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1; d2d5; 100",         // rook, rook against queen
        "1k6/1r6/8/8/8/8/1R6/1R4K1 w - - 0 1; b2b7; 500",         // rook for rook, the king cannot retake
        "1k6/1r6/1r6/8/8/8/1R6/6K1 w - - 0 1; b2b6; 0"})         // rook trade
    void exactExchangeValues(String fen, String move, int expected) {
        Position pos = Position.fromFen(fen);
        int m = Uci.parse(pos, move);
        assertEquals(expected, NativeEvalReferenceTest.exactSee(pos, m));
        assertTrue(See.seeGe(pos, m, expected));
        assertFalse(See.seeGe(pos, m, expected + 1));
    }

    @Test
    void castlingIsWorthNothing() {
        Position pos = Position.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        int castle = Uci.parse(pos, "e1g1");
        assertTrue(See.seeGe(pos, castle, 0));
        assertFalse(See.seeGe(pos, castle, 1));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = ';', value = {
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1; BARE_KINGS; true; 0; 0",
        "8/8/4kb2/8/8/3K4/8/8 b - - 0 1; LONE_MINOR; true; 0; 0",
        "8/8/4k3/8/8/2NKN3/8/8 w - - 0 1; KNNK_CENTRE; true; 0; 0",
        "8/8/4k3/8/8/3K4/8/2B1B3 w - - 0 1; SAME_COLOUR_BISHOPS; true; 0; 0",
        "4k3/8/8/8/8/2NKN3/8/8 w - - 0 1; KNNK_EDGE; false; 2; 0",
        "8/8/4k3/8/3n4/8/8/R3K3 b - - 0 1; ROOK_VS_MINOR; false; 12; 2",  // Nc2+ forks: krkn declines
        "8/8/4k1r1/8/8/3K4/8/R1B5 w - - 0 1; EXTRA_MINOR; false; 16; 64",
        "6b1/pp2k3/8/8/8/3K4/PPP5/2B5 w - - 0 1; OPPOSITE_BISHOPS; false; 28; 16",
        "8/8/6K1/7Q/8/8/pk6/8 w - - 0 1; KQKP_FORTRESS; false; 8; 64",
        "7k/8/8/8/8/8/7P/3BK3 w - - 0 1; WRONG_BISHOP; true; 0; 0",
        "8/8/4k3/8/8/8/7P/3BK3 b - - 0 1; WRONG_BISHOP_NEAR; false; 16; 0",
        "7k/8/8/8/8/8/7P/2B1K3 w - - 0 1; NONE; false; 64; 0",                // the right bishop
        "8/8/8/4k3/8/4P3/4P3/4K3 w - - 0 1; PAWNS_BLOCKED; false; 24; 0",
        "8/8/8/7k/8/7P/7P/4K3 w - - 0 1; PAWNS_BLOCKED; false; 4; 0",
        "4k3/8/r7/4P3/4K3/8/8/7R w - - 0 1; KRPKR_FRONT; false; 16; 64",
        "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1; NONE; false; 64; 64",             // Lucena
        "8/1k6/8/8/4P3/4K3/8/3R3r w - - 0 1; NONE; false; 64; 64",            // cut off by two files
        "8/8/4k3/8/4P3/3B4/8/4K2n w - - 0 1; KBPKN_BLOCK; false; 8; 2",
        "8/8/4k3/8/4P3/3B3b/8/4K3 w - - 0 1; KBPKB_BLOCK; false; 8; 2",
        "k7/8/8/7b/4P3/3B4/8/4K3 w - - 0 1; KBPKB_BLOCK; false; 24; 2",
        "8/5pk1/6r1/8/8/2K5/8/3Q4 w - - 0 1; KQKRP_FORTRESS; false; 8; 64",
        "5k2/8/8/8/8/8/r7/3K3Q b - - 0 1; NONE; false; 64; 64",
        "8/8/8/8/8/8/rk1K2Q1/8 b - - 0 1; NONE; false; 64; 64",              // a king move uncovers Ra2+
        "8/8/8/8/Q7/1p6/8/K1k5 b - - 0 1; NONE; false; 64; 64",              // b2+, the king without a square
        "8/8/8/8/8/7R/3pk3/K7 w - - 0 1; NONE; false; 64; 64"})              // d1=Q next: krkp declines
    void endgameVerdicts(String fen, EndgameRule whiteRule, boolean dead, int whiteScale, int blackScale) {
        EndgameVerdict v = Endgame.classify(Position.fromFen(fen));
        assertEquals(dead, v.dead());
        assertEquals(whiteRule, v.rule(Piece.WHITE));
        assertEquals(whiteScale, v.scale(Piece.WHITE));
        assertEquals(blackScale, v.scale(Piece.BLACK));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = ';', value = {
        "8/8/8/4k3/8/8/8/KBN5 w - - 0 1; KBNK; 1",
        "8/8/4n3/3k4/8/8/3K4/5b2 b - - 0 1; KBNK; -1",
        "3K4/8/3k4/8/8/8/8/rr6 b - - 0 1; KXK; -1",
        "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1; KPK; 1",
        "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1; KPK; 0",
        "8/8/8/8/8/4k3/1p6/5K2 b - - 0 1; KPK; -1",
        "8/8/8/8/3k4/8/8/RR1K4 w - - 0 1; KXK; 1",
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1; KXK; 0",
        "3k4/2r5/3K4/8/8/8/8/7Q w - - 0 1; KQKR; 1",
        "7k/8/8/8/3n4/8/8/Q3K3 w - - 0 1; KQKN; 1",
        "8/8/8/6KQ/8/8/2kp4/8 w - - 0 1; KQKP; 1",
        "8/8/4k3/8/8/3K4/8/R5b1 w - - 0 1; KRKB; 1",
        "8/8/4k1n1/8/8/3K4/8/R7 w - - 0 1; KRKN; 1",
        "8/8/8/4k3/4p3/8/4K3/7R w - - 0 1; KRKP; 1",
        "7r/4k3/8/4P3/4K3/8/8/8 b - - 0 1; KRKP; -1",
        "8/8/8/8/8/4pk2/8/K6R w - - 0 1; KRKP; 1"})
    void knownEndings(String fen, EndgameRule rule, int sign) {
        EndgameVerdict v = Endgame.classify(Position.fromFen(fen));
        assertTrue(v.known());
        assertEquals(rule, v.rule(Piece.WHITE));
        assertEquals(sign, Integer.signum(v.valueWhite()));
    }

    @Test
    void knownEndingsValueProgress() {
        // KBNvK with a light bishop: the light corner h1 is better for White than the dark a1.
        int rightCorner = Endgame.classify(Position.fromFen("8/8/8/8/4B3/5NK1/8/7k w - - 0 1")).valueWhite();
        int wrongCorner = Endgame.classify(Position.fromFen("8/8/8/8/4B3/1KN5/8/k7 w - - 0 1")).valueWhite();
        assertTrue(rightCorner > wrongCorner);
        // On the same diagonal (a4 and b3 for a dark bishop), the edge is worth more.
        int onEdge = Endgame.classify(Position.fromFen("7B/8/8/2K5/k7/8/8/6N1 w - - 0 1")).valueWhite();
        int oneIn = Endgame.classify(Position.fromFen("7B/8/8/2K5/8/1k6/8/6N1 w - - 0 1")).valueWhite();
        assertTrue(onEdge > oneIn);
        // Mating material: the defending king on the edge is worth more than in the centre.
        int edge = Endgame.classify(Position.fromFen("3k4/8/3K4/8/8/8/8/7R w - - 0 1")).valueWhite();
        int centre = Endgame.classify(Position.fromFen("8/8/8/3k4/8/3K4/8/7R w - - 0 1")).valueWhite();
        assertTrue(edge > centre);
        // KRvKP: a known win with the strong king in the pawn's path; a race, worth a few pawns, more
        // the nearer the strong king.
        int path = Endgame.classify(Position.fromFen("8/8/8/4k3/4p3/8/4K3/7R w - - 0 1")).valueWhite();
        int race = Endgame.classify(Position.fromFen("8/8/8/8/8/4pk2/8/K6R w - - 0 1")).valueWhite();
        int nearer = Endgame.classify(Position.fromFen("8/8/8/8/8/4pk2/8/2K4R w - - 0 1")).valueWhite();
        assertTrue(path > Endgame.KNOWN_WIN);
        assertTrue(nearer > race && race > 0 && race < 1000);
        int cut = Endgame.classify(Position.fromFen("5R2/8/8/6k1/8/4p3/8/K7 w - - 0 1")).valueWhite();
        int open = Endgame.classify(Position.fromFen("R7/8/8/6k1/8/4p3/8/K7 w - - 0 1")).valueWhite();
        assertTrue(cut > open && cut < 1000);  // the rook cuts the defending king off from its pawn
        // KRvKB, KRvKN: a small edge, a known win when the rook side takes the unguarded minor (not
        // when taking it stalemates the bare king).
        int takes = Endgame.classify(Position.fromFen("8/8/4k3/8/8/3K4/8/R5b1 w - - 0 1")).valueWhite();
        int bishopToMove = Endgame.classify(Position.fromFen("8/8/4k3/8/8/3K4/8/R5b1 b - - 0 1")).valueWhite();
        int kingTakes = Endgame.classify(Position.fromFen("k1n5/3K4/7R/8/8/8/8/8 w - - 0 1")).valueWhite();
        int stalemates = Endgame.classify(Position.fromFen("k1n5/3K3R/8/8/8/8/8/8 w - - 0 1")).valueWhite();
        assertTrue(takes > Endgame.KNOWN_WIN && kingTakes > Endgame.KNOWN_WIN);
        assertTrue(bishopToMove > 0 && bishopToMove < 1000 && stalemates > 0 && stalemates < 1000);
        // KRvKN gains with the strong king nearer the knight and with the knight hemmed in by the rook.
        int kingNearKnight = Endgame.classify(Position.fromFen("R7/8/8/3k1K2/8/8/8/7n w - - 0 1")).valueWhite();
        int kingFarFromKnight = Endgame.classify(Position.fromFen("R7/8/8/1K1k4/8/8/8/7n w - - 0 1")).valueWhite();
        assertTrue(kingNearKnight > kingFarFromKnight);
        int hemmed = Endgame.classify(Position.fromFen("7n/8/8/3k4/8/8/6R1/4K3 w - - 0 1")).valueWhite();
        int freeKnight = Endgame.classify(Position.fromFen("7n/8/8/3k4/8/8/1R6/4K3 w - - 0 1")).valueWhite();
        assertTrue(hemmed > freeKnight && hemmed < 300);
    }

    @Test
    void middlegameHasNoVerdict() {
        EndgameVerdict v = Endgame.classify(Position.startPosition());
        assertFalse(v.dead());
        assertEquals(EndgameRule.NONE, v.rule(Piece.WHITE));
        assertEquals(HandCraftedEvaluator.SCALE_NORMAL, v.scale(Piece.BLACK));
    }
}
