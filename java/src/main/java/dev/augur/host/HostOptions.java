package dev.augur.host;

import dev.augur.OptionInfo;
import dev.augur.reference.search.OptionSpec;
import dev.augur.reference.search.OptionTable;
import java.util.List;
import java.util.Map;

/**
 * The options the host adds to the engine's: the opening book's, the rows of scope host of the
 * option table ({@link OptionTable#HOST}). Both front ends list them with the engine's
 * ({@link OptionText}) and set them through {@link #set}.
 */
final class HostOptions {
    /** How an option's checked value reaches the book. */
    private interface Setter {
        void set(String value) throws CommandException;
    }

    private final HostBook book;
    private final Map<String, Setter> setters; // by the table's "sets" name: host.<name>

    HostOptions(HostBook book) {
        this.book = book;
        this.setters = Map.of(
                "own_book", value -> book.setEnabled(Boolean.parseBoolean(value)),
                "book_file", book::setFile,
                "book_policy", value -> book.setPolicy(HostBook.Policy.of(value)),
                "book_depth", value -> book.setDepth(Integer.parseInt(value)),
                "book_misses", value -> book.setMissesToLeave(Integer.parseInt(value)));
        for (OptionSpec spec : OptionTable.HOST) {
            if (!setters.containsKey(spec.target())) {
                throw new IllegalStateException("the host does not handle option " + spec.name());
            }
        }
    }

    HostBook book() {
        return book;
    }

    /** The host's options, in the table's order. */
    List<OptionInfo> infos() {
        return OptionTable.HOST.stream().map(OptionText::info).toList();
    }

    /** The host option named name (any capitalisation), or null. */
    OptionInfo info(String name) {
        OptionSpec spec = OptionSpec.find(OptionTable.HOST, name);
        return spec == null ? null : OptionText.info(spec);
    }

    /**
     * Sets a host option (name case-insensitive) and returns true, or returns false if the name
     * is not one of the host's options.
     */
    boolean set(String name, String value) throws CommandException {
        OptionSpec spec = OptionSpec.find(OptionTable.HOST, name);
        if (spec == null) return false;
        setters.get(spec.target()).set(checked(spec, value));
        return true;
    }

    /** The value as the spec keeps it; CommandException with the spec's message if it is refused. */
    static String checked(OptionSpec spec, String value) throws CommandException {
        try {
            return spec.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandException(e.getMessage());
        }
    }
}
