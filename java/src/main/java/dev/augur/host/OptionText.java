package dev.augur.host;

import dev.augur.OptionInfo;
import dev.augur.reference.search.OptionSpec;

/**
 * Options as the protocols write them: UCI's {@code option} lines and XBoard's
 * {@code feature option=}, for the engine's options and the host's alike, all described by
 * {@link OptionInfo} (the native engine's through JNI; the Java reference's, the session's and the
 * host's from the option table, {@link dev.augur.reference.search.OptionTable}).
 */
final class OptionText {
    private OptionText() {}

    /** An option of the table as the binding describes the native engine's. */
    static OptionInfo info(OptionSpec spec) {
        return new OptionInfo(spec.name(), OptionInfo.Type.valueOf(spec.type().name()), spec.defaultValue(),
                spec.min(), spec.max(), spec.choices(), spec.description());
    }

    /** "option name Hash type spin default 16 min 1 max 65536". */
    static String uciLine(OptionInfo option) {
        String text = "option name " + option.name() + " type ";
        return switch (option.type()) {
            case CHECK -> text + "check default " + option.defaultValue();
            case SPIN -> text + "spin default " + option.defaultValue() + " min " + option.min() + " max " + option.max();
            case COMBO -> text + "combo default " + option.defaultValue() + " var " + String.join(" var ", option.choices());
            case STRING -> text + "string default "
                    + (option.defaultValue().isEmpty() ? OptionSpec.UCI_EMPTY : option.defaultValue());
            case BUTTON -> text + "button";
        };
    }

    /** "feature option=\"Hash -spin 16 1 65536\"" (a combo's default marked with '*'). */
    static String xboardFeature(OptionInfo option) {
        String text = option.name() + " -";
        text += switch (option.type()) {
            case CHECK -> "check " + (option.defaultValue().equals("true") ? "1" : "0");
            case SPIN -> "spin " + option.defaultValue() + " " + option.min() + " " + option.max();
            case COMBO -> "combo " + String.join(" /// ",
                    option.choices().stream().map(c -> (c.equals(option.defaultValue()) ? "*" : "") + c).toList());
            case STRING -> "string " + option.defaultValue();
            case BUTTON -> "button";
        };
        return "feature option=\"" + text + "\"";
    }

    /** A value of XBoard's {@code option NAME=VALUE} in UCI's words: a check's 1 and 0 are true and false. */
    static String fromXBoard(OptionInfo option, String value) {
        if (option != null && option.type() == OptionInfo.Type.CHECK && (value.equals("1") || value.equals("0"))) {
            return value.equals("1") ? "true" : "false";
        }
        return value;
    }
}
