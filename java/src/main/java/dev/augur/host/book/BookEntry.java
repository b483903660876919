package dev.augur.host.book;

/**
 * One entry of a Polyglot opening book: a position key, a move, its weight and the learn field,
 * exactly as stored in the 16-byte record of the file.
 *
 * <p>The move keeps the raw Polyglot 16 bits: destination file (bits 0-2) and rank (3-5), origin
 * file (6-8) and rank (9-11), promotion piece (12-14: 0 none, 1 knight, 2 bishop, 3 rook,
 * 4 queen). Squares therefore come out numbered a1 = 0 ... h8 = 63, as Augur numbers them.
 * Castling is written as the king taking its own rook (e1h1, e8a8), which is also Augur's native
 * castling move, so {@link #to()} is the rook's square for castling.
 *
 * @param key    the Polyglot key of the position
 * @param move   the raw 16-bit Polyglot move
 * @param weight 0..65535; a move of weight 0 is in the book but never to be played
 * @param learn  the 32-bit learn field, unused by Augur and written as 0
 */
public record BookEntry(long key, int move, int weight, int learn) {
    private static final String PROMOTION_LETTERS = "\0nbrq";

    public BookEntry {
        if (move < 0 || move > 0xFFFF) {
            throw new IllegalArgumentException("book move " + move + " is not a 16-bit value");
        }
        if (weight < 0 || weight > 0xFFFF) {
            throw new IllegalArgumentException("book weight " + weight + " is not a 16-bit value");
        }
    }

    /** The origin square, a1 = 0 ... h8 = 63. */
    public int from() {
        return (move >>> 6) & 63;
    }

    /** The destination square; the rook's square for castling. */
    public int to() {
        return move & 63;
    }

    /** 'n', 'b', 'r' or 'q' for a promotion, otherwise 0 (also for the unused codes 5-7). */
    public char promotion() {
        int code = (move >>> 12) & 7;
        return code < PROMOTION_LETTERS.length() ? PROMOTION_LETTERS.charAt(code) : 0;
    }

    /** Whether the promotion bits hold a code outside 0..4, which no valid book contains. */
    public boolean hasInvalidPromotion() {
        return ((move >>> 12) & 7) > 4 || (move >>> 15) != 0;
    }

    /** The move as Polyglot writes it, castling as king takes rook: "e2e4", "e1h1", "a7a8q". */
    public String polyglotUci() {
        String text = squareName(from()) + squareName(to());
        char promotion = promotion();
        return promotion == 0 ? text : text + promotion;
    }

    /** The raw Polyglot move for the given squares and promotion letter (0 for none). */
    public static int encodeMove(int from, int to, char promotion) {
        int code = promotion == 0 ? 0 : PROMOTION_LETTERS.indexOf(promotion);
        if (from < 0 || from > 63 || to < 0 || to > 63 || code < 0) {
            throw new IllegalArgumentException("no Polyglot move for " + from + ", " + to + ", " + promotion);
        }
        return (code << 12) | (from << 6) | to;
    }

    private static String squareName(int square) {
        return "" + (char) ('a' + (square & 7)) + (char) ('1' + (square >>> 3));
    }

    @Override
    public String toString() {
        return String.format("%016x %s weight %d learn %d", key, polyglotUci(), weight, learn);
    }
}
