// Move-ordering memory of one search thread: two killer moves per ply and a
// butterfly history (side, from, to) of quiet moves that caused cutoffs.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/types.h"
#include "search/params.h"
#include "search/score.h"

namespace augur {

struct SearchHistory {
    Move killers[MAX_PLY + 2][2] = {};
    int butterfly[COLOR_NB][SQUARE_NB][SQUARE_NB] = {};

    void clear() { *this = SearchHistory{}; }
    void clear_killers() { std::memset(killers, 0, sizeof killers); }

    int quiet_score(Color side, Move m) const { return butterfly[side][m.from()][m.to()]; }

    void add_killer(int ply, Move m) {
        if (killers[ply][0] == m) return;
        killers[ply][1] = killers[ply][0];
        killers[ply][0] = m;
    }

    // Gravity update: entries stay within +-params.history_max, and a bonus moves an
    // entry less the closer it already is to the limit.
    void update(Color side, Move m, int bonus, const SearchParams& params) {
        int& entry = butterfly[side][m.from()][m.to()];
        entry += bonus - entry * std::abs(bonus) / params.history_max;
    }
};

}  // namespace augur
