package dev.augur.reference.search;

/**
 * Sees every node of the Java search tree, with the same events at the same points and the same
 * argument meanings as the native tracer (lib/search/worker.cpp, enter_node and
 * NodeScope::leave; dev.augur.TraceListener on the JNI side), so that two traces are equal exactly
 * when the two searches visited the same nodes in the same order with the same results.
 * {@link #leave} pairs with the last unmatched {@link #enter}.
 */
public interface TraceListener {
    /**
     * @param ply 0 at the root
     * @param depth remaining depth; 0 and below is quiescence search
     * @param alpha the window's lower bound on entry
     * @param beta the window's upper bound on entry
     * @param key the Polyglot key of the position
     * @param move the 16-bit code of the move that led here: 0 at the root, 65 after a null move
     */
    void enter(int ply, int depth, int alpha, int beta, long key, int move);

    /**
     * @param score the node's score
     * @param bound {@link Bound#UPPER} (1), {@link Bound#LOWER} (2) or {@link Bound#EXACT} (3),
     *     the score against the window given on entry
     * @param bestMove the code of the move that raised alpha, or 0
     */
    void leave(int score, int bound, int bestMove);
}
