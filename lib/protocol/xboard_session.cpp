#include "protocol/xboard_session.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <future>
#include <limits>
#include <thread>

#include "core/movegen.h"
#include "core/notation.h"
#include "protocol/engine_version.h"
#include "protocol/line_reader.h"
#include "protocol/search_limits_spec.h"

namespace augur {

namespace {

// How long run() waits for its reader to notice the session has ended. A
// finite stream (a file, a test's string) ends at once; a reader still busy
// after this is blocked on a terminal or pipe and is left to the process exit.
constexpr std::chrono::milliseconds READER_GRACE{200};

// The answer to protover: the protocol features, one feature option per
// engine option, then done=1.
std::string features() {
    std::string text = "feature ping=1 setboard=1 usermove=1 analyze=1 memory=1 smp=1 egt=\"syzygy\" myname=\"Augur " +
                       std::string(ENGINE_VERSION) + "\" colors=0 sigint=0 sigterm=0\n";
    for (const OptionSpec& option : Engine::option_list()) text += xboard_option_feature(option) + '\n';
    return text + "feature done=1";
}

// A move in coordinate notation ("e2e4", "e7e8q"), legal or not: a bare word
// of this shape from a GUI that sends moves without `usermove`.
bool looks_like_move(std::string_view word) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (word.size() != 4 && word.size() != 5) return false;
    if (!file(word[0]) || !rank(word[1]) || !file(word[2]) || !rank(word[3])) return false;
    return word.size() == 4 || std::string_view("qrbnk").find(word[4]) != std::string_view::npos;
}

std::optional<std::string> expect_no_more(Tokens& args) {
    if (args.empty()) return std::nullopt;
    return "unexpected '" + printable(args.peek()) + "'";
}

// Reads lines into events until the end of the input or the session's end.
void read_into(std::istream& in, SessionEvents& events) {
    std::string line;
    while (!events.closed()) {
        LineRead status = read_line(in, line);
        if (status == LineRead::EndOfInput) return events.push_end_of_input();
        if (status == LineRead::TooLong)
            events.push({SessionEvent::Kind::LineTooLong, {}, 0, {}});
        else
            events.push_line(line);
    }
}

}  // namespace

XBoardSession::XBoardSession(std::ostream& out)
    : out_(out), own_engine_(std::make_unique<Engine>()), engine_(own_engine_.get()), game_(Game::start_position()) {}

XBoardSession::XBoardSession(std::ostream& out, Engine& engine)
    : out_(out), engine_(&engine), game_(Game::start_position()) {}

XBoardSession::~XBoardSession() {
    try {
        abandon_search();
    } catch (...) {
        // A listener's error rethrown by wait(): nothing is left to report it to.
    }
}

// ---------------------------------------------------------------------------
// Events

void XBoardSession::run(std::istream& in) {
    // Shared with the reader, which may outlive run() (detached below).
    auto finished = std::make_shared<std::promise<void>>();
    std::future<void> reader_done = finished->get_future();
    std::thread reader([events = events_, finished, &in] {
        read_into(in, *events);
        finished->set_value();
    });
    run_events();
    // Woken the moment the reader ends: no polling, so a finite input costs no wait.
    if (reader_done.wait_for(READER_GRACE) == std::future_status::ready)
        reader.join();
    else
        reader.detach();  // blocked on standard input, which the process exit ends
}

void XBoardSession::run_events() {
    for (;;) {
        SessionEvent event = events_->pop();
        if (!handle(event)) break;
    }
    abandon_search();
    events_->close();
}

bool XBoardSession::handle(SessionEvent& event) {
    switch (event.kind) {
    case SessionEvent::Kind::Line:
        execute(event.line);
        return !quit_requested_;
    case SessionEvent::Kind::LineTooLong:
        out_.line("Error (line longer than " + std::to_string(MAX_LINE_LENGTH) + " bytes): ignored");
        return true;
    case SessionEvent::Kind::SearchDone:
        try {
            search_done(event.search_id, event.result);
        } catch (const std::exception& e) {
            out_.line("Error (internal error: " + printable(e.what()) + "): search");
        }
        return true;
    case SessionEvent::Kind::EndOfInput:
        return false;
    }
    return true;
}

