package dev.augur.reference.eval;

/**
 * A pair of middlegame and endgame values in centipawns, the Java twin of the native Score.
 *
 * <p>Every evaluation term produces Scores; the halves are blended by the game phase only once,
 * at the end (see {@link HandCraftedEvaluator}), so a term's contribution stays exact and additive. Plain
 * int arithmetic with Java's wrap-around, as the native int fields have for the values that occur.
 */
public record Score(int mg, int eg) {
    public static final Score ZERO = new Score(0, 0);

    public Score plus(Score other) {
        return new Score(mg + other.mg, eg + other.eg);
    }

    public Score minus(Score other) {
        return new Score(mg - other.mg, eg - other.eg);
    }

    public Score times(int k) {
        return new Score(mg * k, eg * k);
    }

    public Score negate() {
        return new Score(-mg, -eg);
    }

    @Override
    public String toString() {
        return "(" + mg + ", " + eg + ")";
    }
}
