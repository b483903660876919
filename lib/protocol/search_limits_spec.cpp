#include "protocol/search_limits_spec.h"

#include <algorithm>
#include <array>
#include <limits>

namespace augur {

namespace {

// UCI `go` parameters that a later version will implement (they need a search
// running beside the command reader, or a clock).
constexpr std::array<std::string_view, 10> NOT_YET_SUPPORTED = {
    "wtime", "btime", "winc", "binc", "movestogo", "movetime", "infinite", "ponder", "searchmoves", "mate",
};

constexpr std::string_view SUPPORTED = "this version supports depth, nodes and perft";

std::optional<std::string> read_limit(std::string_view word, Tokens& tokens, SearchLimits& limits) {
    std::string error;
    if (word == "depth") {
        if (limits.depth) return "depth given twice";
        auto depth = parse_search_depth(tokens.next(), &error);
        if (!depth) return error;
        limits.depth = *depth;
    } else if (word == "nodes") {
        if (limits.nodes) return "nodes given twice";
        // 0 would mean "no limit" to the search, which here would never return.
        auto nodes = parse_number(tokens.next(), "node limit", 1, std::numeric_limits<std::uint64_t>::max(), &error);
        if (!nodes) return error;
        limits.nodes = *nodes;
    } else if (word == "perft") {
        return "perft cannot be combined with search limits";
    } else if (std::ranges::find(NOT_YET_SUPPORTED, word) != NOT_YET_SUPPORTED.end()) {
        return "'" + std::string(word) + "' is not supported yet (" + std::string(SUPPORTED) + ")";
    } else {
        return "unknown parameter '" + printable(word) + "' (" + std::string(SUPPORTED) + ")";
    }
    return std::nullopt;
}

}  // namespace

std::optional<int> parse_search_depth(std::string_view text, std::string* error) {
    auto depth = parse_number(text, "depth", 1, MAX_SEARCH_DEPTH, error);
    return depth ? std::optional<int>(int(*depth)) : std::nullopt;
}

std::optional<SearchLimits> read_search_limits(Tokens& tokens, std::string* error) {
    if (tokens.empty()) {
        *error = "missing search limits (" + std::string(SUPPORTED) + ")";
        return std::nullopt;
    }
    SearchLimits limits;
    while (!tokens.empty()) {
        if (auto problem = read_limit(tokens.next(), tokens, limits)) {
            *error = std::move(*problem);
            return std::nullopt;
        }
    }
    return limits;
}

}  // namespace augur
