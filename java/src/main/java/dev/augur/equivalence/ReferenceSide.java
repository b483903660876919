package dev.augur.equivalence;

import dev.augur.bridge.NativeTablebaseProbes;
import dev.augur.reference.search.ReferenceEngine;
import dev.augur.reference.search.ReferenceLimits;
import dev.augur.reference.search.ReferenceResult;
import dev.augur.reference.search.SearchParams;
import dev.augur.reference.search.TablebaseProbes;
import java.util.Map;

/**
 * The pure-Java search (package dev.augur.reference.search). Every case gets a new
 * {@link ReferenceEngine} with its own copy of the search parameters, so a case never sees what an
 * earlier one left in the table or the history.
 */
public final class ReferenceSide implements SearchSide {
    private final String name;
    private final SearchParams params;
    private final TablebaseProbes.Loader tables;

    /** The Java search with the native defaults. */
    public ReferenceSide() {
        this("java", SearchParams.standard());
    }

    /**
     * The Java search with these parameters, e.g. with one entry altered to check that the
     * comparison catches and locates the change. The parameters are copied for every case.
     */
    public ReferenceSide(String name, SearchParams params) {
        this(name, params, NativeTablebaseProbes::open);
    }

    /**
     * The Java search with these parameters and its SyzygyPath opened by tables (by default the
     * native search's own tables through the binding), e.g. to check that a Java search probing
     * differently is caught.
     */
    public ReferenceSide(String name, SearchParams params, TablebaseProbes.Loader tables) {
        this.name = name;
        this.params = params.copy();
        this.tables = tables;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SearchOutcome search(EquivalenceCase testCase, Profile profile, TraceSink sink) {
        ReferenceEngine engine = new ReferenceEngine(params.copy());
        engine.setTablebaseLoader(tables);
        for (Map.Entry<String, String> option : profile.options().entrySet()) {
            engine.setOption(option.getKey(), option.getValue());
        }
        engine.setPosition(testCase.fen(), testCase.moves());
        ReferenceLimits limits = testCase.depth() > 0 ? ReferenceLimits.depth(testCase.depth())
                : ReferenceLimits.nodes(testCase.nodes());
        long start = System.nanoTime();
        ReferenceResult result = engine.search(limits, sink, null);
        long nanos = System.nanoTime() - start;
        return new SearchOutcome(result.bestMove(), result.score(), result.depth(), result.nodes(), result.tbProbes(),
                result.tbHits(), nanos);
    }
}
