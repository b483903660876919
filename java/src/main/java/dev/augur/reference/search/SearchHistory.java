package dev.augur.reference.search;

import java.util.Arrays;

import dev.augur.reference.Move;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * Move-ordering memory of the search, the port of lib/search/history.h: two killer moves per
 * ply, a butterfly history (side, from, to) of quiet moves that caused cutoffs, the continuation
 * history (the same for a quiet move after a given previous move: piece and destination of both),
 * the counter-move to each previous move and a capture history (piece, destination, captured
 * type); and the correction history, which is not about moves: how far searches of positions with
 * a given pawn structure and given material came out from their static evaluation. It lives as
 * long as its {@link SearchWorker}: killers are cleared at the start of each search, the history only
 * by {@link #clear()} (a new game), exactly as native.
 */
public final class SearchHistory {
    private static final int KILLER_PLIES = Scores.MAX_PLY + 2;

    private final int[] killers = new int[KILLER_PLIES * 2];
    private final int[] butterfly = new int[2 * 64 * 64];
    private final int[] counterMoves = new int[Piece.CODE_COUNT * 64];
    private final int[] captures = new int[Piece.CODE_COUNT * 64 * 8];
    /** Correction entries per side to move (native CORRECTION_ENTRIES), a power of two. */
    static final int CORRECTION_ENTRIES = 16384;
    /** What a correction table is keyed by (native CorrectionKey): the pawns or the material. */
    static final int PAWN_STRUCTURE = 0;
    static final int MATERIAL = 1;
    static final int CORRECTION_KEY_COUNT = 2;
    // One table per key: an entry per side to move and key slot, in 1/correctionGrain centipawns.
    private final int[] corrections = new int[CORRECTION_KEY_COUNT * 2 * CORRECTION_ENTRIES];
    // A row of Piece.CODE_COUNT * 64 entries per previous move (piece, destination).
    private final int[] continuation = new int[ROW_SIZE * ROW_SIZE];

    /** The entries of one continuation row: one per (piece, destination) of the next move. */
    static final int ROW_SIZE = Piece.CODE_COUNT * 64;

    public void clear() {
        clearKillers();
        Arrays.fill(butterfly, 0);
        Arrays.fill(counterMoves, 0);
        Arrays.fill(captures, 0);
        Arrays.fill(corrections, 0);
        Arrays.fill(continuation, 0);
    }

    public void clearKillers() {
        Arrays.fill(killers, 0);
    }

    public int killer(int ply, int slot) {
        return killers[2 * ply + slot];
    }

    /** Sets a killer slot directly (tests build ordering situations with it). */
    public void setKiller(int ply, int slot, int move) {
        killers[2 * ply + slot] = move;
    }

    public void addKiller(int ply, int move) {
        if (killers[2 * ply] == move) {
            return;
        }
        killers[2 * ply + 1] = killers[2 * ply];
        killers[2 * ply] = move;
    }

    public int quietScore(int side, int move) {
        return butterfly[index(side, move)];
    }

    /** Sets a history entry directly (tests build ordering situations with it). */
    public void setQuietScore(int side, int from, int to, int value) {
        butterfly[(side << 12) | (from << 6) | to] = value;
    }

    /**
     * Gravity update: entries stay within +-historyMax, and a bonus moves an entry less the
     * closer it already is to the limit (C++ and Java integer division both truncate).
     */
    public void update(int side, int move, int bonus, SearchParams params) {
        int i = index(side, move);
        butterfly[i] = withBonus(butterfly[i], bonus, params);
    }

    /** Gravity update of any history entry (native apply_history_bonus). */
    static int withBonus(int entry, int bonus, SearchParams params) {
        return entry + bonus - entry * Math.abs(bonus) / params.historyMax;
    }

    /** The offset of the continuation row of the moves that follow piece arriving on to. */
    static int continuationRow(int piece, int to) {
        return (piece * 64 + to) * ROW_SIZE;
    }

    int continuationEntry(int row, int piece, int to) {
        return continuation[row + piece * 64 + to];
    }

    void updateContinuation(int row, int piece, int to, int bonus, SearchParams params) {
        int i = row + piece * 64 + to;
        continuation[i] = withBonus(continuation[i], bonus, params);
    }

    int counterMove(int piece, int to) {
        return counterMoves[piece * 64 + to];
    }

    void setCounterMove(int piece, int to, int move) {
        counterMoves[piece * 64 + to] = move;
    }

    int captureScore(Position pos, int move) {
        return captures[captureIndex(pos, move)];
    }

    void updateCapture(Position pos, int move, int bonus, SearchParams params) {
        int i = captureIndex(pos, move);
        captures[i] = withBonus(captures[i], bonus, params);
    }

    int correctionScore(Position pos, int correctionKey) {
        return corrections[correctionIndex(pos, correctionKey)];
    }

    void setCorrection(Position pos, int correctionKey, int value) {
        corrections[correctionIndex(pos, correctionKey)] = value;
    }

    private static int correctionIndex(Position pos, int correctionKey) {
        int slot = (int) (correctionKey(pos, correctionKey) & (CORRECTION_ENTRIES - 1));
        return (correctionKey * 2 + pos.sideToMove()) * CORRECTION_ENTRIES + slot;
    }

    private static long correctionKey(Position pos, int correctionKey) {
        switch (correctionKey) {
            case PAWN_STRUCTURE: return pos.pawnKey();
            case MATERIAL: return pos.materialKey();
            default: throw new IllegalArgumentException("no correction key " + correctionKey);
        }
    }

    // (moved piece, destination, captured type): what a move takes, a promotion that takes
    // nothing Piece.NO_TYPE.
    private static int captureIndex(Position pos, int move) {
        int to = Move.to(move);
        int captured = Move.kind(move) == Move.EN_PASSANT ? Piece.PAWN : Piece.type(pos.pieceOn(to));
        return (pos.movedPiece(move) * 64 + to) * 8 + captured;
    }

    private static int index(int side, int move) {
        return (side << 12) | (Move.from(move) << 6) | Move.to(move);
    }
}
