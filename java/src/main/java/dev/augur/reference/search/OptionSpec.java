package dev.augur.reference.search;

import dev.augur.reference.eval.EvalTerm;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * One option as lib/engine/options.table declares it; {@link OptionTable} lists them all, generated
 * from that table. The native engine reads the same table (lib/engine/options.h), so both check
 * values alike and give the same messages.
 *
 * @param name the name the protocols show, matched in any capitalisation
 * @param type the kind of value
 * @param defaultValue as {@link #parse} takes it ("true", "16", a choice); "" for a button
 * @param min SPIN only, 0 otherwise
 * @param max SPIN only, 0 otherwise
 * @param choices COMBO only, empty otherwise
 * @param clears what a change of value makes stale and empties
 * @param scope who handles the option
 * @param setting what the option drives
 * @param target the setting's name in the table ("null_move", "book_file")
 * @param feature SEARCH_FEATURE only: the switch in {@link SearchFeatures}; null otherwise
 * @param term EVAL_TERM only: the evaluation term; null otherwise
 * @param description one line
 */
public record OptionSpec(String name, Type type, String defaultValue, int min, int max, List<String> choices,
        Clears clears, Scope scope, Setting setting, String target, FeatureSwitch feature, EvalTerm term,
        String description) {
    /** The kinds of option, as UCI names them. */
    public enum Type {
        CHECK, SPIN, COMBO, STRING, BUTTON
    }

    /** What a change of value makes stale: the transposition table holds scores of the old evaluation. */
    public enum Clears {
        NOTHING, HASH_TABLE, PAWN_TABLE
    }

    /** ENGINE: native engine and Java reference; SESSION: the protocol front ends; HOST: the Java host. */
    public enum Scope {
        ENGINE, SESSION, HOST
    }

    /** What an option drives; SESSION and HOST options are handled by their front end. */
    public enum Setting {
        HASH, CLEAR_HASH, THREADS, MULTIPV, MOVE_OVERHEAD, NODES_TIME, PONDER, LIMIT_STRENGTH, ELO, RANDOM_SEED, EVAL_FILE, EVAL,
        SYZYGY_PATH, SYZYGY_PROBE_DEPTH,
        SYZYGY_PROBE_LIMIT, SYZYGY_50_MOVE_RULE, SEARCH_FEATURE, EVAL_TERM, ENDGAME_SCALING, SESSION, HOST
    }

    /** A switch of {@link SearchFeatures}: how to read it and how to set it. */
    public record FeatureSwitch(Predicate<SearchFeatures> get, BiConsumer<SearchFeatures, Boolean> set) {}

    /** UCI writes an empty string option's value as this word. */
    public static final String UCI_EMPTY = "<empty>";

    /** The option named name (any capitalisation) among options, or null. */
    public static OptionSpec find(List<OptionSpec> options, String name) {
        for (OptionSpec spec : options) {
            if (spec.name.equalsIgnoreCase(name)) return spec;
        }
        return null;
    }

    /**
     * The value checked against this spec and written the one way it is kept ("true", "16", the
     * choice as declared; "" for a button), as native parse_option_value.
     *
     * @throws IllegalArgumentException with the native message for a bad value
     */
    public String parse(String value) {
        switch (type) {
            case CHECK:
                if (value.equalsIgnoreCase("true")) return "true";
                if (value.equalsIgnoreCase("false")) return "false";
                throw new IllegalArgumentException("option " + name + " takes true or false");
            case SPIN:
                // A whole number as std::from_chars reads it: an optional minus, digits only.
                if (value.matches("-?[0-9]{1,10}")) {
                    long number = Long.parseLong(value);
                    if (number >= min && number <= max) return Long.toString(number);
                }
                throw new IllegalArgumentException(name + " must be a whole number from " + min + " to " + max);
            case COMBO:
                for (String choice : choices) {
                    if (choice.equalsIgnoreCase(value)) return choice;
                }
                throw new IllegalArgumentException("option " + name + " takes " + choiceList());
            case STRING:
                return value.equals(UCI_EMPTY) ? "" : value;
            default:
                return "";
        }
    }

    /** "a, b or c". */
    private String choiceList() {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < choices.size(); i++) {
            if (i > 0) list.append(i + 1 == choices.size() ? " or " : ", ");
            list.append(choices.get(i));
        }
        return list.toString();
    }

    /** The lower-case name, for case-insensitive maps. */
    public String key() {
        return name.toLowerCase(Locale.ROOT);
    }
}
