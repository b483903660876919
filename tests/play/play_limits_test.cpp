// Clock strings and the game clock: increments, controls that refill, margins.
#include <catch2/catch.hpp>

#include "play/play_limits.h"

using namespace augur;
using namespace augur::play;

TEST_CASE("Clock strings parse as fastchess and cutechess-cli write them", "[limits]") {
    auto c = parse_clock("10+0.1");
    REQUIRE(c.ok);
    CHECK(c.moves_per_control == 0);
    CHECK(c.base_ms == 10000);
    CHECK(c.increment_ms == 100);

    c = parse_clock("40/60");
    REQUIRE(c.ok);
    CHECK(c.moves_per_control == 40);
    CHECK(c.base_ms == 60000);
    CHECK(c.increment_ms == 0);

    c = parse_clock("1:30+1");
    REQUIRE(c.ok);
    CHECK(c.base_ms == 90000);
    CHECK(c.increment_ms == 1000);

    c = parse_clock("0.05");
    REQUIRE(c.ok);
    CHECK(c.base_ms == 50);

    c = parse_clock("0+0.5");
    REQUIRE(c.ok);
    CHECK(c.increment_ms == 500);

    for (const char* bad : {"", "abc", "10+", "+1", "0/10", "x/10", "10+-1", "-5", "1.2.3", "0", "10+0.1x", "1.:30"}) {
        INFO(bad);
        auto parsed = parse_clock(bad);
        CHECK_FALSE(parsed.ok);
        CHECK_FALSE(parsed.error.empty());
    }
}

TEST_CASE("Seconds read to the millisecond", "[limits]") {
    CHECK(parse_seconds("2") == 2000);
    CHECK(parse_seconds("0.2") == 200);
    CHECK(parse_seconds(".25") == 250);
    CHECK(parse_seconds("1.0019") == 1001);
    CHECK_FALSE(parse_seconds("1."));
    CHECK_FALSE(parse_seconds("-1"));
    CHECK_FALSE(parse_seconds("1e3"));
}

TEST_CASE("Clocks print back as they parse", "[limits]") {
    PlayLimits limits;
    limits.base_ms = 10000;
    limits.increment_ms = 100;
    CHECK(clock_to_string(limits) == "10+0.1");
    limits.moves_per_control = 40;
    limits.base_ms = 60500;
    limits.increment_ms = 0;
    CHECK(clock_to_string(limits) == "40/60.5");
}

TEST_CASE("The game clock charges, adds increments and refills at controls", "[limits][clock]") {
    PlayLimits fischer;
    fischer.base_ms = 1000;
    fischer.increment_ms = 100;
    PlayLimits control;
    control.moves_per_control = 2;
    control.base_ms = 500;
    GameClock clock(fischer, control, 50);

    CHECK(clock.time_left(WHITE) == 1000);
    CHECK(clock.deadline_ms(WHITE) == 1050);
    CHECK(clock.moves_to_go(WHITE) == 0);
    CHECK(clock.charge(WHITE, 300));
    CHECK(clock.time_left(WHITE) == 800);

    CHECK(clock.moves_to_go(BLACK) == 2);
    CHECK(clock.charge(BLACK, 200));
    CHECK(clock.time_left(BLACK) == 300);
    CHECK(clock.moves_to_go(BLACK) == 1);
    CHECK(clock.charge(BLACK, 320));  // 20 ms over, inside the margin: forgiven
    CHECK(clock.time_left(BLACK) == 500);  // the control refilled the clock
    CHECK(clock.moves_to_go(BLACK) == 2);

    CHECK_FALSE(clock.charge(WHITE, 851));  // 800 left + 50 margin
}

TEST_CASE("A fixed time per move has a deadline; node limits have none", "[limits][clock]") {
    PlayLimits fixed;
    fixed.move_time_ms = 200;
    PlayLimits nodes;
    nodes.nodes = 5000;
    GameClock clock(fixed, nodes, 10);
    CHECK(clock.deadline_ms(WHITE) == 210);
    CHECK(clock.deadline_ms(BLACK) == -1);
    CHECK(clock.time_left(WHITE) == -1);
    CHECK(clock.charge(WHITE, 210));
    CHECK_FALSE(clock.charge(WHITE, 211));
    CHECK(clock.charge(BLACK, 100000));
    CHECK(nodes.any());
    CHECK_FALSE(nodes.timed());
    CHECK_FALSE(PlayLimits{}.any());
}
