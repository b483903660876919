package dev.augur.reference.eval;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Piece;
import dev.augur.reference.Square;

/**
 * The KPvK bitbase of lib/eval/kpk_bitbase.cpp: for every placement of the two kings and one
 * pawn, with either side to move, whether the pawn's side wins. Computed once, when the first
 * evaluator is made ({@link #prepare}), by the same retrograde analysis. Positions are stored with the pawn White's and on files a-d:
 * 24 pawn squares x 64 x 64 king squares x 2 sides to move, one bit each.
 */
final class KpkBitbase {
    private KpkBitbase() {}

    private static final int PAWN_SQUARES = 24;
    private static final int POSITIONS = PAWN_SQUARES * 64 * 64 * 2;
    private static final byte INVALID = 0, UNKNOWN = 1, DRAW = 2, WIN = 3;

    private static final long[] BITS = compute();

    /**
     * Computes the bitbase now if it was not yet, so that no timed search pays for it: calling it
     * initialises the class, which computes the bits.
     */
    static void prepare() {}

    /**
     * Whether the side with the pawn (strong) wins with best play; squares are the real board's.
     * The placement must be legal (kings apart, pawn on ranks 2-7, the side not to move not in check).
     */
    static boolean win(int strong, int strongKing, int weakKing, int pawn, int toMove) {
        int flip = strong == Piece.WHITE ? 0 : 56;
        int mirror = Square.file(pawn) >= 4 ? 7 : 0;
        int i = indexOf(strongKing ^ flip ^ mirror, weakKing ^ flip ^ mirror, pawn ^ flip ^ mirror,
            toMove == strong ? Piece.WHITE : Piece.BLACK);
        return ((BITS[i >>> 6] >>> (i & 63)) & 1) != 0;
    }

    private static int indexOf(int whiteKing, int blackKing, int pawn, int toMove) {
        int pawnIndex = (Square.rank(pawn) - 1) * 4 + Square.file(pawn);
        return ((pawnIndex * 64 + whiteKing) * 64 + blackKing) * 2 + toMove;
    }

    private static int distance(int a, int b) {
        return Math.max(Math.abs(Square.file(a) - Square.file(b)), Math.abs(Square.rank(a) - Square.rank(b)));
    }

    // Squares the black king may step to (the pawn's square included when White's king does not guard it).
    private static long blackKingMoves(int wk, int bk, int pawn) {
        return Bitboards.kingAttacks(bk) & ~Bitboards.kingAttacks(wk) & ~Bitboards.pawnAttacks(Piece.WHITE, pawn)
            & ~Bitboards.bit(wk);
    }

    private static byte initialResult(int wk, int bk, int pawn, int toMove) {
        if (wk == bk || wk == pawn || bk == pawn || distance(wk, bk) <= 1) {
            return INVALID;
        }
        boolean blackInCheck = (Bitboards.pawnAttacks(Piece.WHITE, pawn) & Bitboards.bit(bk)) != 0;
        if (toMove == Piece.WHITE) {
            if (blackInCheck) {
                return INVALID;
            }
            // A promotion the black king cannot answer by taking the new queen wins.
            if (Square.rank(pawn) == 6) {
                int promotion = pawn + 8;
                if (promotion != wk && promotion != bk
                    && (distance(bk, promotion) > 1 || distance(wk, promotion) == 1)) {
                    return WIN;
                }
            }
            return UNKNOWN;
        }
        long moves = blackKingMoves(wk, bk, pawn);
        if (moves == 0) {
            return blackInCheck ? WIN : DRAW;
        }
        if ((moves & Bitboards.bit(pawn)) != 0) {
            return DRAW;
        }
        return UNKNOWN;
    }

    // White to move wins if one move reaches a win; Black to move loses if every move does.
    private static boolean nextWins(int wk, int bk, int pawn, int toMove, byte[] results) {
        if (toMove == Piece.WHITE) {
            for (long b = Bitboards.kingAttacks(wk) & ~Bitboards.kingAttacks(bk) & ~Bitboards.bit(pawn); b != 0; b &= b - 1) {
                if (results[indexOf(Long.numberOfTrailingZeros(b), bk, pawn, Piece.BLACK)] == WIN) {
                    return true;
                }
            }
            int push = pawn + 8;
            if (Square.rank(pawn) < 6 && push != wk && push != bk) {
                if (results[indexOf(wk, bk, push, Piece.BLACK)] == WIN) {
                    return true;
                }
                int doublePush = push + 8;
                return Square.rank(pawn) == 1 && doublePush != wk && doublePush != bk
                    && results[indexOf(wk, bk, doublePush, Piece.BLACK)] == WIN;
            }
            return false;
        }
        for (long b = blackKingMoves(wk, bk, pawn); b != 0; b &= b - 1) {
            if (results[indexOf(wk, Long.numberOfTrailingZeros(b), pawn, Piece.WHITE)] != WIN) {
                return false;
            }
        }
        return true;
    }

    private static long[] compute() {
        byte[] results = new byte[POSITIONS];
        for (int i = 0; i < POSITIONS; i++) {
            results[i] = initialResult(whiteKing(i), blackKing(i), pawn(i), i & 1);
        }
        // Wins spread backwards until a pass finds no new one; what is left unknown is a draw.
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int i = 0; i < POSITIONS; i++) {
                if (results[i] == UNKNOWN && nextWins(whiteKing(i), blackKing(i), pawn(i), i & 1, results)) {
                    results[i] = WIN;
                    changed = true;
                }
            }
        }
        long[] bits = new long[POSITIONS / 64];
        for (int i = 0; i < POSITIONS; i++) {
            if (results[i] == WIN) {
                bits[i >>> 6] |= 1L << (i & 63);
            }
        }
        return bits;
    }

    private static int blackKing(int index) {
        return (index >>> 1) & 63;
    }

    private static int whiteKing(int index) {
        return (index >>> 7) & 63;
    }

    private static int pawn(int index) {
        int pawnIndex = index >>> 13;
        return Square.of(pawnIndex % 4, pawnIndex / 4 + 1);
    }
}
