package dev.augur;

/**
 * A failed call into the Augur library: bad FEN, an illegal move, a bad option value and the other
 * status codes of the C API. {@link #code()} is the C API's {@code AUGUR_E_*} code and
 * {@link #nativeMessage()} the library's sentence naming the fault.
 */
public class AugurException extends Exception {
    private static final long serialVersionUID = 1L;

    /** {@code AUGUR_E_INVALID_ARGUMENT}: a value out of range, an unknown option, a bad option value. */
    public static final int INVALID_ARGUMENT = -1;
    /** {@code AUGUR_E_BAD_FEN}: the FEN is malformed or describes an impossible position. */
    public static final int BAD_FEN = -2;
    /** {@code AUGUR_E_ILLEGAL_MOVE}: the move is not legal here, or the text is not a move. */
    public static final int ILLEGAL_MOVE = -3;
    /** {@code AUGUR_E_BUFFER_TOO_SMALL}: a result did not fit (a bug in the binding). */
    public static final int BUFFER_TOO_SMALL = -4;
    /** {@code AUGUR_E_NO_MOVE_TO_UNDO}: undo with no move played since the position was set. */
    public static final int NO_MOVE_TO_UNDO = -5;
    /** {@code AUGUR_E_OUT_OF_MEMORY}. */
    public static final int OUT_OF_MEMORY = -6;
    /** {@code AUGUR_E_INTERNAL}: a bug in Augur. */
    public static final int INTERNAL = -7;
    /** Not a C API code: a search listener threw (see {@link ListenerException}). */
    public static final int LISTENER_FAILED = -100;

    private final int code;
    private final String statusName;
    private final String nativeMessage;

    /** Made by the JNI glue; {@code statusName} is the C API's name for the code. */
    AugurException(int code, String statusName, String nativeMessage) {
        super(statusName + ": " + nativeMessage);
        this.code = code;
        this.statusName = statusName;
        this.nativeMessage = nativeMessage;
    }

    AugurException(int code, String statusName, String nativeMessage, Throwable cause) {
        this(code, statusName, nativeMessage);
        initCause(cause);
    }

    /** The status code: one of the constants of this class. */
    public int code() {
        return code;
    }

    /** The short name of the status code, e.g. "bad FEN". */
    public String statusName() {
        return statusName;
    }

    /** The library's message naming the fault. */
    public String nativeMessage() {
        return nativeMessage;
    }
}
