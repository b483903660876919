package dev.augur;

import java.lang.ref.Cleaner;
import java.util.List;
import java.util.Objects;

/**
 * A chess position with the moves played since it was set (for undo and repetitions), held by the
 * native library. Reads and writes FEN, lists legal moves, converts moves to and from UCI and SAN,
 * plays and takes back moves and runs perft.
 *
 * <p>Close it when done; the {@link Cleaner} frees it otherwise. Methods are synchronized, so a
 * position may be shared between threads; any use after {@link #close()} throws
 * IllegalStateException. Failures of the library (bad FEN, illegal moves) throw
 * {@link AugurException}.
 */
public final class Position implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    private long handle;
    private final Cleaner.Cleanable cleanable;

    /** The standard start position. */
    public Position() throws AugurException {
        this(nCreate());
    }

    private Position(long handle) {
        this.handle = handle;
        this.cleanable = NativeLibrary.CLEANER.register(this, new Destroyer(handle));
    }

    /** A position set from FEN (4 or 6 fields), X-FEN or Shredder-FEN. */
    public static Position fromFen(String fen) throws AugurException {
        Position position = new Position();
        try {
            position.setFen(fen);
            return position;
        } catch (AugurException | RuntimeException e) {
            position.close();
            throw e;
        }
    }

    /** An independent copy with the same moves played and the same Chess960 mode. */
    public synchronized Position copy() throws AugurException {
        return new Position(nClone(live()));
    }

    /** Frees the native position. Idempotent. */
    @Override
    public synchronized void close() {
        if (handle == 0) return;
        handle = 0;
        cleanable.clean();
    }

    public synchronized boolean isClosed() {
        return handle == 0;
    }

    /** Sets the standard start position and forgets the moves played. */
    public synchronized void setStartPosition() throws AugurException {
        nSetStartpos(live());
    }

    /** Sets the position from FEN and forgets the moves played; unchanged on failure. */
    public synchronized void setFen(String fen) throws AugurException {
        nSetFen(live(), Objects.requireNonNull(fen, "fen"));
    }

    public synchronized String fen() throws AugurException {
        return nFen(live());
    }

    /** Chess960 mode: castling as king-takes-rook and Shredder-FEN castling rights. */
    public synchronized void setChess960(boolean enabled) throws AugurException {
        nSetChess960(live(), enabled);
    }

    public synchronized boolean isChess960() throws AugurException {
        return nIsChess960(live());
    }

    public synchronized Color sideToMove() throws AugurException {
        return nSideToMove(live()) == 0 ? Color.WHITE : Color.BLACK;
    }

    public synchronized boolean inCheck() throws AugurException {
        return nInCheck(live());
    }

    /** Mate, stalemate or a draw rule; repetitions count the moves played through this object. */
    public synchronized GameStatus gameStatus() throws AugurException {
        return GameStatus.of(nGameStatus(live()));
    }

    /** The Polyglot hash key. */
    public synchronized long key() throws AugurException {
        return nKey(live());
    }

    /**
     * What a search score in this position stands for (see {@link Wdl}): a score as the search
     * reports it ({@link PvInfo#score()}); a mate or tablebase score is a certain result.
     */
    public synchronized Wdl wdl(int score) throws AugurException {
        int[] permille = nWdl(live(), score);
        return new Wdl(permille[0], permille[1], permille[2]);
    }

    /** The number of moves played (and undoable) since the position was set. */
    public synchronized int historyLength() throws AugurException {
        return nHistoryLength(live());
    }

    /** The legal moves in ascending order of code. */
    public synchronized List<Move> legalMoves() throws AugurException {
        return Move.listOf(nLegalMoves(live()));
    }

    /** A legal move in UCI notation ("e2e4", "e7e8q"; "e1g1", or "e1h1" in Chess960). */
    public synchronized String toUci(Move move) throws AugurException {
        return nMoveToUci(live(), move.code());
    }

    /** A legal move in SAN ("Nf3", "O-O", "e8=Q+"). */
    public synchronized String toSan(Move move) throws AugurException {
        return nMoveToSan(live(), move.code());
    }

    /** Reads a legal move in UCI notation. */
    public synchronized Move parseUci(String text) throws AugurException {
        return Move.of(nParseUci(live(), Objects.requireNonNull(text, "text")));
    }

    /** Reads a legal move in SAN. */
    public synchronized Move parseSan(String text) throws AugurException {
        return Move.of(nParseSan(live(), Objects.requireNonNull(text, "text")));
    }

    /** Plays a legal move; unchanged on failure. */
    public synchronized void play(Move move) throws AugurException {
        nPlayMove(live(), move.code());
    }

    public synchronized void playUci(String text) throws AugurException {
        nPlayUci(live(), Objects.requireNonNull(text, "text"));
    }

    public synchronized void playSan(String text) throws AugurException {
        nPlaySan(live(), Objects.requireNonNull(text, "text"));
    }

    /** Takes back the last move played. */
    public synchronized void undo() throws AugurException {
        nUndo(live());
    }

    /** The number of leaf nodes of the legal move tree of this depth (0 to 32). */
    public synchronized long perft(int depth) throws AugurException {
        return nPerft(live(), depth);
    }

    /** The native handle, for Engine.setPosition; the caller holds this object's lock. */
    long live() {
        if (handle == 0) throw new IllegalStateException("the position is closed");
        return handle;
    }

    /** Frees a handle; holds no reference to the Position, so that the Cleaner can run. */
    private record Destroyer(long handle) implements Runnable {
        @Override
        public void run() {
            nDestroy(handle);
        }
    }

    private static native long nCreate() throws AugurException;
    private static native long nClone(long handle) throws AugurException;
    private static native void nDestroy(long handle);
    private static native void nSetStartpos(long handle) throws AugurException;
    private static native void nSetFen(long handle, String fen) throws AugurException;
    private static native String nFen(long handle) throws AugurException;
    private static native void nSetChess960(long handle, boolean enabled) throws AugurException;
    private static native boolean nIsChess960(long handle) throws AugurException;
    private static native int nSideToMove(long handle) throws AugurException;
    private static native boolean nInCheck(long handle) throws AugurException;
    private static native int nGameStatus(long handle) throws AugurException;
    private static native long nKey(long handle) throws AugurException;
    private static native int nHistoryLength(long handle) throws AugurException;
    private static native int[] nWdl(long handle, int score) throws AugurException;
    private static native short[] nLegalMoves(long handle) throws AugurException;
    private static native String nMoveToUci(long handle, int move) throws AugurException;
    private static native String nMoveToSan(long handle, int move) throws AugurException;
    private static native int nParseUci(long handle, String text) throws AugurException;
    private static native int nParseSan(long handle, String text) throws AugurException;
    private static native void nPlayMove(long handle, int move) throws AugurException;
    private static native void nPlayUci(long handle, String text) throws AugurException;
    private static native void nPlaySan(long handle, String text) throws AugurException;
    private static native void nUndo(long handle) throws AugurException;
    private static native long nPerft(long handle, int depth) throws AugurException;
}
