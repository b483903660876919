package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Make and unmake over many seeded random games: after every move the incrementally updated
 * keys equal the keys computed from scratch and equal those of the position re-read from its
 * own FEN; unmaking the whole game restores the start exactly.
 */
class MakeUnmakeTest {
    private static final int GAMES_PER_START = 40;

    @Test
    void incrementalKeysEqualKeysFromScratch() {
        int[] positions = {0};
        for (String start : RandomGames.STARTS) {
            for (int game = 0; game < GAMES_PER_START; game++) {
                RandomGames.play(start, 1000L * game + start.hashCode(), 300, (pos, played) -> {
                    String where = pos.toFen() + " after " + played.size() + " plies from " + start;
                    assertEquals(pos.computeKey(), pos.key(), where);
                    assertEquals(pos.computePawnKey(), pos.pawnKey(), where);
                    assertEquals(pos.computeMaterialKey(), pos.materialKey(), where);
                    Position reread = Fen.parse(pos.toFen(), pos.isChess960());
                    assertEquals(reread.key(), pos.key(), where);
                    assertEquals(reread.checkers(), pos.checkers(), where);
                    positions[0]++;
                });
            }
        }
        assertTrue(positions[0] > 20_000, "visited " + positions[0]);
    }

    @Test
    void unmakeRestoresTheStart() {
        for (String start : RandomGames.STARTS) {
            for (int game = 0; game < GAMES_PER_START; game++) {
                List<Integer> moves = new ArrayList<>();
                RandomGames.play(start, 77L * game, 200, (pos, played) -> {
                    moves.clear();
                    moves.addAll(played);
                });
                Position pos = Fen.parse(start);
                String fen = pos.toFen();
                long key = pos.key();
                for (int move : moves) {
                    pos.makeMove(move);
                }
                for (int i = moves.size() - 1; i >= 0; i--) {
                    pos.unmakeMove(moves.get(i));
                }
                assertEquals(fen, pos.toFen());
                assertEquals(key, pos.key());
                assertEquals(pos.computeMaterialKey(), pos.materialKey());
                assertEquals(0, pos.historyLength());
            }
        }
    }
}
