#include "search/movepick.h"

#include "search/see.h"

namespace augur {

MovePicker::MovePicker(const Position& pos, Move tt_move, const Move* killers, const SearchHistory* history,
                       bool quiet_moves, bool skip_losing_noisy, const NodeHistory* node)
    : pos_(pos), history_(history), node_(node), quiet_moves_(quiet_moves || pos.in_check()),
      skip_losing_noisy_(skip_losing_noisy && !pos.in_check()), stage_(Stage::TTMove) {
    if (killers) {
        killers_[0] = killers[0];
        killers_[1] = killers[1];
    }
    // A hash move must be legal here (keys can collide) and, in quiescence, noisy.
    bool usable = tt_move && pos.is_legal(tt_move) &&
                  (quiet_moves_ || pos.is_capture(tt_move) || tt_move.kind() == PROMOTION);
    tt_move_ = usable ? tt_move : Move::none();
    Move counter = node ? node->counter_move : Move::none();
    counter_move_ = counter != killers_[0] && counter != killers_[1] ? counter : Move::none();
}

void MovePicker::score_noisy(const Move* begin, const Move* end) {
    end_ = 0;
    for (const Move* m = begin; m != end; ++m) {
        PieceType victim = m->kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m->to()));
        int value = SEE_VALUE[victim];
        if (m->kind() == PROMOTION) value += SEE_VALUE[m->promotion()] - SEE_VALUE[PAWN];
        int score = value * 8 - type_of(pos_.moved_piece(*m));
        if (node_ && node_->captures) score += node_->captures->capture_score(pos_, *m) / node_->capture_divisor;
        moves_[end_++] = {m->raw(), sort_key(score, *m)};
    }
    cur_ = 0;
}

void MovePicker::score_quiet(const Move* begin, const Move* end) {
    end_ = 0;
    for (const Move* m = begin; m != end; ++m) {
        int score = history_ ? history_->quiet_score(pos_.side_to_move(), *m) : 0;
        if (node_) score += node_->continuation_score(pos_, *m);
        moves_[end_++] = {m->raw(), sort_key(score, *m)};
    }
    cur_ = 0;
}

// Selection step: swaps the best remaining move to the front and returns it.
Move MovePicker::pick_best() {
    int best = cur_;
    for (int i = cur_ + 1; i < end_; ++i)
        if (moves_[i].key > moves_[best].key) best = i;
    std::swap(moves_[cur_], moves_[best]);
    return Move(moves_[cur_++].move);
}

bool MovePicker::is_usable_killer(Move m) const {
    return m && m != tt_move_ && !pos_.is_capture(m) && m.kind() != PROMOTION && pos_.is_legal(m);
}

Move MovePicker::next() {
    Move buffer[MAX_MOVES];
    for (;;) {
        switch (stage_) {
        case Stage::TTMove:
            stage_ = Stage::GenerateNoisy;
            if (tt_move_) return tt_move_;
            break;

        case Stage::GenerateNoisy:
            score_noisy(buffer, generate<GenType::Noisy>(pos_, buffer));
            stage_ = Stage::GoodNoisy;
            break;

        case Stage::GoodNoisy:
            while (cur_ < end_) {
                Move m = pick_best();
                if (m == tt_move_) continue;
                if (!see_ge(pos_, m, 0)) {
                    losing_[losing_count_++] = m.raw();
                    continue;
                }
                return m;
            }
            stage_ = quiet_moves_ ? Stage::Killer1 : Stage::LosingNoisy;
            break;

        case Stage::Killer1:
            stage_ = Stage::Killer2;
            if (is_usable_killer(killers_[0])) return killers_[0];
            break;

        case Stage::Killer2:
            stage_ = Stage::CounterMove;
            if (killers_[1] != killers_[0] && is_usable_killer(killers_[1])) return killers_[1];
            break;

        case Stage::CounterMove:
            stage_ = Stage::GenerateQuiet;
            if (is_usable_killer(counter_move_)) return counter_move_;
            break;

        case Stage::GenerateQuiet:
            score_quiet(buffer, generate<GenType::Quiet>(pos_, buffer));
            stage_ = Stage::Quiet;
            break;

        case Stage::Quiet:
            while (cur_ < end_) {
                Move m = pick_best();
                if (m == tt_move_ || m == killers_[0] || m == killers_[1] || m == counter_move_) continue;
                return m;
            }
            stage_ = Stage::LosingNoisy;
            break;

        case Stage::LosingNoisy:
            if (!skip_losing_noisy_ && losing_cur_ < losing_count_) return Move(losing_[losing_cur_++]);
            stage_ = Stage::Done;
            break;

        case Stage::Done:
            return Move::none();
        }
    }
}

}  // namespace augur
