package dev.augur.reference.eval;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;

/**
 * The endgame recognisers of lib/eval/endgame.cpp: dead draws (evaluate() returns 0) and the
 * drawish endings whose endgame half is shrunk by a scale factor for the side ahead. They look
 * only at the material and, for a few rules, at the bishops' square colours and where the lone
 * king stands. The scale factors are the native named constants.
 */
public final class Endgame {
    private Endgame() {}

    // Scale factors in 64ths; each names the ending it shrinks.
    static final int SCALE_SINGLE_MINOR = 2;
    static final int SCALE_KNNK_EDGE = 2;
    static final int SCALE_TWO_KNIGHTS = 8;
    static final int SCALE_ROOK_VS_MINOR = 12;
    static final int SCALE_ROOK_VS_TWO_MINORS = 12;
    static final int SCALE_BISHOPS_SAME_COLOUR = 8;
    static final int SCALE_BISHOPS_VS_BISHOP = 16;
    static final int SCALE_EXTRA_MINOR = 16;
    static final int SCALE_OCB_BASE = 16;
    static final int SCALE_OCB_PER_PAWN = 12;

    private static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;
    private static final long EDGE = Bitboards.FILE_A | Bitboards.FILE_H | Bitboards.RANK_1 | Bitboards.RANK_8;

    /** Piece counts of one side. */
    private record Side(int pawns, int knights, int bishops, int rooks, int queens) {
        int minors() {
            return knights + bishops;
        }

        int pieces() {
            return knights + bishops + rooks + queens;
        }

        boolean only(int n, int b, int r, int q) {
            return knights == n && bishops == b && rooks == r && queens == q;
        }
    }

    private static Side countSide(long[][] by, int c) {
        return new Side(Long.bitCount(by[c][Piece.PAWN]), Long.bitCount(by[c][Piece.KNIGHT]),
            Long.bitCount(by[c][Piece.BISHOP]), Long.bitCount(by[c][Piece.ROOK]), Long.bitCount(by[c][Piece.QUEEN]));
    }

    private static boolean onOneColour(long b) {
        return (b & DARK_SQUARES) == 0 || (b & ~DARK_SQUARES) == 0;
    }

