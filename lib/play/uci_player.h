// UciPlayer: an external UCI engine, run as a process, as a Player. It starts
// the program, checks the handshake (uci/uciok, the options, isready/readyok),
// and for every move sends the game as `position fen .. moves ..` and the
// limits as `go wtime .. btime .. winc .. binc .. movestogo .. movetime ..
// nodes .. depth ..` (on a node clock the times are the clock's), reads the
// last reported score, depth and nodes and the `bestmove`. An engine that
// exits, closes its output, sends a move that is not legal or stays silent past
// the request's deadline (plus a moment after `stop`) fails the move with the
// reason; the game loop scores that as a loss.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "play/engine_process.h"
#include "play/player.h"

namespace augur::play {

class UciPlayer final : public Player {
public:
    // How long an engine may take to answer uci and isready.
    static constexpr std::chrono::milliseconds HANDSHAKE_TIMEOUT{10000};
    // How long a late engine has to answer `stop` with its move.
    static constexpr std::chrono::milliseconds STOP_GRACE{1000};

    struct Created {
        std::unique_ptr<UciPlayer> player;
        std::string error;
    };
    // With nodes_time > 0 the engine must offer a NodesTime option (any case, as
    // Augur and Stockfish do), set to it: its search then reads the node clock
    // the game charges it by.
    static Created create(std::string name, const std::string& program, const std::vector<OptionSetting>& options,
                          std::uint64_t nodes_time = 0);

    const std::string& name() const override { return name_; }
    std::optional<std::string> new_game(bool chess960) override;
    MoveReply play(MoveRequest& request) override;

private:
    UciPlayer(std::string name, std::unique_ptr<EngineProcess> process)
        : name_(std::move(name)), process_(std::move(process)) {}

    // Reads until a line starting with `expected`; the error if none came.
    // Option lines on the way are kept in offered_options_ (their names).
    std::optional<std::string> wait_for(const std::string& expected, EngineProcess::Clock::time_point deadline);
    // The engine's spelling of an option it offers, matched without case.
    std::optional<std::string> offered_option(std::string_view name) const;
    std::optional<std::string> send(const std::string& line);
    std::string gone();

    std::string name_;
    std::unique_ptr<EngineProcess> process_;
    bool chess960_ = false;
    std::vector<std::string> offered_options_;
};

// The UCI command for the game's position: `position startpos|fen F [moves ...]`.
std::string uci_position_command(const Game& game);
// The UCI `go` command for a request.
std::string uci_go_command(const MoveRequest& request);

}  // namespace augur::play
