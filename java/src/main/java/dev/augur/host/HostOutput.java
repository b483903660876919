package dev.augur.host;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The one writer of a protocol session. Lines come from the thread that reads commands and from
 * the engine's native thread (search reports), so every line, or block of lines, is written and
 * flushed under one lock: a GUI never sees two lines interleaved, and sees each line at once.
 *
 * <p>A closed or broken stream is ignored ({@link PrintStream} keeps the error to itself): the
 * GUI that went away cannot be told, and the session must still wind down cleanly.
 */
public final class HostOutput {
    private final PrintStream out;

    public HostOutput(OutputStream stream) {
        this.out = new PrintStream(stream, false, StandardCharsets.UTF_8);
    }

    /** Writes one line and flushes it. */
    public synchronized void line(String text) {
        out.print(text);
        out.print('\n');
        out.flush();
    }

    /** Writes lines as one block, so that no other line comes between them. */
    public synchronized void lines(List<String> texts) {
        for (String text : texts) {
            out.print(text);
            out.print('\n');
        }
        out.flush();
    }
}
