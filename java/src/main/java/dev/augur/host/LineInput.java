package dev.augur.host;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Command lines from a GUI or a person. Lines end at '\n' (a '\r' before it is left to the
 * tokenizer, which treats it as a space). Bytes that are not UTF-8 become U+FFFD rather than an
 * error. A line longer than {@link #MAX_LINE_CHARS} is read to its end and reported as too long
 * instead of being kept, so garbage without newlines cannot exhaust the memory.
 *
 * <p>Not thread-safe: one thread reads.
 */
public final class LineInput {
    /** The longest line kept: a FEN with a long move list fits many times over. */
    public static final int MAX_LINE_CHARS = 1 << 20;

    /** One line read; {@code tooLong} lines have empty text. */
    public record Line(String text, boolean tooLong) {}

    private final BufferedReader reader;

    public LineInput(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** The next line, or null at the end of the input (or when reading fails: there is no more input either way). */
    public Line read() {
        StringBuilder text = new StringBuilder();
        boolean tooLong = false;
        try {
            for (;;) {
                int c = reader.read();
                if (c < 0) {
                    if (text.length() == 0 && !tooLong) return null;
                    break;
                }
                if (c == '\n') break;
                if (text.length() < MAX_LINE_CHARS) {
                    text.append((char) c);
                } else {
                    tooLong = true;
                }
            }
        } catch (IOException e) {
            if (text.length() == 0 && !tooLong) return null;
        }
        return tooLong ? new Line("", true) : new Line(text.toString(), false);
    }
}
