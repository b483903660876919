package dev.augur.reference.eval;

/**
 * What the endgame recogniser says about a position: whether it is a dead draw, and for each
 * colour the rule and the endgame scale (in 64ths) that apply when that colour is ahead.
 */
public final class EndgameVerdict {
    boolean dead;
    final EndgameRule[] rule = {EndgameRule.NONE, EndgameRule.NONE};
    final int[] scale = {HandCraftedEvaluator.SCALE_NORMAL, HandCraftedEvaluator.SCALE_NORMAL};

    public boolean dead() {
        return dead;
    }

    public EndgameRule rule(int colour) {
        return rule[colour];
    }

    public int scale(int colour) {
        return scale[colour];
    }
}
