package dev.augur.reference.eval;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Piece;

/**
 * The square masks of the pawn-structure terms (lib/eval/pawns.h, namespace pawn_masks),
 * shared with the piece terms: the file in front of a square, the adjacent files in front of
 * it (where enemy pawns could attack it from), and the adjacent files themselves. Built once.
 */
public final class PawnMasks {
    private PawnMasks() {}

    private static final long[][] FORWARD_FILE = new long[2][64];
    private static final long[][] ATTACK_SPAN = new long[2][64];
    private static final long[] ADJACENT_FILES = new long[8];

    static {
        for (int f = 0; f < 8; f++) {
            ADJACENT_FILES[f] = (f > 0 ? Bitboards.file(f - 1) : 0) | (f < 7 ? Bitboards.file(f + 1) : 0);
        }
        for (int s = 0; s < 64; s++) {
            int f = s & 7;
            int r = s >>> 3;
            for (int r2 = 0; r2 < 8; r2++) {
                if (r2 == r) {
                    continue;
                }
                long rank = Bitboards.rank(r2);
                int aheadOf = r2 > r ? Piece.WHITE : Piece.BLACK;  // for whom rank r2 lies ahead of s
                FORWARD_FILE[aheadOf][s] |= rank & Bitboards.file(f);
                ATTACK_SPAN[aheadOf][s] |= rank & ADJACENT_FILES[f];
            }
        }
    }

    /** Squares in front of s (from the colour's side) on the same file. */
    public static long forwardFile(int colour, int s) {
        return FORWARD_FILE[colour][s];
    }

    /** Squares in front of s on the adjacent files. */
    public static long attackSpan(int colour, int s) {
        return ATTACK_SPAN[colour][s];
    }

    /** forwardFile | attackSpan: no enemy pawn there means a passed pawn. */
    public static long passedSpan(int colour, int s) {
        return FORWARD_FILE[colour][s] | ATTACK_SPAN[colour][s];
    }

    public static long adjacentFiles(int file) {
        return ADJACENT_FILES[file];
    }
}
