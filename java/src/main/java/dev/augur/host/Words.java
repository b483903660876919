package dev.augur.host;

import java.util.ArrayList;
import java.util.List;

/**
 * The words of one command line, consumed front to back by the protocol front ends, and the
 * checks every command shares (numbers in a range, nothing left over).
 *
 * <p>Every character up to and including the space, and DEL, separates words. GUIs and people send
 * tabs, runs of spaces, CR line endings and the odd NUL; as separators they never reach a handler
 * inside a word, so "isready\r" is simply "isready".
 */
final class Words {
    private final List<String> words = new ArrayList<>();
    private int next;

    Words(String line) {
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && isSeparator(line.charAt(i))) i++;
            int start = i;
            while (i < line.length() && !isSeparator(line.charAt(i))) i++;
            if (i > start) words.add(line.substring(start, i));
        }
    }

    static boolean isSeparator(char c) {
        return c <= ' ' || c == 0x7F;
    }

    boolean isEmpty() {
        return next == words.size();
    }

    /** The next word without consuming it; "" when none is left. */
    String peek() {
        return isEmpty() ? "" : words.get(next);
    }

    /** Consumes and returns the next word; "" when none is left. */
    String next() {
        return isEmpty() ? "" : words.get(next++);
    }

    /** Consumes the words before stopWord (or up to the end); stopWord itself stays. */
    List<String> takeUntil(String stopWord) {
        List<String> taken = new ArrayList<>();
        while (!isEmpty() && !peek().equals(stopWord)) taken.add(next());
        return taken;
    }

    /** Consumes every remaining word. */
    List<String> rest() {
        List<String> taken = new ArrayList<>();
        while (!isEmpty()) taken.add(next());
        return taken;
    }

    /** Fails if a word is left: a command with trailing garbage was probably not meant as read. */
    void expectEnd() throws CommandException {
        if (!isEmpty()) throw new CommandException("unexpected '" + printable(peek()) + "'");
    }

    /**
     * A plain decimal number (digits only) from min to max; the message names what it is for.
     * Numbers too large for a long count as Long.MAX_VALUE: out of range, not malformed.
     */
    static long number(String text, String what, long min, long max) throws CommandException {
        if (text.isEmpty()) throw new CommandException("missing " + what);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') throw new CommandException(what + " '" + printable(text) + "' is not a number");
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException tooLarge) {
            value = Long.MAX_VALUE;
        }
        if (value < min || value > max) {
            throw new CommandException(what + " " + printable(text) + " is outside " + min + ".." + max);
        }
        return value;
    }

    /** The next word as a number from min to max. */
    long nextNumber(String what, long min, long max) throws CommandException {
        return number(next(), what, min, max);
    }

    /**
     * Text safe to echo into a protocol line: control characters become '?' and the text is cut
     * at max characters, so that garbage input cannot break the GUI's reading of our output.
     */
    static String printable(String text, int max) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 3);
        for (int i = 0; i < text.length() && i < max; i++) {
            char c = text.charAt(i);
            out.append(c < ' ' || c == 0x7F ? '?' : c);
        }
        if (text.length() > max) out.append("...");
        return out.toString();
    }

    static String printable(String text) {
        return printable(text, 60);
    }
}
