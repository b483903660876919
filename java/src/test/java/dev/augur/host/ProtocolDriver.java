package dev.augur.host;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Drives a protocol session in-process as a GUI would: command lines go in through a pipe, the
 * session's output lines come back through a queue, and the test waits for the line it expects
 * (never for a fixed time). Every line read is kept in a transcript for failure messages.
 */
final class ProtocolDriver implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** What runs on the session thread, reading from in and writing to out. */
    @FunctionalInterface
    interface SessionBody {
        void run(InputStream in, OutputStream out) throws Exception;
    }

    private final PipedOutputStream toSession = new PipedOutputStream();
    private final LineCollector fromSession = new LineCollector();
    private final List<String> transcript = new ArrayList<>();
    private final Thread thread;
    private volatile Throwable failure;

    private ProtocolDriver(SessionBody body) throws IOException {
        PipedInputStream in = new PipedInputStream(toSession, 1 << 16);
        thread = new Thread(() -> {
            try {
                body.run(in, fromSession);
            } catch (Throwable e) {
                failure = e;
            } finally {
                fromSession.finish();
            }
        }, "session-under-test");
        thread.setDaemon(true);
        thread.start();
    }

    static ProtocolDriver uci() throws IOException {
        return uci(new UciSession[1]);
    }

    /** A UCI session; holder[0] receives it once it exists (for its getters). */
    static ProtocolDriver uci(UciSession[] holder) throws IOException {
        return uci(holder, NativeBackend::new);
    }

    /** A UCI session searching with the backend engine makes. */
    static ProtocolDriver uci(UciSession[] holder, Backends.BackendFactory engine) throws IOException {
        return session(holder, engine, UciSession::new, UciSession::run);
    }

    static ProtocolDriver xboard(XBoardSession[] holder) throws IOException {
        return xboard(holder, NativeBackend::new);
    }

    /** An XBoard session searching with the backend engine makes. */
    static ProtocolDriver xboard(XBoardSession[] holder, Backends.BackendFactory engine) throws IOException {
        return session(holder, engine, XBoardSession::new, XBoardSession::run);
    }

    /** The constructor both protocol sessions share. */
    private interface SessionFactory<S> {
        S create(HostOutput out, HostBook book, SearchBackend engine);
    }

    /** A protocol session on the driver's thread; holder[0] receives it once it exists. */
    @SuppressWarnings("try") // both sessions' close() throw nothing; AutoCloseable's may throw anything
    private static <S extends AutoCloseable> ProtocolDriver session(S[] holder, Backends.BackendFactory engine,
            SessionFactory<S> factory, BiConsumer<S, LineInput> loop) throws IOException {
        Object ready = new Object();
        ProtocolDriver driver = new ProtocolDriver((in, out) -> {
            try (S session = factory.create(new HostOutput(out), new HostBook(), engine.create())) {
                synchronized (ready) {
                    holder[0] = session;
                    ready.notifyAll();
                }
                loop.accept(session, new LineInput(in));
            }
        });
        awaitHolder(ready, holder);
        return driver;
    }

    /** Main.run with these arguments, as if the input were not a terminal; err is captured too. */
    static ProtocolDriver main(ByteArrayOutputStream err, String... args) throws IOException {
        return new ProtocolDriver((in, out) -> {
            int code = Main.run(args, in, false, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            new PrintStream(out, true, StandardCharsets.UTF_8).println("exit code " + code);
        });
    }

    private static void awaitHolder(Object ready, Object[] holder) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        synchronized (ready) {
            while (holder[0] == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) fail("the session did not start");
                try {
                    TimeUnit.NANOSECONDS.timedWait(ready, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    fail("interrupted");
                }
            }
        }
    }

    /** Sends command lines. */
    void send(String... lines) throws IOException {
        for (String line : lines) toSession.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        toSession.flush();
    }

    /** Sends raw bytes (garbage, missing newlines). */
    void sendBytes(byte[] bytes) throws IOException {
        toSession.write(bytes);
        toSession.flush();
    }

    /** Ends the input, as a GUI that closes the pipe. */
    void closeInput() throws IOException {
        toSession.close();
    }

    /** Reads lines until one matches the regular expression (whole line); returns it. */
    String expect(String regex) {
        return expect(Pattern.compile(regex).asMatchPredicate(), regex);
    }

    /** Reads lines until one satisfies the test; returns it. */
    String expect(Predicate<String> test, String what) {
        List<String> read = linesUntil(test, what);
        return read.get(read.size() - 1);
    }

    /** The lines read up to and including the first that matches regex. */
    List<String> until(String regex) {
        return linesUntil(Pattern.compile(regex).asMatchPredicate(), regex);
    }

    private List<String> linesUntil(Predicate<String> test, String what) {
        List<String> read = new ArrayList<>();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        for (;;) {
            String line;
            try {
                line = fromSession.lines.poll(Math.max(deadline - System.nanoTime(), 0), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            if (line == null) fail("no line matching " + what + " within " + TIMEOUT + "; last lines:\n" + tail());
            if (line == LineCollector.END) {
                fromSession.lines.add(LineCollector.END); // stays the end for later reads
                fail("the session ended before a line matching " + what + (failure == null ? "" : " (" + failure + ")")
                        + "; last lines:\n" + tail());
            }
            transcript.add(line);
            read.add(line);
            if (test.test(line)) return read;
        }
    }

    /** Waits for the session to end (after quit or the end of input). */
    void awaitEnd() throws InterruptedException {
        thread.join(TIMEOUT.toMillis());
        if (thread.isAlive()) fail("the session did not end; last lines:\n" + tail());
        if (failure != null) throw new AssertionError("the session failed", failure);
    }

    /** Every line read after the session ended, up to its end. */
    List<String> rest() throws InterruptedException {
        awaitEnd();
        List<String> rest = new ArrayList<>();
        for (String line; (line = fromSession.lines.poll()) != null && line != LineCollector.END;) {
            rest.add(line);
            transcript.add(line);
        }
        return rest;
    }

    String tail() {
        int from = Math.max(transcript.size() - 30, 0);
        return String.join("\n", transcript.subList(from, transcript.size()));
    }

    @Override
    public void close() {
        try {
            send("quit");
            toSession.close();
        } catch (IOException alreadyClosed) {
            // The session ended and its pipe with it.
        }
        try {
            thread.join(TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The session's output, split into lines as they are completed. */
    private static final class LineCollector extends OutputStream {
        // A distinct object marking the end of the output; compared by identity.
        @SuppressWarnings("StringOperationCanBeSimplified")
        static final String END = new String("<end of output>");

        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(partial.toString(StandardCharsets.UTF_8));
                partial.reset();
            } else {
                partial.write(b);
            }
        }

        synchronized void finish() {
            if (partial.size() > 0) write('\n');
            lines.add(END);
        }
    }
}
