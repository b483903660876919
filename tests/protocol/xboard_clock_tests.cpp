// XBoard time controls: level, st, time and otim, and what the engine's next
// search is given.
#include <catch2/catch.hpp>

#include "protocol/xboard_clock.h"
#include "protocol/xboard_output.h"
#include "search/score.h"

using namespace augur;

namespace {

XBoardClock::Outcome apply(XBoardClock& clock, XBoardClock::Outcome (XBoardClock::*command)(Tokens&),
                           std::string_view args) {
    Tokens tokens(args);
    return (clock.*command)(tokens);
}

}  // namespace

TEST_CASE("level reads minutes, minutes:seconds and fractional increments", "[xboard][clock]") {
    XBoardClock clock;
    CHECK_FALSE(apply(clock, &XBoardClock::level, "40 5 0"));
    CHECK(clock.moves_per_period() == 40);
    CHECK(clock.base_ms() == 300000);
    CHECK(clock.increment_ms() == 0);
    CHECK_FALSE(apply(clock, &XBoardClock::level, "0 2:30 12"));
    CHECK(clock.base_ms() == 150000);
    CHECK(clock.increment_ms() == 12000);
    CHECK_FALSE(apply(clock, &XBoardClock::level, "0 0:05 0.1"));
    CHECK(clock.base_ms() == 5000);
    CHECK(clock.increment_ms() == 100);
    CHECK_FALSE(apply(clock, &XBoardClock::level, "0 0.5 0"));
    CHECK(clock.base_ms() == 30000);
    CHECK_FALSE(apply(clock, &XBoardClock::level, "0 0 2"));  // increment only
    CHECK(clock.engine_ms() == 0);
}

TEST_CASE("Malformed levels are refused and change nothing", "[xboard][clock]") {
    XBoardClock clock;
    REQUIRE_FALSE(apply(clock, &XBoardClock::level, "30 10 5"));
    for (const char* bad : {"", "40", "40 5", "x 5 0", "-1 5 0", "40 5:7 0", "40 5:60 0", "40 :30 0", "40 5 x",
                            "40 5 -1", "40 5 0 9", "40 0 0", "40 1.2.3 0", "40 5 .", "99999999999 5 0"}) {
        INFO(bad);
        CHECK(apply(clock, &XBoardClock::level, bad));
        CHECK(clock.moves_per_period() == 30);
        CHECK(clock.base_ms() == 600000);
        CHECK(clock.increment_ms() == 5000);
    }
}

TEST_CASE("time and otim are centiseconds; a negative clock reads as zero", "[xboard][clock]") {
    XBoardClock clock;
    CHECK_FALSE(apply(clock, &XBoardClock::time, "12345"));
    CHECK_FALSE(apply(clock, &XBoardClock::otim, "500"));
    CHECK(clock.engine_ms() == 123450);
    CHECK(clock.opponent_ms() == 5000);
    CHECK_FALSE(apply(clock, &XBoardClock::time, "-20"));
    CHECK(clock.engine_ms() == 0);
    CHECK(apply(clock, &XBoardClock::time, "abc"));
    CHECK(apply(clock, &XBoardClock::time, ""));
    CHECK(apply(clock, &XBoardClock::otim, "5 6"));
    CHECK(clock.opponent_ms() == 5000);
}

TEST_CASE("The engine's control counts the moves to the next period", "[xboard][clock]") {
    XBoardClock clock;
    REQUIRE_FALSE(apply(clock, &XBoardClock::level, "40 5 0"));
    REQUIRE_FALSE(apply(clock, &XBoardClock::time, "25000"));
    TimeControl first = clock.engine_control(1);
    CHECK(first.time_left_ms == 250000);
    CHECK(first.moves_to_go == 40);
    CHECK(first.move_time_ms == 0);
    CHECK(clock.engine_control(40).moves_to_go == 1);
    CHECK(clock.engine_control(41).moves_to_go == 40);
    REQUIRE_FALSE(apply(clock, &XBoardClock::level, "0 1 2"));
    TimeControl fischer = clock.engine_control(30);
    CHECK(fischer.moves_to_go == 0);
    CHECK(fischer.increment_ms == 2000);
    CHECK(fischer.time_left_ms == 60000);  // level resets the clocks to the base
}

TEST_CASE("st sets a fixed time per move until the next level", "[xboard][clock]") {
    XBoardClock clock;
    CHECK_FALSE(apply(clock, &XBoardClock::st, "2"));
    TimeControl fixed = clock.engine_control(5);
    CHECK(fixed.move_time_ms == 2000);
    CHECK(fixed.time_left_ms == -1);
    CHECK_FALSE(apply(clock, &XBoardClock::st, "0.25"));
    CHECK(clock.engine_control(5).move_time_ms == 250);
    CHECK(apply(clock, &XBoardClock::st, "0"));
    CHECK(apply(clock, &XBoardClock::st, "x"));
    CHECK_FALSE(apply(clock, &XBoardClock::level, "40 5 0"));
    CHECK(clock.engine_control(5).move_time_ms == 0);
}

TEST_CASE("parse_decimal and parse_base_time", "[xboard][clock]") {
    CHECK(parse_decimal("1.25", 1000) == 1250);
    CHECK(parse_decimal(".5", 1000) == 500);
    CHECK(parse_decimal("3", 60000) == 180000);
    CHECK_FALSE(parse_decimal("1.", 1000));
    CHECK_FALSE(parse_decimal("+1", 1000));
    CHECK_FALSE(parse_decimal("-0", 1000));
    CHECK_FALSE(parse_decimal("", 1000));
    CHECK(parse_base_time("0:30") == 30000);
    CHECK(parse_base_time("10:05") == 605000);
    CHECK_FALSE(parse_base_time("1:5"));
    CHECK_FALSE(parse_base_time("1:"));
}

TEST_CASE("XBoard scores use 100000 + N for mates", "[xboard]") {
    CHECK(xboard_score(35) == 35);
    CHECK(xboard_score(-200) == -200);
    CHECK(xboard_score(mate_in(1)) == 100001);
    CHECK(xboard_score(mate_in(5)) == 100003);
    CHECK(xboard_score(mated_in(2)) == -100001);
}
