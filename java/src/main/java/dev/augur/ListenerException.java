package dev.augur;

/**
 * A search listener threw. The search was stopped when it happened, the listeners were not called
 * again, and once the native search had ended {@link Engine#search} threw this exception, or the
 * future of {@link Engine#start} completed exceptionally with it (and {@link Engine#waitForResult()}
 * throws it). The listener's exception is the {@linkplain #getCause() cause}.
 */
public final class ListenerException extends AugurException {
    private static final long serialVersionUID = 1L;

    /** Made by the JNI glue. */
    ListenerException(Throwable cause) {
        super(LISTENER_FAILED, "listener failed", String.valueOf(cause), cause);
    }
}
