// Reading the search limits of a UCI `go` command:
//   searchmoves <move>... ponder wtime btime winc binc movestogo depth nodes
//   mate movetime infinite
// in any order, each at most once. `go` alone searches until `stop`, as most
// engines and GUIs treat it.
#pragma once

#include <optional>
#include <string>

#include "core/position.h"
#include "protocol/tokens.h"
#include "search/score.h"
#include "search/search.h"

namespace augur {

// The deepest iteration the search can run (its stack is MAX_PLY deep).
constexpr int MAX_SEARCH_DEPTH = MAX_PLY - 1;
// The longest mate `go mate` can ask for: a mate in n moves is 2n - 1 plies.
constexpr int MAX_MATE_MOVES = MAX_SEARCH_DEPTH / 2;

// Reads the limits for a search of pos (whose side to move picks the clock
// and whose legal moves `searchmoves` must name), consuming every remaining
// word. Returns nullopt, with the reason in *error, for anything malformed.
std::optional<SearchLimits> read_search_limits(Tokens& tokens, const Position& pos, std::string* error);

// The limits in words, for `debug on`: "depth 0 nodes 0 mate 0 time 1000 inc 0 ...".
std::string describe_limits(const SearchLimits& limits);

// A search depth in 1..MAX_SEARCH_DEPTH (for `go depth` and `bench`).
std::optional<int> parse_search_depth(std::string_view text, std::string* error);

// A whole number of milliseconds as GUIs send clocks: a negative value (a GUI
// reporting an overstepped clock) reads as 0.
std::optional<std::int64_t> parse_milliseconds(std::string_view text, std::string_view what, std::string* error);

}  // namespace augur
