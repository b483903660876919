package dev.augur.reference.search;

import static dev.augur.reference.search.TimeParams.*;

/**
 * Time management, the port of lib/search/time_manager.{h,cpp}: {@link #allocate} turns the clock
 * into a budget (an optimum to aim at, a maximum never to pass), and an instance applies it to
 * one running search: asked every few thousand nodes whether the maximum is reached, and after
 * each iteration whether another is worth starting. The optimum is extended, up to the maximum,
 * when the best move changed in the last iterations or the score dropped. The same integer
 * arithmetic as native, so both decide alike on the same clock.
 *
 * <p>Times are {@link System#nanoTime()} values passed in, so that tests need no sleeping.
 * Used by the search's thread only; the ponderhit request from other threads goes through
 * {@link SearchManager}.
 */
public final class TimeManager {
    private static final long NANOS_PER_MILLI = 1_000_000;

    private TimeBudget budget = new TimeBudget(0, 0, false);
    private boolean active;
    private boolean pondering;
    private long startNanos;
    private int instabilityPermille;
    private int scoreDropCp;
    private int nodeShareFactorPermille = 1000;
    private int iterations;
    private int lastScore;

    /**
     * The budget for a move at gamePly (plies since the game's start, for the sudden-death
     * estimate). The control must be active.
     */
    public static TimeBudget allocate(TimeControl control, int moveOverheadMs, int gamePly) {
        long overhead = Math.max(0, moveOverheadMs);
        if (!control.hasClock()) return fixedBudget(control, overhead);
        TimeBudget budget = clockBudget(control, overhead, gamePly);
        if (control.moveTimeMillis() > 0) {
            // Both given: the fixed time, but never beyond what the clock allows.
            TimeBudget fixed = fixedBudget(control, overhead);
            budget = new TimeBudget(Math.min(fixed.optimumMillis(), budget.maximumMillis()),
                Math.min(fixed.maximumMillis(), budget.maximumMillis()), true);
        }
        return budget;
    }

    // Moves to plan for until the next time is added (or the game ends).
    private static long movesHorizon(TimeControl control, int gamePly) {
        if (control.movesToGo() > 0) return Math.min(control.movesToGo(), MAX_MOVES_HORIZON);
        return Math.max(SUDDEN_DEATH_MIN_MOVES, SUDDEN_DEATH_MOVES - gamePly / SUDDEN_DEATH_PLIES_PER_MOVE);
    }

    // The floor of a budget: a few ms, or half of a clock lower than that.
    private static long floorMillis(long timeLeft) {
        return Math.max(1, Math.min(MIN_THINK_MS, timeLeft / 2));
    }

    private static TimeBudget clockBudget(TimeControl control, long overhead, int gamePly) {
        long timeLeft = control.timeLeftMillis();
        long increment = control.incrementMillis();
        long floor = floorMillis(timeLeft);
        long available = timeLeft - overhead; // the hard ceiling
        if (available <= floor) return new TimeBudget(floor, floor, false);

        // The clock plus the increments the coming moves bring (not this one's), less the
        // overhead of the next few moves, spread over the horizon.
        long moves = movesHorizon(control, gamePly);
        long reserve = overhead * Math.min(moves, OVERHEAD_RESERVE_MOVES);
        long pool = Math.max(0, timeLeft + increment * (moves - 1) - reserve);
        boolean nearControl = control.movesToGo() > 0 && control.movesToGo() <= NEAR_CONTROL_MOVES;
        long optimumShare = nearControl ? NEAR_CONTROL_OPTIMUM_SHARE_PERMILLE : OPTIMUM_MAX_SHARE_PERMILLE;
        long maximumShare = control.movesToGo() == 1 ? LAST_MOVE_MAXIMUM_SHARE_PERMILLE : MAXIMUM_MAX_SHARE_PERMILLE;
        long plannedMoves = moves + (control.movesToGo() > 0 ? CONVENTIONAL_SPARE_MOVES : 0);
        long optimum = Math.min(pool / plannedMoves, available * optimumShare / 1000);
        long cushion = increment * CUSHION_INCREMENTS + reserve;
        if (increment > 0 && timeLeft < cushion) optimum = Math.min(optimum, increment * timeLeft / cushion);
        long maximum = Math.min(optimum * maximumOverOptimumPermille(control) / 1000, available * maximumShare / 1000);
        optimum = clamp(optimum, floor, available);
        maximum = clamp(maximum, optimum, available);
        return new TimeBudget(optimum, maximum, false);
    }

