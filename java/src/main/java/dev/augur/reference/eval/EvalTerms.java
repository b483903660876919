package dev.augur.reference.eval;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Square;
import java.util.Arrays;

/**
 * Computes every term of a position for both colours, enabled or not: the port of
 * lib/eval/eval_terms.cpp, step for step. One instance per HandCraftedEvaluator holds the attack
 * maps and king-attack tallies that the term functions share while the pieces are visited.
 */
final class EvalTerms {
    private static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;

    // A bishop that took the a7 (h7) pawn gets shut in by ...b6 (...g6): {bishop, pawn, kind}.
    private static final int[][] TRAPS = {
        {Square.of(0, 6), Square.of(1, 5), 0}, {Square.of(7, 6), Square.of(6, 5), 0},
        {Square.of(0, 5), Square.of(1, 4), 1}, {Square.of(7, 5), Square.of(6, 4), 1}};

    private Position pos;
    private EvalWeights w;
    private PawnEntry pawns;
    private TermScores t;
    private long occupied;
    private final long[] attacked = new long[2];      // every square attacked by that colour
    private final long[][] attackedBy = new long[2][Piece.KING + 1];  // the same by piece type
    private final long[] mobilityArea = new long[2];  // not own pieces, not attacked by enemy pawns
    private final long[] kingZone = new long[2];      // the king's square and its neighbours
    private final int[] kingAttackers = new int[2];
    private final int[] kingAttackUnits = new int[2];

    static int relativeRank(int colour, int rank) {
        return colour == Piece.WHITE ? rank : 7 - rank;
    }

    static int pawnPush(int colour) {
        return colour == Piece.WHITE ? 8 : -8;
    }

