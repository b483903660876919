/**
 * The Java binding of Augur: {@link dev.augur.Engine} and {@link dev.augur.Position} wrap the
 * handles of the C API (include/augur/augur.h) through the JNI library libaugur_jni.
 *
 * <h2>Loading</h2>
 * The first use of Engine or Position loads libaugur_jni from the file named by the system
 * property {@code augur.jni.library}, else from {@code java.library.path}, else from the copy
 * packed in augur.jar; a library whose version differs from the jar's is refused
 * (UnsatisfiedLinkError).
 *
 * <h2>Errors</h2>
 * A failed library call (bad FEN, illegal move, bad option value, ...) throws the checked
 * {@link dev.augur.AugurException} with the C API's status code and message. Using a closed
 * handle throws IllegalStateException; nothing a caller does crashes the JVM.
 *
 * <h2>Threads and callbacks</h2>
 * {@link dev.augur.Engine#search} runs the search on the calling thread, and its listeners are
 * called on that thread. {@link dev.augur.Engine#start} runs it on the engine's own native thread
 * and returns a {@link java.util.concurrent.CompletableFuture} at once; the listeners and the
 * future's completion run on that thread, which the glue attaches to the JVM on its first callback
 * (once, as a daemon named "augur-native") and detaches when the engine is closed. A listener that
 * throws stops the search: {@code search} then throws {@link dev.augur.ListenerException} with the
 * listener's exception as its cause, and the future of {@code start} completes exceptionally with
 * it. See docs/JAVA.md.
 */
package dev.augur;
