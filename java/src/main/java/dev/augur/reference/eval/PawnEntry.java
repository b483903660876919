package dev.augur.reference.eval;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * What the pawns alone decide, cached by pawn key: the structure terms per colour (for every
 * term, whatever the options say) and the passed pawns. {@link #compute} is evaluate_pawns()
 * of lib/eval/pawns.cpp.
 */
final class PawnEntry {
    /** The structure terms stored in an entry, in this order (native PAWN_TERMS). */
    static final EvalTerm[] TERMS = {EvalTerm.ISOLATED_PAWN, EvalTerm.DOUBLED_PAWN, EvalTerm.BACKWARD_PAWN,
        EvalTerm.CONNECTED_PAWN, EvalTerm.SUPPORTED_PAWN};

    long key;
    boolean used;  // the pawnless structure has key 0, so the key alone cannot mark an empty slot
    final long[] passed = new long[2];
    final Score[][] terms = new Score[TERMS.length][2];

    /** Fills this entry for the pawns of pos (key and used too). */
    void compute(Position pos, EvalWeights w) {
        long white = pos.pieces(Piece.WHITE, Piece.PAWN);
        long black = pos.pieces(Piece.BLACK, Piece.PAWN);
        key = pos.pawnKey();
        used = true;
        evaluateSide(Piece.WHITE, white, black, w);
        evaluateSide(Piece.BLACK, black, white, w);
    }

    private void evaluateSide(int c, long ours, long theirs, EvalWeights w) {
        Score isolated = Score.ZERO;
        Score doubled = Score.ZERO;
        Score backward = Score.ZERO;
        Score connected = Score.ZERO;
        Score supported = Score.ZERO;
        long passedPawns = 0;
        for (long b = ours; b != 0; b &= b - 1) {
            int s = Long.numberOfTrailingZeros(b);
            int f = s & 7;
            int r = EvalTerms.relativeRank(c, s >>> 3);
            long neighbours = ours & PawnMasks.adjacentFiles(f);
            if (neighbours == 0) {
                isolated = isolated.plus(w.isolatedPawn);
            }
            if ((ours & PawnMasks.forwardFile(c, s)) != 0) {
                doubled = doubled.plus(w.doubledPawn);
            } else if ((theirs & PawnMasks.passedSpan(c, s)) == 0) {
                passedPawns |= Bitboards.bit(s);  // the rear pawn of a doubled pair is not passed
            }
            if ((neighbours & Bitboards.rank(s >>> 3)) != 0) {
                connected = connected.plus(w.connectedPawn[r]);
            }
            if ((ours & Bitboards.pawnAttacks(c ^ 1, s)) != 0) {
                supported = supported.plus(w.supportedPawn[r]);
            }
            // Backward: no neighbour level with or behind it that could advance to support
            // it, and its stop square is held by an enemy pawn.
            int stop = s + EvalTerms.pawnPush(c);
            if (neighbours != 0 && (neighbours & ~PawnMasks.attackSpan(c, s)) == 0
                && (theirs & Bitboards.pawnAttacks(c, stop)) != 0) {
                backward = backward.plus(w.backwardPawn);
            }
        }
        terms[0][c] = isolated;
        terms[1][c] = doubled;
        terms[2][c] = backward;
        terms[3][c] = connected;
        terms[4][c] = supported;
        passed[c] = passedPawns;
    }

    void clear() {
        key = 0;
        used = false;
        passed[0] = passed[1] = 0;
        for (Score[] t : terms) {
            t[0] = t[1] = null;
        }
    }
}
