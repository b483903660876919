package dev.augur.equivalence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.augur.AugurException;
import dev.augur.Tablebase;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The native search and the Java search, node for node, over tests/equivalence/suite.txt: one
 * test per case and profile, each failing with the report of the first differing event. Ends with
 * a check that the run compared aspiration re-searches (not only searches whose first window held)
 * and prints the summary with both sides' times.
 */
@Tag("equivalence")
class EquivalenceSuiteTest {
    @TestFactory
    Stream<DynamicTest> nativeAndJavaSearchesAreIdentical() throws Exception {
        Profiles profiles = Profiles.fromOptions(NativeSide.options());
        List<EquivalenceCase> cases = CaseLists.read("suite.txt");
        EquivalenceChecker checker = new EquivalenceChecker(new NativeSide(), new ReferenceSide(), false);
        RunSummary summary = new RunSummary();
        Stream<DynamicTest> comparisons = cases.stream().flatMap(testCase -> profiles.expand(testCase.profiles())
                .stream().map(profile -> dynamicTest(testCase.source() + " " + profile.name() + " " + testCase.limit(),
                        () -> {
                            CaseResult result = checker.check(testCase, profile);
                            summary.add(result);
                            assertTrue(result.matches(), result.report());
                            if (testCase.nodes() > 0) {
                                // Stopped by the limit inside an iteration, not by the search ending.
                                assertTrue(result.expected().nodes() >= testCase.nodes(), result.title());
                            }
                        })));
        DynamicTest researches = dynamicTest("aspiration re-searches were among the comparisons", () -> {
            System.out.println(summary.format("native", "java"));
            assertTrue(summary.casesWithResearch() >= 10,
                    "comparisons with a root re-search: " + summary.casesWithResearch());
        });
        return Stream.concat(comparisons, Stream.of(researches));
    }

    /**
     * Every case of suite.txt searched with every feature on is searched again with the network
     * evaluation, twice: with the built-in network (a trained one, so the trees are a real
     * engine's) and with the test network of tests/nnue, whose file the build passes in
     * augur.equivalence.network, loaded by both engines.
     */
    @TestFactory
    Stream<DynamicTest> nativeAndJavaSearchesAreIdenticalWithTheNetworks() throws Exception {
        Profiles profiles = Profiles.fromOptions(NativeSide.options(), networkFile());
        List<EquivalenceCase> cases = CaseLists.read("suite.txt").stream()
                .filter(testCase -> profiles.expand(testCase.profiles()).contains(profiles.byName(Profiles.DEFAULT)))
                .toList();
        assertTrue(cases.size() >= 100, "cases with the default profile: " + cases.size());
        EquivalenceChecker checker = new EquivalenceChecker(new NativeSide(), new ReferenceSide(), false);
        RunSummary summary = new RunSummary();
        Stream<DynamicTest> comparisons = Stream.of(Profiles.BUILTIN_NNUE, Profiles.NNUE).map(profiles::byName)
                .flatMap(profile -> cases.stream().map(testCase -> dynamicTest(
                        testCase.source() + " " + profile.name() + " " + testCase.limit(), () -> {
                            CaseResult result = checker.check(testCase, profile);
                            summary.add(result);
                            assertTrue(result.matches(), result.report());
                        })));
        DynamicTest total = dynamicTest("summary of the network runs", () -> System.out.println(summary.format("native", "java")));
        return Stream.concat(comparisons, Stream.of(total));
    }

    /**
     * tests/equivalence/tablebases.txt with the 3-4 piece Syzygy tables of tests/data, whose folder
     * the build passes in augur.equivalence.tables: the Java search probes the native search's own
     * tables through the binding, so the traces, results and probe counts must be the same. The
     * run must have had roots ranked by the tables and probes that found values inside the tree.
     */
    @TestFactory
    Stream<DynamicTest> nativeAndJavaSearchesAreIdenticalWithTables() throws Exception {
        Path tables = tablesDirectory();
        Profiles profiles = Profiles.fromOptions(NativeSide.options()).withTables(tables);
        List<EquivalenceCase> cases = CaseLists.read("tablebases.txt");
        EquivalenceChecker checker = new EquivalenceChecker(new NativeSide(), new ReferenceSide(), false);
        List<SearchOutcome> outcomes = new CopyOnWriteArrayList<>();
        Stream<DynamicTest> comparisons = cases.stream().flatMap(testCase -> profiles.expand(testCase.profiles())
                .stream().map(profile -> dynamicTest(testCase.source() + " " + profile.name() + " " + testCase.limit(),
                        () -> {
                            assumeTrue(syzygySupported(tables), "this build has no Syzygy support");
                            CaseResult result = checker.check(testCase, profile);
                            assertTrue(result.matches(), result.report());
                            outcomes.add(result.expected());
                        })));
        DynamicTest coverage = dynamicTest("the tables ranked roots and answered probes inside the tree", () -> {
            assumeTrue(syzygySupported(tables), "this build has no Syzygy support");
            // A root in the tables is their only probe; a tree's probes are many.
            assertTrue(outcomes.stream().anyMatch(o -> o.tbProbes() == 1 && o.tbHits() == 1), "no root ranked");
            assertTrue(outcomes.stream().anyMatch(o -> o.tbHits() >= 10), "no probes found values in a tree");
        });
        return Stream.concat(comparisons, Stream.of(coverage));
    }

    private static Path tablesDirectory() {
        String property = System.getProperty("augur.equivalence.tables");
        assertTrue(property != null, "the build passes the tables' folder in augur.equivalence.tables");
        return Path.of(property);
    }

    // False only in a build without libfathom, which refuses every table.
    private static boolean syzygySupported(Path tables) throws Exception {
        try (Tablebase probe = new Tablebase()) {
            probe.load(tables.toString());
            return true;
        } catch (AugurException e) {
            if (e.nativeMessage().contains("no Syzygy support")) return false;
            throw e;
        }
    }

    private static Path networkFile() {
        String property = System.getProperty("augur.equivalence.network");
        assertTrue(property != null, "the build passes the test network in augur.equivalence.network");
        return Path.of(property);
    }

    /** The profiles' option names are the native engine's; the Java engine must take each of them. */
    @TestFactory
    Stream<DynamicTest> theJavaEngineTakesEveryProfile() throws Exception {
        return Profiles.fromOptions(NativeSide.options(), networkFile()).all().stream().map(profile -> dynamicTest(profile.name(),
                () -> {
                    var engine = new dev.augur.reference.search.ReferenceEngine();
                    profile.options().forEach(engine::setOption);
                    profile.options().forEach((name, value) -> assertEquals(value, engine.getOption(name)));
                }));
    }
}
