package dev.augur.host;

import java.util.List;
import java.util.Locale;

/**
 * The options the host adds to the native engine's: the opening book's. Both front ends offer
 * them, UCI as {@code option name ...} lines and XBoard as {@code feature option="..."}; both set
 * them through {@link #set}, which accepts UCI's and XBoard's ways of writing values.
 */
final class HostOptions {
    static final String OWN_BOOK = "OwnBook";
    static final String BOOK_FILE = "BookFile";
    static final String BOOK_POLICY = "BookPolicy";
    static final String BOOK_DEPTH = "BookDepth";
    static final String BOOK_MISSES = "BookMisses";

    private final HostBook book;

    HostOptions(HostBook book) {
        this.book = book;
    }

    HostBook book() {
        return book;
    }

    List<String> uciLines() {
        return List.of(
                "option name " + OWN_BOOK + " type check default false",
                "option name " + BOOK_FILE + " type string default <empty>",
                "option name " + BOOK_POLICY + " type combo default weighted var best var weighted",
                "option name " + BOOK_DEPTH + " type spin default " + HostBook.DEFAULT_DEPTH + " min 1 max "
                        + HostBook.MAX_DEPTH,
                "option name " + BOOK_MISSES + " type spin default " + HostBook.DEFAULT_MISSES + " min 1 max "
                        + HostBook.MAX_MISSES);
    }

    List<String> xboardFeatures() {
        return List.of(
                "feature option=\"" + OWN_BOOK + " -check 0\"",
                "feature option=\"" + BOOK_FILE + " -file \"",
                "feature option=\"" + BOOK_POLICY + " -combo *weighted /// best\"",
                "feature option=\"" + BOOK_DEPTH + " -spin " + HostBook.DEFAULT_DEPTH + " 1 " + HostBook.MAX_DEPTH + "\"",
                "feature option=\"" + BOOK_MISSES + " -spin " + HostBook.DEFAULT_MISSES + " 1 " + HostBook.MAX_MISSES
                        + "\"");
    }

    /**
     * Sets a host option (name case-insensitive) and returns true, or returns false if the name
     * is not one of the host's options.
     */
    boolean set(String name, String value) throws CommandException {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "ownbook":
                book.setEnabled(parseCheck(OWN_BOOK, value));
                return true;
            case "bookfile":
                book.setFile(value.equals("<empty>") ? "" : value);
                return true;
            case "bookpolicy":
                book.setPolicy(HostBook.Policy.of(value));
                return true;
            case "bookdepth":
                book.setDepth((int) Words.number(value, BOOK_DEPTH, 1, HostBook.MAX_DEPTH));
                return true;
            case "bookmisses":
                book.setMissesToLeave((int) Words.number(value, BOOK_MISSES, 1, HostBook.MAX_MISSES));
                return true;
            default:
                return false;
        }
    }

    /** A check box's value as UCI ("true"/"false") or XBoard ("1"/"0") writes it. */
    static boolean parseCheck(String name, String value) throws CommandException {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "true":
            case "1":
                return true;
            case "false":
            case "0":
                return false;
            default:
                throw new CommandException("option " + name + " takes true or false, not '" + Words.printable(value) + "'");
        }
    }
}
