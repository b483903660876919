package dev.augur.equivalence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.AugurException;
import dev.augur.reference.Uci;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The harness checked with the native search on both sides, so that it is known to work before
 * (and independently of) the Java search: equal searches must match, and a search with one option
 * changed must be reported with the right first event.
 */
@Tag("native")
class NativeSelfCheckTest {
    private static final List<EquivalenceCase> CASES = CaseFile.parse("self-check", List.of(
            "startpos ; depth 8 ; default",
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1 ; nodes 20000 ; hash1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 ; depth 8 ; multipv3",
            "startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 ; depth 5 ; plain",
            "8/8/8/4k3/8/8/8/R3K3 w - - 96 80 moves a1a4 e5d5 ; depth 10 ; default"));
    /** A middlegame whose default search tries null moves early. */
    private static final EquivalenceCase MIDDLEGAME = CaseFile.parse("self-check", List.of(
            "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9 ; depth 8 ; default")).get(0);

    private static Profiles profiles;

    @BeforeAll
    static void readProfiles() throws AugurException {
        profiles = Profiles.fromOptions(NativeSide.options());
    }

    @Test
    void twoNativeSearchesAreIdentical() {
        EquivalenceChecker checker = new EquivalenceChecker(new NativeSide(), new NativeSide("native2", Map.of()), true);
        for (CaseResult result : checker.checkAll(CASES, profiles)) {
            assertTrue(result.matches(), result.report());
            assertTrue(result.expectedEvents() > 100, result.title() + ": " + result.expectedEvents() + " events");
            assertEquals(result.expectedDigest(), result.actualDigest());
            assertEquals(result.expected().nodes() * 2, result.expectedEvents(), "every node is entered and left");
        }
    }

    /**
     * Without null moves the search is the same up to the first null move: the first difference
     * must be exactly the first enter of a null move in the default trace, at the node the path
     * leads to.
     */
    @Test
    void aSwitchedOffNullMoveIsFoundAtTheFirstNullMove() throws Exception {
        Profile standard = profiles.byName("default");
        TraceRecorder recording = new TraceRecorder();
        new NativeSide().search(MIDDLEGAME, standard, recording);
        int firstNullMove = firstEnterOf(recording, MoveText.NULL_MOVE);
        assertTrue(firstNullMove > 0, "the default search tries a null move");

        NativeSide withoutNullMove = new NativeSide("no-null", Map.of("NullMove", "false"));
        CaseResult result = new EquivalenceChecker(new NativeSide(), withoutNullMove, false).check(MIDDLEGAME, standard);
        assertFalse(result.matches());
        FirstDifference difference = result.difference();
        assertNotNull(difference, result.report());
        assertEquals(firstNullMove, difference.index(), result.report());
        assertEquals(TraceEvent.Kind.ENTER, difference.kind());
        assertEquals(MoveText.NULL_MOVE, difference.expected().move());
        assertEquals(recording.pathBefore(firstNullMove), difference.path());
        assertEquals(difference.expected().ply() - 1, difference.path().size(), result.report());
        assertPathLeadsTo(MIDDLEGAME, difference.nodePath(difference.expected()), difference.expected().key());
        assertTrue(result.report().contains("native enters 0000"), result.report());
    }

    /**
     * An evaluation term switched off changes scores: the first difference is located, and its
     * path leads from the case's position to the very node (same key) where the traces part.
     */
    @Test
    void aSwitchedOffEvaluationTermIsCaught() throws Exception {
        Profile termOff = profiles.evalOff().get(0);
        Profile standard = profiles.byName("default");
        TraceRecorder recording = new TraceRecorder();
        new NativeSide().search(MIDDLEGAME, standard, recording);
        CaseResult result = new EquivalenceChecker(new NativeSide(), new NativeSide("changed", termOff.options()),
                false).check(MIDDLEGAME, standard);
        FirstDifference difference = result.difference();
        assertNotNull(difference, termOff.name() + " changed nothing: " + result.report());
        assertNotNull(difference.expected());
        assertNotNull(difference.actual());
        assertEquals(recording.pathBefore(difference.index()), difference.path());
        assertPathLeadsTo(MIDDLEGAME, difference.nodePath(difference.expected()),
                keyOfDifferingNode(recording, difference));
    }

    private static int firstEnterOf(TraceRecorder recording, int move) {
        for (int i = 0; i < recording.size(); i++) {
            if (recording.isEnter(i) && recording.event(i).move() == move) return i;
        }
        return -1;
    }

    /**
     * Plays the path's moves (null moves included) from the case's position with the Java
     * reference board, each of them legal, and checks that it reaches the node the trace names:
     * the key of the node's enter event.
     */
    static void assertPathLeadsTo(EquivalenceCase testCase, List<Integer> path, long nodeKey) {
        dev.augur.reference.Position position = dev.augur.reference.Fen.parse(
                testCase.fen() == null ? dev.augur.reference.Position.START_FEN : testCase.fen());
        for (String move : testCase.moves()) position.makeMove(Uci.parse(position, move));
        for (int move : path) {
            if (move == MoveText.NULL_MOVE) {
                position.makeNullMove();
            } else {
                assertEquals(move, Uci.parse(position, MoveText.uci(move)), "not legal: " + MoveText.uci(move));
                position.makeMove(move);
            }
        }
        assertEquals(nodeKey, position.key(), "the path " + MoveText.path(path) + " leads elsewhere");
    }

    /** The key of the node the first difference is at: the entered node, or the one being left. */
    static long keyOfDifferingNode(TraceRecorder recording, FirstDifference difference) {
        if (difference.expected() != null && difference.expected().kind() == TraceEvent.Kind.ENTER) {
            return difference.expected().key();
        }
        List<Integer> open = recording.openNodesBefore(difference.index());
        return recording.event(open.get(open.size() - 1)).key();
    }
}
