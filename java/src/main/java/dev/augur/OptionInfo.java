package dev.augur;

/**
 * An engine option as the engine describes it (the list is the same for every engine).
 *
 * @param name the option's name, matched case-insensitively by {@link Engine#setOption}
 * @param type CHECK takes "true"/"false", SPIN a whole number from min to max, BUTTON acts when set
 * @param defaultValue CHECK: 0 or 1; SPIN: the default; BUTTON: 0
 * @param min SPIN only, 0 otherwise
 * @param max SPIN only, 0 otherwise
 */
public record OptionInfo(String name, Type type, int defaultValue, int min, int max) {
    /** The kinds of option. */
    public enum Type {
        CHECK,
        SPIN,
        BUTTON
    }

    /** Made by the JNI glue. */
    OptionInfo(String name, int type, int defaultValue, int min, int max) {
        this(name, Type.values()[type], defaultValue, min, max);
    }
}