void XBoardSession::execute(std::string_view line) {
    Tokens tokens(line);
    std::string_view command = tokens.next();
    if (command.empty()) return;
    Handler handler = find_handler(command);
    try {
        if (handler) {
            if (Outcome error = (this->*handler)(tokens)) out_.line("Error (" + *error + "): " + printable(line, 100));
        } else if (looks_like_move(command) || parse_move(command)) {
            // GUIs that refused usermove=1 (protocol 1) send bare moves.
            play_user_move(command);
        } else {
            out_.line("Error (unknown command): " + printable(command));
        }
    } catch (const std::exception& e) {
        // Realistically only running out of memory; the session must go on.
        out_.line("Error (internal error: " + printable(e.what()) + "): " + printable(line, 100));
    }
}

XBoardSession::Handler XBoardSession::find_handler(std::string_view command) {
    static constexpr std::pair<std::string_view, Handler> COMMANDS[] = {
        {"xboard", &XBoardSession::xboard},
        {"protover", &XBoardSession::protover},
        {"new", &XBoardSession::new_game},
        {"variant", &XBoardSession::variant},
        {"force", &XBoardSession::force},
        {"go", &XBoardSession::go},
        {"playother", &XBoardSession::playother},
        {"usermove", &XBoardSession::usermove},
        {"?", &XBoardSession::move_now},
        {"time", &XBoardSession::time},
        {"otim", &XBoardSession::otim},
        {"level", &XBoardSession::level},
        {"st", &XBoardSession::st},
        {"sd", &XBoardSession::sd},
        {"ping", &XBoardSession::ping},
        {"setboard", &XBoardSession::setboard},
        {"undo", &XBoardSession::undo},
        {"remove", &XBoardSession::remove},
        {"result", &XBoardSession::result},
        {"post", &XBoardSession::post},
        {"nopost", &XBoardSession::nopost},
        {"hard", &XBoardSession::hard},
        {"easy", &XBoardSession::easy},
        {"analyze", &XBoardSession::analyze},
        {"exit", &XBoardSession::exit_analysis},
        {".", &XBoardSession::analysis_status},
        {"memory", &XBoardSession::memory},
        {"cores", &XBoardSession::cores},
        {"egtpath", &XBoardSession::egtpath},
        {"option", &XBoardSession::option},
        {"quit", &XBoardSession::quit},
        // Information the engine has no use for; answering with an error
        // would only fill the GUI's log.
        {"accepted", &XBoardSession::accept_silently},
        {"rejected", &XBoardSession::accept_silently},
        {"random", &XBoardSession::accept_silently},
        {"computer", &XBoardSession::accept_silently},
        {"name", &XBoardSession::accept_silently},
        {"rating", &XBoardSession::accept_silently},
        {"ics", &XBoardSession::accept_silently},
        {"draw", &XBoardSession::accept_silently},
        {"hint", &XBoardSession::accept_silently},
        {"bk", &XBoardSession::accept_silently},
    };
    for (auto [name, handler] : COMMANDS)
        if (name == command) return handler;
    return nullptr;
}

// ---------------------------------------------------------------------------
// Searches

void XBoardSession::start_search(SearchKind kind, const Game& game, SearchLimits limits) {
    ++search_id_;
    const std::atomic<bool>& post = kind == SearchKind::Analyze ? always_post_ : post_;
    listener_ = std::make_unique<XBoardSearchListener>(out_, game.position(), post, events_, search_id_);
    search_kind_ = kind;
    engine_->start(game, limits, listener_.get());
}

void XBoardSession::abandon_search() {
    if (search_kind_ == SearchKind::None) return;
    engine_->stop();
    engine_->wait();
    // Its SearchDone event may already be queued: with the kind reset it no
    // longer matches and is dropped.
    search_kind_ = SearchKind::None;
    send_pongs();
}

