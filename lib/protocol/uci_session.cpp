#include "protocol/uci_session.h"

#include <exception>
#include <new>
#include <utility>

#include "core/movegen.h"
#include "protocol/engine_reports.h"
#include "protocol/engine_version.h"
#include "protocol/position_spec.h"
#include "protocol/reports.h"
#include "protocol/search_limits_spec.h"

namespace augur {

namespace {

// The session handles these options itself (see chess960_ and show_wdl_ in the header).
const OptionSpec& chess960_option() {
    static const OptionSpec& spec = *find_option(session_options(), "UCI_Chess960");
    return spec;
}

const OptionSpec& show_wdl_option() {
    static const OptionSpec& spec = *find_option(session_options(), "UCI_ShowWDL");
    return spec;
}

std::optional<std::string> expect_no_more(Tokens& args) {
    if (args.empty()) return std::nullopt;
    return "unexpected '" + printable(args.peek()) + "'";
}

}  // namespace

UciSession::UciSession(std::ostream& out)
    : out_(out), own_engine_(std::make_unique<Engine>()), engine_(own_engine_.get()), game_(Game::start_position()) {}

UciSession::UciSession(std::ostream& out, Engine& engine)
    : out_(out), engine_(&engine), game_(Game::start_position()) {}

UciSession::~UciSession() {
    try {
        end_search();
    } catch (...) {
        // A listener's error rethrown by wait(): nothing is left to report it to.
    }
}

void UciSession::run(std::istream& in) {
    std::string line;
    for (;;) {
        LineRead status = read_line(in, line, MAX_LINE_LENGTH);
        if (status == LineRead::EndOfInput) return finish_input();
        if (status == LineRead::TooLong) {
            report_line_too_long();
            continue;
        }
        if (!execute(line)) return;
    }
}

void UciSession::finish_input() {
    // Nobody is left to send stop: a search that waits for one would never end.
    if (open_ended_) engine_->stop();
    engine_->wait();
    open_ended_ = false;
    answer_deferred();
}

bool UciSession::execute(std::string_view line) {
    Tokens tokens(line);
    std::string_view name = tokens.next();
    if (name.empty()) return true;  // blank lines are not an error
    const Command* command = find_command(name);
    if (!command) {
        report_error("unknown command '" + printable(name) + "'");
        return true;
    }
    // Whatever goes wrong inside one command (realistically only running out
    // of memory), the engine must answer and stay alive for the next.
    try {
        if (!command->during_search && engine_->searching()) {
            if (command->handler == &UciSession::setoption) out_.line("info string stopping the search to set the option");
            end_search();
        }
        if (Outcome error = (this->*command->handler)(tokens)) report_error(std::string(name) + ": " + *error);
    } catch (const std::exception& e) {
        report_error(std::string(name) + ": internal error: " + e.what());
    }
    return !quit_requested_;
}

void UciSession::report_line_too_long() {
    report_error("line longer than " + std::to_string(MAX_LINE_LENGTH) + " bytes ignored");
}

const UciSession::Command* UciSession::find_command(std::string_view name) {
    static constexpr Command COMMANDS[] = {
        {"uci", &UciSession::uci, true},
        {"debug", &UciSession::debug, true},
        {"isready", &UciSession::isready, true},
        {"setoption", &UciSession::setoption, false},
        {"register", &UciSession::registration, true},
        {"ucinewgame", &UciSession::ucinewgame, false},
        {"position", &UciSession::position, false},
        {"go", &UciSession::go, false},
        {"stop", &UciSession::stop, true},
        {"ponderhit", &UciSession::ponderhit, true},
        {"quit", &UciSession::quit, true},
        {"d", &UciSession::display, false},
        {"eval", &UciSession::eval, false},
        {"bench", &UciSession::bench, false},
    };
    for (const Command& command : COMMANDS)
        if (command.name == name) return &command;
    return nullptr;
}

void UciSession::report_error(std::string_view message) {
    // printable() again: messages from the core may quote raw input bytes.
    out_.line("info string error " + printable(message, 400));
}

void UciSession::end_search() {
    engine_->stop();
    engine_->wait();
    open_ended_ = false;
    answer_deferred();
}

void UciSession::answer_deferred() {
    if (!bestmove_deferred_) return;
    bestmove_deferred_ = false;
    out_.line("bestmove 0000");
}

UciSession::Outcome UciSession::uci(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    out_.block([](std::ostream& out) {
        out << "id name Augur " << ENGINE_VERSION << '\n' << "id author The Augur developers\n";
        for (const OptionSpec& option : Engine::option_list()) out << uci_option_line(option) << '\n';
        for (const OptionSpec& option : session_options()) out << uci_option_line(option) << '\n';
        out << "uciok\n";
    });
    return std::nullopt;
}

UciSession::Outcome UciSession::debug(Tokens& args) {
    std::string_view value = args.next();
    if (value != "on" && value != "off") return std::string("expected 'on' or 'off'");
    if (auto error = expect_no_more(args)) return error;
    // With debug on, each search first says how it read its limits: the
    // quickest way to see what a GUI's clock parameters meant to the engine.
    debug_ = value == "on";
    return std::nullopt;
}

UciSession::Outcome UciSession::isready(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    out_.line("readyok");
    return std::nullopt;
}

UciSession::Outcome UciSession::setoption(Tokens& args) {
    if (std::string_view word = args.next(); word != "name")
        return word.empty() ? "expected 'name'" : "expected 'name', found '" + printable(word) + "'";
    // Option names may contain spaces ("Move Overhead"); they run up to "value".
    std::string name = join_words(args.take_until("value"));
    if (name.empty()) return "missing option name";
    std::string value;
    if (!args.empty()) {
        args.next();  // "value"
        value = join_words(args.take_rest());
        if (value.empty()) return "missing value after 'value'";
    }
    if (equal_ignoring_case(name, chess960_option().name)) return set_chess960(value);
    if (equal_ignoring_case(name, show_wdl_option().name)) {
        OptionValue parsed = parse_option_value(show_wdl_option(), value);
        if (!parsed.error.empty()) return parsed.error;
        show_wdl_ = parsed.on;
        return std::nullopt;
    }
    try {
        return engine_->set_option(name, value);
    } catch (const std::bad_alloc&) {
        // A Hash size beyond this machine's memory; the engine keeps its old table.
        return "not enough memory for " + name + " " + value;
    }
}

UciSession::Outcome UciSession::set_chess960(std::string_view value) {
    OptionValue parsed = parse_option_value(chess960_option(), value);
    if (!parsed.error.empty()) return parsed.error;
    bool on = parsed.on;
    // The current game is read again in the new mode, so its moves print (and
    // later moves parse) in the notation the GUI now expects.
    Game::Created replayed = game_->replay(on);
    if (!replayed.game) return replayed.error;
    game_ = std::move(replayed.game);
    chess960_ = on;
    return std::nullopt;
}

UciSession::Outcome UciSession::registration(Tokens&) {
    return std::nullopt;  // Augur needs no registration; GUIs may still send "register later"
}

UciSession::Outcome UciSession::ucinewgame(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    // GUIs follow with `position`; resetting means no history from the old game lingers.
    game_ = Game::from_fen(Position::START_FEN, chess960_).game;
    engine_->new_game();
    return std::nullopt;
}

UciSession::Outcome UciSession::position(Tokens& args) {
    std::string error;
    std::optional<PositionSpec> spec = read_position_spec(args, &error);
    if (!spec) return error;
    std::unique_ptr<Game> game = build_game(*spec, chess960_, &error);
    if (!game) return error;
    game_ = std::move(game);
    return std::nullopt;
}

UciSession::Outcome UciSession::go(Tokens& args) {
    if (args.peek() == "perft") return go_perft(args);
    return go_search(args);
}

UciSession::Outcome UciSession::go_perft(Tokens& args) {
    args.next();  // "perft"
    std::string error;
    std::optional<int> depth = parse_perft_depth(args.next(), &error);
    if (!depth) return error;
    if (auto extra = expect_no_more(args)) return extra;
    out_.block([&](std::ostream& out) { write_perft(out, game_->position(), *depth); });
    return std::nullopt;
}

UciSession::Outcome UciSession::go_search(Tokens& args) {
    std::string error;
    const Position& pos = game_->position();
    std::optional<SearchLimits> limits = read_search_limits(args, pos, &error);
    if (!limits) return error;
    bool open_ended = limits->infinite || limits->ponder;
    infinite_ = limits->infinite;
    if (MoveList<>(pos).empty()) {
        out_.line(no_legal_moves_info(pos));
        if (open_ended)
            bestmove_deferred_ = true;
        else
            out_.line("bestmove 0000");
        return std::nullopt;
    }
    if (debug_) out_.line("info string searching with " + describe_limits(*limits));
    listener_ = std::make_unique<UciInfoWriter>(out_, pos, show_wdl_);
    open_ended_ = open_ended;
    engine_->start(*game_, *limits, listener_.get());
    return std::nullopt;
}

UciSession::Outcome UciSession::stop(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    // Not waiting: the bestmove comes from the engine's thread as soon as the
    // search has unwound, and the reader stays free for the next command.
    engine_->stop();
    open_ended_ = false;
    answer_deferred();
    return std::nullopt;
}

UciSession::Outcome UciSession::ponderhit(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    // The ponder search goes on as a normal one, under the clock it was given.
    // An infinite search stays open-ended: only stop (or the end of the input) ends it.
    engine_->ponderhit();
    if (infinite_) return std::nullopt;
    open_ended_ = false;
    answer_deferred();
    return std::nullopt;
}

UciSession::Outcome UciSession::display(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    out_.block([&](std::ostream& out) { write_board(out, game_->position()); });
    return std::nullopt;
}

UciSession::Outcome UciSession::eval(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    EvalBreakdown breakdown = engine_->eval_breakdown(game_->position());
    std::optional<int> network;
    if (engine_->uses_network()) network = engine_->evaluate(game_->position());
    out_.block([&](std::ostream& out) { write_eval(out, game_->position(), breakdown, network); });
    return std::nullopt;
}

UciSession::Outcome UciSession::bench(Tokens& args) {
    std::string error;
    std::optional<int> depth = parse_bench_depth(args.next(), &error);
    if (!depth) return error;
    if (auto extra = expect_no_more(args)) return extra;
    // The bench runs with the session's options (so that a feature can be
    // benched switched off) and clears the engine's table as it goes.
    out_.block([&](std::ostream& out) { write_bench(out, *engine_, *depth); });
    return std::nullopt;
}

UciSession::Outcome UciSession::quit(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    end_search();
    quit_requested_ = true;
    return std::nullopt;
}

}  // namespace augur
