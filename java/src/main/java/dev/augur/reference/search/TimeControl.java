package dev.augur.reference.search;

/**
 * The side to move's clock as a GUI sends it (UCI wtime/btime, winc/binc, movestogo, movetime;
 * XBoard level/st/time): the port of native TimeControl (lib/search/time_manager.h).
 *
 * @param timeLeftMillis the clock, -1 for no clock
 * @param incrementMillis added after each move
 * @param movesToGo moves to the next time control, 0 for sudden death
 * @param moveTimeMillis a fixed time per move, 0 for none
 */
public record TimeControl(long timeLeftMillis, long incrementMillis, int movesToGo, long moveTimeMillis) {
    /** No clock and no move time: the search is not timed. */
    public static final TimeControl NONE = new TimeControl(-1, 0, 0, 0);

    public boolean hasClock() {
        return timeLeftMillis >= 0;
    }

    /** True when a budget applies: a clock or a fixed move time. */
    public boolean active() {
        return hasClock() || moveTimeMillis > 0;
    }
}
