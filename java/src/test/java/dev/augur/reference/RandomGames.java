package dev.augur.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random games, for tests that need many varied positions reached by real moves
 * (with castling, en passant and promotions) rather than only positions from FEN.
 */
final class RandomGames {
    private RandomGames() {}

    /** Start FENs that make special moves likely: castling both kinds, ep, promotions, Chess960. */
    static final String[] STARTS = {
        Position.START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
        "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    };

    /** Plays one random game from fen; calls visitor before every move and once at the end. */
    static void play(String fen, long seed, int maxPlies, Visitor visitor) {
        Random random = new Random(seed);
        Position pos = Fen.parse(fen);
        List<Integer> played = new ArrayList<>();
        MoveList moves = new MoveList();
        for (int ply = 0; ply < maxPlies; ply++) {
            visitor.visit(pos, played);
            MoveGenerator.generateAll(pos, moves);
            if (moves.size() == 0) {
                return;
            }
            int move = moves.get(random.nextInt(moves.size()));
            pos.makeMove(move);
            played.add(move);
        }
        visitor.visit(pos, played);
    }

    interface Visitor {
        void visit(Position pos, List<Integer> played);
    }
}
