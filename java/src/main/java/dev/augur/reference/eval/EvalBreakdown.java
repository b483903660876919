package dev.augur.reference.eval;

import java.util.List;

/**
 * Everything evaluate() computed, term by term, as the native EvalBreakdown: the terms' finals
 * add up to the total exactly (see {@link HandCraftedEvaluator}).
 *
 * @param terms      by {@link EvalTerm} order
 * @param phase      0 (bare endgame) .. 24 (all pieces)
 * @param scale      the endgame scale applied, in 64ths
 * @param rule       the recogniser rule that set it
 * @param dead       a dead draw: the total is exactly 0
 * @param totalWhite White's view
 * @param total      the side to move's view, equal to evaluate()
 */
public record EvalBreakdown(List<TermBreakdown> terms, int phase, int scale, EndgameRule rule, boolean dead,
                            int totalWhite, int total) {
    public TermBreakdown term(EvalTerm term) {
        return terms.get(term.ordinal());
    }
}
