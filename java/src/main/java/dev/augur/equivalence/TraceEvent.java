package dev.augur.equivalence;

import java.util.ArrayList;
import java.util.List;

/**
 * One trace event as a value, for reports only (the recorder keeps events in primitive arrays).
 * An enter uses ply, depth, alpha, beta, key and move; a leave uses score, bound and bestMove; the
 * other fields are 0.
 */
public record TraceEvent(Kind kind, int ply, int depth, int alpha, int beta, long key, int move, int score,
        int bound, int bestMove) {
    /** The bound numbers of leave events. */
    public static final int UPPER = 1;
    public static final int LOWER = 2;
    public static final int EXACT = 3;

    /** Whether a node is entered or left. */
    public enum Kind {
        ENTER,
        LEAVE
    }

    public static TraceEvent enter(int ply, int depth, int alpha, int beta, long key, int move) {
        return new TraceEvent(Kind.ENTER, ply, depth, alpha, beta, key, move, 0, 0, 0);
    }

    public static TraceEvent leave(int score, int bound, int bestMove) {
        return new TraceEvent(Kind.LEAVE, 0, 0, 0, 0, 0, 0, score, bound, bestMove);
    }

    /** One line, e.g. "enter ply 3 depth 2 alpha -15 beta 16 key 463b96181691fc9c move g1f3". */
    public String describe() {
        if (kind == Kind.ENTER) {
            return String.format("enter ply %d depth %d alpha %d beta %d key %016x move %s", ply, depth, alpha, beta,
                    key, MoveText.uci(move));
        }
        return String.format("leave score %d bound %s best %s", score, boundName(bound), MoveText.uci(bestMove));
    }

    /** The names of the fields in which other differs from this event ("kind" when the kinds differ). */
    public List<String> differingFields(TraceEvent other) {
        List<String> fields = new ArrayList<>();
        if (kind != other.kind) {
            fields.add("kind");
            return fields;
        }
        if (kind == Kind.ENTER) {
            addIf(fields, ply != other.ply, "ply");
            addIf(fields, depth != other.depth, "depth");
            addIf(fields, alpha != other.alpha, "alpha");
            addIf(fields, beta != other.beta, "beta");
            addIf(fields, key != other.key, "key");
            addIf(fields, move != other.move, "move");
        } else {
            addIf(fields, score != other.score, "score");
            addIf(fields, bound != other.bound, "bound");
            addIf(fields, bestMove != other.bestMove, "best move");
        }
        return fields;
    }

    private static void addIf(List<String> fields, boolean differs, String name) {
        if (differs) fields.add(name);
    }

    /** The trace's bound numbers (1 upper, 2 lower, 3 exact) by name; others as the number. */
    static String boundName(int bound) {
        return switch (bound) {
            case UPPER -> "upper";
            case LOWER -> "lower";
            case EXACT -> "exact";
            default -> "?" + bound;
        };
    }
}
