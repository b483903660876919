#include "protocol/uci_session.h"

#include <exception>
#include <new>
#include <utility>

#include "core/movegen.h"
#include "protocol/engine_reports.h"
#include "protocol/engine_version.h"
#include "protocol/reports.h"
#include "protocol/search_limits_spec.h"
#include "protocol/search_output.h"

namespace augur {

namespace {

enum class LineRead { Complete, TooLong, EndOfInput };

// Like std::getline, but keeps at most max_length bytes and reports when it
// had to drop the rest of the line.
LineRead read_line(std::istream& in, std::string& line, std::size_t max_length) {
    line.clear();
    bool too_long = false;
    char c;
    while (in.get(c)) {
        if (c == '\n') return too_long ? LineRead::TooLong : LineRead::Complete;
        if (line.size() < max_length)
            line += c;
        else
            too_long = true;
    }
    if (too_long) return LineRead::TooLong;
    return line.empty() ? LineRead::EndOfInput : LineRead::Complete;  // a last line without '\n'
}

// The session handles this option itself (see chess960_ in the header).
constexpr std::string_view CHESS960_OPTION = "UCI_Chess960";

std::optional<std::string> expect_no_more(Tokens& args) {
    if (args.empty()) return std::nullopt;
    return "unexpected '" + printable(args.peek()) + "'";
}

void write_option(std::ostream& out, const EngineOption& option) {
    out << "option name " << option.name << " type ";
    switch (option.type) {
    case EngineOption::Type::Check:
        out << "check default " << (option.default_value ? "true" : "false");
        break;
    case EngineOption::Type::Spin:
        out << "spin default " << option.default_value << " min " << option.min << " max " << option.max;
        break;
    case EngineOption::Type::Button:
        out << "button";
        break;
    }
    out << '\n';
}

}  // namespace

UciSession::UciSession(std::ostream& out)
    : out_(out), engine_(std::make_unique<Engine>()), game_(Game::start_position()) {}

UciSession::~UciSession() = default;

void UciSession::run(std::istream& in) {
    std::string line;
    for (;;) {
        LineRead status = read_line(in, line, MAX_LINE_LENGTH);
        if (status == LineRead::EndOfInput) return;
        if (status == LineRead::TooLong) {
            report_error("line longer than " + std::to_string(MAX_LINE_LENGTH) + " bytes ignored");
            out_.flush();
            continue;
        }
        if (!execute(line)) return;
    }
}

bool UciSession::execute(std::string_view line) {
    Tokens tokens(line);
    std::string_view command = tokens.next();
    if (command.empty()) return true;  // blank lines are not an error
    Handler handler = find_handler(command);
    if (!handler) {
        report_error("unknown command '" + printable(command) + "'");
    } else {
        // Whatever goes wrong inside one command (realistically only running
        // out of memory), the engine must answer and stay alive for the next.
        try {
            if (Outcome error = (this->*handler)(tokens)) report_error(std::string(command) + ": " + *error);
        } catch (const std::exception& e) {
            report_error(std::string(command) + ": internal error: " + e.what());
        }
    }
    out_.flush();  // GUIs read through pipes and wait for each reply
    return !quit_requested_;
}

UciSession::Handler UciSession::find_handler(std::string_view command) {
    static constexpr std::pair<std::string_view, Handler> COMMANDS[] = {
        {"uci", &UciSession::uci},
        {"isready", &UciSession::isready},
        {"setoption", &UciSession::setoption},
        {"ucinewgame", &UciSession::ucinewgame},
        {"position", &UciSession::position},
        {"go", &UciSession::go},
        {"d", &UciSession::display},
        {"eval", &UciSession::eval},
        {"bench", &UciSession::bench},
        {"stop", &UciSession::stop},
        {"quit", &UciSession::quit},
    };
    for (auto [name, handler] : COMMANDS)
        if (name == command) return handler;
    return nullptr;
}

void UciSession::report_error(std::string_view message) {
    // printable() again: messages from the core may quote raw input bytes.
    out_ << "info string error " << printable(message, 400) << '\n';
}

UciSession::Outcome UciSession::uci(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    out_ << "id name Augur " << ENGINE_VERSION << '\n'
         << "id author The Augur developers\n";
    for (const EngineOption& option : Engine::option_list()) write_option(out_, option);
    write_option(out_, {std::string(CHESS960_OPTION), EngineOption::Type::Check, 0, 0, 0});
    out_ << "uciok\n";
    return std::nullopt;
}

UciSession::Outcome UciSession::isready(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    out_ << "readyok\n";
    return std::nullopt;
}

UciSession::Outcome UciSession::setoption(Tokens& args) {
    if (std::string_view word = args.next(); word != "name")
        return word.empty() ? "expected 'name'" : "expected 'name', found '" + printable(word) + "'";
    // Option names may contain spaces ("Clear Hash"); they run up to "value".
    std::string name = join_words(args.take_until("value"));
    if (name.empty()) return "missing option name";
    std::string value;
    if (!args.empty()) {
        args.next();  // "value"
        value = join_words(args.take_rest());
        if (value.empty()) return "missing value after 'value'";
    }
    if (equal_ignoring_case(name, CHESS960_OPTION)) return set_chess960(value);
    try {
        return engine_->set_option(name, value);
    } catch (const std::bad_alloc&) {
        // A Hash size beyond this machine's memory; the engine keeps its old table.
        return "not enough memory for " + name + " " + value;
    }
}

UciSession::Outcome UciSession::set_chess960(std::string_view value) {
    bool on = equal_ignoring_case(value, "true");
    if (!on && !equal_ignoring_case(value, "false")) return std::string(CHESS960_OPTION) + " takes true or false";
    // The current game is read again in the new mode, so its moves print (and
    // later moves parse) in the notation the GUI now expects.
    Game::Created replayed = game_->replay(on);
    if (!replayed.game) return replayed.error;
    game_ = std::move(replayed.game);
    chess960_ = on;
    return std::nullopt;
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
    write_perft(out_, game_->position(), *depth);
    return std::nullopt;
}

UciSession::Outcome UciSession::go_search(Tokens& args) {
    std::string error;
    std::optional<SearchLimits> limits = read_search_limits(args, &error);
    if (!limits) return error;
    const Position& pos = game_->position();
    if (MoveList<>(pos).empty()) {
        write_no_legal_moves(out_, pos);
        return std::nullopt;
    }
    UciInfoWriter writer(out_, pos, *engine_);
    SearchResult result = engine_->search(*game_, *limits, &writer);
    writer.finish(result);
    return std::nullopt;
}

UciSession::Outcome UciSession::display(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    write_board(out_, game_->position());
    return std::nullopt;
}

UciSession::Outcome UciSession::eval(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    write_eval(out_, game_->position(), engine_->eval_breakdown(game_->position()));
    return std::nullopt;
}

UciSession::Outcome UciSession::bench(Tokens& args) {
    std::string error;
    std::optional<int> depth = parse_bench_depth(args.next(), &error);
    if (!depth) return error;
    if (auto extra = expect_no_more(args)) return extra;
    // The bench runs with the session's options (so that a feature can be
    // benched switched off) and clears the engine's table as it goes.
    write_bench(out_, *engine_, *depth);
    return std::nullopt;
}

UciSession::Outcome UciSession::stop(Tokens& args) {
    // Commands run to completion before the next is read, so there is never a
    // search to stop; GUIs send `stop` routinely, which must not be an error.
    return expect_no_more(args);
}

UciSession::Outcome UciSession::quit(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    quit_requested_ = true;
    return std::nullopt;
}

}  // namespace augur
