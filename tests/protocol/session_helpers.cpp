#include "session_helpers.h"

#include <charconv>
#include <sstream>

#include "core/game.h"
#include "core/notation.h"
#include "protocol/command_line.h"
#include "protocol/uci_session.h"

namespace augur::test {

CommandRun run_command(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    int status = run_command_line(args, out, err);
    return {status, out.str(), err.str()};
}

CommandRun run_subcommand(const std::string& command, const std::vector<std::string>& words) {
    std::vector<std::string> args = {command};
    args.insert(args.end(), words.begin(), words.end());
    return run_command(args);
}

std::string run_session(std::string_view script) {
    std::istringstream in{std::string(script)};
    std::ostringstream out;
    UciSession session(out);
    session.run(in);
    return out.str();
}

std::vector<std::string> split_lines(std::string_view text) {
    std::vector<std::string> lines;
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> lines_starting_with(std::string_view output, std::string_view prefix) {
    std::vector<std::string> found;
    for (const std::string& line : split_lines(output))
        if (line.starts_with(prefix)) found.push_back(line);
    return found;
}

long long nodes_searched(std::string_view output) {
    auto lines = lines_starting_with(output, "Nodes searched: ");
    return lines.empty() ? -1 : std::stoll(lines.back().substr(16));
}

std::string printed_fen(std::string_view output) {
    auto lines = lines_starting_with(output, "Fen: ");
    return lines.empty() ? "" : lines.back().substr(5);
}

std::string word_after(std::string_view line, std::string_view key) {
    std::istringstream in{std::string(line)};
    for (std::string word; in >> word;)
        if (word == key) return in >> word ? word : "";
    return "";
}

long long number_after(std::string_view line, std::string_view key) {
    std::string word = word_after(line, key);
    long long value = 0;
    auto [end, status] = std::from_chars(word.data(), word.data() + word.size(), value);
    return !word.empty() && status == std::errc() && end == word.data() + word.size() ? value : -1;
}

bool is_legal_after(const std::string& moves, const std::string& text) {
    auto game = Game::start_position();
    std::istringstream in(moves);
    for (std::string move; in >> move;)
        if (!game->play_uci(move)) return false;
    return bool(parse_uci_move(game->position(), text));
}

long long bench_nodes(std::string_view output) {
    std::vector<std::string> lines = split_lines(output);
    if (lines.empty() || !lines.back().ends_with(" nps")) return -1;
    std::istringstream in{lines.back()};
    long long nodes = -1;
    std::string word;
    return in >> nodes >> word && word == "nodes" ? nodes : -1;
}

}  // namespace augur::test
