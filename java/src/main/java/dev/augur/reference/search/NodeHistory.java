package dev.augur.reference.search;

import dev.augur.reference.Move;
import dev.augur.reference.Position;

/**
 * What a node orders, reduces and prunes its moves by beyond the butterfly history, the port of
 * NodeHistory in lib/search/history.h: the continuation rows of the last two moves (-1 when there
 * was no such move, it was a null move, or the table is off), the counter-move to the last move,
 * and the capture history (off: null), which adds its entry divided by captureDivisor to a
 * capture's MVV-LVA score. One per ply, reused: {@link #reset} empties it.
 */
public final class NodeHistory {
    final int[] continuationRows = new int[2];
    SearchHistory continuation;  // the tables the rows are in
    int counterMove;
    SearchHistory captures;
    int captureDivisor = 1;

    public NodeHistory reset() {
        continuationRows[0] = -1;
        continuationRows[1] = -1;
        continuation = null;
        counterMove = Move.NONE;
        captures = null;
        captureDivisor = 1;
        return this;
    }

    public NodeHistory() {
        reset();
    }

    /** The continuation part of a quiet move's score. */
    int continuationScore(Position pos, int m) {
        int score = 0;
        for (int row : continuationRows) {
            if (row >= 0) {
                score += continuation.continuationEntry(row, pos.movedPiece(m), Move.to(m));
            }
        }
        return score;
    }
}
