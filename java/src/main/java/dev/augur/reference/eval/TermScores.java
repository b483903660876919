package dev.augur.reference.eval;

/**
 * The raw per-term, per-colour scores of a position, before options, tapering and scaling are
 * applied (native detail::TermScores). Reused by a HandCraftedEvaluator from call to call.
 */
final class TermScores {
    final int[][] mg = new int[EvalTerm.COUNT][2];
    final int[][] eg = new int[EvalTerm.COUNT][2];

    void clear() {
        for (int i = 0; i < EvalTerm.COUNT; i++) {
            mg[i][0] = mg[i][1] = 0;
            eg[i][0] = eg[i][1] = 0;
        }
    }

    void add(EvalTerm term, int colour, Score s) {
        mg[term.ordinal()][colour] += s.mg();
        eg[term.ordinal()][colour] += s.eg();
    }

    void add(EvalTerm term, int colour, int mgValue, int egValue) {
        mg[term.ordinal()][colour] += mgValue;
        eg[term.ordinal()][colour] += egValue;
    }

    Score get(int term, int colour) {
        return new Score(mg[term][colour], eg[term][colour]);
    }
}
