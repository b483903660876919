// Perft: counts the leaf nodes of the legal move tree to a fixed depth, the
// standard check of a move generator. Leaves are bulk-counted (the moves of the
// last ply are counted, not made).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace augur {

std::uint64_t perft(Position& pos, int depth);

// The perft count below each root move, in generation order ("divide").
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace augur
