// Player: one side of a game, as the game loop sees it. The loop asks for a
// move with the game so far, the limits and both clocks; the player answers
// with a move and what its search reported, or with the reason it could not
// (an external engine that crashed, hung or sent an illegal move). The loop
// times every call itself and decides forfeits; a player only has to give up
// waiting once the deadline in the request has passed.
//
// EnginePlayer is the in-process implementation: an augur::Engine with its own
// options (Threads, Hash, evaluation switches, ...), searching on the caller's
// thread. External UCI engines are a UciProcessPlayer (uci_process.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "play/play_limits.h"

namespace augur::play {

struct MoveRequest {
    Game& game;  // the game so far; a player may search it but must leave it as it was
    PlayLimits limits;
    // Both clocks in milliseconds (-1: no clock), as UCI's wtime/btime, and
    // the moves to the next control (0: sudden death).
    std::int64_t time_left_ms[2] = {-1, -1};
    std::int64_t increment_ms[2] = {0, 0};
    int moves_to_go = 0;
    // The player loses this move if it takes longer than this (-1: no limit);
    // a player that waits for something external gives up soon after.
    std::int64_t deadline_ms = -1;
};

enum class PlayerFailure {
    None,
    IllegalMove,   // the move is not legal here (or not a move at all)
    Disconnected,  // the engine process ended or closed its output
    Stalled,       // no answer in time (beyond the deadline, or a hang without a clock)
};

struct MoveReply {
    Move move;               // legal in the request's position when failure is None
    std::string move_text;   // as the engine sent it, for reports of illegal moves
    int score = 0;           // centipawns or a mate score (search/score.h), the mover's view
    bool has_score = false;  // false when the engine reported none
    int depth = 0;
    std::uint64_t nodes = 0;
    PlayerFailure failure = PlayerFailure::None;
    std::string error;       // what went wrong, when failure is not None
};

class Player {
public:
    virtual ~Player() = default;
    virtual const std::string& name() const = 0;
    // Prepares for a new game (clears tables); returns the error if the
    // player cannot play any more (an engine process that died).
    virtual std::optional<std::string> new_game(bool chess960) = 0;
    virtual MoveReply play(MoveRequest& request) = 0;
};

// One engine option to set, by name, as UCI's setoption.
using OptionSetting = std::pair<std::string, std::string>;
// One search or time parameter (search_params.table, time_params.table) to set, by
// name: in-process engines only.
using SearchParamSetting = std::pair<std::string, int>;

class EnginePlayer final : public Player {
public:
    // The player, or the error of the first option the engine refused.
    struct Created {
        std::unique_ptr<EnginePlayer> player;
        std::string error;
    };
    static Created create(std::string name, const std::vector<OptionSetting>& options,
                          const std::vector<SearchParamSetting>& search_params = {});

    const std::string& name() const override { return name_; }
    std::optional<std::string> new_game(bool chess960) override;
    MoveReply play(MoveRequest& request) override;

private:
    explicit EnginePlayer(std::string name) : name_(std::move(name)) {}

    std::string name_;
    Engine engine_;
};

// The engine's search limits for a request: the mover's clock, the fixed
// time, nodes and depth.
SearchLimits search_limits(const MoveRequest& request);

}  // namespace augur::play
