package dev.augur.reference.search;

import java.util.Arrays;

import dev.augur.reference.Move;

/**
 * Move-ordering memory of the search, the port of lib/search/history.h: two killer moves per
 * ply and a butterfly history (side, from, to) of quiet moves that caused cutoffs. It lives as
 * long as its {@link SearchWorker}: killers are cleared at the start of each search, the history only
 * by {@link #clear()} (a new game), exactly as native.
 */
public final class SearchHistory {
    private static final int KILLER_PLIES = Scores.MAX_PLY + 2;

    private final int[] killers = new int[KILLER_PLIES * 2];
    private final int[] butterfly = new int[2 * 64 * 64];

    public void clear() {
        clearKillers();
        Arrays.fill(butterfly, 0);
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
        int entry = butterfly[i];
        butterfly[i] = entry + bonus - entry * Math.abs(bonus) / params.historyMax;
    }

    private static int index(int side, int move) {
        return (side << 12) | (Move.from(move) << 6) | Move.to(move);
    }
}
