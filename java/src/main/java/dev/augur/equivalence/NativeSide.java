package dev.augur.equivalence;

import dev.augur.AugurException;
import dev.augur.Engine;
import dev.augur.Move;
import dev.augur.OptionInfo;
import dev.augur.SearchLimits;
import dev.augur.SearchListeners;
import dev.augur.SearchResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The native search through the JNI binding. Every case gets a new {@link Engine} (creating one
 * costs microseconds and leaves no table or history behind), with one thread: Lazy SMP is not
 * deterministic.
 */
public final class NativeSide implements SearchSide {
    private final String name;
    private final Map<String, String> overrides;

    /** The native engine as it is. */
    public NativeSide() {
        this("native", Map.of());
    }

    /**
     * The native engine with these options set after each profile's, for checking the harness
     * itself: a side whose options differ must be reported as different.
     */
    public NativeSide(String name, Map<String, String> overrides) {
        this.name = name;
        this.overrides = new LinkedHashMap<>(overrides);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SearchOutcome search(EquivalenceCase testCase, Profile profile, TraceSink sink) throws AugurException {
        try (Engine engine = new Engine()) {
            engine.setOption("Threads", "1");
            for (Map.Entry<String, String> option : profile.options().entrySet()) {
                engine.setOption(option.getKey(), option.getValue());
            }
            for (Map.Entry<String, String> option : overrides.entrySet()) {
                engine.setOption(option.getKey(), option.getValue());
            }
            engine.setPosition(testCase.fen(), testCase.moves());
            SearchLimits limits = testCase.depth() > 0 ? SearchLimits.depth(testCase.depth())
                    : SearchLimits.nodes(testCase.nodes());
            SearchListeners listeners = sink == null ? SearchListeners.NONE : SearchListeners.NONE.withTrace(sink);
            // A new engine's table pages come from the OS at their first touch, inside the search;
            // clearing the (empty) table touches them first, as the Java engine's constructor
            // does, so that the timed search is only the search. It changes nothing searched.
            engine.clearHash();
            long start = System.nanoTime();
            SearchResult result = engine.search(limits, listeners);
            long nanos = System.nanoTime() - start;
            return new SearchOutcome(code(result.bestMove()), result.score(), result.depth(), result.nodes(),
                    result.tbProbes(), result.tbHits(), nanos);
        }
    }

    /** The native engine's options, from which the profiles are made. */
    public static List<OptionInfo> options() throws AugurException {
        try (Engine engine = new Engine()) {
            return engine.options();
        }
    }

    private static int code(Move move) {
        return move == null ? 0 : move.code();
    }
}
