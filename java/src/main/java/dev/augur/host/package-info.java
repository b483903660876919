/**
 * The Augur host engine: a chess engine program in Java that speaks UCI and XBoard (CECP 2) to
 * GUIs itself and thinks with the native search through the JNI binding ({@link dev.augur}), or,
 * when the native library does not load (or with {@code --java-search}), with the pure-Java
 * reference search ({@link dev.augur.host.SearchBackend}, {@link dev.augur.host.Backends}).
 *
 * <p>{@code java -jar build/java/augur-host.jar} behaves like the native binary for GUIs: the first
 * command line chooses the protocol ({@code uci}, or {@code xboard}/{@code protover}), output
 * follows docs/PROTOCOLS.md. Without input it analyses a position for a few seconds and prints the
 * principal variation as it changes ({@link dev.augur.host.DemoJob}); {@code book ...} runs the
 * book tool of {@link dev.augur.host.book}.
 *
 * <p>The host owns the game ({@link dev.augur.host.HostGame}: a start position and its moves on the
 * Java board), the clocks and the time control, the opening book and pondering; the engine gets
 * the position with its history and the side to move's clock, increment and moves to go, and its
 * time manager decides how long to think.
 *
 * <ul>
 *   <li>{@link dev.augur.host.UciSession}: the UCI front end; its search reports come from the
 *       engine's native thread ({@link dev.augur.host.UciSearchReport}).
 *   <li>{@link dev.augur.host.XBoardSession}: the XBoard front end, one event queue for command
 *       lines and finished searches; {@link dev.augur.host.XBoardClock} holds its time control.
 *   <li>{@link dev.augur.host.HostBook} and {@link dev.augur.host.HostOptions}: the book options
 *       both front ends add to the engine's own (OwnBook, BookFile, BookPolicy, BookDepth,
 *       BookMisses).
 *   <li>{@link dev.augur.host.HostOutput}: the one synchronized writer of a session.
 * </ul>
 */
package dev.augur.host;
