#include "protocol/uci_session.h"

#include <exception>
#include <utility>

#include "protocol/engine_version.h"
#include "protocol/reports.h"

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

std::optional<std::string> expect_no_more(Tokens& args) {
    if (args.empty()) return std::nullopt;
    return "unexpected '" + printable(args.peek()) + "'";
}

}  // namespace

UciSession::UciSession(std::ostream& out) : out_(out), game_(Game::start_position()) {}

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
        {"ucinewgame", &UciSession::ucinewgame},
        {"position", &UciSession::position},
        {"go", &UciSession::go},
        {"d", &UciSession::display},
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
         << "id author The Augur developers\n"
         << "uciok\n";
    return std::nullopt;
}

UciSession::Outcome UciSession::isready(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    out_ << "readyok\n";
    return std::nullopt;
}

UciSession::Outcome UciSession::ucinewgame(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    // GUIs follow with `position`; resetting means no history from the old game lingers.
    game_ = Game::start_position();
    return std::nullopt;
}

UciSession::Outcome UciSession::position(Tokens& args) {
    std::string error;
    std::optional<PositionSpec> spec = read_position_spec(args, &error);
    if (!spec) return error;
    std::unique_ptr<Game> game = build_game(*spec, &error);
    if (!game) return error;
    game_ = std::move(game);
    return std::nullopt;
}

UciSession::Outcome UciSession::go(Tokens& args) {
    std::string_view mode = args.next();
    if (mode == "perft") return go_perft(args);
    if (mode.empty()) return "missing search limits (this version supports 'go perft <depth>')";
    return "'" + printable(mode) + "' is not supported (this version supports 'go perft <depth>')";
}

UciSession::Outcome UciSession::go_perft(Tokens& args) {
    std::string error;
    std::optional<int> depth = parse_perft_depth(args.next(), &error);
    if (!depth) return error;
    if (auto extra = expect_no_more(args)) return extra;
    write_perft(out_, game_->position(), *depth);
    return std::nullopt;
}

UciSession::Outcome UciSession::display(Tokens& args) {
    if (auto error = expect_no_more(args)) return error;
    write_board(out_, game_->position());
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
