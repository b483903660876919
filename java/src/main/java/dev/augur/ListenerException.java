package dev.augur;

/**
 * A search listener threw. The search was stopped when it happened, the listeners were not called
 * again, and {@link Engine#search} threw this exception once the native search had returned. The
 * listener's exception is the {@linkplain #getCause() cause}.
 */
public final class ListenerException extends AugurException {
    private static final long serialVersionUID = 1L;

    /** Made by the JNI glue. */
    ListenerException(Throwable cause) {
        super(LISTENER_FAILED, "listener failed", String.valueOf(cause), cause);
    }
}
