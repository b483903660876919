package dev.augur;

/**
 * Sees every node of the search tree: {@link #enter} as a node is entered and {@link #leave} as it
 * returns (pairing with the last unmatched enter). The arguments are primitives so that nothing is
 * allocated per node; still, every node then costs a JNI call (tens of nanoseconds), so use it for
 * testing and debugging. Called on the searching thread, under the same rules as
 * {@link PvListener}.
 */
public interface TraceListener {
    /**
     * @param ply 0 at the root
     * @param depth remaining depth; 0 and below is quiescence search
     * @param alpha the window's lower bound
     * @param beta the window's upper bound
     * @param key the Polyglot key of the position
     * @param move the code of the move that led here: 0 at the root, 65 after a null move
     */
    void enter(int ply, int depth, int alpha, int beta, long key, int move);

    /**
     * @param score the node's score
     * @param bound 1 upper, 2 lower, 3 exact (see {@link Bound#of})
     * @param bestMove the code of the move that raised alpha, or 0
     */
    void leave(int score, int bound, int bestMove);
}