void XBoardSession::search_done(int search_id, const SearchResult& result) {
    if (search_id != search_id_ || search_kind_ == SearchKind::None) return;
    engine_->wait();
    SearchKind kind = search_kind_;
    search_kind_ = SearchKind::None;
    // Ponder and analysis searches end only when stopped, and whoever stops
    // them abandons them first; only the engine's own thinking ends here.
    if (kind == SearchKind::Think) play_engine_move(result);
    send_pongs();
}

SearchLimits XBoardSession::game_limits(const Position& pos) const {
    SearchLimits limits;
    limits.depth = depth_limit_;
    limits.time = clock_.engine_control(pos.fullmove_number());
    return limits;
}

void XBoardSession::think_if_on_move() {
    if (force_ || analyzing_ || game_over_ || game_->position().side_to_move() != engine_color_) return;
    if (claim_result()) return;
    start_search(SearchKind::Think, *game_, game_limits(game_->position()));
}

void XBoardSession::start_pondering(Move predicted, std::int64_t thinking_ms) {
    if (!game_->position().is_legal(predicted)) return;
    Game::Created copy = game_->replay(game_->position().is_chess960());
    if (!copy.game) return;
    copy.game->play(predicted);
    if (result_claim(copy.game->position())) return;  // nothing to think about after that reply
    SearchLimits limits = game_limits(copy.game->position());
    // The GUI reports the clock before the opponent's move, too late for the
    // search that starts now: estimate it from the last report.
    if (limits.time.time_left_ms >= 0)
        limits.time.time_left_ms = std::max<std::int64_t>(limits.time.time_left_ms - thinking_ms, 0) +
                                   limits.time.increment_ms;
    limits.ponder = true;
    ponder_game_ = std::move(copy.game);
    predicted_ = predicted;
    start_search(SearchKind::Ponder, *ponder_game_, limits);
}

void XBoardSession::restart_analysis() {
    abandon_search();
    if (count_legal_moves(game_->position()) == 0) return;  // mate or stalemate: nothing to analyse
    SearchLimits limits;
    limits.infinite = true;
    start_search(SearchKind::Analyze, *game_, limits);
}

void XBoardSession::send_pongs() {
    // A ping that came while the engine was thinking is answered after its
    // move, so that the GUI knows the move belongs to the position it had set.
    if (search_kind_ == SearchKind::Think) return;
    for (const std::string& n : pending_pongs_) out_.line("pong " + n);
    pending_pongs_.clear();
}

// ---------------------------------------------------------------------------
// The game

Move XBoardSession::parse_move(std::string_view text) const {
    const Position& pos = game_->position();
    Move m = parse_uci_move(pos, text);
    return m ? m : parse_san_move(pos, text);  // GUIs with san=1 habits
}

XBoardSession::Outcome XBoardSession::play_user_move(std::string_view text) {
    Move m = parse_move(text);
    if (!m) {
        out_.line("Illegal move: " + printable(text));
        return std::nullopt;
    }
    if (search_kind_ == SearchKind::Ponder && m == predicted_) {
        // The expected reply: the ponder search becomes the real one.
        game_->play(m);
        search_kind_ = SearchKind::Think;
        engine_->ponderhit();
        return std::nullopt;
    }
    if (search_kind_ == SearchKind::Analyze) {
        game_->play(m);
        restart_analysis();
        return std::nullopt;
    }
    abandon_search();  // a ponder miss
    game_->play(m);
    if (force_) return std::nullopt;
    if (claim_result()) return std::nullopt;
    think_if_on_move();
    return std::nullopt;
}

void XBoardSession::play_engine_move(const SearchResult& result) {
    Move best = result.best_move;
    if (!best || !game_->position().is_legal(best)) {
        claim_result();  // no legal move: the search found the game over
        return;
    }
    std::string text = move_to_uci(game_->position(), best);
    game_->play(best);
    out_.line("move " + text);
    if (claim_result()) return;
    if (ponder_ && result.ponder_move) start_pondering(result.ponder_move, result.time_ms);
}

