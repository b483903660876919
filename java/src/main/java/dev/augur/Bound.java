package dev.augur;

/** How a search score relates to the true value of the position. */
public enum Bound {
    /** Fail low: the true score is at most this. */
    UPPER,
    /** Fail high: the true score is at least this. */
    LOWER,
    EXACT;

    /** The C API's AUGUR_BOUND_* value (1, 2, 3) as a Bound. */
    public static Bound of(int code) {
        if (code < 1 || code > 3) throw new IllegalArgumentException("not a bound: " + code);
        return values()[code - 1];
    }
}
