// The time allocation (allocate_time) and the decisions of TimeManager.
#include <catch2/catch.hpp>

#include "search/time_manager.h"

using namespace augur;
using Clock = std::chrono::steady_clock;

namespace {

TimeControl clock_of(std::int64_t left, std::int64_t increment = 0, int moves_to_go = 0) {
    TimeControl tc;
    tc.time_left_ms = left;
    tc.increment_ms = increment;
    tc.moves_to_go = moves_to_go;
    return tc;
}

constexpr int OVERHEAD = 30;

}  // namespace

TEST_CASE("Sudden death spreads the clock over the expected moves", "[engine][time]") {
    TimeBudget b = allocate_time(clock_of(60'000), OVERHEAD, 0);
    CHECK(b.optimum_ms > 60'000 / 60);
    CHECK(b.optimum_ms < 60'000 / 40);
    CHECK(b.maximum_ms > b.optimum_ms);
    CHECK(b.maximum_ms <= 60'000 - OVERHEAD);
    CHECK_FALSE(b.fixed);
    // Later in the game fewer moves remain: a larger share.
    CHECK(allocate_time(clock_of(60'000), OVERHEAD, 100).optimum_ms > b.optimum_ms);
    // Less time, less per move.
    CHECK(allocate_time(clock_of(6'000), OVERHEAD, 0).optimum_ms < b.optimum_ms / 5);
}

TEST_CASE("A fast game still gets a real budget", "[engine][time]") {
    // 1 s + 10 ms with the default 10 ms overhead: tens of ms per move, not the 5 ms floor.
    TimeBudget b = allocate_time(clock_of(1'000, 10), 10, 0);
    CHECK(b.optimum_ms >= 20);
    CHECK(b.maximum_ms >= 3 * b.optimum_ms);
    CHECK(b.maximum_ms <= 1'000 - 10);
}

TEST_CASE("An increment adds about itself per move", "[engine][time]") {
    TimeBudget none = allocate_time(clock_of(60'000), OVERHEAD, 20);
    TimeBudget inc = allocate_time(clock_of(60'000, 1'000), OVERHEAD, 20);
    CHECK(inc.optimum_ms > none.optimum_ms + 800);
    // A low clock with a large increment: the coming increments have not arrived,
    // so a move takes less than the increment (the clock grows back) and never
    // more than half of the clock.
    TimeBudget low = allocate_time(clock_of(1'000, 2'000), OVERHEAD, 20);
    CHECK(low.optimum_ms >= 50);
    CHECK(low.optimum_ms <= 200);
    CHECK(low.maximum_ms <= 500);
    CHECK(allocate_time(clock_of(30'000, 2'000), OVERHEAD, 20).optimum_ms > 2'000);
}

TEST_CASE("A low clock in a Fischer game is not spent on one move", "[engine][time]") {
    // Seen at 10 s + 0.1 s: 1.1 s left, a falling score extended the search to
    // its maximum (0.73 s), and the next moves lost on time.
    for (std::int64_t left : {200, 500, 1'100, 2'000})
        for (int ply : {60, 120, 200}) {
            TimeBudget b = allocate_time(clock_of(left, 100), 10, ply);
            INFO(left << " ms left at ply " << ply);
            CHECK(b.optimum_ms <= left / 5);
            CHECK(b.maximum_ms <= left / 2);
        }
    // Below ten increments a move plans less than the increment, so the clock climbs back.
    for (std::int64_t left : {100, 300, 600, 900}) {
        INFO(left << " ms left");
        CHECK(allocate_time(clock_of(left, 100), 10, 120).optimum_ms < 100);
    }
    // A comfortable clock is still planned on the increments to come.
    CHECK(allocate_time(clock_of(10'000, 100), 10, 60).optimum_ms > 10'000 / 40 + 50);
}

TEST_CASE("Conventional controls count the moves to the next control", "[engine][time]") {
    // 40 moves in 5 minutes, 10 moves done: 30 to go.
    TimeBudget b = allocate_time(clock_of(240'000, 0, 30), OVERHEAD, 20);
    CHECK(b.optimum_ms > 240'000 / 35);
    CHECK(b.optimum_ms < 240'000 / 25);
    // Fewer moves to go, more per move.
    CHECK(allocate_time(clock_of(240'000, 0, 5), OVERHEAD, 70).optimum_ms > 3 * b.optimum_ms);
    // The last move before the control may use much of the clock, but not all.
    TimeBudget last = allocate_time(clock_of(10'000, 0, 1), OVERHEAD, 78);
    CHECK(last.optimum_ms >= 4'000);
    CHECK(last.maximum_ms <= 10'000 - OVERHEAD);
    // A control far away is planned like sudden death at most.
    CHECK(allocate_time(clock_of(60'000, 0, 200), OVERHEAD, 0).optimum_ms <= 60'000 / 45);
}

TEST_CASE("A conventional control is reached with time to spare", "[engine][time]") {
    // Worked from the rules: 3,120 ms, 6 moves to go, 10 ms overhead: reserve 50,
    // optimum 3,070 / (6 + 1 spare) = 438, maximum 438 * 2.1 = 919 (not half the clock).
    TimeBudget six = allocate_time(clock_of(3'120, 0, 6), 10, 380);
    CHECK(six.optimum_ms == 438);
    CHECK(six.maximum_ms == 919);
    // Seen at 40/10: moves that each ran to their maximum left 0.12 s for the last
    // move before the control. Every move to its maximum now still leaves a margin,
    // and moves at their optimum reach the control with about one move's time left.
    for (auto [start, moves] : {std::pair{3'120, 6}, {600, 4}, {10'000, 10}, {10'000, 40}}) {
        std::int64_t at_maximum = start, at_optimum = start;
        for (int to_go = moves; to_go >= 1; --to_go) {
            at_maximum -= allocate_time(clock_of(at_maximum, 0, to_go), 10, 80).maximum_ms;
            at_optimum -= allocate_time(clock_of(at_optimum, 0, to_go), 10, 80).optimum_ms;
        }
        INFO(start << " ms for " << moves << " moves: " << at_maximum << " ms left at maximums, " << at_optimum
                    << " at optimums");
        CHECK(at_maximum >= 10);
        CHECK(at_optimum >= start / (moves + 1) * 9 / 10);
    }
}

TEST_CASE("The maximum never exceeds the time left less the overhead", "[engine][time]") {
    for (std::int64_t left : {40, 100, 500, 1'000, 5'000, 60'000, 3'600'000})
        for (std::int64_t inc : {0, 100, 5'000})
            for (int mtg : {0, 1, 2, 40})
                for (int ply : {0, 60, 300}) {
                    TimeBudget b = allocate_time(clock_of(left, inc, mtg), OVERHEAD, ply);
                    INFO(left << " " << inc << " " << mtg << " " << ply);
                    CHECK(b.maximum_ms <= left - OVERHEAD);
                    CHECK(b.optimum_ms >= 1);
                    CHECK(b.optimum_ms <= b.maximum_ms);
                }
}

TEST_CASE("Tiny clocks still get a few milliseconds", "[engine][time]") {
    // 10 ms left with 30 ms overhead: half of what is left, not a negative time.
    TimeBudget b = allocate_time(clock_of(10), OVERHEAD, 40);
    CHECK(b.maximum_ms == 5);
    CHECK(b.optimum_ms == 5);
    CHECK(allocate_time(clock_of(1), OVERHEAD, 40).maximum_ms == 1);
    CHECK(allocate_time(clock_of(0), OVERHEAD, 40).maximum_ms == 1);
    CHECK(allocate_time(clock_of(100), 0, 40).maximum_ms <= 100);
}

TEST_CASE("A fixed move time is used whole, less the overhead", "[engine][time]") {
    TimeControl tc;
    tc.move_time_ms = 1'000;
    TimeBudget b = allocate_time(tc, OVERHEAD, 0);
    CHECK(b.fixed);
    CHECK(b.optimum_ms == 1'000 - OVERHEAD);
    CHECK(b.maximum_ms == 1'000 - OVERHEAD);
    tc.move_time_ms = 20;
    CHECK(allocate_time(tc, OVERHEAD, 0).maximum_ms == 5);
    // With a clock as well, the clock caps it.
    tc.move_time_ms = 10'000;
    tc.time_left_ms = 2'000;
    CHECK(allocate_time(tc, OVERHEAD, 0).maximum_ms <= 2'000 - OVERHEAD);
}

TEST_CASE("TimeManager: iterations, extensions and ponderhit", "[engine][time]") {
    TimeManager tm;
    auto t0 = Clock::now();
    tm.start(clock_of(60'000), OVERHEAD, 0, false, t0);
    REQUIRE(tm.timed());
    const TimeBudget b = tm.budget();
    auto at = [&](std::int64_t ms) { return t0 + std::chrono::milliseconds(ms); };
    CHECK(tm.may_start_iteration(at(b.optimum_ms * 4 / 10)));
    CHECK_FALSE(tm.may_start_iteration(at(b.optimum_ms * 6 / 10)));
    CHECK_FALSE(tm.past_maximum(at(b.maximum_ms - 1)));
    CHECK(tm.past_maximum(at(b.maximum_ms)));

    // A changed best move and a falling score extend the optimum, up to the maximum.
    tm.on_iteration(0, 50);
    CHECK(tm.extended_optimum_ms() == b.optimum_ms);
    tm.on_iteration(2, -50);
    CHECK(tm.extended_optimum_ms() > b.optimum_ms * 2);
    CHECK(tm.extended_optimum_ms() <= b.maximum_ms);
    CHECK(tm.may_start_iteration(at(b.optimum_ms * 8 / 10)));
    // Stability brings it back.
    for (int i = 0; i < 8; ++i) tm.on_iteration(0, -50);
    CHECK(tm.extended_optimum_ms() <= b.optimum_ms * 11 / 10);

    // Pondering: no clock until ponderhit, then from the ponderhit on.
    tm.start(clock_of(60'000), OVERHEAD, 0, true, t0);
    CHECK_FALSE(tm.timed());
    CHECK_FALSE(tm.past_maximum(at(10 * b.maximum_ms)));
    CHECK(tm.may_start_iteration(at(10 * b.maximum_ms)));
    tm.ponderhit(at(10'000));
    CHECK(tm.timed());
    CHECK_FALSE(tm.past_maximum(at(10'000 + b.maximum_ms - 1)));
    CHECK(tm.past_maximum(at(10'000 + b.maximum_ms)));

    // No clock at all: never timed.
    tm.start(TimeControl{}, OVERHEAD, 0, false, t0);
    CHECK_FALSE(tm.timed());
}

TEST_CASE("TimeManager: the best move's node share scales the optimum", "[engine][time]") {
    TimeManager tm;
    const auto t0 = Clock::now();
    tm.start(clock_of(60'000), OVERHEAD, 0, false, t0);
    const TimeBudget b = tm.budget();
    // Not given (the switch off): no scaling.
    tm.on_iteration(0, 0, -1);
    CHECK(tm.extended_optimum_ms() == b.optimum_ms);
    // Every node on the best move: the others were refuted at once, half the time.
    tm.on_iteration(0, 0, 1000);
    CHECK(tm.extended_optimum_ms() == b.optimum_ms / 2);
    // A contested choice: longer, up to the cap; the latest share counts.
    tm.on_iteration(0, 0, 500);
    CHECK(tm.extended_optimum_ms() == b.optimum_ms * 1400 / 1000);
    tm.on_iteration(0, 0, 0);
    CHECK(tm.extended_optimum_ms() == std::min(b.optimum_ms * 1600 / 1000, b.maximum_ms));
    // It multiplies the instability extension (at its cap of 1200 permille
    // after three changes), still capped at the maximum.
    tm.on_iteration(3, 0, 0);
    CHECK(tm.extended_optimum_ms() == std::min(b.optimum_ms * 2200 / 1000 * 1600 / 1000, b.maximum_ms));
    // A new search starts unscaled.
    tm.start(clock_of(60'000), OVERHEAD, 0, false, t0);
    tm.on_iteration(0, 0);
    CHECK(tm.extended_optimum_ms() == b.optimum_ms);
}

TEST_CASE("The numbers of the time management can differ from the table's", "[engine][time]") {
    // A tuner's engine plans 20 moves ahead from the start instead of 50: each
    // move gets more of a sudden-death clock.
    TimeParams shorter;
    shorter.sudden_death_moves = 20;
    shorter.sudden_death_min_moves = 10;
    const TimeBudget table = allocate_time(clock_of(60'000), OVERHEAD, 0);
    const TimeBudget planned = allocate_time(clock_of(60'000), OVERHEAD, 0, shorter);
    CHECK(planned.optimum_ms > table.optimum_ms * 2);
    CHECK(planned.optimum_ms <= (60'000 - OVERHEAD) / 20);

    // The TimeManager of a search keeps the numbers it was started with.
    TimeParams early_stop;
    early_stop.start_iteration_permille = 200;
    TimeManager tm;
    const auto t0 = Clock::now();
    tm.start(clock_of(60'000), OVERHEAD, 0, false, t0, early_stop);
    const std::int64_t optimum = tm.budget().optimum_ms;
    CHECK(optimum == table.optimum_ms);
    CHECK(tm.may_start_iteration(t0 + std::chrono::milliseconds(optimum / 10)));
    CHECK_FALSE(tm.may_start_iteration(t0 + std::chrono::milliseconds(optimum * 3 / 10)));
    // The table's numbers again for the next search started without them.
    tm.start(clock_of(60'000), OVERHEAD, 0, false, t0);
    CHECK(tm.may_start_iteration(t0 + std::chrono::milliseconds(optimum * 3 / 10)));
}
