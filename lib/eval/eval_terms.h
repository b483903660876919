// Internal to lib/eval: the raw per-term, per-colour scores of a position,
// before options, tapering and scaling are applied (see evaluate.h).
//
// The terms are written once, for any sink: every contribution names the
// weight it comes from and how many times it counts, so that TermScores sums
// the scores the evaluation needs while an EvalTrace (eval_trace.h) records the
// same evaluation as a linear function of its weights, for tuning.
#pragma once

#include "core/position.h"
#include "eval/pawns.h"
#include "eval/score.h"
#include "eval/terms.h"
#include "eval/weights.h"

namespace augur::detail {

struct TermScores {
    Score s[EVAL_TERM_NB][COLOR_NB] = {};
    // weight * count for term t of colour c.
    void add(EvalTerm t, Color c, const Score& weight, int count = 1) { s[int(t)][c] += weight * count; }
    // weight * units / divisor, each half truncated toward zero (units >= 0).
    void add_fraction(EvalTerm t, Color c, const Score& weight, int units, int divisor) {
        s[int(t)][c] += Score{units * weight.mg / divisor, units * weight.eg / divisor};
    }
    // A sum of weights computed earlier: the pawn hash's structure terms.
    void add_cached(EvalTerm t, Color c, Score value) { s[int(t)][c] += value; }
};

// Fills out with every term, whether enabled or not. Sink is TermScores or
// EvalTrace (instantiated in eval_terms.cpp).
template <class Sink>
void compute_terms(const Position& pos, const EvalWeights& w, const PawnEntry& pawns, Sink& out);

// 0 (no pieces) .. PHASE_MAX (the opening's pieces or more).
int game_phase(const Position& pos);

}  // namespace augur::detail
