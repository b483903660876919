package dev.augur;

import java.util.List;

/**
 * The static evaluation of an engine's position, term by term ({@link Engine#evaluate()}).
 *
 * @param total the evaluation from the side to move's view
 * @param totalWhite from White's view: the sum of the terms' final values, or in a known ending
 *        (endgameRule names its evaluation function, such as "kbnk") that function's value
 * @param phase 0 (no pieces) to 24 (all pieces)
 * @param scale endgame scale in 64ths (64: none)
 * @param endgameRule the endgame entry that set the scale, declared a dead draw or gave the value
 *        of a known ending ("none")
 * @param dead true for a dead draw: everything adds up to 0
 * @param terms the terms; later versions may add some, so find them by name
 */
public record Evaluation(int total, int totalWhite, int phase, int scale, String endgameRule, boolean dead,
        List<EvalTerm> terms) {
    public Evaluation {
        terms = List.copyOf(terms);
    }

    /** Made by the JNI glue. */
    Evaluation(int total, int totalWhite, int phase, int scale, String endgameRule, boolean dead, EvalTerm[] terms) {
        this(total, totalWhite, phase, scale, endgameRule, dead, List.of(terms));
    }

    /** The term of this name, or null. */
    public EvalTerm term(String name) {
        for (EvalTerm term : terms) {
            if (term.name().equals(name)) return term;
        }
        return null;
    }
}
