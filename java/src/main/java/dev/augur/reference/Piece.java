package dev.augur.reference;

/**
 * Colours, piece types and piece codes as the native core numbers them: WHITE = 0, BLACK = 1,
 * PAWN = 1 ... KING = 6, and piece code = (colour << 3) | type, so that white pieces are 1..6,
 * black pieces 9..14 and 0 is "no piece". Tables indexed by piece code therefore have 16 rows.
 */
public final class Piece {
    private Piece() {}

    public static final int WHITE = 0, BLACK = 1;

    public static final int NO_TYPE = 0, PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6;

    public static final int NONE = 0;
    public static final int CODE_COUNT = 16;

    private static final String LETTERS = " pnbrqk";

    public static int make(int colour, int type) {
        return (colour << 3) | type;
    }

    public static int type(int piece) {
        return piece & 7;
    }

    public static int colour(int piece) {
        return piece >>> 3;
    }

    /** FEN letter: upper case for White, lower case for Black. */
    public static char fenLetter(int piece) {
        char letter = LETTERS.charAt(type(piece));
        return colour(piece) == WHITE ? Character.toUpperCase(letter) : letter;
    }

    /** The piece a FEN letter stands for, or NONE when the letter is not one of PNBRQK/pnbrqk. */
    public static int fromFenLetter(char letter) {
        int type = LETTERS.indexOf(Character.toLowerCase(letter));
        if (type <= 0) {
            return NONE;
        }
        return make(Character.isUpperCase(letter) ? WHITE : BLACK, type);
    }

    /** Lower-case letter of a piece type, as UCI writes promotions. */
    public static char typeLetter(int type) {
        return LETTERS.charAt(type);
    }
}
