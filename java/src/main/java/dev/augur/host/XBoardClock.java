package dev.augur.host;

import dev.augur.SearchLimits;

/**
 * The time control and the two clocks of an XBoard game, as the GUI sets them, turned into the
 * limits of the engine's next search; the native time manager then decides how long to think.
 *
 * <pre>
 *   level MPS BASE INC   MPS moves per period (0: whole game), BASE minutes ("5", "0:30",
 *                        "1.5"), INC seconds per move ("0", "0.5")
 *   st SECONDS           exactly this long per move (replaces the level until the next level)
 *   time CS / otim CS    the engine's / the opponent's clock, centiseconds
 * </pre>
 *
 * GUIs send {@code time} and {@code otim} before every move, so the clocks here are what the GUI
 * last said; until then they hold the period's base time (xboard's default: 40 moves in 5 minutes).
 */
final class XBoardClock {
    private static final long MAX_TIME_MS = 365L * 24 * 3600 * 1000;
    private static final long MS_PER_SECOND = 1000;
    private static final long MS_PER_MINUTE = 60 * MS_PER_SECOND;
    private static final int MAX_MOVES_PER_PERIOD = 10000;

    private int movesPerPeriod = 40;
    private long baseMillis = 5 * MS_PER_MINUTE;
    private long incrementMillis;
    private long moveTimeMillis; // st; 0: the level applies
    private long engineMillis;
    private long opponentMillis;

    XBoardClock() {
        newGame();
    }

    /** Both clocks back to the base time of the control. */
    void newGame() {
        engineMillis = baseMillis;
        opponentMillis = baseMillis;
    }

    void level(Words args) throws CommandException {
        int moves = (int) args.nextNumber("moves per period", 0, MAX_MOVES_PER_PERIOD);
        String baseText = args.next();
        String incrementText = args.next();
        long base = parseBaseTime(baseText);
        if (base < 0) throw new CommandException("bad base time '" + Words.printable(baseText) + "' (minutes, or minutes:seconds)");
        long increment = parseDecimal(incrementText, MS_PER_SECOND);
        if (increment < 0) throw new CommandException("bad increment '" + Words.printable(incrementText) + "' (seconds)");
        args.expectEnd();
        if (base == 0 && increment == 0) throw new CommandException("a level needs a base time or an increment");
        movesPerPeriod = moves;
        baseMillis = base;
        incrementMillis = increment;
        moveTimeMillis = 0;
        newGame();
    }

    void st(Words args) throws CommandException {
        String text = args.next();
        long ms = parseDecimal(text, MS_PER_SECOND);
        if (ms <= 0) throw new CommandException("bad time per move '" + Words.printable(text) + "' (seconds)");
        args.expectEnd();
        moveTimeMillis = ms;
    }

    void time(Words args) throws CommandException {
        engineMillis = readClock(args);
    }

    void otim(Words args) throws CommandException {
        opponentMillis = readClock(args);
    }

    private static long readClock(Words args) throws CommandException {
        // A GUI may report a clock that has run out as negative: 0 left. The value is in centiseconds.
        long centiseconds = UciGo.milliseconds(args.next(), "clock");
        args.expectEnd();
        return Math.min(centiseconds, MAX_TIME_MS / 10) * 10;
    }

    long engineMillis() {
        return engineMillis;
    }

    long opponentMillis() {
        return opponentMillis;
    }

    int movesPerPeriod() {
        return movesPerPeriod;
    }

    long baseMillis() {
        return baseMillis;
    }

    long incrementMillis() {
        return incrementMillis;
    }

    long moveTimeMillis() {
        return moveTimeMillis;
    }

    /**
     * The limits for the engine's move in a position with this full-move number: a fixed time
     * with {@code st}, otherwise the engine's clock, increment and the moves left in the period.
     */
    SearchLimits.Builder engineLimits(int fullmove) {
        SearchLimits.Builder limits = SearchLimits.builder();
        if (moveTimeMillis > 0) return limits.moveTime(moveTimeMillis);
        limits.clock(engineMillis, incrementMillis);
        if (movesPerPeriod > 0) limits.movesToGo(movesPerPeriod - (Math.max(fullmove, 1) - 1) % movesPerPeriod);
        return limits;
    }

    /** "1.25" in units of unitMillis (1000 for seconds): 1250; -1 for anything but digits with an optional fraction. */
    static long parseDecimal(String text, long unitMillis) {
        int dot = text.indexOf('.');
        String whole = dot < 0 ? text : text.substring(0, dot);
        String fraction = dot < 0 ? "" : text.substring(dot + 1);
        if (whole.isEmpty() && fraction.isEmpty()) return -1;
        long units = whole.isEmpty() ? 0 : parseDigits(whole);
        if (units < 0 || units > MAX_TIME_MS / unitMillis) return -1;
        long ms = units * unitMillis;
        if (dot >= 0 && !allDigits(fraction)) return -1;
        long scale = unitMillis;
        // Digits beyond a millisecond's precision are read and dropped.
        for (int i = 0; i < fraction.length(); i++) {
            scale /= 10;
            ms += (fraction.charAt(i) - '0') * scale;
        }
        return ms;
    }

    /** A level's base time, "m", "m.f" or "m:ss", in milliseconds; -1 if malformed. */
    static long parseBaseTime(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) return parseDecimal(text, MS_PER_MINUTE);
        long minutes = parseDigits(text.substring(0, colon));
        String secondsText = text.substring(colon + 1);
        long seconds = parseDigits(secondsText);
        if (minutes < 0 || seconds < 0 || seconds > 59 || secondsText.length() != 2 || minutes > MAX_TIME_MS / MS_PER_MINUTE) {
            return -1;
        }
        return minutes * MS_PER_MINUTE + seconds * MS_PER_SECOND;
    }

    private static boolean allDigits(String text) {
        if (text.isEmpty()) return false;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') return false;
        }
        return true;
    }

    /** Digits only, as a number; -1 otherwise or beyond 18 digits (far beyond any clock). */
    private static long parseDigits(String text) {
        if (!allDigits(text) || text.length() > 18) return -1;
        return Long.parseLong(text);
    }
}
