// MovePicker hands out the legal moves of a node one at a time, best first, and
// generates lazily so that a cutoff by the hash move costs no generation.
//
// Order: the hash move; captures and promotions that do not lose material (SEE
// >= 0) by MVV-LVA (plus their capture history when the node has one); the two
// killers; the counter-move; quiet moves by history (butterfly plus the node's
// continuation rows); the losing captures.
// Within a stage moves are picked by highest score, ties going to the lower
// 16-bit move code, so the order never depends on generation order. In
// quiescence (quiet_moves = false, not in check) only the noisy stages run.
#pragma once

#include <cstdint>

#include "core/movegen.h"
#include "search/history.h"

namespace augur {

class MovePicker {
public:
    // killers, history and node may be null; when the side to move is in check every
    // evasion is returned.
    MovePicker(const Position& pos, Move tt_move, const Move* killers, const SearchHistory* history,
               bool quiet_moves, bool skip_losing_noisy, const NodeHistory* node = nullptr);

    // The next move, or Move::none() when all are done.
    Move next();

private:
    enum class Stage {
        TTMove, GenerateNoisy, GoodNoisy, Killer1, Killer2, CounterMove, GenerateQuiet, Quiet, LosingNoisy, Done
    };

    // Raw codes rather than Move, whose zeroing constructor would clear the
    // arrays below at every node.
    struct ScoredMove {
        std::uint16_t move;
        std::int64_t key;  // score, with the move code as tie-break
    };

    static std::int64_t sort_key(int score, Move m) { return (std::int64_t(score) << 16) | (0xFFFF - m.raw()); }
    void score_noisy(const Move* begin, const Move* end);
    void score_quiet(const Move* begin, const Move* end);
    Move pick_best();
    bool is_usable_killer(Move m) const;

    const Position& pos_;
    Move tt_move_;
    Move killers_[2] = {};
    const SearchHistory* history_;
    const NodeHistory* node_;
    Move counter_move_;
    bool quiet_moves_;
    bool skip_losing_noisy_;
    Stage stage_;
    ScoredMove moves_[MAX_MOVES];
    int cur_ = 0, end_ = 0;
    std::uint16_t losing_[MAX_MOVES];
    int losing_count_ = 0, losing_cur_ = 0;
};

}  // namespace augur
