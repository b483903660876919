#include "eval/nnue/nnue_evaluator.h"

#include <algorithm>
#include <stdexcept>

#include "core/fuzz_coverage.h"

namespace augur::nnue {

namespace {

// Entries kept from the start: deeper than any search goes, so the vectors
// rarely grow during one.
constexpr std::size_t INITIAL_PLIES = 256;

// The output of pos's bucket from its side to move's and the other side's
// accumulators: the sum of both halves plus the bucket's bias, times scale over
// the divisor, truncated toward zero and clamped (docs/NNUE.md, "Arithmetic").
template <SimdPath Path>
int network_output(const Network& network, const Position& pos, const std::int16_t* stm, const std::int16_t* other) {
    const int bucket = network.bucket_of(popcount(pos.pieces()));
    const std::int32_t sum = output_sum<Path>(stm, other, network.bucket_output_weights(bucket), network.shape);
    std::int64_t total = std::int64_t(sum) + network.output_bias[std::size_t(bucket)];
    std::int64_t value = total * network.shape.scale / network.shape.output_divisor();
    return int(std::clamp<std::int64_t>(value, -EVAL_LIMIT, EVAL_LIMIT));
}

void refresh_accumulator(const Network& network, const Position& pos, Color perspective, std::int16_t* out) {
    std::copy(network.feature_bias.begin(), network.feature_bias.end(), out);
    for (Bitboard b = pos.pieces(); b; b &= b - 1) {
        Square s = lsb(b);
        RowChange change;
        change.added[0] = network.feature_row(feature_index(perspective, pos.piece_on(s), s));
        change.added_count = 1;
        update_accumulator<BUILD_SIMD>(out, out, change, network.shape.hidden);
    }
}

}  // namespace

const char* simd_name(SimdPath path) {
    switch (path) {
    case SimdPath::Scalar: return "scalar";
    case SimdPath::Sse2: return "SSE2";
    case SimdPath::Avx2: return "AVX2";
    }
    return "unknown";
}

namespace {

// The reference the incremental accumulators are checked against.
AUGUR_BULK_LOOP int network_from_scratch(const Network& network, const Position& pos) {
    std::size_t hidden = std::size_t(network.shape.hidden);
    std::vector<std::int16_t> accumulators(2 * hidden);
    for (Color perspective : {WHITE, BLACK}) {
        std::int16_t* out = accumulators.data() + std::size_t(perspective) * hidden;
        std::copy(network.feature_bias.begin(), network.feature_bias.end(), out);
        for (Bitboard b = pos.pieces(); b; b &= b - 1) {
            Square s = lsb(b);
            const std::int16_t* row = network.feature_row(feature_index(perspective, pos.piece_on(s), s));
            for (std::size_t i = 0; i < hidden; ++i) out[i] = std::int16_t(out[i] + row[i]);
        }
    }
    Color us = pos.side_to_move();
    const std::int16_t* stm = accumulators.data() + std::size_t(us) * hidden;
    const std::int16_t* other = accumulators.data() + std::size_t(~us) * hidden;
    return network_output<SimdPath::Scalar>(network, pos, stm, other);
}

}  // namespace

int evaluate_from_scratch(const Network& network, const Position& pos, bool endgame_layer) {
    if (!endgame_layer) return network_from_scratch(network, pos);
    return with_endgame_layer(pos, [&] { return network_from_scratch(network, pos); });
}

NnueEvaluator::NnueEvaluator(std::shared_ptr<const Network> network)
    : network_(std::move(network)), hidden_(network_ ? network_->shape.hidden : 0) {
    if (!network_) throw std::invalid_argument("NnueEvaluator needs a network");
    entries_.resize(INITIAL_PLIES);
    values_.resize(2 * INITIAL_PLIES * std::size_t(hidden_));
}

NnueEvaluator::Entry& NnueEvaluator::push() {
    if (++top_ == entries_.size()) {
        entries_.resize(2 * entries_.size());
        values_.resize(2 * entries_.size() * std::size_t(hidden_));
    }
    Entry& entry = entries_[top_];
    entry.state = Entry::State::Pending;
    entry.keyed = false;
    return entry;
}

void NnueEvaluator::on_search_start(const Position& root) {
    top_ = 0;
    refresh(0, root);
}

// The rows a move changes, read from the position before it (evaluator.h):
// the mover leaves its square, a capture's victim leaves its own, and the
// mover (or the promoted piece) arrives; castling, encoded as the king taking
// its own rook, moves both to their castled squares.
void NnueEvaluator::on_move(const Position& before, Move m) {
    Entry& entry = push();
    entry.changes_nothing();
    Color us = before.side_to_move();
    Square from = m.from(), to = m.to();
    Piece mover = before.piece_on(from);
    if (m.kind() == CASTLING) {
        Piece rook = before.piece_on(to);
        record(entry, false, mover, from);
        record(entry, false, rook, to);
        record(entry, true, mover, castling_king_to(us, from, to));
        record(entry, true, rook, castling_rook_to(us, from, to));
        return;
    }
    record(entry, false, mover, from);
    if (m.kind() == EN_PASSANT) {
        Square victim = make_square(file_of(to), rank_of(from));
        record(entry, false, before.piece_on(victim), victim);
    } else if (Piece captured = before.piece_on(to); captured != NO_PIECE) {
        record(entry, false, captured, to);
    }
    record(entry, true, m.kind() == PROMOTION ? make_piece(us, m.promotion()) : mover, to);
}

void NnueEvaluator::record(Entry& entry, bool added, Piece pc, Square s) const {
    for (Color perspective : {WHITE, BLACK}) {
        RowChange& change = entry.change[perspective];
        const std::int16_t* row = network_->feature_row(feature_index(perspective, pc, s));
        if (added)
            change.added[change.added_count++] = row;
        else
            change.removed[change.removed_count++] = row;
    }
}

void NnueEvaluator::refresh(std::size_t entry, const Position& pos) {
    for (Color perspective : {WHITE, BLACK}) refresh_accumulator(*network_, pos, perspective, values(entry, perspective));
    entries_[entry].state = Entry::State::Computed;
    entries_[entry].key = pos.key();
    entries_[entry].keyed = true;
}

// Applies the pending changes from the nearest computed entry below up to this one.
void NnueEvaluator::compute(std::size_t entry) {
    std::size_t base = entry;
    while (entries_[base].state == Entry::State::Pending) --base;  // the root entry is never pending
    for (std::size_t i = base + 1; i <= entry; ++i) {
        for (Color perspective : {WHITE, BLACK})
            update_accumulator<BUILD_SIMD>(values(i - 1, perspective), values(i, perspective),
                                           entries_[i].change[perspective], hidden_);
        entries_[i].state = Entry::State::Computed;
    }
}

// A value the layer decides leaves the accumulators pending until a position
// it does not decide needs them.
int NnueEvaluator::evaluate(const Position& pos) {
    if (!endgame_layer_) return network_value(pos);
    return with_endgame_layer(pos, [&] { return network_value(pos); });
}

int NnueEvaluator::network_value(const Position& pos) {
    Entry& entry = entries_[top_];
    if (entry.state == Entry::State::Pending) compute(top_);
    if (entry.state == Entry::State::Stale || (entry.keyed && entry.key != pos.key())) {
        refresh(top_, pos);  // not a position the hooks brought us to
    } else if (!entry.keyed) {
        entry.key = pos.key();  // the hooks brought us here: this is the position
        entry.keyed = true;
    }
    Color us = pos.side_to_move();
    return network_output<BUILD_SIMD>(*network_, pos, values(top_, us), values(top_, ~us));
}

}  // namespace augur::nnue
