package dev.augur.reference.eval;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Move;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * Static exchange evaluation, the port of lib/search/see.cpp: the material outcome of the
 * capture sequence on one square, each side capturing with its least valuable piece and free
 * to stop. Pinned pieces do not take part while their pinner stands. Castling scores 0; a
 * promotion or en passant is valued as a plain capture of what stands on the target square.
 */
public final class See {
    private See() {}

    /** Exchange values of the piece types (the king can only take last). */
    private static final int[] VALUE = {0, 100, 325, 325, 500, 1000, 20000};

    public static int value(int pieceType) {
        return VALUE[pieceType];
    }

    /** True if the exchange started by the legal move m gains at least threshold for the mover. */
    public static boolean seeGe(Position pos, int m, int threshold) {
        int kind = Move.kind(m);
        if (kind == Move.CASTLING) {
            return threshold <= 0;
        }
        int from = Move.from(m);
        int to = Move.to(m);
        int captured = kind == Move.EN_PASSANT ? VALUE[Piece.PAWN] : VALUE[Piece.type(pos.pieceOn(to))];

        // balance: what the mover has won so far, minus the threshold.
        int balance = captured - threshold;
        if (balance < 0) {
            return false;  // even a free capture is not enough
        }
        balance -= VALUE[Piece.type(pos.pieceOn(from))];
        if (balance >= 0) {
            return true;   // even losing the capturer is enough
        }

        int us = pos.sideToMove();
        long occupied = pos.occupied() ^ Bitboards.bit(from) ^ Bitboards.bit(to);
        if (kind == Move.EN_PASSANT) {
            occupied ^= Bitboards.bit(to - EvalTerms.pawnPush(us));
        }
        long attackers = pos.attackersTo(to, occupied) & occupied;
        long queens = pos.piecesOfType(Piece.QUEEN);
        long diagonal = pos.piecesOfType(Piece.BISHOP) | queens;
        long straight = pos.piecesOfType(Piece.ROOK) | queens;
        long[] blockers = new long[2];
        long[] pinners = new long[2];
        pins(pos, Piece.WHITE, blockers, pinners);
        pins(pos, Piece.BLACK, blockers, pinners);
        int side = us ^ 1;

        // Sides alternate; balance is kept from the view of the side to capture next, negated
        // each turn. The side that cannot capture profitably loses.
        for (;;) {
            long ours = attackers & pos.pieces(side);
            if ((pinners[side ^ 1] & occupied) != 0) {
                ours &= ~blockers[side];
            }
            if (ours == 0) {
                break;
            }
            int pt = Piece.PAWN;
            while ((ours & pos.piecesOfType(pt)) == 0) {
                pt++;
            }
            // Capturing with the king into remaining enemy attackers is illegal.
            if (pt == Piece.KING && (attackers & pos.pieces(side ^ 1)) != 0) {
                break;
            }
            int sq = Long.numberOfTrailingZeros(ours & pos.piecesOfType(pt));
            occupied ^= Bitboards.bit(sq);
            // Uncover sliders behind the capturer.
            if (pt == Piece.PAWN || pt == Piece.BISHOP || pt == Piece.QUEEN) {
                attackers |= Bitboards.bishopAttacks(to, occupied) & diagonal;
            }
            if (pt == Piece.ROOK || pt == Piece.QUEEN) {
                attackers |= Bitboards.rookAttacks(to, occupied) & straight;
            }
            attackers &= occupied;

            side ^= 1;
            balance = -balance - 1 - VALUE[pt];
            if (balance >= 0) {
                break;  // the side that just captured is ahead even if it loses the capturer
            }
        }
        // side could not (or need not) continue: the mover wins when that is the opponent.
        return side != us;
    }

    // The native check information for the king of colour c: the pieces of either colour
    // that alone shield it from an enemy slider (blockers[c]), and those sliders when the
    // shield is c's own piece (pinners[c ^ 1]). Enemy sliders on the king's lines are taken
    // off the board first, so one does not shield the king from another.
    private static void pins(Position pos, int c, long[] blockers, long[] pinners) {
        int king = pos.kingSquare(c);
        long queens = pos.piecesOfType(Piece.QUEEN);
        long snipers = ((Bitboards.rookAttacks(king, 0) & (pos.piecesOfType(Piece.ROOK) | queens))
            | (Bitboards.bishopAttacks(king, 0) & (pos.piecesOfType(Piece.BISHOP) | queens))) & pos.pieces(c ^ 1);
        long occupancy = pos.occupied() ^ snipers;
        for (long s = snipers; s != 0; s &= s - 1) {
            int sniper = Long.numberOfTrailingZeros(s);
            long b = Bitboards.between(king, sniper) & occupancy;
            if (b != 0 && !Bitboards.moreThanOne(b)) {
                blockers[c] |= b;
                if ((b & pos.pieces(c)) != 0) {
                    pinners[c ^ 1] |= Bitboards.bit(sniper);
                }
            }
        }
    }
}