    /** Chebyshev (king-move) distance. */
    static int distance(int a, int b) {
        return Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >>> 3) - (b >>> 3)));
    }

    /** 0 (no pieces) .. 24 (the opening's pieces or more). */
    static int gamePhase(Position pos) {
        int phase = Long.bitCount(pos.piecesOfType(Piece.KNIGHT) | pos.piecesOfType(Piece.BISHOP))
            + 2 * Long.bitCount(pos.piecesOfType(Piece.ROOK)) + 4 * Long.bitCount(pos.piecesOfType(Piece.QUEEN));
        return Math.min(phase, HandCraftedEvaluator.PHASE_MAX);
    }

    /** Clears out and fills it with every term. */
    void compute(Position position, EvalWeights weights, PawnEntry pawnEntry, TermScores out) {
        pos = position;
        w = weights;
        pawns = pawnEntry;
        t = out;
        out.clear();
        occupied = pos.occupied();
        long[] pawnAttacks = {Bitboards.pawnAttacks(Piece.WHITE, pos.pieces(Piece.WHITE, Piece.PAWN)),
            Bitboards.pawnAttacks(Piece.BLACK, pos.pieces(Piece.BLACK, Piece.PAWN))};
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            int k = pos.kingSquare(c);
            mobilityArea[c] = ~pos.pieces(c) & ~pawnAttacks[c ^ 1];
            kingZone[c] = Bitboards.kingAttacks(k) | Bitboards.bit(k);
            attacked[c] = pawnAttacks[c] | Bitboards.kingAttacks(k);
            Arrays.fill(attackedBy[c], 0L);
            attackedBy[c][Piece.PAWN] = pawnAttacks[c];
            attackedBy[c][Piece.KING] = Bitboards.kingAttacks(k);
            kingAttackers[c] = 0;
            kingAttackUnits[c] = 0;
        }
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            materialAndPst(c);
            pieces(c);
            kingShield(c);
            for (int i = 0; i < PawnEntry.TERMS.length; i++) {
                t.add(PawnEntry.TERMS[i], c, pawns.terms[i][c]);
            }
        }
        // These need both colours' complete attack maps.
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            kingAttack(c);
            passedPawns(c);
            threats(c);
        }
        t.add(EvalTerm.TEMPO, pos.sideToMove(), w.tempo);
        pos = null;
        pawns = null;
        t = null;
    }

    private void materialAndPst(int c) {
        for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
            long b = pos.pieces(c, pt);
            t.add(EvalTerm.MATERIAL, c, w.material[pt].times(Long.bitCount(b)));
            for (; b != 0; b &= b - 1) {
                t.add(EvalTerm.PIECE_SQUARE, c, w.pst[pt][Square.relative(c, Long.numberOfTrailingZeros(b))]);
            }
        }
    }

    private Score mobilityScore(int pt, int squares) {
        switch (pt) {
            case Piece.KNIGHT: return w.knightMobility[squares];
            case Piece.BISHOP: return w.bishopMobility[squares];
            case Piece.ROOK: return w.rookMobility[squares];
            default: return w.queenMobility[squares];
        }
    }

    private void pieces(int c) {
        for (int pt = Piece.KNIGHT; pt <= Piece.QUEEN; pt++) {
            for (long b = pos.pieces(c, pt); b != 0; b &= b - 1) {
                int s = Long.numberOfTrailingZeros(b);
                long att = Bitboards.attacks(pt, s, occupied);
                attacked[c] |= att;
                attackedBy[c][pt] |= att;
                t.add(EvalTerm.MOBILITY, c, mobilityScore(pt, Long.bitCount(att & mobilityArea[c])));
                long hits = att & kingZone[c ^ 1];
                if (hits != 0) {
                    kingAttackers[c]++;
                    kingAttackUnits[c] += w.kingAttackWeight[pt] * Long.bitCount(hits);
                }
                if (pt == Piece.KNIGHT) {
                    knightTerms(c, s);
                } else if (pt == Piece.BISHOP) {
                    bishopTerms(c, s);
                } else if (pt == Piece.ROOK) {
                    rookTerms(c, s);
                } else if (onSeventh(c, s)) {
                    t.add(EvalTerm.MAJOR_ON_SEVENTH, c, w.queenOnSeventh);
                }
            }
        }
        long bishops = pos.pieces(c, Piece.BISHOP);
        if ((bishops & DARK_SQUARES) != 0 && (bishops & ~DARK_SQUARES) != 0) {
            t.add(EvalTerm.BISHOP_PAIR, c, w.bishopPair);
        }
    }

    private void knightTerms(int c, int s) {
        t.add(EvalTerm.KNIGHT_TROPISM, c, w.knightTropism[distance(s, pos.kingSquare(c ^ 1))]);
        int r = relativeRank(c, s >>> 3);
        // An outpost on ranks 4-6 that no enemy pawn can ever chase away.
        if (r >= 3 && r <= 5 && (pos.pieces(c ^ 1, Piece.PAWN) & PawnMasks.attackSpan(c, s)) == 0) {
            boolean supported = (pos.pieces(c, Piece.PAWN) & Bitboards.pawnAttacks(c ^ 1, s)) != 0;
            t.add(EvalTerm.KNIGHT_OUTPOST, c, supported ? w.knightOutpostSupported : w.knightOutpost);
        }
    }

    private void bishopTerms(int c, int s) {
        for (int[] trap : TRAPS) {
            if (s == Square.relative(c, trap[0])
                && pos.pieceOn(Square.relative(c, trap[1])) == Piece.make(c ^ 1, Piece.PAWN)) {
                t.add(EvalTerm.TRAPPED_BISHOP, c, w.trappedBishop[trap[2]]);
            }
        }
    }

    // Rooks and queens on the 7th are strong when they attack pawns there or cut the enemy
    // king off on the 8th.
    private boolean onSeventh(int c, int s) {
        if (relativeRank(c, s >>> 3) != 6) {
            return false;
        }
        return relativeRank(c, pos.kingSquare(c ^ 1) >>> 3) == 7
            || (pos.pieces(c ^ 1, Piece.PAWN) & Bitboards.rank(relativeRank(c, 6))) != 0;
    }

    private void rookTerms(int c, int s) {
        long file = Bitboards.file(s & 7);
        if ((pos.piecesOfType(Piece.PAWN) & file) == 0) {
            t.add(EvalTerm.ROOK_FILE, c, w.rookOpenFile);
        } else if ((pos.pieces(c, Piece.PAWN) & file) == 0) {
            t.add(EvalTerm.ROOK_FILE, c, w.rookHalfOpenFile);
        }
        if (onSeventh(c, s)) {
            t.add(EvalTerm.MAJOR_ON_SEVENTH, c, w.rookOnSeventh);
        }
    }

    // On the king's file and each neighbouring file: how far ahead of the king the nearest
    // own pawn stands.
    private void kingShield(int c) {
        int k = pos.kingSquare(c);
        long ours = pos.pieces(c, Piece.PAWN);
        int f = k & 7;
        int kingRank = k >>> 3;
        for (int ff = Math.max(0, f - 1); ff <= Math.min(7, f + 1); ff++) {
            long front = ours & PawnMasks.forwardFile(c, Square.of(ff, kingRank));
            int index = 2;
            if (front != 0) {
                int nearest = c == Piece.WHITE ? Long.numberOfTrailingZeros(front)
                    : 63 - Long.numberOfLeadingZeros(front);
                int d = c == Piece.WHITE ? (nearest >>> 3) - kingRank : kingRank - (nearest >>> 3);
                index = d <= 2 ? d - 1 : 2;
            }
            t.add(EvalTerm.KING_SHIELD, c, w.kingShield[index]);
        }
    }

    // Java's int division truncates toward zero like C++'s, so even tuned negative weights
    // give the native result.
    private void kingAttack(int c) {
        int n = Math.min(kingAttackers[c], 7);
        int units = kingAttackUnits[c];
        Score scale = w.kingAttackScale[n];
        t.add(EvalTerm.KING_ATTACK, c, units * scale.mg() / 8, units * scale.eg() / 8);
        safeChecks(c);
    }

    // The squares from which a piece of colour c could give check next move that the enemy does
    // not attack (nor c occupies), by the checking piece's type.
    private void safeChecks(int c) {
        int k = pos.kingSquare(c ^ 1);
        long safe = ~pos.pieces(c) & ~attacked[c ^ 1];
        long diagonal = Bitboards.attacks(Piece.BISHOP, k, occupied);
        long straight = Bitboards.attacks(Piece.ROOK, k, occupied);
        long[] from = {0, 0, Bitboards.attacks(Piece.KNIGHT, k, occupied), diagonal, straight, diagonal | straight};
        for (int pt = Piece.KNIGHT; pt <= Piece.QUEEN; pt++) {
            int n = Long.bitCount(from[pt] & attackedBy[c][pt] & safe);
            if (n != 0) {
                t.add(EvalTerm.KING_ATTACK, c, w.kingSafeCheck[pt].times(n));
            }
        }
    }

    private void passedPawns(int c) {
        int ours = pos.kingSquare(c);
        int theirs = pos.kingSquare(c ^ 1);
        for (long b = pawns.passed[c]; b != 0; b &= b - 1) {
            int s = Long.numberOfTrailingZeros(b);
            int r = relativeRank(c, s >>> 3);
            t.add(EvalTerm.PASSED_PAWN, c, w.passedRank[r]);
            int stop = s + pawnPush(c);
            t.add(EvalTerm.PASSED_KING_DISTANCE, c, w.passedEnemyKingDistance[r].times(distance(stop, theirs))
                .minus(w.passedOwnKingDistance[r].times(distance(stop, ours))));
            long path = PawnMasks.forwardFile(c, s);
            if ((path & occupied) == 0 && (path & attacked[c ^ 1]) == 0) {
                t.add(EvalTerm.PASSED_FREE_PATH, c, w.passedFreePath[r]);
            }
        }
    }

    // One threat weight per enemy piece type among the victims.
    private void addThreats(int c, Score[] weights, long victims) {
        for (int pt = Piece.PAWN; pt <= Piece.QUEEN; pt++) {
            int n = Long.bitCount(victims & pos.pieces(c ^ 1, pt));
            if (n != 0) {
                t.add(EvalTerm.THREATS, c, weights[pt].times(n));
            }
        }
    }

    // Colour c's threats against the enemy's pieces: what a lesser piece attacks, what nothing
    // defends, and what a pawn could attack with one safe step.
    private void threats(int c) {
        int them = c ^ 1;
        long targets = pos.pieces(them) & ~pos.pieces(them, Piece.KING);
        long pieces = targets & ~pos.pieces(them, Piece.PAWN);
        long unguardedByPawns = targets & ~attackedBy[them][Piece.PAWN];
        long rooksAndQueens = pos.pieces(them, Piece.ROOK) | pos.pieces(them, Piece.QUEEN);

        addThreats(c, w.threatByPawn, pieces & attackedBy[c][Piece.PAWN]);
        long byMinor = attackedBy[c][Piece.KNIGHT] | attackedBy[c][Piece.BISHOP];
        addThreats(c, w.threatByMinor, byMinor & (unguardedByPawns | rooksAndQueens));
        addThreats(c, w.threatByRook, attackedBy[c][Piece.ROOK] & (unguardedByPawns | pos.pieces(them, Piece.QUEEN)));
        int hanging = Long.bitCount(pieces & attacked[c] & ~attacked[them]);
        if (hanging != 0) {
            t.add(EvalTerm.THREATS, c, w.hangingPiece.times(hanging));
        }

        // One or two steps to an empty square no enemy pawn attacks, which we defend or the
        // enemy does not attack.
        long empty = ~occupied;
        long thirdRank = Bitboards.rank(relativeRank(c, 2));
        long pushes = Bitboards.pawnPush(c, pos.pieces(c, Piece.PAWN)) & empty;
        pushes |= Bitboards.pawnPush(c, pushes & thirdRank) & empty;
        pushes &= ~attackedBy[them][Piece.PAWN] & (attacked[c] | ~attacked[them]);
        int pushThreats = Long.bitCount(Bitboards.pawnAttacks(c, pushes) & pieces & ~attackedBy[c][Piece.PAWN]);
        if (pushThreats != 0) {
            t.add(EvalTerm.THREATS, c, w.threatByPawnPush.times(pushThreats));
        }
    }
}
