#include "play/adjudication.h"

#include <cstdlib>

#include "search/score.h"

namespace augur::play {

void Adjudicator::record(Color mover, bool has_score, int score, bool irreversible) {
    if (!has_score) {
        losing_moves_[mover] = 0;
        quiet_plies_ = 0;
        return;
    }
    bool mate = is_mate_score(score);
    bool losing = mate ? score < 0 : score <= -rules_.resign.score_cp;
    losing_moves_[mover] = losing ? losing_moves_[mover] + 1 : 0;

    if (irreversible) quiet_plies_ = 0;
    bool near_zero = !mate && std::abs(score) <= rules_.draw.score_cp;
    quiet_plies_ = near_zero ? quiet_plies_ + 1 : 0;
}

bool Adjudicator::resigns(Color c) const {
    return rules_.resign.enabled && losing_moves_[c] >= rules_.resign.move_count;
}

bool Adjudicator::draw_agreed(int full_move) const {
    return rules_.draw.enabled && full_move >= rules_.draw.move_number && quiet_plies_ >= 2 * rules_.draw.move_count;
}

}  // namespace augur::play
