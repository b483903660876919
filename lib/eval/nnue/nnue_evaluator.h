// NnueEvaluator: the network evaluation (network.h), one implementation of
// the Evaluator seam (eval/evaluator.h).
//
// It keeps one accumulator per ply of the search: on_search_start computes
// the root's from scratch, and every move the search makes pushes an entry
// recording which feature rows the move adds and removes (at most two each).
// The entry's accumulator is only computed when the position is evaluated,
// from the nearest computed entry below it, so moves whose positions are
// never evaluated (cut by the table, say) cost no vector work. A null move
// pushes an entry that changes nothing.
//
// evaluate(pos) is right for any position: the top entry remembers the key of
// the position it was computed for, and a position with another key (outside a
// search, or after a search left the stack elsewhere) is computed from scratch.
//
// One per search thread; the network is shared, read-only.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "eval/evaluator.h"
#include "eval/nnue/kernels.h"
#include "eval/nnue/network.h"

namespace augur::nnue {

// The input feature of piece pc on square s seen from perspective: own pieces
// first, then the opponent's, each by type; Black's view flips the ranks.
constexpr int feature_index(Color perspective, Piece pc, Square s) {
    int relative_square = perspective == WHITE ? int(s) : int(s) ^ 56;
    return (color_of(pc) == perspective ? 0 : 384) + (int(type_of(pc)) - 1) * 64 + relative_square;
}

// The network's evaluation of pos computed from scratch with the scalar
// arithmetic, inside the endgame layer unless endgame_layer is false (see
// with_endgame_layer): the definition the incremental and SIMD paths must equal.
int evaluate_from_scratch(const Network& network, const Position& pos, bool endgame_layer = true);

// The endgame layer around a network (evaluator.h): the layer's value where it
// decides one (a dead draw, a known ending), else network_value() shrunk by the
// layer's scale for the side it favours. The network is not asked when the
// layer decides.
template <class NetworkValue>
int with_endgame_layer(const Position& pos, NetworkValue&& network_value) {
    const EndgameVerdict verdict = classify_endgame(pos);
    if (std::optional<int> decided = endgame_layer_value(pos, verdict)) return *decided;
    const int value = network_value();
    const Color ahead = value > 0 ? pos.side_to_move() : ~pos.side_to_move();
    return value * verdict.scale[ahead] / SCALE_NORMAL;
}

class NnueEvaluator final : public Evaluator {
public:
    explicit NnueEvaluator(std::shared_ptr<const Network> network);

    // with_endgame_layer around the network; with Eval_EndgameScaling off the network alone.
    int evaluate(const Position& pos) override;
    // Of the switches only Eval_EndgameScaling applies: the network has no terms.
    void set_options(const EvalOptions& options) override { endgame_layer_ = options.endgame_scaling; }
    // Nothing is cached between searches.
    void clear() override {}

    void on_search_start(const Position& root) override;
    void on_move(const Position& before, Move m) override;
    void on_undo_move(const Position&, Move) override { pop(); }
    void on_null_move(const Position&) override { push().changes_nothing(); }
    void on_undo_null_move(const Position&) override { pop(); }

    const Network& network() const { return *network_; }

private:
    int network_value(const Position& pos);

    // One ply: what its move changed and, once computed, both perspectives'
    // accumulators (in values_, at this entry's index).
    struct Entry {
        enum class State {
            Stale,     // computed for no position we know: refresh from the position
            Pending,   // a move's entry: apply `change` to the entry below
            Computed,  // values hold the accumulators of this ply's position
        };
        RowChange change[COLOR_NB];  // per perspective
        State state = State::Stale;
        // The key of the position evaluated here, once one was: a computed
        // entry reached by the hooks holds their position; one evaluated
        // before recognises a position it was not computed for.
        Key key = 0;
        bool keyed = false;
        void changes_nothing() { change[WHITE] = change[BLACK] = RowChange{}; }
    };

    Entry& push();
    void pop() { top_ -= top_ > 0; }  // never below the root, even if the hooks were unbalanced
    std::int16_t* values(std::size_t entry, Color perspective) {
        return values_.data() + (2 * entry + std::size_t(perspective)) * std::size_t(hidden_);
    }
    void refresh(std::size_t entry, const Position& pos);
    void compute(std::size_t entry);
    void record(Entry& entry, bool added, Piece pc, Square s) const;

    std::shared_ptr<const Network> network_;
    int hidden_;
    std::vector<Entry> entries_;
    std::vector<std::int16_t> values_;  // 2 x hidden per entry
    std::size_t top_ = 0;               // the entry of the current position
    bool endgame_layer_ = true;         // option Eval_EndgameScaling
};

}  // namespace augur::nnue
