// PlayLimits: how much one player may think per move in a game, in the forms
// match runners accept (fastchess, cutechess-cli): a clock `tc=[moves/]base[+inc]`
// (seconds), a fixed time per move `st=`, a node limit `nodes=` and a depth
// limit `depth=`. They combine: a clock with a node limit stops at whichever
// comes first. `nodestime=N` makes the clock count nodes instead of time
// (N nodes to a millisecond), so that timed games are reproducible and fair
// under any load: Augur in this process, or an external engine that offers a
// NodesTime option (Stockfish's nodestime, another Augur binary) and reports
// its nodes.
//
// GameClock keeps both sides' clocks during a game: time used is taken off,
// the increment added, and with `moves/` the base time comes back every that
// many moves. A move that overruns the time left (or the fixed time per move)
// by more than the time margin loses on time, as fastchess's `timemargin`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace augur::play {

struct PlayLimits {
    // The clock: base time for the game or for every `moves` moves, plus an
    // increment per move. base_ms < 0: no clock.
    int moves_per_control = 0;  // 0: the whole game
    std::int64_t base_ms = -1;
    std::int64_t increment_ms = 0;
    std::int64_t move_time_ms = 0;  // fixed time per move; 0: none
    std::uint64_t nodes = 0;        // 0: no node limit
    // A soft node limit (datagen's): no new iteration once the search has
    // visited this many nodes; the iteration under way finishes (within
    // `nodes`, if set too). 0: none.
    std::uint64_t soft_nodes = 0;
    int depth = 0;                  // 0: no depth limit
    // With a clock: the player's time is its nodes, this many to a millisecond
    // (its engine's NodesTime), instead of the real time its moves take. 0: the real time.
    std::uint64_t nodes_time = 0;

    bool has_clock() const { return base_ms >= 0; }
    // A game needs some limit, or a search would never end.
    bool any() const { return has_clock() || move_time_ms > 0 || nodes > 0 || soft_nodes > 0 || depth > 0; }
    // Node- and depth-limited games do not depend on the clock and are exactly
    // reproducible (with one search thread).
    bool timed() const { return has_clock() || move_time_ms > 0; }
};

// Parses a clock "[moves/]base[+inc]" in seconds ("10+0.1", "40/60", "0.5",
// "1:30+1" with minutes); the error text says what is wrong.
struct ParsedClock {
    bool ok = false;
    int moves_per_control = 0;
    std::int64_t base_ms = 0;
    std::int64_t increment_ms = 0;
    std::string error;
};
ParsedClock parse_clock(std::string_view text);

// Seconds with an optional fraction ("0.05", "2") as milliseconds; nullopt
// for anything else, negatives included.
std::optional<std::int64_t> parse_seconds(std::string_view text);

// "10+0.1", "40/60+0.5", as parse_clock reads it back.
std::string clock_to_string(const PlayLimits& limits);

class GameClock {
public:
    GameClock(const PlayLimits& white, const PlayLimits& black, std::int64_t margin_ms);

    // The time left on c's clock before its move (-1: c has no clock).
    std::int64_t time_left(Color c) const { return time_left_[c]; }
    // Moves c must still play before its clock is refilled (0: sudden death).
    int moves_to_go(Color c) const;
    // The longest c may take for its next move before it loses on time
    // (-1: no time limit).
    std::int64_t deadline_ms(Color c) const;

    // Charges c for a move that took elapsed_ms; false if that lost on time.
    bool charge(Color c, std::int64_t elapsed_ms);

private:
    PlayLimits limits_[2];
    std::int64_t time_left_[2];
    int moves_played_[2] = {0, 0};
    std::int64_t margin_ms_;
};

}  // namespace augur::play
