package dev.augur.equivalence;

/**
 * Receives the trace of one search, from either implementation: it is both the JNI binding's
 * {@link dev.augur.TraceListener} and the Java search's
 * {@link dev.augur.reference.search.TraceListener}, whose events have the same meaning, so one
 * object can be handed to either search unchanged.
 *
 * <p>Besides its own use of the events, every sink counts them, keeps the running
 * {@link TraceDigest} and counts the root's aspiration re-searches.
 */
public abstract class TraceSink implements dev.augur.TraceListener, dev.augur.reference.search.TraceListener {
    private long events;
    private long digest = TraceDigest.EMPTY;
    private final ResearchCounter researches = new ResearchCounter();

    @Override
    public final void enter(int ply, int depth, int alpha, int beta, long key, int move) {
        onEnter(events, ply, depth, alpha, beta, key, move);
        digest = TraceDigest.enter(digest, ply, depth, alpha, beta, key, move);
        researches.enter(ply, depth, alpha, beta);
        events++;
    }

    @Override
    public final void leave(int score, int bound, int bestMove) {
        onLeave(events, score, bound, bestMove);
        digest = TraceDigest.leave(digest, score, bound, bestMove);
        researches.leave(bound);
        events++;
    }

    /** The event with this index (0 for the first of the search) enters a node. */
    protected abstract void onEnter(long index, int ply, int depth, int alpha, int beta, long key, int move);

    /** The event with this index leaves the node entered last and not yet left. */
    protected abstract void onLeave(long index, int score, int bound, int bestMove);

    /** Events received so far. */
    public final long eventCount() {
        return events;
    }

    /** The digest of the events received so far. */
    public final long digest() {
        return digest;
    }

    /**
     * Root nodes entered again at the depth of the root search just left, with another window,
     * after that search failed low or high: the aspiration window's re-searches.
     */
    public final int rootResearches() {
        return researches.count;
    }

    /**
     * Spots re-searches of the root: a root node is entered at the same depth as the previous
     * root node, which was left with a bound (score outside its window), and with another window.
     * MultiPV lines also enter the root again at the same depth, but after an exact score.
     */
    private static final class ResearchCounter {
        private int openNodes;
        private int lastDepth = Integer.MIN_VALUE;
        private int lastAlpha;
        private int lastBeta;
        private boolean lastFailed;
        private int count;

        void enter(int ply, int depth, int alpha, int beta) {
            if (ply == 0) {
                if (depth == lastDepth && lastFailed && (alpha != lastAlpha || beta != lastBeta)) count++;
                lastDepth = depth;
                lastAlpha = alpha;
                lastBeta = beta;
            }
            openNodes++;
        }

        void leave(int bound) {
            openNodes--;
            if (openNodes == 0) lastFailed = bound != TraceEvent.EXACT;
        }
    }
}
