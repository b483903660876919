#include "play/uci_player.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/notation.h"
#include "search/score.h"

namespace augur::play {

namespace {

using Clock = EngineProcess::Clock;

// What the engine's `info` lines said about its search; the last report wins.
void read_info(const std::string& line, MoveReply& reply) {
    std::istringstream words(line);
    std::string word;
    words >> word;  // "info"
    while (words >> word) {
        if (word == "string") return;  // free text follows
        if (word == "depth") words >> reply.depth;
        else if (word == "nodes") words >> reply.nodes;
        else if (word == "score") {
            std::string kind;
            int value = 0;
            if (!(words >> kind >> value)) return;
            if (kind == "cp") reply.score = value;
            else if (kind == "mate") reply.score = value > 0 ? mate_in(2 * value - 1) : mated_in(-2 * value);
            else continue;
            reply.has_score = true;
        }
    }
}

// The name in `option name NAME type ...` (names may hold spaces); nullopt for other lines.
std::optional<std::string> option_name(const std::string& line) {
    const std::string prefix = "option name ";
    if (line.rfind(prefix, 0) != 0) return std::nullopt;
    const std::size_t type = line.find(" type ", prefix.size());
    if (type == std::string::npos) return std::nullopt;
    return line.substr(prefix.size(), type - prefix.size());
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return char(std::tolower(static_cast<unsigned char>(c))); };
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

MoveReply failed(PlayerFailure failure, std::string error) {
    MoveReply reply;
    reply.failure = failure;
    reply.error = std::move(error);
    return reply;
}

}  // namespace

std::string uci_position_command(const Game& game) {
    bool startpos = game.fen() == Position::START_FEN && !game.position().is_chess960();
    std::string command = startpos ? "position startpos" : "position fen " + game.fen();
    if (game.moves().empty()) return command;
    // Each move is printed in the position it was played in.
    auto start = Game::from_fen(game.fen(), game.position().is_chess960());
    Game& walk = *start.game;
    command += " moves";
    for (Move m : game.moves()) {
        command += " " + move_to_uci(walk.position(), m);
        walk.play(m);
    }
    return command;
}

std::string uci_go_command(const MoveRequest& request) {
    std::string go = "go";
    if (request.time_left_ms[WHITE] >= 0) go += " wtime " + std::to_string(request.time_left_ms[WHITE]);
    if (request.time_left_ms[BLACK] >= 0) go += " btime " + std::to_string(request.time_left_ms[BLACK]);
    if (request.time_left_ms[WHITE] >= 0 && request.increment_ms[WHITE] > 0)
        go += " winc " + std::to_string(request.increment_ms[WHITE]);
    if (request.time_left_ms[BLACK] >= 0 && request.increment_ms[BLACK] > 0)
        go += " binc " + std::to_string(request.increment_ms[BLACK]);
    if (request.moves_to_go > 0) go += " movestogo " + std::to_string(request.moves_to_go);
    if (request.limits.move_time_ms > 0) go += " movetime " + std::to_string(request.limits.move_time_ms);
    if (request.limits.nodes > 0) go += " nodes " + std::to_string(request.limits.nodes);
    if (request.limits.depth > 0) go += " depth " + std::to_string(request.limits.depth);
    return go;
}

UciPlayer::Created UciPlayer::create(std::string name, const std::string& program, const std::vector<OptionSetting>& options,
                                     std::uint64_t nodes_time) {
    auto started = EngineProcess::start(program);
    if (!started.process) return {nullptr, started.error};
    std::unique_ptr<UciPlayer> player(new UciPlayer(std::move(name), std::move(started.process)));
    auto deadline = Clock::now() + HANDSHAKE_TIMEOUT;
    if (auto error = player->send("uci")) return {nullptr, *error};
    if (auto error = player->wait_for("uciok", deadline)) return {nullptr, *error};
    for (const auto& [option, value] : options) {
        if (auto error = player->send("setoption name " + option + " value " + value)) return {nullptr, *error};
    }
    if (nodes_time) {
        auto option = player->offered_option("NodesTime");
        if (!option) return {nullptr, "engine offers no NodesTime option, which nodestime= needs (it would read the real clock)"};
        if (auto error = player->send("setoption name " + *option + " value " + std::to_string(nodes_time)))
            return {nullptr, *error};
    }
    if (auto error = player->send("isready")) return {nullptr, *error};
    if (auto error = player->wait_for("readyok", Clock::now() + HANDSHAKE_TIMEOUT)) return {nullptr, *error};
    return {std::move(player), {}};
}

std::string UciPlayer::gone() { return "engine " + process_->exit_description(); }

std::optional<std::string> UciPlayer::send(const std::string& line) {
    if (process_->write_line(line)) return std::nullopt;
    return gone();
}

std::optional<std::string> UciPlayer::wait_for(const std::string& expected, Clock::time_point deadline) {
    std::string line;
    for (;;) {
        switch (process_->read_line(line, deadline)) {
        case EngineProcess::ReadStatus::Line:
            if (line == expected || line.rfind(expected + " ", 0) == 0) return std::nullopt;
            if (auto option = option_name(line)) offered_options_.push_back(*option);
            break;
        case EngineProcess::ReadStatus::Timeout: return "engine did not answer " + expected + " in time";
        case EngineProcess::ReadStatus::Closed: return gone();
        }
    }
}

std::optional<std::string> UciPlayer::offered_option(std::string_view name) const {
    for (const std::string& option : offered_options_)
        if (same_ignoring_case(option, name)) return option;
    return std::nullopt;
}

std::optional<std::string> UciPlayer::new_game(bool chess960) {
    if (chess960 != chess960_) {
        if (auto error = send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"))) return error;
        chess960_ = chess960;
    }
    if (auto error = send("ucinewgame")) return error;
    if (auto error = send("isready")) return error;
    return wait_for("readyok", Clock::now() + HANDSHAKE_TIMEOUT);
}

MoveReply UciPlayer::play(MoveRequest& request) {
    if (auto error = send(uci_position_command(request.game))) return failed(PlayerFailure::Disconnected, *error);
    if (auto error = send(uci_go_command(request))) return failed(PlayerFailure::Disconnected, *error);
    // Without any deadline (a host that set none) a silent engine is waited for a day.
    std::int64_t wait_ms = request.deadline_ms >= 0 ? request.deadline_ms : 24 * 3600 * 1000;
    auto deadline = Clock::now() + std::chrono::milliseconds(wait_ms);
    bool stopped = false;
    MoveReply reply;
    std::string line;
    for (;;) {
        switch (process_->read_line(line, deadline)) {
        case EngineProcess::ReadStatus::Closed: return failed(PlayerFailure::Disconnected, gone());
        case EngineProcess::ReadStatus::Timeout:
            if (stopped) return failed(PlayerFailure::Stalled, "sent no move, not even after stop");
            // Too late already, but a move still ends the game more cleanly (on time).
            send("stop");
            stopped = true;
            deadline = Clock::now() + STOP_GRACE;
            continue;
        case EngineProcess::ReadStatus::Line: break;
        }
        if (line.rfind("info ", 0) == 0) {
            read_info(line, reply);
        } else if (line.rfind("bestmove", 0) == 0) {
            std::istringstream words(line.substr(8));
            words >> reply.move_text;
            reply.move = parse_uci_move(request.game.position(), reply.move_text);
            if (!reply.move) {
                reply.failure = PlayerFailure::IllegalMove;
                reply.error = "plays an illegal move: " + reply.move_text;
            }
            return reply;
        }
    }
}

}  // namespace augur::play
