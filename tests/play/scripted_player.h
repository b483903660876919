// A player for tests: plays a fixed list of moves with fixed scores, or
// fails in a chosen way, so that every ending of the game loop can be reached
// on purpose. It remembers the last request's clock for clock tests.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "play/player.h"

namespace augur::play::test {

struct ScriptedMove {
    std::string uci;  // may be illegal on purpose
    int score = 0;
    bool has_score = true;
    int sleep_ms = 0;  // think this long before answering
    PlayerFailure failure = PlayerFailure::None;
};

class ScriptedPlayer final : public Player {
public:
    ScriptedPlayer(std::string name, std::vector<ScriptedMove> script) : name_(std::move(name)), script_(std::move(script)) {}

    const std::string& name() const override { return name_; }
    std::optional<std::string> new_game(bool) override { return std::nullopt; }
    // Past the end of its script the player stalls.
    MoveReply play(MoveRequest& request) override;

    std::size_t moves_asked() const { return next_; }
    std::int64_t last_deadline_ms() const { return last_deadline_ms_; }
    std::int64_t last_time_left_ms(Color c) const { return last_time_left_ms_[c]; }
    int last_moves_to_go() const { return last_moves_to_go_; }

private:
    std::string name_;
    std::vector<ScriptedMove> script_;
    std::size_t next_ = 0;
    std::int64_t last_deadline_ms_ = 0;
    std::int64_t last_time_left_ms_[2] = {0, 0};
    int last_moves_to_go_ = 0;
};

// Scripted moves with one score for all.
std::vector<ScriptedMove> moves_of(std::initializer_list<const char*> uci, int score = 0);

}  // namespace augur::play::test
