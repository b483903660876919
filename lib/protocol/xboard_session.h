// XBoardSession: one conversation with a GUI in the XBoard/CECP protocol
// (version 2), for the GUIs and adapters that do not speak UCI.
//
// It owns the game, the engine (unless it runs on the caller's), the clocks
// and the protocol's modes: force mode, the side the engine plays,
// post/nopost, hard/easy (pondering) and analysis. Replies follow the protocol: `move X` for the engine's moves,
// `Illegal move: X`, `Error (reason): command`, and result claims such as
// `1-0 {White mates}` after any move that ends the game by the rules.
//
// Threads: everything the session reacts to, command lines and finished
// searches, goes through one event queue (SessionEvents) and is handled on the
// thread that calls run() or run_events(); the search runs on the engine's
// thread and only prints thinking lines from there. So a command never races
// a search for the game, and the engine's own move is made by the session
// thread as soon as its search reports the end.
//
// Pondering (hard): after its move the engine searches the position after the
// reply it expects. If the opponent plays that move, the search continues as
// the real one (ponderhit); otherwise it is abandoned and a new one starts.
//
// Analysis (analyze ... exit): an infinite search of the current position,
// restarted whenever the position changes (usermove, undo, new, setboard).
#pragma once

#include <atomic>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "protocol/line_writer.h"
#include "protocol/session_events.h"
#include "protocol/tokens.h"
#include "protocol/xboard_clock.h"
#include "protocol/xboard_output.h"

namespace augur {

class XBoardSession {
public:
    explicit XBoardSession(std::ostream& out);
    // A session on an engine the caller owns, which must outlive the session
    // (see UciSession's): it starts from the engine as it is and leaves it as
    // its commands left it.
    XBoardSession(std::ostream& out, Engine& engine);
    // Abandons a running search and waits for it.
    ~XBoardSession();

    // Reads command lines from in on a reader thread and answers them on the
    // calling thread until `quit` or the end of input.
    // in must not be tied to the output (see run_protocol): the engine's thread writes too.
    void run(std::istream& in);

    // Thread-safe: queue a command line, or the end of the input.
    void post_line(std::string line) { events_->push_line(std::move(line)); }
    void post_end_of_input() { events_->push_end_of_input(); }
    // Handles queued events until `quit` or the end of input.
    void run_events();

    bool quit_requested() const { return quit_requested_; }
    // For tests, between commands only (the session's thread owns the engine).
    const Engine& engine() const { return *engine_; }

private:
    // What a command handler returns: nullopt, or the reason for an
    // "Error (reason): command" reply.
    using Outcome = std::optional<std::string>;
    using Handler = Outcome (XBoardSession::*)(Tokens&);
    enum class SearchKind { None, Think, Ponder, Analyze };

    bool handle(SessionEvent& event);
    void execute(std::string_view line);
    static Handler find_handler(std::string_view command);

    // Searches.
    void start_search(SearchKind kind, const Game& game, SearchLimits limits);
    void abandon_search();
    void search_done(int search_id, const SearchResult& result);
    void think_if_on_move();
    void start_pondering(Move predicted, std::int64_t thinking_ms);
    void restart_analysis();
    SearchLimits game_limits(const Position& pos) const;
    void send_pongs();

    // The game.
    Move parse_move(std::string_view text) const;
    Outcome play_user_move(std::string_view text);
    void play_engine_move(const SearchResult& result);
    bool claim_result();

    Outcome xboard(Tokens& args);
    Outcome protover(Tokens& args);
    Outcome accept_silently(Tokens& args);
    Outcome new_game(Tokens& args);
    Outcome variant(Tokens& args);
    Outcome force(Tokens& args);
    Outcome go(Tokens& args);
    Outcome playother(Tokens& args);
    Outcome usermove(Tokens& args);
    Outcome move_now(Tokens& args);
    Outcome time(Tokens& args);
    Outcome otim(Tokens& args);
    Outcome level(Tokens& args);
    Outcome st(Tokens& args);
    Outcome sd(Tokens& args);
    Outcome ping(Tokens& args);
    Outcome setboard(Tokens& args);
    Outcome undo(Tokens& args);
    Outcome remove(Tokens& args);
    Outcome take_back(int plies);
    Outcome result(Tokens& args);
    Outcome post(Tokens& args);
    Outcome nopost(Tokens& args);
    Outcome hard(Tokens& args);
    Outcome easy(Tokens& args);
    Outcome analyze(Tokens& args);
    Outcome exit_analysis(Tokens& args);
    Outcome analysis_status(Tokens& args);
    Outcome memory(Tokens& args);
    Outcome cores(Tokens& args);
    Outcome egtpath(Tokens& args);
    Outcome option(Tokens& args);
    Outcome set_engine_option(std::string_view name, std::string value);
    Outcome quit(Tokens& args);

    LineWriter out_;
    std::shared_ptr<SessionEvents> events_ = std::make_shared<SessionEvents>();
    std::unique_ptr<Engine> own_engine_;  // null when the engine is the caller's
    Engine* engine_;                      // own_engine_, or the caller's
    std::unique_ptr<Game> game_;
    XBoardClock clock_;

    // The protocol's modes.
    bool force_ = false;
    Color engine_color_ = BLACK;  // `new` has the engine play Black
    bool game_over_ = false;      // a result was claimed or received: no more searching
    bool ponder_ = false;         // hard
    bool analyzing_ = false;
    std::atomic<bool> post_{false};
    const std::atomic<bool> always_post_{true};  // analysis always shows its lines
    int depth_limit_ = 0;  // sd; 0: none

    // The running search, if any. A search is known by its id, so that the
    // report of one that was abandoned is recognised and dropped.
    SearchKind search_kind_ = SearchKind::None;
    int search_id_ = 0;
    std::unique_ptr<XBoardSearchListener> listener_;
    std::unique_ptr<Game> ponder_game_;  // the position a ponder search works on
    Move predicted_;                     // the opponent's move it expects
    std::vector<std::string> pending_pongs_;  // pings that arrived while thinking

    bool quit_requested_ = false;
};

}  // namespace augur
