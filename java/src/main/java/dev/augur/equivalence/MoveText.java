package dev.augur.equivalence;

import dev.augur.reference.Uci;
import java.util.List;
import java.util.StringJoiner;

/**
 * Move codes of a trace as UCI text: standard chess (castling written as the king's two-square
 * move), "0000" for the null move (code 65) and for no move (0). The case lists hold standard
 * chess only.
 */
public final class MoveText {
    private MoveText() {}

    /** The code of the null move in traces. */
    public static final int NULL_MOVE = 65;

    /** A move code as UCI text. */
    public static String uci(int move) {
        if (move < 0 || move > 0xFFFF) return "?" + move; // a broken trace: show the raw number
        return Uci.format(move, false);
    }

    /** Move codes as UCI text separated by spaces; "(root)" for none. */
    public static String path(List<Integer> moves) {
        if (moves.isEmpty()) return "(root)";
        StringJoiner text = new StringJoiner(" ");
        for (int move : moves) text.add(uci(move));
        return text.toString();
    }
}
