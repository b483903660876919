package dev.augur;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Syzygy endgame tablebases through the native library: the same tables and probes as the
 * native search's (option {@code SyzygyPath}), for probing outside a search. The Java reference
 * search takes its probes from here, so that both searches ask one oracle.
 *
 * <p>The tables live once per process: loading other directories (here or through an engine's
 * {@code SyzygyPath}) replaces them for every handle and engine, and a handle whose tables were
 * replaced finds nothing until it is loaded again. Loading the directories loaded already keeps
 * them. A build without Syzygy support (no libfathom) refuses every load with a message.
 */
public final class Tablebase implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    /** What the native side answers for a position the tables cannot value. */
    private static final int NOT_FOUND = -3;

    /** Win/draw/loss of the side to move; a cursed win is a win the fifty-move rule draws. */
    public enum Outcome {
        LOSS(-2), BLESSED_LOSS(-1), DRAW(0), CURSED_WIN(1), WIN(2);

        private final int code;

        Outcome(int code) {
            this.code = code;
        }

        /** The C API's {@code AUGUR_TB_*} value, -2 (loss) to 2 (win). */
        public int code() {
            return code;
        }

        static Outcome of(int code) {
            for (Outcome outcome : values()) {
                if (outcome.code == code) return outcome;
            }
            throw new IllegalStateException("no tablebase outcome has code " + code);
        }
    }

    /**
     * A root move ranked by the tables: higher ranks are better for the side to move, and the
     * moves of the best rank keep the root's result. With the fifty-move rule a sure win ranks
     * 1000 and a win the rule may draw 1 to 999 (losses the same, negated); without it every win
     * ranks 1000.
     */
    public record RankedMove(Move move, int rank, Outcome outcome) {}

    private long handle;
    private final Cleaner.Cleanable cleanable;

    /** A handle with no tables. */
    public Tablebase() throws AugurException {
        this.handle = nCreate();
        this.cleanable = NativeLibrary.CLEANER.register(this, new Destroyer(handle));
    }

    /**
     * Loads the tables in {@code paths} (directories separated by ':'); "" empties the handle.
     * A missing directory, directories without tables, or a build without Syzygy support throw,
     * leaving the handle as it was.
     */
    public synchronized void load(String paths) throws AugurException {
        nLoad(live(), Objects.requireNonNull(paths, "paths"));
    }

    /** The most pieces, kings included, of the tables loaded: 0 when none are. */
    public synchronized int maxPieces() throws AugurException {
        return nMaxPieces(live());
    }

    /**
     * The position's value as the search probes it inside its tree; empty when it cannot be
     * probed: a fifty-move counter above zero, castling rights, more pieces than the tables hold,
     * a missing table, or tables replaced by another load.
     */
    public Optional<Outcome> probeWdl(Position position) throws AugurException {
        Objects.requireNonNull(position, "position");
        synchronized (this) {
            synchronized (position) {
                int code = nProbeWdl(live(), position.live());
                return code == NOT_FOUND ? Optional.empty() : Optional.of(Outcome.of(code));
            }
        }
    }

    /**
     * Every legal move of the position ranked by the tables, as the search ranks its root (the
     * moves played through {@code position} count: a root that repeated a position since the last
     * capture or pawn move ranks its wins by distance only); empty when the root cannot be probed.
     *
     * @param rule50 as option {@code Syzygy50MoveRule}
     */
    public List<RankedMove> rankRootMoves(Position position, boolean rule50) throws AugurException {
        Objects.requireNonNull(position, "position");
        int[] triples;
        synchronized (this) {
            synchronized (position) {
                triples = nRankRootMoves(live(), position.live(), rule50);
            }
        }
        List<RankedMove> moves = new ArrayList<>(triples.length / 3);
        for (int i = 0; i < triples.length; i += 3) {
            moves.add(new RankedMove(Move.of(triples[i]), triples[i + 1], Outcome.of(triples[i + 2])));
        }
        return moves;
    }

    /** Frees the native handle (the tables stay loaded for the engines using them). Idempotent. */
    @Override
    public synchronized void close() {
        if (handle == 0) return;
        handle = 0;
        cleanable.clean();
    }

    private long live() {
        if (handle == 0) throw new IllegalStateException("the tablebase handle is closed");
        return handle;
    }

    /** Frees a handle; holds no reference to the Tablebase, so that the Cleaner can run. */
    private record Destroyer(long handle) implements Runnable {
        @Override
        public void run() {
            nDestroy(handle);
        }
    }

    private static native long nCreate() throws AugurException;
    private static native void nDestroy(long handle);
    private static native void nLoad(long handle, String paths) throws AugurException;
    private static native int nMaxPieces(long handle) throws AugurException;
    private static native int nProbeWdl(long handle, long position) throws AugurException;
    private static native int[] nRankRootMoves(long handle, long position, boolean rule50) throws AugurException;
}
