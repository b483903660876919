// RootMove: what a search thread knows about one legal move at the root.
//
// A worker keeps one record per root move it may play. After each completed
// iteration the records that lead a MultiPV line come first, best first, and
// the others follow with no score; the best line is the first record. The
// Java reference keeps the same records (dev.augur.reference.search.RootMove).
#pragma once

#include <vector>

#include "core/types.h"
#include "search/score.h"

namespace augur {

struct RootMove {
    // Not a score: the move leads no line (yet).
    static constexpr int NO_SCORE = -SCORE_INFINITE;

    explicit RootMove(Move m) : move(m) {}

    Move move;
    int score = NO_SCORE;           // of the line it leads, from the last iteration that searched it
    int previous_score = NO_SCORE;  // the same one iteration earlier
    int seldepth = 0;               // the deepest ply reached when score was found
    std::vector<Move> pv;           // the line it leads, starting with move; empty if none
    std::uint64_t nodes = 0;        // nodes searched under it so far, every iteration (for the clock)
    // When the root is in the endgame tablebases: the move's rank by them (higher
    // is better; only moves of the best rank are searched) and the score they
    // give it, shown instead of the search's unless that is a mate.
    int tb_rank = 0;
    int tb_score = 0;
};

}  // namespace augur
