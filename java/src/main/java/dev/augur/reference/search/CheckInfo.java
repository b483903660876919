package dev.augur.reference.search;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Castling;
import dev.augur.reference.Move;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * The check information the native Position keeps per state (update_check_info in
 * lib/core/position.cpp) and the Java Position does not: per king the pieces of either colour
 * that alone shield it from an enemy slider, the sliders pinning such a shield, and the squares
 * from which each piece type of the side to move would check the enemy king. It answers
 * {@link #givesCheck} exactly as native gives_check(), including its treatment of promotions
 * (a pawn's check squares count for the promoting pawn as well) and castling.
 *
 * <p>Mutable and reused: {@link #compute} fills it for one position.
 */
final class CheckInfo {
    private final long[] blockersForKing = new long[2];
    private final long[] pinners = new long[2];
    private final long[] checkSquares = new long[7];
    private Position pos;

    void compute(Position pos) {
        this.pos = pos;
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            computePins(c);
        }
        int us = pos.sideToMove();
        int theirKing = pos.kingSquare(us ^ 1);
        long occupied = pos.occupied();
        checkSquares[Piece.PAWN] = Bitboards.pawnAttacks(us ^ 1, theirKing);
        checkSquares[Piece.KNIGHT] = Bitboards.knightAttacks(theirKing);
        checkSquares[Piece.BISHOP] = Bitboards.bishopAttacks(theirKing, occupied);
        checkSquares[Piece.ROOK] = Bitboards.rookAttacks(theirKing, occupied);
        checkSquares[Piece.QUEEN] = checkSquares[Piece.BISHOP] | checkSquares[Piece.ROOK];
        checkSquares[Piece.KING] = 0;
    }

    // Enemy sliders on the king's lines are taken off the board first, so that one does not
    // shield the king from another (as native).
    private void computePins(int c) {
        int king = pos.kingSquare(c);
        long queens = pos.piecesOfType(Piece.QUEEN);
        long snipers = ((Bitboards.rookAttacks(king, 0) & (pos.piecesOfType(Piece.ROOK) | queens))
            | (Bitboards.bishopAttacks(king, 0) & (pos.piecesOfType(Piece.BISHOP) | queens))) & pos.pieces(c ^ 1);
        long occupancy = pos.occupied() ^ snipers;
        blockersForKing[c] = 0;
        pinners[c ^ 1] = 0;
        for (long s = snipers; s != 0; s &= s - 1) {
            int sniper = Long.numberOfTrailingZeros(s);
            long b = Bitboards.between(king, sniper) & occupancy;
            if (b != 0 && !Bitboards.moreThanOne(b)) {
                blockersForKing[c] |= b;
                if ((b & pos.pieces(c)) != 0) {
                    pinners[c ^ 1] |= Bitboards.bit(sniper);
                }
            }
        }
    }

    long blockersForKing(int colour) {
        return blockersForKing[colour];
    }

    private static boolean aligned(int a, int b, int c) {
        return (Bitboards.line(a, b) & Bitboards.bit(c)) != 0;
    }

    /** Whether the legal move m checks the enemy king (native Position::gives_check). */
    boolean givesCheck(int m) {
        int from = Move.from(m);
        int to = Move.to(m);
        int us = pos.sideToMove();
        int theirKing = pos.kingSquare(us ^ 1);
        int kind = Move.kind(m);
        if (kind == Move.CASTLING) {
            return castlingGivesCheck(us, from, to, theirKing);
        }
        if ((checkSquares[Piece.type(pos.pieceOn(from))] & Bitboards.bit(to)) != 0) {
            return true;
        }
        // Discovered check: a blocker of their king leaving the line.
        if ((blockersForKing[us ^ 1] & Bitboards.bit(from)) != 0 && !aligned(from, to, theirKing)) {
            return true;
        }
        if (kind == Move.PROMOTION) {
            long occupied = pos.occupied() ^ Bitboards.bit(from);
            return (Bitboards.attacks(Move.promotionType(m), to, occupied) & Bitboards.bit(theirKing)) != 0;
        }
        if (kind == Move.EN_PASSANT) {
            int captured = (to & 7) | (from & ~7);  // the file of to, the rank of from
            long occupied = (pos.occupied() ^ Bitboards.bit(from) ^ Bitboards.bit(captured)) | Bitboards.bit(to);
            return (Bitboards.rookAttacks(theirKing, occupied) & sliders(us, Piece.ROOK)) != 0
                || (Bitboards.bishopAttacks(theirKing, occupied) & sliders(us, Piece.BISHOP)) != 0;
        }
        return false;
    }

    // Check by the moved rook or, in Chess960, by a slider the king uncovered.
    private boolean castlingGivesCheck(int us, int kingFrom, int rookFrom, int theirKing) {
        boolean shortSide = rookFrom > kingFrom;
        int rookTo = Castling.rookDestination(us, shortSide);
        int kingTo = Castling.kingDestination(us, shortSide);
        long occupied = (pos.occupied() ^ Bitboards.bit(kingFrom) ^ Bitboards.bit(rookFrom)) | Bitboards.bit(rookTo)
            | Bitboards.bit(kingTo);
        long rooks = (sliders(us, Piece.ROOK) ^ Bitboards.bit(rookFrom)) | Bitboards.bit(rookTo);
        return (Bitboards.rookAttacks(theirKing, occupied) & rooks) != 0
            || (Bitboards.bishopAttacks(theirKing, occupied) & sliders(us, Piece.BISHOP)) != 0;
    }

    // Rooks or bishops of colour, with the queens.
    private long sliders(int colour, int type) {
        return pos.pieces(colour, type) | pos.pieces(colour, Piece.QUEEN);
    }
}
