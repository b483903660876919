// EvalTrace: a position's hand-crafted evaluation as a linear function of its
// weights, for tuning them (lib/training's Texel tuner).
//
// compute_terms (eval_terms.h) names, for every contribution, the weight it
// comes from and how many times it counts; the trace adds those counts up per
// weight, White's minus Black's. With the phase p and the endgame scale s of
// the position, the evaluation (White's view, before the final truncation) is
//   sum over weights of count * (mg * p * 64 + eg * s * (24 - p)) / 1536.
// Two parts are not linear and are held at their traced values: the endgame
// scale s (the recognisers and the side the endgame total favours) and the
// king-attack units (the int weights king_attack_weight multiply the Score
// weights king_attack_scale), which the trace counts as units / 8 of the
// scale; king_attack_weight itself has no count. Where the endgame layer
// decides the value (a dead draw, a known ending: evaluator.h), no weight
// counts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/position.h"
#include "eval/evaluate.h"
#include "eval/score.h"
#include "eval/terms.h"
#include "eval/weights.h"

namespace augur {

// The ints of EvalWeights numbered in memory order: a Score takes two slots,
// its middlegame half first.
constexpr std::size_t EVAL_WEIGHT_SLOTS = sizeof(EvalWeights) / sizeof(int);
static_assert(sizeof(Score) == 2 * sizeof(int) && EVAL_WEIGHT_SLOTS < 65536);

// The slot of field, an int of weights (a Score's mg or eg, or an int weight).
std::size_t weight_slot(const EvalWeights& weights, const int& field);
int weight_at(const EvalWeights& weights, std::size_t slot);
void set_weight_at(EvalWeights& weights, std::size_t slot, int value);

// How many times a Score weight counts in a position, White's minus Black's;
// slot is the weight's middlegame slot.
struct WeightCount {
    std::uint16_t slot;
    float count;
};

class EvalTrace {
public:
    EvalTrace(const EvalWeights& weights, const EvalOptions& options);

    void add(EvalTerm t, Color c, const Score& weight, int count = 1) { record(t, c, weight, count); }
    void add_fraction(EvalTerm t, Color c, const Score& weight, int units, int divisor) {
        record(t, c, weight, double(units) / divisor);
    }
    // The pawn hash's sums are not traced: trace_pawns gives their weights.
    void add_cached(EvalTerm, Color, Score) {}

    // The non-zero counts, in slot order.
    std::vector<WeightCount> counts() const;

private:
    void record(EvalTerm t, Color c, const Score& weight, double count);

    const EvalWeights& weights_;
    const EvalOptions& options_;
    std::vector<double> by_slot_;
    std::vector<std::uint16_t> touched_;
};

// A position's evaluation with its trace.
struct TracedEvaluation {
    std::vector<WeightCount> counts;
    int phase = 0;
    int scale = SCALE_NORMAL;
    bool decided = false;  // by the endgame layer: white is its value, counts are empty
    int white = 0;         // the evaluation, White's view

    // The linear form of the evaluation with other weights (White's view, not
    // truncated); equal to white, up to the truncations, with the traced ones.
    double linear(const EvalWeights& weights) const;
};

// Traces pos with the evaluator's weights and options.
TracedEvaluation trace_evaluation(HandCraftedEvaluator& evaluator, const Position& pos);

}  // namespace augur
