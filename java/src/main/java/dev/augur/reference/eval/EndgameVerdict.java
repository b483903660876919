package dev.augur.reference.eval;

/**
 * What the endgame layer says about a position: whether it is a dead draw, whether it is a known
 * ending valued by an evaluation function (White's view), and for each colour the rule and the
 * endgame scale (in 64ths) that apply when that colour is ahead.
 */
public final class EndgameVerdict {
    boolean dead;
    boolean known;
    int valueWhite;
    final EndgameRule[] rule = {EndgameRule.NONE, EndgameRule.NONE};
    final int[] scale = {HandCraftedEvaluator.SCALE_NORMAL, HandCraftedEvaluator.SCALE_NORMAL};

    public boolean dead() {
        return dead;
    }

    public boolean known() {
        return known;
    }

    /** A known ending's value in White's view, which replaces the general terms. */
    public int valueWhite() {
        return valueWhite;
    }

    public EndgameRule rule(int colour) {
        return rule[colour];
    }

    public int scale(int colour) {
        return scale[colour];
    }
}
