package dev.augur.equivalence;

import static dev.augur.equivalence.NativeSelfCheckTest.assertPathLeadsTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.augur.bridge.NativeTablebaseProbes;
import dev.augur.reference.search.SearchParams;
import dev.augur.reference.search.TablebaseProbes;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A Java search changed on purpose in a single number must be caught, and the report must point at
 * the node where the change first acts: this is what the suite promises someone porting a change.
 */
@Tag("equivalence")
class AlteredReferenceTest {
    private static final EquivalenceCase MIDDLEGAME = CaseFile.parse("altered", List.of(
            "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9 ; depth 9 ; default")).get(0);
    private static Profile standard;

    @BeforeAll
    static void readProfiles() throws Exception {
        standard = Profiles.fromOptions(NativeSide.options()).byName("default");
    }

    /** The unaltered Java search matches, so that every difference below comes from the alteration. */
    @Test
    void theUnalteredSearchMatches() {
        CaseResult result = new EquivalenceChecker(new NativeSide(), new ReferenceSide(), false).check(MIDDLEGAME,
                standard);
        assertTrue(result.matches(), result.report());
    }

    /**
     * One entry of the late-move reduction table one ply larger: the first difference is the
     * entry of a reduced search one ply shallower (nothing else differs) below a node of the
     * entry's depth, reached by a legal path.
     */
    @Test
    void aChangedLmrEntryIsCaughtAtAReducedChild() throws Exception {
        int depth = 6;
        int moveNumber = 4;
        SearchParams params = SearchParams.standard();
        params.setLmrReduction(depth, moveNumber, params.lmrReduction(depth, moveNumber) + 1);
        TraceRecorder recording = new TraceRecorder();
        new NativeSide().search(MIDDLEGAME, standard, recording);

        CaseResult result = check(new ReferenceSide("java-lmr", params));
        FirstDifference difference = result.difference();
        assertEquals(TraceEvent.Kind.ENTER, difference.kind(), result.report());
        assertEquals("depth", difference.differingFields(), result.report());
        assertEquals(difference.expected().depth() - 1, difference.actual().depth(), result.report());
        List<Integer> open = recording.openNodesBefore(difference.index());
        TraceEvent parent = recording.event(open.get(open.size() - 1));
        assertEquals(depth, parent.depth(), "the parent's depth picks the table entry\n" + result.report());
        assertEquals(parent.ply() + 1, difference.expected().ply());
        assertPathLeadsTo(MIDDLEGAME, difference.nodePath(difference.expected()), difference.expected().key());
        assertTrue(result.report().contains("differs in: depth"), result.report());
    }

    /**
     * A wider aspiration window: the search is the same up to the root of the first iteration
     * with a window, which the Java search enters with alpha and beta one further apart.
     */
    @Test
    void aChangedAspirationWindowIsCaughtAtTheRoot() throws Exception {
        SearchParams params = SearchParams.standard();
        params.aspirationDelta += 1;
        TraceRecorder recording = new TraceRecorder();
        new NativeSide().search(MIDDLEGAME, standard, recording);
        int firstWindow = firstRootEnterAtDepth(recording, SearchParams.standard().aspirationMinDepth);

        CaseResult result = check(new ReferenceSide("java-aspiration", params));
        FirstDifference difference = result.difference();
        assertEquals(firstWindow, difference.index(), result.report());
        assertEquals(TraceEvent.Kind.ENTER, difference.kind());
        assertEquals(0, difference.actual().ply());
        assertEquals(List.of(), difference.path());
        assertEquals("alpha, beta", difference.differingFields(), result.report());
        assertEquals(difference.expected().alpha() - 1, difference.actual().alpha());
        assertEquals(difference.expected().beta() + 1, difference.actual().beta());
        assertTrue(result.report().contains("path: (root) (then native enters the root, java-aspiration enters the root)"),
                result.report());
    }

