package dev.augur.equivalence;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A named set of engine options that both searches get before a case is searched, e.g.
 * "no-NullMove" = {NullMove: false}. Options are set in their order here.
 */
public record Profile(String name, Map<String, String> options) {
    public Profile {
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** A short text for reports: "default" or "no-NullMove (NullMove=false)". */
    public String describe() {
        if (options.isEmpty()) return name;
        StringBuilder text = new StringBuilder(name).append(" (");
        options.forEach((option, value) -> text.append(option).append('=').append(value).append(", "));
        text.setLength(text.length() - 2);
        return text.append(')').toString();
    }
}
