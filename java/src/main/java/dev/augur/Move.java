package dev.augur;

import java.util.List;

/**
 * A chess move as the engine codes it in 16 bits: destination square (bits 0-5, a1 = 0 ... h8 = 63),
 * origin square (bits 6-11), promotion piece (bits 12-13) and kind (bits 14-15). Castling is "king
 * takes own rook". A Move only carries the code: whether it is legal depends on a {@link Position},
 * which also writes it in UCI or SAN notation.
 */
public final class Move {
    /** The kinds of move (bits 14-15). */
    public static final int NORMAL = 0;
    public static final int PROMOTION = 1;
    public static final int EN_PASSANT = 2;
    public static final int CASTLING = 3;

    private static final String PROMOTION_LETTERS = "nbrq";

    private final int code;

    private Move(int code) {
        this.code = code;
    }

    /** The move with this code (1 .. 65535; 0 is "no move" and refused). */
    public static Move of(int code) {
        if (code <= 0 || code > 0xFFFF) throw new IllegalArgumentException("not a move code: " + code);
        return new Move(code);
    }

    /** The move with this code, or null for 0 (no move). */
    static Move orNull(int code) {
        return code == 0 ? null : new Move(code & 0xFFFF);
    }

    /** The moves of an array of codes as the JNI glue passes them, as an immutable list. */
    static List<Move> listOf(short[] codes) {
        Move[] moves = new Move[codes.length];
        for (int i = 0; i < codes.length; i++) moves[i] = new Move(codes[i] & 0xFFFF);
        return List.of(moves); // immutable already, so List.copyOf in the records keeps it
    }

    /** The 16-bit code. */
    public int code() {
        return code;
    }

    /** The origin square, a1 = 0 ... h8 = 63. */
    public int from() {
        return (code >> 6) & 63;
    }

    /** The destination square (the rook's square for castling). */
    public int to() {
        return code & 63;
    }

    /** {@link #NORMAL}, {@link #PROMOTION}, {@link #EN_PASSANT} or {@link #CASTLING}. */
    public int kind() {
        return (code >> 14) & 3;
    }

    /** The promotion piece letter ('n', 'b', 'r', 'q'), or 0 if this is no promotion. */
    public char promotion() {
        return kind() == PROMOTION ? PROMOTION_LETTERS.charAt((code >> 12) & 3) : 0;
    }

    /** The square's name, e.g. "e4" for 28. */
    public static String squareName(int square) {
        return "" + (char) ('a' + (square & 7)) + (char) ('1' + (square >> 3));
    }

    /**
     * Origin, destination and promotion, e.g. "e7e8q"; castling shows the rook's square ("e1h1").
     * {@link Position#toUci} gives the UCI text of standard chess.
     */
    @Override
    public String toString() {
        String text = squareName(from()) + squareName(to());
        return kind() == PROMOTION ? text + promotion() : text;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Move && ((Move) other).code == code;
    }

    @Override
    public int hashCode() {
        return code;
    }
}
