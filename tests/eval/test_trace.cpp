// EvalTrace: the linear form of the evaluation that the Texel tuner fits must
// be the evaluation, with the weights it was traced with and with others.
#include <catch2/catch.hpp>

#include <cmath>

#include "eval/eval_trace.h"
#include "test_util.h"

using namespace augur;
using augur::test::Board;

namespace {

// Every slot of the default weights moved by -3..+3, the int weights kept (the
// trace holds king_attack_weight fixed).
EvalWeights shifted_weights() {
    EvalWeights w = default_weights();
    const EvalWeights& d = default_weights();
    auto shift = [&](const Score& s) {
        for (const int* half : {&s.mg, &s.eg}) {
            std::size_t slot = weight_slot(d, *half);
            set_weight_at(w, slot, weight_at(d, slot) + int(slot % 7) - 3);
        }
    };
    for (const Score& s : d.material) shift(s);
    for (const auto& table : d.pst)
        for (const Score& s : table) shift(s);
    for (const Score& s : d.rook_mobility) shift(s);
    for (const Score& s : d.passed_own_king_distance) shift(s);
    for (const Score& s : d.king_attack_scale) shift(s);
    for (const Score& s : d.connected_pawn) shift(s);
    shift(d.isolated_pawn);
    shift(d.tempo);
    return w;
}

}  // namespace

TEST_CASE("the traced linear form is the evaluation, up to its truncations", "[eval][trace]") {
    HandCraftedEvaluator traced_with;
    HandCraftedEvaluator shifted;
    EvalWeights other = shifted_weights();
    shifted.set_weights(other);
    std::size_t positions = 0, rescaled = 0;
    for (const auto& [fen, chess960] : test::all_suite_positions()) {
        Board b(fen, chess960);
        TracedEvaluation t = trace_evaluation(traced_with, b.pos);
        INFO(fen);
        int value = traced_with.evaluate(b.pos);
        REQUIRE(t.white == (b.pos.side_to_move() == WHITE ? value : -value));
        if (t.decided) {  // by the endgame layer, whatever the weights
            REQUIRE(t.linear(other) == t.white);
            continue;
        }
        // The king attack's units / 8 (both sides toward zero, with scales >= 0)
        // and the final division truncate: less than 1 each.
        REQUIRE(std::abs(t.linear(default_weights()) - t.white) < 2);
        EvalBreakdown moved = shifted.breakdown(b.pos);
        if (moved.scale != t.scale) {
            ++rescaled;  // the endgame total changed sign: the scale is the trace's one non-linear part
            continue;
        }
        // Shifted king-attack scales may be negative: the two sides' units / 8
        // then truncate in opposite directions (less than 2 together).
        REQUIRE(std::abs(t.linear(other) - moved.total_white) < 3);
        ++positions;
    }
    CHECK(positions > 10000);
    CHECK(rescaled < positions / 100);
}

TEST_CASE("the trace leaves out switched-off terms and counts White's minus Black's", "[eval][trace]") {
    const EvalWeights& w = default_weights();
    HandCraftedEvaluator ev;
    Board start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // Symmetric: only the side to move's tempo is left.
    TracedEvaluation t = trace_evaluation(ev, start.pos);
    REQUIRE(t.counts.size() == 1);
    CHECK(t.counts[0].slot == weight_slot(w, w.tempo.mg));
    CHECK(t.counts[0].count == 1.0f);

    // Black has lost the knight of b8 (relative square b1, as White's on b1).
    Board extra_knight("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    auto count_of = [&](const TracedEvaluation& traced, const Score& weight) {
        for (const WeightCount& c : traced.counts)
            if (c.slot == weight_slot(w, weight.mg)) return double(c.count);
        return 0.0;
    };
    t = trace_evaluation(ev, extra_knight.pos);
    CHECK(count_of(t, w.material[KNIGHT]) == 1.0);
    CHECK(count_of(t, w.pst[KNIGHT][SQ_B1]) == 1.0);
    EvalOptions no_material;
    no_material.set(EvalTerm::Material, false);
    ev.set_options(no_material);
    t = trace_evaluation(ev, extra_knight.pos);
    CHECK(count_of(t, w.material[KNIGHT]) == 0.0);
    CHECK(count_of(t, w.pst[KNIGHT][SQ_B1]) == 1.0);
}
