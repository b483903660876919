// Text reports that both front ends print (UCI session and command line):
// perft with the count under each root move, and the board diagram.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/position.h"

namespace augur {

// Deeper perft from any real position would run for days; a typo like
// "go perft 66" should get an error rather than a frozen engine.
constexpr int MAX_PERFT_DEPTH = 15;

// Parses a perft depth in 1..MAX_PERFT_DEPTH; nullopt with the reason in *error otherwise.
std::optional<int> parse_perft_depth(std::string_view text, std::string* error);

// Stockfish's format, which scripts and testers compare against: one
// "move: count" line per root move in generation order, a blank line, then
// "Nodes searched: N". pos is restored before returning.
void write_perft(std::ostream& out, Position& pos, int depth);

// An 8x8 diagram (White in capitals, rank 8 on top), the FEN, the Polyglot key
// in hex and the squares of the pieces giving check.
void write_board(std::ostream& out, const Position& pos);

}  // namespace augur