    /**
     * With the tables on, a Java search whose prober finds nothing inside the tree (the probes
     * skipped) is caught where the native search first left a node on the tables' verdict, and
     * one whose root is not ranked is caught too.
     */
    @Test
    void aJavaSearchThatSkipsItsTablebaseProbesIsCaught() throws Exception {
        Path tables = Path.of(System.getProperty("augur.equivalence.tables"));
        Profile syzygy = Profiles.fromOptions(NativeSide.options()).withTables(tables).byName("syzygy");
        EquivalenceCase fivePieces = CaseFile.parse("altered", List.of(
                "8/8/4k1r1/8/8/3K4/8/R1B5 w - - 0 1 ; depth 9 ; syzygy")).get(0);
        EquivalenceChecker honest = new EquivalenceChecker(new NativeSide(), new ReferenceSide(), false);
        CaseResult unaltered = honest.check(fivePieces, syzygy);
        assumeTrue(unaltered.error() == null || !unaltered.error().contains("no Syzygy support"),
                "this build has no Syzygy support");
        assertTrue(unaltered.matches(), unaltered.report());
        assertTrue(unaltered.expected().tbHits() > 0, "the tree found values in the tables");

        ReferenceSide noTreeProbes = new ReferenceSide("java-no-tree-probes", SearchParams.standard(),
                paths -> skipping(NativeTablebaseProbes.open(paths), true, false));
        CaseResult skipped = new EquivalenceChecker(new NativeSide(), noTreeProbes, false).check(fivePieces, syzygy);
        assertFalse(skipped.matches(), "skipped probes went unnoticed");
        assertEquals(TraceEvent.Kind.LEAVE, skipped.difference().kind(), skipped.report());

        EquivalenceCase rootInTables = CaseFile.parse("altered", List.of(
                "8/8/8/8/8/2k5/3R4/K7 w - - 0 1 ; depth 8 ; syzygy")).get(0);
        assertTrue(honest.check(rootInTables, syzygy).matches());
        ReferenceSide noRootRanking = new ReferenceSide("java-no-root-ranking", SearchParams.standard(),
                paths -> skipping(NativeTablebaseProbes.open(paths), false, true));
        CaseResult unranked = new EquivalenceChecker(new NativeSide(), noRootRanking, false).check(rootInTables, syzygy);
        assertFalse(unranked.matches(), "an unranked root went unnoticed");
        System.out.println("Caught as they should be, Java searches that skip their probes:\n" + skipped.report()
                + "\n" + unranked.report());
    }

    // The native tables with one kind of probe skipped: the tree's (nothing found) or the root's (not ranked).
    private static TablebaseProbes skipping(TablebaseProbes real, boolean skipTreeProbes, boolean skipRootRanking) {
        return new TablebaseProbes() {
            @Override
            public int maxPieces() {
                return real.maxPieces();
            }

            @Override
            public int probeWdl(dev.augur.reference.Position pos) {
                return skipTreeProbes ? NOT_FOUND : real.probeWdl(pos);
            }

            @Override
            public List<RankedMove> rankRootMoves(RootGame root, boolean rule50) {
                return skipRootRanking ? List.of() : real.rankRootMoves(root, rule50);
            }
        };
    }

    private static CaseResult check(ReferenceSide altered) {
        CaseResult result = new EquivalenceChecker(new NativeSide(), altered, false).check(MIDDLEGAME, standard);
        assertFalse(result.matches(), "the alteration went unnoticed");
        assertNotNull(result.difference(), result.report());
        System.out.println("Caught as it should be, a deliberately altered Java search (" + altered.name() + "):\n"
                + result.report());
        return result;
    }

    private static int firstRootEnterAtDepth(TraceRecorder recording, int depth) {
        for (int i = 0; i < recording.size(); i++) {
            if (recording.isEnter(i) && recording.event(i).ply() == 0 && recording.event(i).depth() == depth) return i;
        }
        throw new AssertionError("no root search at depth " + depth);
    }
}
