// UciSession: one conversation with a GUI or a tester in the UCI protocol.
//
// It reads command lines from any std::istream and writes replies to any
// std::ostream, so the engine binary runs it on stdin/stdout, tests drive it
// with string streams or line by line, and a host program can embed it. It
// owns the game the commands work on and the engine, or runs on an engine the
// caller owns. Every malformed or
// unknown command is answered with one "info string error ..." line and
// changes nothing; the session keeps running until `quit` or the end of input.
//
// Supported: uci, debug, isready, setoption, register, ucinewgame, position,
// go (searchmoves ponder wtime btime winc binc movestogo depth nodes mate
// movetime infinite, and perft), stop, ponderhit, quit, and the debugging
// commands d, eval and bench.
//
// Threads: commands run on the caller's thread. `go` starts the search on the
// engine's thread and returns at once; the search prints its info lines and
// bestmove from there (all output goes through one LineWriter). While it runs,
// isready, stop, ponderhit, debug and uci answer at once; every other command
// first stops the search and waits for its bestmove, so that no two commands
// ever use the engine or the game at the same time.
#pragma once

#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/game.h"
#include "engine/engine.h"
#include "protocol/line_reader.h"
#include "protocol/line_writer.h"
#include "protocol/search_output.h"
#include "protocol/tokens.h"

namespace augur {

class UciSession {
public:
    static constexpr std::size_t MAX_LINE_LENGTH = augur::MAX_LINE_LENGTH;

    explicit UciSession(std::ostream& out);
    // A session on an engine the caller owns, which must outlive the session:
    // a host (or the fuzz target) that runs many sessions one after the other
    // keeps one engine. The session starts from the engine as it is (options,
    // tables) and leaves it as its commands left it.
    UciSession(std::ostream& out, Engine& engine);
    // Stops a running search and waits for it.
    ~UciSession();

    // Answers command lines from in until `quit` or the end of input. At the
    // end of input a search that would only end on `stop` (infinite, ponder)
    // is stopped; one with limits is allowed to finish.
    // in must not be tied to the output (see run_protocol): the engine's thread writes too.
    void run(std::istream& in);
    // Answers one command line; returns false once `quit` has been received.
    bool execute(std::string_view line);
    // The answer to an input line that read_line() had to drop.
    void report_line_too_long();

    // Not while a search runs (it reads the game and engine the search uses).
    const Position& position() const { return game_->position(); }
    const Engine& engine() const { return *engine_; }
    bool quit_requested() const { return quit_requested_; }

private:
    // What a command handler returns: nullopt on success, else the error message.
    using Outcome = std::optional<std::string>;
    using Handler = Outcome (UciSession::*)(Tokens&);
    struct Command {
        std::string_view name;
        Handler handler;
        bool during_search;  // answered while a search runs, without stopping it
    };

    static const Command* find_command(std::string_view name);
    void report_error(std::string_view message);
    void end_search();
    void finish_input();
    void answer_deferred();

    Outcome uci(Tokens& args);
    Outcome debug(Tokens& args);
    Outcome isready(Tokens& args);
    Outcome setoption(Tokens& args);
    Outcome set_chess960(std::string_view value);
    Outcome registration(Tokens& args);
    Outcome ucinewgame(Tokens& args);
    Outcome position(Tokens& args);
    Outcome go(Tokens& args);
    Outcome go_perft(Tokens& args);
    Outcome go_search(Tokens& args);
    Outcome stop(Tokens& args);
    Outcome ponderhit(Tokens& args);
    Outcome display(Tokens& args);
    Outcome eval(Tokens& args);
    Outcome bench(Tokens& args);
    Outcome quit(Tokens& args);

    LineWriter out_;
    std::unique_ptr<Engine> own_engine_;  // large (PV tables): kept off the caller's stack; null when borrowed
    Engine* engine_;                      // own_engine_, or the caller's
    std::unique_ptr<Game> game_;
    // The listener of the running (or last) search: replaced only after the
    // engine has finished with it.
    std::unique_ptr<UciInfoWriter> listener_;
    // True while a started search may only end by stop or ponderhit (infinite
    // or ponder), which decides what the end of input does with it.
    bool open_ended_ = false;
    // The last `go` was infinite: a ponderhit does not end it, only stop.
    bool infinite_ = false;
    // For `go infinite` or `go ponder` in a position without legal moves:
    // UCI wants bestmove only after stop or ponderhit, so it waits here.
    bool bestmove_deferred_ = false;
    // UCI_Chess960: the session's, not the engine's, because it decides how
    // positions are read and moves printed, which the engine never does.
    bool chess960_ = false;
    // UCI_ShowWDL: info lines carry `wdl W D L` (search/wdl.h).
    bool show_wdl_ = false;
    bool debug_ = false;
    bool quit_requested_ = false;
};

}  // namespace augur
