package dev.augur.reference.search;

/**
 * Every tuning number of the time management, the same as native TimeParams
 * (lib/search/time_manager.h explains each one). Integers only: milliseconds and permille.
 */
public final class TimeParams {
    // Moves the rest of a sudden-death game is assumed to last: from SUDDEN_DEATH_MOVES at the
    // start, one fewer every SUDDEN_DEATH_PLIES_PER_MOVE plies, never fewer than the minimum.
    public static final int SUDDEN_DEATH_MOVES = 50;
    public static final int SUDDEN_DEATH_MIN_MOVES = 20;
    public static final int SUDDEN_DEATH_PLIES_PER_MOVE = 4;
    /** A conventional control further away than this is planned as if it were this near. */
    public static final int MAX_MOVES_HORIZON = 50;
    /** Move Overhead is kept aside for this many coming moves, not the whole horizon. */
    public static final int OVERHEAD_RESERVE_MOVES = 5;
    // Shares of the time left (after the overhead) one move may take; looser near a control.
    public static final int OPTIMUM_MAX_SHARE_PERMILLE = 200;
    public static final int MAXIMUM_MAX_SHARE_PERMILLE = 500;
    public static final int NEAR_CONTROL_MOVES = 4;
    /** Below this many increments (plus the reserve) a move plans less than the increment. */
    public static final int CUSHION_INCREMENTS = 10;
    public static final int NEAR_CONTROL_OPTIMUM_SHARE_PERMILLE = 600;
    public static final int LAST_MOVE_MAXIMUM_SHARE_PERMILLE = 800;
    public static final int MAXIMUM_OVER_OPTIMUM = 5;
    // Conventional controls: the clock is planned over the moves to go plus spare ones, and the
    // maximum is at most (base + per move to go) permille of the optimum.
    public static final int CONVENTIONAL_SPARE_MOVES = 1;
    public static final int CONVENTIONAL_MAXIMUM_BASE_PERMILLE = 1500;
    public static final int CONVENTIONAL_MAXIMUM_PER_MOVE_PERMILLE = 100;
    /** Never plan less than this (a lower clock gets half of what is left, at least 1 ms). */
    public static final long MIN_THINK_MS = 5;

    /** Do not begin an iteration once this share of the (extended) optimum is used. */
    public static final int START_ITERATION_PERMILLE = 500;
    // Extensions of the optimum for best-move changes and a dropping score, capped.
    public static final int BEST_MOVE_CHANGE_PERMILLE = 400;
    public static final int MAX_INSTABILITY_PERMILLE = 1200;
    public static final int SCORE_DROP_PERMILLE_PER_CP = 5;
    public static final int MAX_SCORE_DROP_CP = 120;

    private TimeParams() {}
}
