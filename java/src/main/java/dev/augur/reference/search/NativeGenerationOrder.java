package dev.augur.reference.search;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Move;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * The order in which the native generator (lib/core/movegen.cpp, GenType::All) writes the legal
 * moves. Move ordering never depends on it, but one native result does: a search stopped before
 * any root move was completed plays the first legal move in generation order. This class ranks
 * moves by that order so that the Java engine plays the same move then.
 *
 * <p>Native order: king moves by destination; free pawns' single pushes, double pushes, captures
 * toward the a-file, captures toward the h-file (each by destination), then their promotions by
 * push, west and east capture (by destination, queen, rook, bishop, knight); pinned pawns by
 * origin (pushes, then captures; promotions by destination); en passant by origin; knights;
 * bishops and queens along diagonals; rooks and queens along lines (each by origin, then
 * destination); castling king side, then queen side.
 */
final class NativeGenerationOrder {
    private NativeGenerationOrder() {}

    private static final int KING = 0, PAWN_PUSH = 1, PAWN_DOUBLE = 2, PAWN_WEST = 3, PAWN_EAST = 4,
        PROMOTION_PUSH = 5, PROMOTION_WEST = 6, PROMOTION_EAST = 7, PINNED_PAWN = 8, EN_PASSANT = 9, KNIGHT = 10,
        DIAGONAL = 11, STRAIGHT = 12, CASTLING = 13;

    /** The first of the legal moves in native generation order (NONE for an empty list). */
    static int first(Position pos, int[] legal, CheckInfo checkInfo) {
        int best = Move.NONE;
        long bestRank = Long.MAX_VALUE;
        long pinned = checkInfo.pinnedOfSideToMove();
        for (int m : legal) {
            long rank = rank(pos, m, pinned);
            if (rank < bestRank) {
                bestRank = rank;
                best = m;
            }
        }
        return best;
    }

    static long rank(Position pos, int m, long pinned) {
        int from = Move.from(m);
        int to = Move.to(m);
        int kind = Move.kind(m);
        int type = Piece.type(pos.pieceOn(from));
        if (kind == Move.CASTLING) {
            return order(CASTLING, to > from ? 0 : 1);
        }
        switch (type) {
            case Piece.KING:
                return order(KING, to);
            case Piece.PAWN:
                return pawnRank(pos, m, pinned);
            case Piece.KNIGHT:
                return order(KNIGHT, from * 64 + to);
            case Piece.BISHOP:
                return order(DIAGONAL, from * 64 + to);
            case Piece.ROOK:
                return order(STRAIGHT, from * 64 + to);
            default:  // a queen: its diagonal moves come with the bishops, its straight ones with the rooks
                boolean diagonal = (Bitboards.bishopAttacks(from, 0) & Bitboards.bit(to)) != 0;
                return order(diagonal ? DIAGONAL : STRAIGHT, from * 64 + to);
        }
    }

    private static long pawnRank(Position pos, int m, long pinned) {
        int from = Move.from(m);
        int to = Move.to(m);
        int kind = Move.kind(m);
        if (kind == Move.EN_PASSANT) {
            return order(EN_PASSANT, from);
        }
        // Promotions come queen, rook, bishop, knight for each destination.
        int promotionOrder = kind == Move.PROMOTION ? Piece.QUEEN - Move.promotionType(m) : 0;
        boolean capture = (to & 7) != (from & 7);
        if ((pinned & Bitboards.bit(from)) != 0) {
            int within = kind == Move.PROMOTION ? to * 4 + promotionOrder : (capture ? 64 : 0) + to;
            return order(PINNED_PAWN, from * 512 + within);
        }
        boolean west = (to & 7) < (from & 7);
        if (kind == Move.PROMOTION) {
            int group = !capture ? PROMOTION_PUSH : west ? PROMOTION_WEST : PROMOTION_EAST;
            return order(group, to * 4 + promotionOrder);
        }
        if (!capture) {
            return order(Math.abs(to - from) == 16 ? PAWN_DOUBLE : PAWN_PUSH, to);
        }
        return order(west ? PAWN_WEST : PAWN_EAST, to);
    }

    private static long order(int group, int within) {
        return ((long) group << 32) | within;
    }
}
