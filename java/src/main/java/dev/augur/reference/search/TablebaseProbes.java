package dev.augur.reference.search;

import dev.augur.reference.Position;
import java.util.List;

/**
 * Where the Java search gets its Syzygy tablebase probes. The reference has no prober of its own:
 * with the native library, dev.augur.Tablebase answers from the very tables the native search
 * probes (one oracle for both searches, so that their traces stay identical with tables on);
 * without it there is {@link #NONE} and the search runs without tables, as a native engine with
 * an empty {@code SyzygyPath}. The search asks exactly where and when native lib/search does
 * (SearchWorker's root ranking and its step 2b).
 */
public interface TablebaseProbes {
    /** What {@link #probeWdl} answers for a position the tables cannot value. */
    int NOT_FOUND = Integer.MIN_VALUE;

    /** Win/draw/loss of the side to move, as native syzygy::Wdl and the C API's AUGUR_TB_*. */
    int LOSS = -2;
    int BLESSED_LOSS = -1;
    int DRAW = 0;
    int CURSED_WIN = 1;
    int WIN = 2;

    /** The most pieces, kings included, of the tables loaded (0: none; the search then asks nothing). */
    int maxPieces();

    /**
     * The WDL value of pos (one of {@link #LOSS} .. {@link #WIN}), or {@link #NOT_FOUND} when it
     * cannot be probed: a fifty-move counter above zero, castling rights, too many pieces, a
     * missing table, or tables another load replaced.
     */
    int probeWdl(Position pos);

    /**
     * Every legal move of the root ranked by the tables (DTZ, or WDL where DTZ tables are
     * missing), in any order; empty when the root cannot be probed. The game that led to the root
     * counts: a root that repeated a position since the last capture or pawn move ranks its wins
     * by distance only.
     *
     * @param rule50 as option {@code Syzygy50MoveRule}
     */
    List<RankedMove> rankRootMoves(RootGame root, boolean rule50);

    /** A root move's rank (higher is better for the side to move) and WDL value. */
    record RankedMove(int move, int rank, int wdl) {}

    /**
     * The game that led to a root: the FEN it was set from, the moves played since (UCI), and the
     * key of the position they lead to.
     */
    record RootGame(String fen, List<String> uciMoves, long key) {
        public RootGame {
            uciMoves = List.copyOf(uciMoves);
        }

        /** The root alone, with no game before it. */
        public static RootGame of(Position root) {
            return new RootGame(root.toFen(), List.of(), root.key());
        }
    }

    /** No tables: nothing is ever probed. */
    TablebaseProbes NONE = new TablebaseProbes() {
        @Override
        public int maxPieces() {
            return 0;
        }

        @Override
        public int probeWdl(Position pos) {
            return NOT_FOUND;
        }

        @Override
        public List<RankedMove> rankRootMoves(RootGame root, boolean rule50) {
            return List.of();
        }
    };

    /** Opens the tables of a {@code SyzygyPath} value for a {@link ReferenceEngine}. */
    @FunctionalInterface
    interface Loader {
        /**
         * The probes of the tables in paths (directories separated by ':', never empty).
         *
         * @throws IllegalArgumentException saying why there are none (no such directory, no
         *     tables, no native library)
         */
        TablebaseProbes load(String paths);

        /** The reference on its own: it has no prober, and says so for any path. */
        Loader WITHOUT_NATIVE_LIBRARY = paths -> {
            throw new IllegalArgumentException("the Java reference has no Syzygy prober of its own and the native "
                + "library's is not in use here: it searches without tablebases");
        };
    }
}
