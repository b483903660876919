// Internal to lib/eval: the raw per-term, per-colour scores of a position,
// before options, tapering and scaling are applied (see evaluate.h).
#pragma once

#include "core/position.h"
#include "eval/pawns.h"
#include "eval/score.h"
#include "eval/terms.h"
#include "eval/weights.h"

namespace augur::detail {

struct TermScores {
    Score s[EVAL_TERM_NB][COLOR_NB] = {};
    void add(EvalTerm t, Color c, Score v) { s[int(t)][c] += v; }
};

// Fills out with every term, whether enabled or not.
void compute_terms(const Position& pos, const EvalWeights& w, const PawnEntry& pawns, TermScores& out);

// 0 (no pieces) .. PHASE_MAX (the opening's pieces or more).
int game_phase(const Position& pos);

}  // namespace augur::detail
