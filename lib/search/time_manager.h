// Time management: how long one move may take, and when to stop thinking.
//
// allocate_time() turns the side to move's clock into a budget: an optimum the
// search aims at and a maximum it never passes. The clock may be sudden death
// (time for the rest of the game), Fischer (plus an increment per move),
// conventional (N moves to the next control, repeating: time left over is kept)
// or a fixed time per move. The budget spreads the time over the moves left to
// the next control (an estimate in sudden death), counts the increments those
// moves will bring, and keeps `Move Overhead` aside for the lag of the next few
// moves between the engine and the clock; the maximum never exceeds the time left
// minus that overhead (except on a clock so low that only a few ms remain: a
// move still needs a moment).
//
// TimeManager applies the budget to one running search: it is asked at every
// few thousand nodes whether the maximum is reached, and after each iteration
// whether another one is worth starting: not when more than a fraction of the
// (possibly extended) optimum is already used, because the next iteration
// would most likely not finish. The optimum is extended, up to the maximum,
// when the best move changed in the last iterations or the score dropped.
//
// All numbers are integers (milliseconds, permille) and live in TimeParams,
// generated from time_params.table (shared with the Java reference); a search
// takes them from its settings, the table's values unless a tuner set others.
#pragma once

#include <chrono>
#include <cstdint>

#include "search/time_params.h"

namespace augur {

// The side to move's clock, as a GUI sends it (UCI wtime/btime, winc/binc,
// movestogo, movetime; XBoard level/st/time).
struct TimeControl {
    std::int64_t time_left_ms = -1;  // -1: no clock
    std::int64_t increment_ms = 0;
    int moves_to_go = 0;             // 0: sudden death; N: N moves to the next control
    std::int64_t move_time_ms = 0;   // fixed time per move; 0: none

    bool has_clock() const { return time_left_ms >= 0; }
    bool active() const { return has_clock() || move_time_ms > 0; }
};

// How long one move may take: the search aims at optimum and never passes maximum.
struct TimeBudget {
    std::int64_t optimum_ms = 0;
    std::int64_t maximum_ms = 0;
    bool fixed = false;  // a fixed time per move: use all of it (no early stop)
};

// The budget for a move at game_ply (plies since the game's start, for the
// sudden-death estimate). The control must be active().
TimeBudget allocate_time(const TimeControl& control, int move_overhead_ms, int game_ply,
                         const TimeParams& params = TimeParams{});

// The clock of one running search; used by its main thread only.
class TimeManager {
public:
    using Clock = std::chrono::steady_clock;

    // Starts a search at `now`; with pondering, the clock runs only from ponderhit().
    void start(const TimeControl& control, int move_overhead_ms, int game_ply, bool pondering, Clock::time_point now,
               const TimeParams& params = TimeParams{});
    // The opponent played the expected move: from now on the budget applies
    // (the time spent pondering is a bonus).
    void ponderhit(Clock::time_point now);

    bool pondering() const { return pondering_; }
    // True when a budget applies now (a clock or a move time, and not pondering).
    bool timed() const { return active_ && !pondering_; }
    const TimeBudget& budget() const { return budget_; }
    std::int64_t elapsed_ms(Clock::time_point now) const;

    bool past_maximum(Clock::time_point now) const { return timed() && elapsed_ms(now) >= budget_.maximum_ms; }
    // Records a finished iteration: how often its best move changed, its score
    // and the best move's share of the root moves' nodes (permille; -1: not used).
    void on_iteration(int best_move_changes, int score, int best_move_node_share = -1);
    // Whether the next iteration is worth starting (always true when not timed).
    bool may_start_iteration(Clock::time_point now) const;
    // The optimum with its extensions for instability and a dropping score,
    // scaled by the best move's node share, capped at the maximum.
    std::int64_t extended_optimum_ms() const;

private:
    TimeParams params_;
    TimeBudget budget_;
    bool active_ = false;
    bool pondering_ = false;
    Clock::time_point start_;
    int instability_permille_ = 0;
    int score_drop_cp_ = 0;
    int node_share_factor_permille_ = 1000;
    int iterations_ = 0;
    int last_score_ = 0;
};

}  // namespace augur
