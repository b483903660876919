// UciSession: one conversation with a GUI or a tester in the UCI protocol.
//
// It reads command lines from any std::istream and writes replies to any
// std::ostream, so the engine binary runs it on stdin/stdout, tests drive it
// with string streams and a host program can embed it. It owns the game the
// commands work on. Every malformed or unknown command is answered with one
// "info string error ..." line and changes nothing; the session always keeps
// running until `quit` or the end of input.
//
// Supported: uci, isready, setoption, ucinewgame, position, go (depth, nodes,
// perft), stop, quit, and the debugging commands d, eval and bench. A `go`
// searches synchronously: it prints its info lines and bestmove before the
// next command is read. New commands are one handler plus one row in the
// command table.
#pragma once

#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/game.h"
#include "engine/engine.h"
#include "protocol/position_spec.h"
#include "protocol/tokens.h"

namespace augur {

class UciSession {
public:
    // Input lines longer than this are discarded with an error: no legitimate
    // command comes close (a 1000-move game is about 5 KB), and the cap keeps a
    // stream of garbage without line breaks from eating memory.
    static constexpr std::size_t MAX_LINE_LENGTH = 1 << 20;

    explicit UciSession(std::ostream& out);
    ~UciSession();

    // Answers command lines from in until `quit` or the end of input.
    void run(std::istream& in);
    // Answers one command line; returns false once `quit` has been received.
    bool execute(std::string_view line);

    const Position& position() const { return game_->position(); }
    const Engine& engine() const { return *engine_; }
    bool quit_requested() const { return quit_requested_; }

private:
    // What a command handler returns: nullopt on success, else the error message.
    using Outcome = std::optional<std::string>;
    using Handler = Outcome (UciSession::*)(Tokens&);

    static Handler find_handler(std::string_view command);
    void report_error(std::string_view message);

    Outcome uci(Tokens& args);
    Outcome isready(Tokens& args);
    Outcome setoption(Tokens& args);
    Outcome set_chess960(std::string_view value);
    Outcome ucinewgame(Tokens& args);
    Outcome position(Tokens& args);
    Outcome go(Tokens& args);
    Outcome go_perft(Tokens& args);
    Outcome go_search(Tokens& args);
    Outcome display(Tokens& args);
    Outcome eval(Tokens& args);
    Outcome bench(Tokens& args);
    Outcome stop(Tokens& args);
    Outcome quit(Tokens& args);

    std::ostream& out_;
    std::unique_ptr<Engine> engine_;  // large (PV tables): kept off the caller's stack
    std::unique_ptr<Game> game_;
    // UCI_Chess960: the session's, not the engine's, because it decides how
    // positions are read and moves printed, which the engine never does.
    bool chess960_ = false;
    bool quit_requested_ = false;
};

}  // namespace augur
