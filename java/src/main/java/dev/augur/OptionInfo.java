package dev.augur;

import java.util.List;

/**
 * An engine option as the engine describes it (the list is the same for every engine), from the
 * library's option table (lib/engine/options.table).
 *
 * @param name the option's name, matched case-insensitively by {@link Engine#setOption}
 * @param type CHECK takes "true"/"false", SPIN a whole number from min to max, COMBO one of the
 *     choices, STRING any text, BUTTON acts when set
 * @param defaultValue the default as {@link Engine#setOption} takes it ("true", "16", a choice);
 *     "" for a button
 * @param min SPIN only, 0 otherwise
 * @param max SPIN only, 0 otherwise
 * @param choices COMBO only, empty otherwise
 * @param description one line
 */
public record OptionInfo(String name, Type type, String defaultValue, int min, int max, List<String> choices,
        String description) {
    /** The kinds of option. */
    public enum Type {
        CHECK,
        SPIN,
        COMBO,
        STRING,
        BUTTON
    }

    public OptionInfo {
        choices = List.copyOf(choices);
    }

    /** Made by the JNI glue, with the C ABI's AUGUR_OPTION_* code. */
    OptionInfo(String name, int type, String defaultValue, int min, int max, String[] choices, String description) {
        this(name, typeOfCode(type), defaultValue, min, max, List.of(choices), description);
    }

    private static Type typeOfCode(int code) {
        return switch (code) {
            case 0 -> Type.CHECK;
            case 1 -> Type.SPIN;
            case 2 -> Type.BUTTON;
            case 3 -> Type.COMBO;
            case 4 -> Type.STRING;
            default -> throw new IllegalStateException("unknown option type " + code + " from the native library");
        };
    }
}
