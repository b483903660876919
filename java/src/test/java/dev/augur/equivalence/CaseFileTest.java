package dev.augur.equivalence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Reading case lists, and what the committed lists hold. */
@Tag("unit")
class CaseFileTest {
    @Test
    void readsPositionsHistoriesLimitsAndProfiles() {
        List<EquivalenceCase> cases = CaseFile.parse("t.txt", List.of(
                "# a comment",
                "",
                "startpos ; depth 6 ; default",
                "startpos moves e2e4 e7e5 ; nodes 20000 ; default, hash1 search-off  # trailing comment",
                "8/8/4k3/8/8/3KP3/8/8 w - - 0 1 moves d3d4 ; depth 12 ; plain"));
        assertEquals(3, cases.size());
        EquivalenceCase first = cases.get(0);
        assertEquals("t.txt:3", first.source());
        assertNull(first.fen());
        assertEquals(List.of(), first.moves());
        assertEquals(6, first.depth());
        assertEquals(0, first.nodes());
        assertEquals("depth 6", first.limit());
        EquivalenceCase second = cases.get(1);
        assertEquals(List.of("e2e4", "e7e5"), second.moves());
        assertEquals(20000, second.nodes());
        assertEquals(List.of("default", "hash1", "search-off"), second.profiles());
        assertEquals("startpos moves e2e4 e7e5", second.positionText());
        EquivalenceCase third = cases.get(2);
        assertEquals("8/8/4k3/8/8/3KP3/8/8 w - - 0 1", third.fen());
        assertEquals(List.of("d3d4"), third.moves());
        assertEquals("t.txt:5", third.source());
    }

    @Test
    void namesTheLineOfABadCase() {
        assertError("t.txt:2: expected 'position ; depth N or nodes N ; profiles'", "# ok", "startpos ; depth 6");
        assertError("t.txt:1: unknown limit 'time'", "startpos ; time 6 ; default");
        assertError("t.txt:1: expected a positive number, got '0'", "startpos ; depth 0 ; default");
        assertError("t.txt:1: depth 200 is beyond 127", "startpos ; depth 200 ; default");
        assertError("t.txt:1: expected startpos or a FEN of six fields", "8/8/8/8/8/8/8/K1k5 w - - ; depth 3 ; default");
        assertError("t.txt:1: no profile", "startpos ; depth 3 ; ");
    }

    private static void assertError(String start, String... lines) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CaseFile.parse("t.txt", List.of(lines)));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    /** The default run's list: enough distinct positions, histories, node limits and profiles. */
    @Test
    void suiteCoversWhatTheDocsPromise() throws IOException {
        List<EquivalenceCase> cases = CaseLists.read("suite.txt");
        Set<String> positions = new HashSet<>();
        int withHistory = 0;
        int nodeLimited = 0;
        Set<String> profiles = new HashSet<>();
        for (EquivalenceCase testCase : cases) {
            positions.add(testCase.positionText());
            if (!testCase.moves().isEmpty()) withHistory++;
            if (testCase.nodes() > 0) nodeLimited++;
            profiles.addAll(testCase.profiles());
        }
        assertTrue(positions.size() >= 100, "distinct positions: " + positions.size());
        assertTrue(withHistory >= 5, "cases with a game history: " + withHistory);
        assertTrue(nodeLimited >= 10, "node-limited cases: " + nodeLimited);
        assertTrue(profiles.containsAll(List.of("default", "search-off", "eval-off", "core", "plain")),
                "profiles: " + profiles);
    }

    @Test
    void sweepParses() throws IOException {
        assertTrue(CaseLists.read("sweep.txt").size() > CaseLists.read("suite.txt").size());
    }
}