    // How many optimums the maximum may be: fewer as a conventional control nears.
    private static long maximumOverOptimumPermille(TimeControl control) {
        long anyControl = MAXIMUM_OVER_OPTIMUM * 1000L;
        if (control.movesToGo() <= 0) return anyControl;
        return Math.min(anyControl, CONVENTIONAL_MAXIMUM_BASE_PERMILLE
                + (long) control.movesToGo() * CONVENTIONAL_MAXIMUM_PER_MOVE_PERMILLE);
    }

    private static TimeBudget fixedBudget(TimeControl control, long overhead) {
        long time = Math.max(floorMillis(control.moveTimeMillis()), control.moveTimeMillis() - overhead);
        return new TimeBudget(time, time, true);
    }

    private static long clamp(long value, long low, long high) {
        return Math.max(low, Math.min(value, high));
    }

    /** Starts a search at nowNanos; pondering, the clock runs only from {@link #ponderhit}. */
    public void start(TimeControl control, int moveOverheadMs, int gamePly, boolean ponder, long nowNanos) {
        active = control.active();
        budget = active ? allocate(control, moveOverheadMs, gamePly) : new TimeBudget(0, 0, false);
        pondering = ponder;
        startNanos = nowNanos;
        instabilityPermille = 0;
        scoreDropCp = 0;
        nodeShareFactorPermille = 1000;
        iterations = 0;
        lastScore = 0;
    }

    /** The opponent played the expected move: the budget applies from now on. */
    public void ponderhit(long nowNanos) {
        if (!pondering) return;
        pondering = false;
        startNanos = nowNanos;
    }

    public boolean pondering() {
        return pondering;
    }

    /** True when a budget applies now (a clock or a move time, and not pondering). */
    public boolean timed() {
        return active && !pondering;
    }

    public TimeBudget budget() {
        return budget;
    }

    public long elapsedMillis(long nowNanos) {
        return (nowNanos - startNanos) / NANOS_PER_MILLI;
    }

    public boolean pastMaximum(long nowNanos) {
        return timed() && elapsedMillis(nowNanos) >= budget.maximumMillis();
    }

    /** Records a finished iteration: how often its best move changed, and its score. */
    public void onIteration(int bestMoveChanges, int score) {
        onIteration(bestMoveChanges, score, -1);
    }

    /** As native: also the best move's permille of the root moves' nodes (-1: not used). */
    public void onIteration(int bestMoveChanges, int score, int bestMoveNodeShare) {
        instabilityPermille = Math.min(MAX_INSTABILITY_PERMILLE,
            instabilityPermille / 2 + bestMoveChanges * BEST_MOVE_CHANGE_PERMILLE);
        scoreDropCp = iterations > 0 ? (int) clamp(lastScore - score, 0, MAX_SCORE_DROP_CP) : 0;
        lastScore = score;
        iterations++;
        if (bestMoveNodeShare >= 0) {
            nodeShareFactorPermille = Math.min(NODE_SHARE_MAX_FACTOR_PERMILLE,
                NODE_SHARE_BASE_PERMILLE + (1000 - bestMoveNodeShare) * NODE_SHARE_SLOPE_PERMILLE / 1000);
        }
    }

    /**
     * The optimum with its extensions for instability and a dropping score, scaled by the best
     * move's node share, capped at the maximum.
     */
    public long extendedOptimumMillis() {
        long scale = 1000 + instabilityPermille + (long) scoreDropCp * SCORE_DROP_PERMILLE_PER_CP;
        return Math.min(budget.optimumMillis() * scale / 1000 * nodeShareFactorPermille / 1000, budget.maximumMillis());
    }

    /** Whether the next iteration is worth starting (always when not timed). */
    public boolean mayStartIteration(long nowNanos) {
        if (!timed()) return true;
        if (budget.fixed()) return elapsedMillis(nowNanos) < budget.maximumMillis();
        return elapsedMillis(nowNanos) * 1000 < extendedOptimumMillis() * START_ITERATION_PERMILLE;
    }
}
