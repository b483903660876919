package dev.augur.reference.eval;

import java.util.List;

/**
 * Everything evaluate() computed, term by term, as the native EvalBreakdown: the terms' finals
 * add up to the total exactly (see {@link HandCraftedEvaluator}) unless the ending is known.
 *
 * @param terms      by {@link EvalTerm} order
 * @param phase      0 (bare endgame) .. 24 (all pieces)
 * @param scale      the endgame scale applied, in 64ths
 * @param rule       the endgame entry that set it, or gave the value
 * @param dead       a dead draw: the total is exactly 0
 * @param known      a known ending: the terms' finals are 0, the total is the value of the
 *                   evaluation function named by rule
 * @param totalWhite White's view
 * @param total      the side to move's view, equal to evaluate()
 */
public record EvalBreakdown(List<TermBreakdown> terms, int phase, int scale, EndgameRule rule, boolean dead,
                            boolean known, int totalWhite, int total) {
    public TermBreakdown term(EvalTerm term) {
        return terms.get(term.ordinal());
    }
}
