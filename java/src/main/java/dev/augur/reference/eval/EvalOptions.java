package dev.augur.reference.eval;

import java.util.Arrays;

/**
 * Which parts of the evaluation run: one switch per {@link EvalTerm} and one for the endgame
 * layer (dead draws, known endings and drawish scale factors). The default is everything on, as
 * in the native EvalOptions, so that native and Java are compared profile by profile.
 */
public final class EvalOptions {
    private final boolean[] terms = new boolean[EvalTerm.COUNT];
    private boolean endgameScaling = true;

    public EvalOptions() {
        Arrays.fill(terms, true);
    }

    public EvalOptions copy() {
        EvalOptions copy = new EvalOptions();
        System.arraycopy(terms, 0, copy.terms, 0, terms.length);
        copy.endgameScaling = endgameScaling;
        return copy;
    }

    public boolean enabled(EvalTerm term) {
        return terms[term.ordinal()];
    }

    public EvalOptions set(EvalTerm term, boolean on) {
        terms[term.ordinal()] = on;
        return this;
    }

    public boolean endgameScaling() {
        return endgameScaling;
    }

    public EvalOptions setEndgameScaling(boolean on) {
        endgameScaling = on;
        return this;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EvalOptions o && Arrays.equals(terms, o.terms) && endgameScaling == o.endgameScaling;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(terms) + Boolean.hashCode(endgameScaling);
    }
}
