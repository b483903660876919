// XBoardClock: the time control and the two clocks of an XBoard game, as the
// GUI sets them, turned into the TimeControl of the engine's next search.
//
//   level MPS BASE INC   MPS moves per period (0: whole game), BASE minutes
//                        ("5", "0:30", "1.5"), INC seconds per move ("0", "0.5")
//   st SECONDS           exactly this long per move (replaces level)
//   time CS / otim CS    the engine's / the opponent's clock, centiseconds
//
// GUIs send `time` and `otim` before every move, so the clocks here are what
// the GUI last said; until then they hold the period's base time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/tokens.h"
#include "search/search.h"

namespace augur {

class XBoardClock {
public:
    using Outcome = std::optional<std::string>;  // nullopt, or what was wrong

    // xboard's own default before any level: 40 moves in 5 minutes.
    XBoardClock() { new_game(); }

    Outcome level(Tokens& args);
    Outcome st(Tokens& args);
    Outcome time(Tokens& args) { return read_clock(args, engine_ms_); }
    Outcome otim(Tokens& args) { return read_clock(args, opponent_ms_); }
    // Both clocks back to the base time of the control.
    void new_game();

    // The engine's clock for its move number fullmove (1 for its first move).
    TimeControl engine_control(int fullmove) const;

    std::int64_t engine_ms() const { return engine_ms_; }
    std::int64_t opponent_ms() const { return opponent_ms_; }
    int moves_per_period() const { return moves_per_period_; }
    std::int64_t base_ms() const { return base_ms_; }
    std::int64_t increment_ms() const { return increment_ms_; }
    std::int64_t move_time_ms() const { return move_time_ms_; }

private:
    static Outcome read_clock(Tokens& args, std::int64_t& clock_ms);

    int moves_per_period_ = 40;
    std::int64_t base_ms_ = 5 * 60 * 1000;
    std::int64_t increment_ms_ = 0;
    std::int64_t move_time_ms_ = 0;  // st; 0: the level applies
    std::int64_t engine_ms_ = 0;
    std::int64_t opponent_ms_ = 0;
};

// "1.25" in units of unit_ms (1000 for seconds): 1250. Digits with an optional
// fraction; nullopt for anything else or beyond a year.
std::optional<std::int64_t> parse_decimal(std::string_view text, std::int64_t unit_ms);

// A level's base time, "m", "m.f" or "m:ss", in milliseconds.
std::optional<std::int64_t> parse_base_time(std::string_view text);

}  // namespace augur
