#include "eval/eval_trace.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "eval/eval_terms.h"
#include "eval/evaluator.h"

namespace augur {

std::size_t weight_slot(const EvalWeights& weights, const int& field) {
    return std::size_t(reinterpret_cast<const char*>(&field) - reinterpret_cast<const char*>(&weights)) / sizeof(int);
}

// EvalWeights is a plain aggregate of ints (weights.h); memcpy reads and
// writes one of them by its slot without aliasing questions.
int weight_at(const EvalWeights& weights, std::size_t slot) {
    int value;
    std::memcpy(&value, reinterpret_cast<const char*>(&weights) + slot * sizeof(int), sizeof(int));
    return value;
}

void set_weight_at(EvalWeights& weights, std::size_t slot, int value) {
    std::memcpy(reinterpret_cast<char*>(&weights) + slot * sizeof(int), &value, sizeof(int));
}

EvalTrace::EvalTrace(const EvalWeights& weights, const EvalOptions& options)
    : weights_(weights), options_(options), by_slot_(EVAL_WEIGHT_SLOTS, 0.0) {}

void EvalTrace::record(EvalTerm t, Color c, const Score& weight, double count) {
    if (!options_.enabled(t) || count == 0) return;
    std::size_t slot = weight_slot(weights_, weight.mg);
    if (by_slot_[slot] == 0) touched_.push_back(std::uint16_t(slot));
    by_slot_[slot] += c == WHITE ? count : -count;
}

std::vector<WeightCount> EvalTrace::counts() const {
    std::vector<std::uint16_t> slots = touched_;
    std::sort(slots.begin(), slots.end());
    slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
    std::vector<WeightCount> out;
    for (std::uint16_t slot : slots)
        if (by_slot_[slot] != 0) out.push_back({slot, float(by_slot_[slot])});
    return out;
}

double TracedEvaluation::linear(const EvalWeights& weights) const {
    if (decided) return white;
    double mg = 0, eg = 0;
    for (const WeightCount& wc : counts) {
        mg += wc.count * weight_at(weights, wc.slot);
        eg += wc.count * weight_at(weights, wc.slot + 1);
    }
    return (mg * phase * SCALE_NORMAL + eg * scale * (PHASE_MAX - phase)) / (PHASE_MAX * SCALE_NORMAL);
}

TracedEvaluation trace_evaluation(HandCraftedEvaluator& evaluator, const Position& pos) {
    TracedEvaluation out;
    if (evaluator.options().endgame_scaling) {
        if (std::optional<int> value = endgame_layer_value(pos, classify_endgame(pos))) {
            out.decided = true;
            out.white = pos.side_to_move() == WHITE ? *value : -*value;
            return out;
        }
    }
    EvalBreakdown breakdown = evaluator.breakdown(pos);
    EvalTrace trace(evaluator.weights(), evaluator.options());
    PawnEntry pawns;
    trace_pawns(pos, evaluator.weights(), pawns, trace);
    detail::compute_terms(pos, evaluator.weights(), pawns, trace);
    out.counts = trace.counts();
    out.phase = breakdown.phase;
    out.scale = breakdown.scale;
    out.white = breakdown.total_white;
    return out;
}

}  // namespace augur
