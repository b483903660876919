#include "search/time_manager.h"

#include <algorithm>

namespace augur {

namespace {

// Moves to plan for until the next time is added (or the game ends).
std::int64_t moves_horizon(const TimeParams& p, const TimeControl& control, int game_ply) {
    if (control.moves_to_go > 0) return std::min(control.moves_to_go, p.max_moves_horizon);
    return std::max(p.sudden_death_min_moves, p.sudden_death_moves - game_ply / p.sudden_death_plies_per_move);
}

// What the floor of a budget is: a few ms, or half of a clock lower than that.
std::int64_t floor_ms(const TimeParams& p, std::int64_t time_left_ms) {
    return std::max<std::int64_t>(1, std::min<std::int64_t>(p.min_think_ms, time_left_ms / 2));
}

// The largest shares of the time left (permille) for the optimum and the maximum.
struct ClockShares {
    std::int64_t optimum;
    std::int64_t maximum;
};

// How many optimums the maximum may be: fewer as a conventional control nears.
std::int64_t maximum_over_optimum_permille(const TimeParams& p, const TimeControl& control) {
    const std::int64_t any_control = std::int64_t(p.maximum_over_optimum) * 1000;
    if (control.moves_to_go <= 0) return any_control;
    return std::min(any_control, p.conventional_maximum_base_permille +
                                     std::int64_t(control.moves_to_go) * p.conventional_maximum_per_move_permille);
}

ClockShares clock_shares(const TimeParams& p, const TimeControl& control) {
    const bool near_control = control.moves_to_go > 0 && control.moves_to_go <= p.near_control_moves;
    return ClockShares{near_control ? p.near_control_optimum_share_permille : p.optimum_max_share_permille,
                       control.moves_to_go == 1 ? p.last_move_maximum_share_permille : p.maximum_max_share_permille};
}

TimeBudget clock_budget(const TimeParams& p, const TimeControl& control, std::int64_t overhead, int game_ply) {
    const std::int64_t floor = floor_ms(p, control.time_left_ms);
    const std::int64_t available = control.time_left_ms - overhead;  // the hard ceiling
    if (available <= floor) return TimeBudget{floor, floor, false};

    // Time for the moves to the horizon: the clock, the increments the coming
    // moves bring (not this one's: it arrives after the move), less the overhead
    // of the next few moves.
    const std::int64_t moves = moves_horizon(p, control, game_ply);
    const std::int64_t reserve = overhead * std::min<std::int64_t>(moves, p.overhead_reserve_moves);
    const std::int64_t pool =
        std::max<std::int64_t>(0, control.time_left_ms + control.increment_ms * (moves - 1) - reserve);
    const std::int64_t planned_moves = moves + (control.moves_to_go > 0 ? p.conventional_spare_moves : 0);
    const ClockShares shares = clock_shares(p, control);
    std::int64_t optimum = std::min(pool / planned_moves, available * shares.optimum / 1000);
    const std::int64_t cushion = control.increment_ms * p.cushion_increments + reserve;
    if (control.increment_ms > 0 && control.time_left_ms < cushion)
        optimum = std::min(optimum, control.increment_ms * control.time_left_ms / cushion);
    std::int64_t maximum =
        std::min(optimum * maximum_over_optimum_permille(p, control) / 1000, available * shares.maximum / 1000);
    optimum = std::clamp(optimum, floor, available);
    maximum = std::clamp(maximum, optimum, available);
    return TimeBudget{optimum, maximum, false};
}

TimeBudget fixed_budget(const TimeParams& p, const TimeControl& control, std::int64_t overhead) {
    std::int64_t time = std::max(floor_ms(p, control.move_time_ms), control.move_time_ms - overhead);
    return TimeBudget{time, time, true};
}

}  // namespace

TimeBudget allocate_time(const TimeControl& control, int move_overhead_ms, int game_ply, const TimeParams& p) {
    const std::int64_t overhead = std::max(0, move_overhead_ms);
    if (!control.has_clock()) return fixed_budget(p, control, overhead);
    TimeBudget budget = clock_budget(p, control, overhead, game_ply);
    if (control.move_time_ms > 0) {
        // Both given: the fixed time, but never beyond what the clock allows.
        TimeBudget fixed = fixed_budget(p, control, overhead);
        budget = TimeBudget{std::min(fixed.optimum_ms, budget.maximum_ms), std::min(fixed.maximum_ms, budget.maximum_ms),
                            true};
    }
    return budget;
}

void TimeManager::start(const TimeControl& control, int move_overhead_ms, int game_ply, bool pondering,
                        Clock::time_point now, const TimeParams& params) {
    *this = TimeManager{};
    params_ = params;
    active_ = control.active();
    if (active_) budget_ = allocate_time(control, move_overhead_ms, game_ply, params_);
    pondering_ = pondering;
    start_ = now;
}

void TimeManager::ponderhit(Clock::time_point now) {
    if (!pondering_) return;
    pondering_ = false;
    start_ = now;
}

std::int64_t TimeManager::elapsed_ms(Clock::time_point now) const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(now - start_).count();
}

void TimeManager::on_iteration(int best_move_changes, int score, int best_move_node_share) {
    const TimeParams& p = params_;
    instability_permille_ = std::min(p.max_instability_permille,
                                     instability_permille_ / 2 + best_move_changes * p.best_move_change_permille);
    score_drop_cp_ = iterations_ > 0 ? std::clamp(last_score_ - score, 0, p.max_score_drop_cp) : 0;
    last_score_ = score;
    ++iterations_;
    if (best_move_node_share >= 0)
        node_share_factor_permille_ =
            std::min(p.node_share_max_factor_permille,
                     p.node_share_base_permille + (1000 - best_move_node_share) * p.node_share_slope_permille / 1000);
}

std::int64_t TimeManager::extended_optimum_ms() const {
    const std::int64_t scale = 1000 + instability_permille_ + score_drop_cp_ * params_.score_drop_permille_per_cp;
    return std::min(budget_.optimum_ms * scale / 1000 * node_share_factor_permille_ / 1000, budget_.maximum_ms);
}

bool TimeManager::may_start_iteration(Clock::time_point now) const {
    if (!timed()) return true;
    if (budget_.fixed) return elapsed_ms(now) < budget_.maximum_ms;
    return elapsed_ms(now) * 1000 < extended_optimum_ms() * params_.start_iteration_permille;
}

}  // namespace augur