bool XBoardSession::claim_result() {
    std::optional<std::string> claim = result_claim(game_->position());
    if (!claim) return false;
    out_.line(*claim);
    game_over_ = true;
    return true;
}

// ---------------------------------------------------------------------------
// Commands

XBoardSession::Outcome XBoardSession::xboard(Tokens&) {
    return std::nullopt;  // the protocol choice itself; protover follows
}

XBoardSession::Outcome XBoardSession::protover(Tokens& args) {
    std::string error;
    if (!parse_number(args.next(), "protocol version", 1, 1000, &error)) return error;
    out_.line(features());
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::accept_silently(Tokens&) { return std::nullopt; }

XBoardSession::Outcome XBoardSession::new_game(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    abandon_search();
    game_ = Game::start_position();
    force_ = false;
    engine_color_ = BLACK;
    game_over_ = false;
    depth_limit_ = 0;
    clock_.new_game();
    engine_->new_game();
    if (analyzing_) restart_analysis();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::variant(Tokens& args) {
    std::string_view name = args.next();
    if (name != "normal") return "unsupported variant " + printable(name);
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::force(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    if (search_kind_ != SearchKind::Analyze) abandon_search();
    force_ = true;
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::go(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    if (analyzing_) return std::string("command not legal now: analysing");
    abandon_search();
    force_ = false;
    game_over_ = false;
    engine_color_ = game_->position().side_to_move();
    think_if_on_move();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::playother(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    if (analyzing_) return std::string("command not legal now: analysing");
    // No ponder search starts here: without a move of its own the engine has
    // no predicted reply to ponder on.
    abandon_search();
    force_ = false;
    engine_color_ = ~game_->position().side_to_move();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::usermove(Tokens& args) {
    std::string_view text = args.next();
    if (text.empty()) return std::string("missing move");
    if (auto error = expect_no_more(args)) return error;
    return play_user_move(text);
}

XBoardSession::Outcome XBoardSession::move_now(Tokens&) {
    // The search ends as it would on time, and its report makes the move.
    if (search_kind_ == SearchKind::Think) engine_->stop();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::time(Tokens& args) { return clock_.time(args); }
XBoardSession::Outcome XBoardSession::otim(Tokens& args) { return clock_.otim(args); }
XBoardSession::Outcome XBoardSession::level(Tokens& args) { return clock_.level(args); }
XBoardSession::Outcome XBoardSession::st(Tokens& args) { return clock_.st(args); }

XBoardSession::Outcome XBoardSession::sd(Tokens& args) {
    std::string error;
    std::optional<int> depth = parse_search_depth(args.next(), &error);
    if (!depth) return error;
    if (auto extra = expect_no_more(args)) return extra;
    depth_limit_ = *depth;
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::ping(Tokens& args) {
    std::string_view n = args.next();
    if (n.empty()) return std::string("missing number");
    if (auto error = expect_no_more(args)) return error;
    pending_pongs_.push_back(printable(n));
    send_pongs();  // at once unless the engine is thinking about its move
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::setboard(Tokens& args) {
    std::string fen = join_words(args.take_rest());
    Game::Created created = Game::from_fen(fen);
    if (!created.game) {
        // The protocol's way to tell the user; the old position stays.
        out_.line("tellusererror Illegal position: " + printable(created.error, 200));
        return std::nullopt;
    }
    abandon_search();
    game_ = std::move(created.game);
    game_over_ = false;
    if (analyzing_) restart_analysis();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::undo(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    return take_back(1);
}

XBoardSession::Outcome XBoardSession::remove(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    return take_back(2);
}

XBoardSession::Outcome XBoardSession::take_back(int plies) {
    if (game_->moves().size() < std::size_t(plies)) return std::string("no move to take back");
    abandon_search();
    for (int i = 0; i < plies; ++i) game_->undo();
    game_over_ = false;
    if (analyzing_) restart_analysis();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::result(Tokens&) {
    // The game is over whatever the GUI says happened; analysis may go on.
    if (search_kind_ != SearchKind::Analyze) abandon_search();
    game_over_ = true;
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::post(Tokens&) {
    post_.store(true);
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::nopost(Tokens&) {
    post_.store(false);
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::hard(Tokens&) {
    ponder_ = true;
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::easy(Tokens&) {
    ponder_ = false;
    if (search_kind_ == SearchKind::Ponder) abandon_search();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::analyze(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    analyzing_ = true;
    restart_analysis();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::exit_analysis(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    if (!analyzing_) return std::string("command not legal now: not analysing");
    analyzing_ = false;
    abandon_search();
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::analysis_status(Tokens&) {
    if (search_kind_ == SearchKind::Analyze && listener_) out_.line(listener_->stat01(engine_->nodes_searched()));
    return std::nullopt;
}

XBoardSession::Outcome XBoardSession::memory(Tokens& args) {
    std::string error;
    // xboard's figure is all the memory the engine may use; nearly all of it goes to the table.
    auto mb = parse_number(args.next(), "memory", 1, std::numeric_limits<std::uint32_t>::max(), &error);
    if (!mb) return error;
    if (auto extra = expect_no_more(args)) return extra;
    const OptionSpec* hash = find_option(Engine::option_list(), "Hash");
    if (!hash) return std::string("this engine has no Hash option");
    return set_engine_option("Hash", std::to_string(std::min<std::uint64_t>(*mb, std::uint64_t(hash->max))));
}

XBoardSession::Outcome XBoardSession::cores(Tokens& args) {
    std::string error;
    auto n = parse_number(args.next(), "cores", 1, std::numeric_limits<std::uint32_t>::max(), &error);
    if (!n) return error;
    if (auto extra = expect_no_more(args)) return extra;
    const OptionSpec* threads = find_option(Engine::option_list(), "Threads");
    if (!threads) return std::string("this engine has no Threads option");
    return set_engine_option("Threads", std::to_string(std::min<std::uint64_t>(*n, std::uint64_t(threads->max))));
}

XBoardSession::Outcome XBoardSession::egtpath(Tokens& args) {
    // "egtpath syzygy PATH", as announced by feature egt="syzygy".
    std::string_view kind = args.next();
    if (kind != "syzygy") return "unsupported tablebases '" + printable(kind) + "' (this engine reads syzygy)";
    return set_engine_option("SyzygyPath", join_words(args.take_rest()));
}

XBoardSession::Outcome XBoardSession::option(Tokens& args) {
    // "option NAME=VALUE", or "option NAME" for a button; names may hold spaces.
    std::string setting = join_words(args.take_rest());
    std::size_t equals = setting.find('=');
    std::string name = setting.substr(0, equals);
    if (name.empty()) return std::string("missing option name");
    const OptionSpec* spec = find_option(Engine::option_list(), name);
    if (!spec) return "unknown option '" + printable(name) + "'";
    std::string value = equals == std::string::npos ? std::string() : setting.substr(equals + 1);
    return set_engine_option(spec->name, option_value_from_xboard(*spec, value));
}

XBoardSession::Outcome XBoardSession::set_engine_option(std::string_view name, std::string value) {
    // Options change only between searches; analysis resumes afterwards.
    if (search_kind_ == SearchKind::Think) return std::string("command not legal now: thinking");
    abandon_search();
    Outcome error;
    try {
        error = engine_->set_option(name, value);
    } catch (const std::bad_alloc&) {
        error = "not enough memory for " + std::string(name) + " " + value;
    }
    if (analyzing_) restart_analysis();
    return error;
}

XBoardSession::Outcome XBoardSession::quit(Tokens&) {
    abandon_search();
    quit_requested_ = true;
    return std::nullopt;
}

}  // namespace augur