    /** The pieces by colour and type (index 0 unused), as the native PieceSet. */
    public static long[][] pieceSet(Position pos) {
        long[][] by = new long[2][7];
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
                by[c][pt] = pos.pieces(c, pt);
            }
        }
        return by;
    }

    public static EndgameVerdict classify(Position pos) {
        return classify(pieceSet(pos));
    }

    public static EndgameVerdict classify(long[][] by) {
        EndgameVerdict v = new EndgameVerdict();
        // Every rule needs a pawnless side or a board without rooks and queens.
        long majors = by[Piece.WHITE][Piece.ROOK] | by[Piece.WHITE][Piece.QUEEN]
            | by[Piece.BLACK][Piece.ROOK] | by[Piece.BLACK][Piece.QUEEN];
        if (majors != 0 && by[Piece.WHITE][Piece.PAWN] != 0 && by[Piece.BLACK][Piece.PAWN] != 0) {
            return v;
        }
        Side[] s = {countSide(by, Piece.WHITE), countSide(by, Piece.BLACK)};
        if (findDead(by, s, v)) {
            return v;
        }
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            sideRule(by, c, s[c], s[c ^ 1], v);
        }
        return v;
    }

    private static boolean setDead(EndgameVerdict v, EndgameRule rule) {
        v.dead = true;
        v.rule[0] = v.rule[1] = rule;
        v.scale[0] = v.scale[1] = 0;
        return true;
    }

    // No sequence of moves (or, for KNNvK, no forced line and no one-move blunder) can mate.
    private static boolean findDead(long[][] by, Side[] s, EndgameVerdict v) {
        Side w = s[Piece.WHITE];
        Side b = s[Piece.BLACK];
        if (w.pawns != 0 || b.pawns != 0 || w.rooks != 0 || b.rooks != 0 || w.queens != 0 || b.queens != 0) {
            return false;
        }
        int minors = w.minors() + b.minors();
        if (minors == 0) {
            return setDead(v, EndgameRule.BARE_KINGS);
        }
        if (minors == 1) {
            return setDead(v, EndgameRule.LONE_MINOR);
        }
        if (w.knights == 0 && b.knights == 0 && onOneColour(by[Piece.WHITE][Piece.BISHOP] | by[Piece.BLACK][Piece.BISHOP])) {
            return setDead(v, EndgameRule.SAME_COLOUR_BISHOPS);
        }
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            // Mating with two knights needs the defending king on the edge.
            if (s[c].only(2, 0, 0, 0) && s[c ^ 1].pieces() == 0 && (by[c ^ 1][Piece.KING] & EDGE) == 0) {
                return setDead(v, EndgameRule.KNNK_CENTRE);
            }
        }
        return false;
    }

    private static void set(EndgameVerdict v, int c, EndgameRule rule, int scale) {
        v.rule[c] = rule;
        v.scale[c] = scale;
    }

    // The rule for colour c being the side ahead, if any; leaves the verdict alone otherwise.
    private static void sideRule(long[][] by, int c, Side us, Side them, EndgameVerdict v) {
        if (us.pawns == 0) {
            if (us.pieces() == 0) {
                set(v, c, EndgameRule.NO_PIECES, 0);
                return;
            }
            if (us.pieces() == 1 && us.minors() == 1) {
                set(v, c, EndgameRule.SINGLE_MINOR, SCALE_SINGLE_MINOR);
                return;
            }
            if (them.pawns != 0) {
                return;
            }
            if (us.only(2, 0, 0, 0)) {
                if (them.pieces() == 0) {
                    set(v, c, EndgameRule.KNNK_EDGE, SCALE_KNNK_EDGE);
                } else {
                    set(v, c, EndgameRule.TWO_KNIGHTS, SCALE_TWO_KNIGHTS);
                }
                return;
            }
            boolean usRook = us.only(0, 0, 1, 0);
            boolean themRook = them.only(0, 0, 1, 0);
            boolean usTwoMinors = us.pieces() == 2 && us.minors() == 2;
            boolean themTwoMinors = them.pieces() == 2 && them.minors() == 2;
            if (usRook && them.pieces() == 1 && them.minors() == 1) {
                set(v, c, EndgameRule.ROOK_VS_MINOR, SCALE_ROOK_VS_MINOR);
            } else if ((usRook && themTwoMinors) || (usTwoMinors && themRook)) {
                set(v, c, EndgameRule.ROOK_VS_TWO_MINORS, SCALE_ROOK_VS_TWO_MINORS);
            } else if (us.only(0, 2, 0, 0) && them.only(0, 1, 0, 0)) {
                set(v, c, EndgameRule.BISHOPS_VS_BISHOP,
                    onOneColour(by[c][Piece.BISHOP]) ? SCALE_BISHOPS_SAME_COLOUR : SCALE_BISHOPS_VS_BISHOP);
            } else if (us.rooks == them.rooks && us.queens == them.queens && us.rooks + us.queens > 0
                && us.minors() == them.minors() + 1) {
                set(v, c, EndgameRule.EXTRA_MINOR, SCALE_EXTRA_MINOR);
            }
            return;
        }
        // Opposite-coloured bishops and pawns only: a pawn or two up is often drawn.
        if (us.only(0, 1, 0, 0) && them.only(0, 1, 0, 0)
            && !onOneColour(by[Piece.WHITE][Piece.BISHOP] | by[Piece.BLACK][Piece.BISHOP])) {
            int extra = Math.max(0, us.pawns - them.pawns);
            set(v, c, EndgameRule.OPPOSITE_BISHOPS,
                Math.min(HandCraftedEvaluator.SCALE_NORMAL, SCALE_OCB_BASE + SCALE_OCB_PER_PAWN * extra));
        }
    }
}
