// Reading the search limits of a UCI `go` command ("depth 8 nodes 100000").
//
// This version searches synchronously: a `go` runs to its limits before the
// next command is read, so only limits that end the search on their own are
// accepted. The clock and `infinite` parameters are recognised and refused by
// name, rather than ignored, because searching without them would not do what
// the GUI asked.
#pragma once

#include <optional>
#include <string>

#include "protocol/tokens.h"
#include "search/score.h"
#include "search/search.h"

namespace augur {

// The deepest iteration the search can run (its stack is MAX_PLY deep).
constexpr int MAX_SEARCH_DEPTH = MAX_PLY - 1;

// Reads "depth <n>" and "nodes <n>" in any order, each at most once and at
// least one of them, consuming every remaining word. Returns nullopt, with the
// reason in *error, for anything else.
std::optional<SearchLimits> read_search_limits(Tokens& tokens, std::string* error);

// A search depth in 1..MAX_SEARCH_DEPTH (for `go depth` and `bench`).
std::optional<int> parse_search_depth(std::string_view text, std::string* error);

}  // namespace augur
