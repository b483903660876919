// Helpers shared by the protocol tests: run a scripted UCI session through
// string streams and pick its output apart.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace augur::test {

// What run_command_line (the command-line form, in-process) returned and wrote.
struct CommandRun {
    int status;
    std::string out;
    std::string err;
};
CommandRun run_command(const std::vector<std::string>& args);
// The same for `augur COMMAND WORDS...`.
CommandRun run_subcommand(const std::string& command, const std::vector<std::string>& words);

// Feeds script to a fresh UciSession and returns everything it wrote.
std::string run_session(std::string_view script);

std::vector<std::string> split_lines(std::string_view text);

// The lines of output that start with prefix.
std::vector<std::string> lines_starting_with(std::string_view output, std::string_view prefix);

// The value of "Nodes searched: N" in output, or -1 when there is none.
long long nodes_searched(std::string_view output);

// The FEN that `d` printed ("Fen: ..."), or "" when there is none.
std::string printed_fen(std::string_view output);

// The word after the first occurrence of the word key in line ("" if none):
// word_after("info depth 3 nodes 40", "nodes") == "40".
std::string word_after(std::string_view line, std::string_view key);

// word_after() as a number, or -1 when key is missing or not followed by a number.
long long number_after(std::string_view line, std::string_view key);

// True when text is a legal move after the UCI moves from the start position
// (false also when the moves themselves are not legal).
bool is_legal_after(const std::string& moves, const std::string& text);

// The node count of the bench's last line "N nodes N nps", or -1.
long long bench_nodes(std::string_view output);

}  // namespace augur::test
