// External UCI engines as players: the commands they are sent, whole games
// against the `augur` binary itself (also Chess960), and engines that play an
// illegal move, crash, hang or do not exist. Every child process is reaped.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cerrno>
#include <cstdlib>

#include "play/engine_spec.h"
#include "play/game_runner.h"
#include "play/uci_player.h"

using namespace augur;
using namespace augur::play;

namespace {

std::string env_path(const char* variable, const std::string& tail = "") {
    const char* value = std::getenv(variable);
    if (!value || !*value) FAIL(std::string(variable) + " must be set (meson test sets it)");
    return std::string(value) + tail;
}

std::string script(const std::string& name) { return env_path("AUGUR_TEST_DATA", "/engines/" + name); }

std::unique_ptr<Player> make(const std::string& name, const std::string& command, std::vector<OptionSetting> options = {},
                             PlayLimits limits = {}) {
    CreatedPlayer created = create_player({name, options, limits, command, {}});
    INFO(created.error);
    REQUIRE(created.player);
    return std::move(created.player);
}

GameSetup node_setup(std::uint64_t nodes) {
    GameSetup setup;
    setup.limits[WHITE].nodes = setup.limits[BLACK].nodes = nodes;
    setup.adjudication.resign = {true, 3, 500};
    setup.adjudication.draw = {true, 30, 4, 20};
    return setup;
}

bool no_child_left() { return waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

}  // namespace

TEST_CASE("UCI commands for positions and limits", "[uci-player]") {
    auto game = Game::start_position();
    CHECK(uci_position_command(*game) == "position startpos");
    game->play_uci("e2e4");
    game->play_uci("e7e5");
    CHECK(uci_position_command(*game) == "position startpos moves e2e4 e7e5");

    auto chess960 = Game::from_fen("4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1", true);
    chess960.game->play_uci("e1h1");
    CHECK(uci_position_command(*chess960.game) == "position fen 4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1 moves e1h1");

    MoveRequest request{*game, {}};
    request.time_left_ms[WHITE] = 9000;
    request.time_left_ms[BLACK] = 8000;
    request.increment_ms[WHITE] = request.increment_ms[BLACK] = 100;
    request.moves_to_go = 12;
    request.limits.nodes = 5000;
    CHECK(uci_go_command(request) == "go wtime 9000 btime 8000 winc 100 binc 100 movestogo 12 nodes 5000");
    MoveRequest fixed{*game, {}};
    fixed.limits.move_time_ms = 200;
    fixed.limits.depth = 7;
    CHECK(uci_go_command(fixed) == "go movetime 200 depth 7");
}

TEST_CASE("The augur binary plays whole games as an external engine", "[uci-player]") {
    std::string augur_binary = env_path("AUGUR_ENGINE");
    {
        auto external = make("ext", augur_binary, {{"Hash", "4"}});
        auto inside = make("in", "");
        PlayedGame played = play_game(*external, *inside, node_setup(400));
        REQUIRE(played.ok);
        const GameRecord& record = played.record;
        CHECK(record.termination != Termination::IllegalMove);
        CHECK(record.termination != Termination::Disconnected);
        CHECK(record.termination != Termination::Stalled);
        REQUIRE(record.moves.size() > 2);
        CHECK(record.moves[0].has_score);
        CHECK(record.moves[0].depth > 0);
        CHECK(record.moves[0].nodes > 0);
    }
    {
        // Chess960 through UCI_Chess960, with a clock.
        auto external = make("ext", augur_binary);
        auto inside = make("in", "");
        GameSetup setup = node_setup(0);
        setup.fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        setup.chess960 = true;
        for (PlayLimits& limits : setup.limits) {
            limits = PlayLimits{};
            limits.base_ms = 2000;
            limits.increment_ms = 20;
        }
        setup.time_margin_ms = 200;
        PlayedGame played = play_game(*inside, *external, setup);
        REQUIRE(played.ok);
        CHECK(played.record.chess960);
        CHECK(played.record.termination != Termination::IllegalMove);
        CHECK(played.record.termination != Termination::Disconnected);
        CHECK(played.record.termination != Termination::Stalled);
        CHECK(played.record.termination != Termination::TimeForfeit);
    }
    CHECK(no_child_left());
}

TEST_CASE("An external engine plays on a node clock through its NodesTime option", "[uci-player][nodestime]") {
    // 0.2 s + 2 ms a move at 500 nodes a millisecond for both: the external
    // augur reads the clock as nodes (the runner sets its NodesTime), and each
    // of its moves is charged the nodes of its last info line.
    PlayLimits node_clock;
    node_clock.base_ms = 200;
    node_clock.increment_ms = 2;
    node_clock.nodes_time = 500;
    GameSetup setup = node_setup(0);
    for (PlayLimits& limits : setup.limits) limits = node_clock;
    PlayedGame played;
    {
        auto external = make("ext", env_path("AUGUR_ENGINE"), {{"Hash", "4"}}, node_clock);
        auto inside = make("in", "", {}, node_clock);
        played = play_game(*external, *inside, setup);
    }
    REQUIRE(played.ok);
    INFO(played.record.reason);
    CHECK(played.record.termination != Termination::TimeForfeit);
    CHECK(played.record.termination != Termination::Stalled);
    REQUIRE(played.record.moves.size() > 6);
    std::uint64_t external_nodes = 0;
    for (std::size_t i = 0; i < played.record.moves.size(); i += 2) {
        const MoveRecord& move = played.record.moves[i];
        CHECK(move.time_ms == std::int64_t(move.nodes / 500));
        external_nodes += move.nodes;
    }
    // Searched, and within its clock of 100,000 nodes plus 1,000 a move.
    CHECK(external_nodes > 0);
    CHECK(external_nodes <= 500 * (200 + 2 * played.record.moves.size()));

    // An engine without the option would read the real clock: refused.
    CreatedPlayer silent = create_player({"silent", {}, node_clock, script("silent.sh"), {}});
    CHECK_FALSE(silent.player);
    CHECK(silent.error == "engine offers no NodesTime option, which nodestime= needs (it would read the real clock)");
    CHECK(no_child_left());
}

TEST_CASE("Failing engines lose the game with the reason", "[uci-player]") {
    auto play_against = [](const std::string& program, const GameSetup& setup) {
        auto failing = make("bad", program);
        auto inside = make("in", "");
        PlayedGame played = play_game(*inside, *failing, setup);
        REQUIRE(played.ok);
        CHECK(played.record.result == GameResult::WhiteWins);
        return played.record;
    };
    auto illegal = play_against(script("illegal_mover.sh"), node_setup(300));
    CHECK(illegal.termination == Termination::IllegalMove);
    CHECK(illegal.reason == "Black plays an illegal move: a1a8");

    auto crashed = play_against(script("crasher.sh"), node_setup(300));
    CHECK(crashed.termination == Termination::Disconnected);
    CHECK(crashed.reason == "Black engine exited with status 3");

    // Only the silent engine has a time limit: a loaded machine must not make
    // the in-process engine lose on time before the silence is noticed.
    GameSetup timed = node_setup(300);
    timed.limits[BLACK] = PlayLimits{};
    timed.limits[BLACK].move_time_ms = 50;
    auto silent = play_against(script("silent.sh"), timed);
    CHECK(silent.termination == Termination::Stalled);

    CHECK(no_child_left());
}

TEST_CASE("An engine that cannot start is an error, not a game", "[uci-player]") {
    CreatedPlayer missing = create_player({"x", {}, {}, "/no/such/engine", {}});
    CHECK_FALSE(missing.player);
    CHECK(missing.error == "cannot start /no/such/engine: No such file or directory");
    CreatedPlayer not_uci = create_player({"x", {}, {}, "/bin/true", {}});
    CHECK_FALSE(not_uci.player);
    CHECK(not_uci.error.find("engine exited with status 0") != std::string::npos);
    CHECK(no_child_left());
}
