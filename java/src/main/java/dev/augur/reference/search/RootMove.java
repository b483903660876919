package dev.augur.reference.search;

import java.util.ArrayList;
import java.util.List;

/**
 * What a search knows about one legal move at the root, the twin of native RootMove
 * (lib/search/root_move.h). After each completed iteration the records that lead a MultiPV line
 * come first, best first, and the others follow with no score; the best line is the first record.
 */
public final class RootMove {
    /** Not a score: the move leads no line (yet). */
    public static final int NO_SCORE = -Scores.INFINITE;

    final int move;
    int score = NO_SCORE;
    int previousScore = NO_SCORE;
    int seldepth;
    int[] pv = new int[0];
    int tbRank;
    int tbScore;  // the tables' verdict as a score, when they ranked the root
    long nodes;   // searched under it so far, every iteration (for the clock)

    RootMove(int move) {
        this.move = move;
    }

    /** A copy that later iterations leave alone. */
    RootMove(RootMove other) {
        move = other.move;
        score = other.score;
        previousScore = other.previousScore;
        seldepth = other.seldepth;
        pv = other.pv.clone();
        tbRank = other.tbRank;
        tbScore = other.tbScore;
        nodes = other.nodes;
    }

    public int move() {
        return move;
    }

    /** The score of the line it leads, from the last iteration that searched it. */
    public int score() {
        return score;
    }

    /** The same one iteration earlier. */
    public int previousScore() {
        return previousScore;
    }

    /** The deepest ply reached when the score was found. */
    public int seldepth() {
        return seldepth;
    }

    /** The line it leads, starting with the move; empty if none. */
    public List<Integer> pv() {
        List<Integer> line = new ArrayList<>(pv.length);
        for (int m : pv) {
            line.add(m);
        }
        return line;
    }

    /** Rank by the endgame tablebases when the root is in them (higher is better); 0 otherwise. */
    public int tbRank() {
        return tbRank;
    }
}
