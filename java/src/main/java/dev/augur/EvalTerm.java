package dev.augur;

/**
 * One term of the static evaluation, all values in centipawns from White's view.
 *
 * @param name "material", "mobility", ...; the option switching it off is "Eval_" + name
 * @param whiteMg White's middlegame score
 * @param whiteEg White's endgame score
 * @param blackMg Black's middlegame score
 * @param blackEg Black's endgame score
 * @param mg White's minus Black's middlegame score
 * @param eg White's minus Black's endgame score
 * @param finalValue the term's share of {@link Evaluation#totalWhite()} after tapering and scaling
 */
public record EvalTerm(String name, int whiteMg, int whiteEg, int blackMg, int blackEg, int mg, int eg,
        int finalValue) {}
