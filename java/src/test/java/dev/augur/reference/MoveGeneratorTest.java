package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The generator's selections and the legality test for arbitrary move codes, on positions
 * from the suites and from seeded random games (which bring castling, en passant and
 * promotions): noisy and quiet partition all legal moves, and isLegal agrees with the
 * generated list on all 65536 codes.
 */
class MoveGeneratorTest {
    // Every 8th position of 9 random games per start, plus the tricky suite: a few hundred.
    private static List<Position> samplePositions() {
        List<Position> positions = new ArrayList<>();
        for (String fen : DataFiles.fens(DataFiles.pythonChessPerft("perft/python-chess_tricky.perft"))) {
            positions.add(Fen.parse(fen));
        }
        for (String start : RandomGames.STARTS) {
            for (int game = 0; game < 9; game++) {
                RandomGames.play(start, 31L * game + 5, 160, (pos, played) -> {
                    if (played.size() % 8 == 3 || pos.epSquare() != Square.NONE) {
                        positions.add(replay(start, played));
                    }
                });
            }
        }
        return positions;
    }

    private static Position replay(String start, List<Integer> moves) {
        Position pos = Fen.parse(start);
        for (int move : moves) {
            pos.makeMove(move);
        }
        return pos;
    }

    @Test
    void enoughSamplePositions() {
        int size = samplePositions().size();
        assertTrue(size >= 300, "sample of " + size);
    }

    @Test
    void isLegalAgreesWithGeneratorOnEveryCode() {
        MoveList legal = new MoveList();
        for (Position pos : samplePositions()) {
            MoveGenerator.generateAll(pos, legal);
            boolean[] generated = new boolean[1 << 16];
            for (int i = 0; i < legal.size(); i++) {
                generated[legal.get(i)] = true;
            }
            for (int code = 0; code < 1 << 16; code++) {
                if (pos.isLegal(code) != generated[code]) {
                    throw new AssertionError("isLegal(" + describe(code) + ") = " + pos.isLegal(code)
                        + " but generated = " + generated[code] + " in " + pos.toFen());
                }
            }
        }
    }

    private static String describe(int code) {
        return Integer.toHexString(code) + " " + Uci.format(code, true) + " kind " + Move.kind(code);
    }

    @Test
    void noisyAndQuietPartitionAllMoves() {
        MoveList all = new MoveList();
        MoveList noisy = new MoveList();
        MoveList quiet = new MoveList();
        for (Position pos : samplePositions()) {
            MoveGenerator.generateAll(pos, all);
            MoveGenerator.generateNoisy(pos, noisy);
            MoveGenerator.generateQuiet(pos, quiet);
            for (int i = 0; i < noisy.size(); i++) {
                int move = noisy.get(i);
                assertTrue(pos.isCapture(move) || Move.kind(move) == Move.PROMOTION, pos.toFen());
            }
            for (int i = 0; i < quiet.size(); i++) {
                int move = quiet.get(i);
                assertFalse(pos.isCapture(move) || Move.kind(move) == Move.PROMOTION, pos.toFen());
            }
            int[] union = new int[noisy.size() + quiet.size()];
            System.arraycopy(noisy.toArray(), 0, union, 0, noisy.size());
            System.arraycopy(quiet.toArray(), 0, union, noisy.size(), quiet.size());
            int[] expected = all.toArray();
            Arrays.sort(union);
            Arrays.sort(expected);
            assertEquals(Arrays.toString(expected), Arrays.toString(union), pos.toFen());
        }
    }

    @Test
    void generationOrderIsTheDocumentedOne() {
        Position pos = Fen.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        List<String> uci = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            uci.add(Uci.format(pos, moves.get(i)));
        }
        assertEquals(List.of("a1b1", "a1c1", "a1d1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8",
            "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
            "e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1g1", "e1c1"), uci);
    }

    @Test
    void castlingIsKingTakesRookAndSeesThroughTheRook() {
        Position pos = Fen.parse("1k6/8/8/8/8/8/8/RK5R w AH - 0 1");
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        assertTrue(moves.contains(Move.make(Square.B1, Square.A1, Move.CASTLING)));
        assertTrue(moves.contains(Move.make(Square.B1, Square.H1, Move.CASTLING)));

        // King c1, rook b1, enemy queen a1: the rook shields the king only until it castles
        // to d1, so long castling is illegal while short castling (the b1 rook stays) is fine.
        Position shielded = Fen.parse("3k4/8/8/8/8/8/8/qRK4R w BH - 0 1");
        MoveGenerator.generateAll(shielded, moves);
        assertFalse(moves.contains(Move.make(Square.C1, Square.B1, Move.CASTLING)));
        assertTrue(moves.contains(Move.make(Square.C1, Square.H1, Move.CASTLING)));
    }
}
