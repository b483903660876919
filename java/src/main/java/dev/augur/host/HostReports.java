package dev.augur.host;

import dev.augur.EvalTerm;
import dev.augur.Evaluation;
import dev.augur.reference.Perft;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Square;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The host's diagnostic commands' text, as the native binary prints it (lib/protocol/reports.cpp
 * and engine_reports.cpp): the board diagram of {@code d}, the evaluation table of {@code eval}
 * and the divide of {@code go perft}. Scripts written against {@code augur} read these unchanged.
 */
final class HostReports {
    /** The deepest perft the commands accept, as native MAX_PERFT_DEPTH. */
    static final int MAX_PERFT_DEPTH = 15;

    private static final String RANK_SEPARATOR = " +---+---+---+---+---+---+---+---+";
    private static final int NAME_WIDTH = 22;
    private static final int CELL_WIDTH = 9;
    private static final int PHASE_MAX = 24;
    private static final int SCALE_NORMAL = 64;

    private HostReports() {}

    /** The board with ranks 8 to 1, then its FEN, Polyglot key and the squares giving check. */
    static List<String> board(HostGame game) {
        Position pos = game.boardCopy();
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add(RANK_SEPARATOR);
        for (int rank = 7; rank >= 0; rank--) {
            StringBuilder row = new StringBuilder();
            for (int file = 0; file < 8; file++) {
                int piece = pos.pieceOn(Square.of(file, rank));
                row.append(" | ").append(piece == Piece.NONE ? ' ' : Piece.fenLetter(piece));
            }
            lines.add(row.append(" | ").append(rank + 1).toString());
            lines.add(RANK_SEPARATOR);
        }
        lines.add("   a   b   c   d   e   f   g   h");
        lines.add("");
        lines.add("Fen: " + game.fen());
        lines.add(String.format(Locale.ROOT, "Key: %016X", game.key()));
        lines.add("Checkers: " + squares(pos.checkers()));
        return lines;
    }

    private static String squares(long set) {
        List<String> names = new ArrayList<>();
        for (long rest = set; rest != 0; rest &= rest - 1) names.add(Square.name(Long.numberOfTrailingZeros(rest)));
        return String.join(" ", names);
    }

    /** Each term's scores for both sides and its share of the total, then phase, scale and totals. */
    static List<String> evaluation(Evaluation eval, boolean whiteToMove) {
        List<String> lines = new ArrayList<>();
        lines.add(row("term", "white mg", "white eg", "black mg", "black eg", "final cp"));
        for (EvalTerm t : eval.terms()) {
            lines.add(row(t.name(), t.whiteMg(), t.whiteEg(), t.blackMg(), t.blackEg(), t.finalValue()));
        }
        lines.add("");
        lines.add("phase " + eval.phase() + "/" + PHASE_MAX + " (" + PHASE_MAX + " = all pieces on)");
        lines.add("endgame scale " + eval.scale() + "/" + SCALE_NORMAL + ", rule " + eval.endgameRule()
                + (eval.dead() ? ", dead draw" : ""));
        lines.add("total " + eval.totalWhite() + " cp (White's view)");
        lines.add("total " + eval.total() + " cp (side to move's view, " + (whiteToMove ? "White" : "Black")
                + " to move)");
        return lines;
    }

    private static String row(String name, Object... cells) {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s", name));
        for (Object cell : cells) text.append(String.format(Locale.ROOT, " %" + CELL_WIDTH + "s", cell));
        return text.toString();
    }

    /** The leaf count below each legal move at depth, in UCI as the game writes moves, then the total. */
    static List<String> perft(HostGame game, int depth) {
        Map<String, Long> divide = new Perft(game.boardCopy(), depth).divide(depth);
        List<String> lines = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, Long> entry : divide.entrySet()) {
            lines.add(entry.getKey() + ": " + entry.getValue());
            total += entry.getValue();
        }
        lines.add("");
        lines.add("Nodes searched: " + total);
        return lines;
    }
}
