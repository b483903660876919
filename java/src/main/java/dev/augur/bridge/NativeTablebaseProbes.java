package dev.augur.bridge;

import dev.augur.AugurException;
import dev.augur.Position;
import dev.augur.Tablebase;
import dev.augur.reference.search.TablebaseProbes;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java search's tablebase probes answered by the native library (dev.augur.Tablebase): the
 * very tables and probing code the native search uses, so that both searches ask one oracle. A
 * probed position crosses as FEN (the fifty-move counter, castling rights and en-passant square
 * included); a root crosses as its game, so that the native side sees the same repetitions.
 */
public final class NativeTablebaseProbes implements TablebaseProbes {
    private final Tablebase tables;
    private final Position probed;   // reused for every in-tree probe
    private final int maxPieces;

    private NativeTablebaseProbes(Tablebase tables) throws AugurException {
        this.tables = tables;
        this.probed = new Position();
        this.maxPieces = tables.maxPieces();
    }

    /**
     * A {@link TablebaseProbes.Loader} for {@code ReferenceEngine.setTablebaseLoader}: the tables
     * of a SyzygyPath through the native library.
     *
     * @throws IllegalArgumentException with the native library's message (no such directory, no
     *     tables, no Syzygy support in this build) or saying that the native library is missing
     *     and the Java reference searches without tablebases
     */
    public static TablebaseProbes open(String paths) {
        try {
            Tablebase tables = new Tablebase();
            tables.load(paths);
            return new NativeTablebaseProbes(tables);
        } catch (AugurException e) {
            throw new IllegalArgumentException(e.nativeMessage(), e);
        } catch (LinkageError e) {
            // The verdict first: a front end may shorten a long loader message.
            throw new IllegalArgumentException("the Java reference searches without tablebases: the native library"
                    + " is not available (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public int maxPieces() {
        return maxPieces;
    }

    @Override
    public int probeWdl(dev.augur.reference.Position pos) {
        try {
            probed.setFen(pos.toFen());
            return tables.probeWdl(probed).map(Tablebase.Outcome::code).orElse(NOT_FOUND);
        } catch (AugurException e) {
            throw new IllegalStateException("the native library refused a probe of " + pos.toFen(), e);
        }
    }

    @Override
    public List<RankedMove> rankRootMoves(RootGame root, boolean rule50) {
        try (Position game = Position.fromFen(root.fen())) {
            for (String move : root.uciMoves()) game.playUci(move);
            List<RankedMove> ranked = new ArrayList<>();
            for (Tablebase.RankedMove move : tables.rankRootMoves(game, rule50)) {
                ranked.add(new RankedMove(move.move().code(), move.rank(), move.outcome().code()));
            }
            return ranked;
        } catch (AugurException e) {
            throw new IllegalStateException("the native library refused the root of " + root.fen(), e);
        }
    }
}
