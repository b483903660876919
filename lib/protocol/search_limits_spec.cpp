#include "protocol/search_limits_spec.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>

#include "core/notation.h"

namespace augur {

namespace {

// Every `go` parameter; `searchmoves` reads moves up to the next of these.
constexpr std::array<std::string_view, 12> KEYWORDS = {
    "searchmoves", "ponder", "wtime", "btime", "winc", "binc",
    "movestogo",   "depth",  "nodes", "mate",  "movetime", "infinite",
};

// Clocks beyond a year are typos or garbage; capping them keeps the time
// arithmetic far from overflow.
constexpr std::int64_t MAX_MILLISECONDS = 365LL * 24 * 3600 * 1000;

bool is_keyword(std::string_view word) { return std::ranges::find(KEYWORDS, word) != KEYWORDS.end(); }

// What one `go` line asked for, before it is turned into limits for the side to move.
struct GoWords {
    SearchLimits limits;
    std::optional<std::int64_t> time[COLOR_NB];
    std::optional<std::int64_t> increment[COLOR_NB];
    std::optional<int> moves_to_go;
    std::optional<std::int64_t> move_time;
    std::vector<std::string_view> seen;
};

std::optional<std::string> read_search_moves(Tokens& tokens, const Position& pos, SearchLimits& limits) {
    while (!tokens.empty() && !is_keyword(tokens.peek())) {
        std::string_view text = tokens.next();
        Move m = parse_uci_move(pos, text);
        if (!m) return "searchmoves: '" + printable(text) + "' is not a legal move here";
        if (std::ranges::find(limits.search_moves, m) == limits.search_moves.end()) limits.search_moves.push_back(m);
    }
    if (limits.search_moves.empty()) return std::string("searchmoves needs at least one move");
    return std::nullopt;
}

template <class T>
std::optional<std::string> store(std::optional<T>& slot, std::optional<T> value, const std::string& error) {
    if (!value) return error;
    slot = value;
    return std::nullopt;
}

std::optional<std::string> read_number_limit(std::string_view word, Tokens& tokens, GoWords& go) {
    std::string error;
    std::string_view text = tokens.next();
    SearchLimits& limits = go.limits;
    if (word == "depth") {
        auto depth = parse_search_depth(text, &error);
        if (!depth) return error;
        limits.depth = *depth;
    } else if (word == "nodes") {
        // 0 would mean "no limit" to the search.
        auto nodes = parse_number(text, "node limit", 1, std::numeric_limits<std::uint64_t>::max(), &error);
        if (!nodes) return error;
        limits.nodes = *nodes;
    } else if (word == "mate") {
        auto moves = parse_number(text, "mate", 1, MAX_MATE_MOVES, &error);
        if (!moves) return error;
        limits.mate = int(*moves);
    } else if (word == "movestogo") {
        auto moves = parse_number(text, "movestogo", 1, 10000, &error);
        if (!moves) return error;
        go.moves_to_go = int(*moves);
    } else if (word == "movetime") {
        auto ms = parse_number(text, "movetime", 1, MAX_MILLISECONDS, &error);
        if (!ms) return error;
        go.move_time = std::int64_t(*ms);
    } else {
        // wtime, btime, winc, binc
        Color c = word[0] == 'w' ? WHITE : BLACK;
        auto& slot = word.ends_with("inc") ? go.increment[c] : go.time[c];
        return store(slot, parse_milliseconds(text, word, &error), error);
    }
    return std::nullopt;
}

std::optional<std::string> read_limit(std::string_view word, Tokens& tokens, const Position& pos, GoWords& go) {
    if (word == "perft") return std::string("perft cannot be combined with search limits");
    if (!is_keyword(word)) return "unknown parameter '" + printable(word) + "'";
    if (std::ranges::find(go.seen, word) != go.seen.end()) return std::string(word) + " given twice";
    go.seen.push_back(word);
    if (word == "searchmoves") return read_search_moves(tokens, pos, go.limits);
    if (word == "ponder") {
        go.limits.ponder = true;
        return std::nullopt;
    }
    if (word == "infinite") {
        go.limits.infinite = true;
        return std::nullopt;
    }
    return read_number_limit(word, tokens, go);
}

// The clock of the side to move is the one that limits this search.
TimeControl time_control(const GoWords& go, Color us) {
    TimeControl time;
    if (go.time[us]) time.time_left_ms = *go.time[us];
    time.increment_ms = go.increment[us].value_or(0);
    time.moves_to_go = go.moves_to_go.value_or(0);
    time.move_time_ms = go.move_time.value_or(0);
    return time;
}

bool has_any_limit(const GoWords& go) {
    const SearchLimits& l = go.limits;
    return l.depth || l.nodes || l.mate || go.move_time || go.time[WHITE] || go.time[BLACK] || l.infinite;
}

}  // namespace

std::string describe_limits(const SearchLimits& limits) {
    const TimeControl& time = limits.time;
    return "depth " + std::to_string(limits.depth) + " nodes " + std::to_string(limits.nodes) + " mate " +
           std::to_string(limits.mate) + " time " + std::to_string(time.time_left_ms) + " inc " +
           std::to_string(time.increment_ms) + " movestogo " + std::to_string(time.moves_to_go) + " movetime " +
           std::to_string(time.move_time_ms) + " searchmoves " + std::to_string(limits.search_moves.size()) +
           (limits.infinite ? " infinite" : "") + (limits.ponder ? " ponder" : "");
}

std::optional<int> parse_search_depth(std::string_view text, std::string* error) {
    auto depth = parse_number(text, "depth", 1, MAX_SEARCH_DEPTH, error);
    return depth ? std::optional<int>(int(*depth)) : std::nullopt;
}

std::optional<std::int64_t> parse_milliseconds(std::string_view text, std::string_view what, std::string* error) {
    bool negative = text.starts_with('-');
    auto ms = parse_number(negative ? text.substr(1) : text, what, 0, std::numeric_limits<std::uint64_t>::max(), error);
    if (!ms) return std::nullopt;
    return negative ? 0 : std::int64_t(std::min<std::uint64_t>(*ms, MAX_MILLISECONDS));
}

std::optional<SearchLimits> read_search_limits(Tokens& tokens, const Position& pos, std::string* error) {
    GoWords go;
    while (!tokens.empty()) {
        if (auto problem = read_limit(tokens.next(), tokens, pos, go)) {
            *error = std::move(*problem);
            return std::nullopt;
        }
    }
    // Without anything that ends it (`go`, `go ponder`, `go searchmoves e2e4`)
    // the search runs until `stop`, so it must not end by itself.
    if (!has_any_limit(go)) go.limits.infinite = true;
    go.limits.time = time_control(go, pos.side_to_move());
    return go.limits;
}

}  // namespace augur
