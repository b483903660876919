package dev.augur.reference;

/** Thrown for a FEN that is malformed or describes an impossible position; the message names the fault. */
public final class InvalidFenException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidFenException(String fen, String fault) {
        super("invalid FEN \"" + fen + "\": " + fault);
    }
}
