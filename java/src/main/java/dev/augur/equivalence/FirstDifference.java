package dev.augur.equivalence;

import java.util.ArrayList;
import java.util.List;

/**
 * Where two traces part: the index of the first event that differs, both sides' events there
 * (null for a trace that had already ended), and the moves from the root to the node where it
 * happens, on which both traces agree.
 *
 * @param index the first differing event, counted from 0
 * @param expected the recorded side's event (the native search's in the suite), or null
 * @param actual the checked side's event (the Java search's), or null
 * @param path the moves from the root to the node open before the event: for an enter the new
 *     node's parent, for a leave the node being left
 * @param expectedEvents the length of the recorded trace
 * @param actualEvents the length of the checked trace
 */
public record FirstDifference(int index, TraceEvent expected, TraceEvent actual, List<Integer> path,
        long expectedEvents, long actualEvents) {
    public FirstDifference {
        path = List.copyOf(path);
    }

    /** The kind of event at which the traces part, the recorded side's if it has one. */
    public TraceEvent.Kind kind() {
        return expected != null ? expected.kind() : actual.kind();
    }

    /** The moves from the root to the node where the traces part, with a differing enter's own move. */
    public List<Integer> nodePath(TraceEvent event) {
        List<Integer> moves = new ArrayList<>(path);
        if (event != null && event.kind() == TraceEvent.Kind.ENTER) moves.add(event.move());
        return moves;
    }

    /** The fields in which the two events differ, or a note that one trace ended. */
    public String differingFields() {
        if (expected == null) return "the recorded trace ended first";
        if (actual == null) return "the checked trace ended first";
        return String.join(", ", expected.differingFields(actual));
    }

    /**
     * The report, several lines, e.g.:
     *
     * <pre>
     * first difference at event 1234 (native 5678 events, java 5702)
     *   native: enter ply 3 depth 1 alpha -20 beta -19 key 1c3a... move g1f3
     *   java:   enter ply 3 depth 2 alpha -20 beta -19 key 1c3a... move g1f3
     *   differs in: depth
     *   path: e2e4 e7e5 (then native g1f3, java g1f3)
     * </pre>
     */
    public String format(String expectedName, String actualName) {
        int width = Math.max(expectedName.length(), actualName.length()) + 1;
        String lineFormat = "  %-" + width + "s %s%n";
        StringBuilder text = new StringBuilder();
        text.append(String.format("first difference at event %d (%s %d events, %s %d)%n", index, expectedName,
                expectedEvents, actualName, actualEvents));
        text.append(String.format(lineFormat, expectedName + ":", describe(expected)));
        text.append(String.format(lineFormat, actualName + ":", describe(actual)));
        text.append("  differs in: ").append(differingFields()).append(System.lineSeparator());
        text.append("  path: ").append(MoveText.path(path)).append(pathTail(expectedName, actualName));
        return text.toString();
    }

    private static String enteredNode(TraceEvent enter) {
        return enter.ply() == 0 ? "the root" : MoveText.uci(enter.move());
    }

    private static String describe(TraceEvent event) {
        return event == null ? "(end of trace)" : event.describe();
    }

    /** What follows the common path: the entered moves, or which node is being left. */
    private String pathTail(String expectedName, String actualName) {
        List<String> parts = new ArrayList<>();
        if (expected != null && expected.kind() == TraceEvent.Kind.ENTER) {
            parts.add(expectedName + " enters " + enteredNode(expected));
        }
        if (actual != null && actual.kind() == TraceEvent.Kind.ENTER) {
            parts.add(actualName + " enters " + enteredNode(actual));
        }
        if (parts.isEmpty()) return " (leaving this node)";
        return " (then " + String.join(", ", parts) + ")";
    }
}
