package dev.augur.host.book;

/** A SAN move that is malformed, illegal or ambiguous in its position; the message says which. */
public final class SanException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SanException(String message) {
        super(message);
    }
}
