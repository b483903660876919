#include "session_helpers.h"

#include <sstream>

#include "protocol/uci_session.h"

namespace augur::test {

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

}  // namespace augur::test
