// HandCraftedEvaluator: the hand-crafted static evaluation of a position, one
// implementation of the Evaluator seam (evaluator.h). It needs no incremental
// state, so it leaves the move hooks empty.
//
// evaluate() returns centipawns from the side to move's point of view, with
// |value| < 20000. It is a pure function of the position, the weights and the
// options: integer arithmetic only, no floating point and no address-dependent
// state, so the Java reference implementation reproduces it term for term.
// The pawn hash only caches; results are identical with or without it.
//
// How the score is formed (the Java port follows these steps exactly):
//  1. every term yields a Score {mg, eg} per colour; disabled terms yield 0;
//  2. net_i = White's Score minus Black's for term i;
//  0. the endgame layer (endgame.h) first: a dead draw is exactly 0, and a
//     known ending's evaluation function gives the value instead of steps 1-5;
//  3. phase p in 0..24 from the non-pawn pieces; endgame scale s in 0..64 from
//     the endgame layer's scaling entries for the side whose endgame total is ahead;
//  4. T_i = net_i.mg * p * 64 + net_i.eg * s * (24 - p)   (64-bit integers);
//  5. White's score = (sum of T_i) / 1536, truncated toward zero (symmetric for
//     both colours); a dead draw is exactly 0;
//  6. the side to move's view negates it when Black is to move.
// In the breakdown, term i's final value is C_i/1536 - C_{i-1}/1536 with C_i
// the running sum of T up to term i, so the finals add up to the total exactly.
//
// One per search thread: evaluate() writes to the pawn hash.
#pragma once

#include <array>
#include <cstddef>

#include "core/position.h"
#include "eval/endgame.h"
#include "eval/evaluator.h"
#include "eval/pawns.h"
#include "eval/score.h"
#include "eval/terms.h"
#include "eval/weights.h"

namespace augur {

// One term of a breakdown: what each side scores, and the net effect on the
// final value (White's view, after tapering and scaling).
struct TermBreakdown {
    Score white;
    Score black;
    int final_white = 0;
};

// Everything evaluate() computed, for the `eval` command and the C ABI.
struct EvalBreakdown {
    std::array<TermBreakdown, EVAL_TERM_NB> terms{};
    int phase = 0;                 // 0 (bare endgame) .. 24 (all pieces)
    int scale = SCALE_NORMAL;      // endgame scale applied, in 64ths
    EndgameRule rule = EndgameRule::None;  // the endgame entry that set it, or gave the value
    bool dead = false;             // a dead draw: total is exactly 0
    // A known ending: the terms are shown, their finals are 0, and the total is
    // the value of the evaluation function named by rule.
    bool known = false;
    // White's view. Equal to the sum of the terms' final_white (unless known),
    // except that evaluate() clamps to |v| <= 19999, which no legal position reaches.
    int total_white = 0;
    int total = 0;                 // side to move's view, equal to evaluate()
};

class HandCraftedEvaluator final : public Evaluator {
public:
    explicit HandCraftedEvaluator(std::size_t pawn_hash_entries = std::size_t(1) << 14);

    void set_options(const EvalOptions& options) override { options_ = options; }
    const EvalOptions& options() const { return options_; }
    // Replaces the weights (for tuning); clears the pawn hash.
    void set_weights(const EvalWeights& weights);
    const EvalWeights& weights() const { return weights_; }

    int evaluate(const Position& pos) override;
    EvalBreakdown breakdown(const Position& pos);
    // Empties the pawn hash (results never depend on it).
    void clear() override { pawn_hash_.clear(); }

private:
    EvalOptions options_;
    EvalWeights weights_;
    PawnHashTable pawn_hash_;
};

}  // namespace augur
