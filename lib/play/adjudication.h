// Adjudication: ending a game early on the players' own scores, as fastchess
// and cutechess-cli do, to save time on games whose result is clear.
//
// Resign (`-resign movecount=N score=CP`): a player whose own score was at or
// below -CP (or a mate against it) on each of its last N moves loses.
// Draw (`-draw movenumber=M movecount=N score=CP`): from move M on, once both
// players' scores were within CP of zero (not mate scores) on each of their
// last N moves, the game is drawn. A capture or pawn move restarts the draw
// count: the position has changed in a way a search may not have seen yet.
// A move without a score restarts both counts.
#pragma once

#include "core/types.h"

namespace augur::play {

struct ResignRule {
    bool enabled = false;
    int move_count = 3;
    int score_cp = 600;
};

struct DrawRule {
    bool enabled = false;
    int move_number = 40;  // full moves (of the game's numbering) before the rule applies
    int move_count = 8;
    int score_cp = 10;
};

struct AdjudicationRules {
    ResignRule resign;
    DrawRule draw;
};

class Adjudicator {
public:
    explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

    // After mover played a move: its score (mover's view) if it reported one,
    // and whether the move reset the fifty-move counter.
    void record(Color mover, bool has_score, int score, bool irreversible);

    // The player who should resign now, if any (checked after each move).
    bool resigns(Color c) const;
    // True if the draw rule ends the game now; full_move is the game's move
    // number after the move just played.
    bool draw_agreed(int full_move) const;

private:
    AdjudicationRules rules_;
    int losing_moves_[2] = {0, 0};
    int quiet_plies_ = 0;  // consecutive plies of both players with scores near zero
};

}  // namespace augur::play
