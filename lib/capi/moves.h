// Helpers shared by the C entry points that list or try moves.
#pragma once

#include <algorithm>
#include <cstddef>

#include "core/movegen.h"
#include "core/position.h"

namespace augur::capi {

// The legal moves in ascending order of move code. The generator's order is not
// part of its contract; the C API promises one, so that every host (and the
// Java reference) lists moves identically.
class SortedMoves {
public:
    explicit SortedMoves(const Position& pos) : end_(generate<GenType::All>(pos, moves_)) {
        std::sort(moves_, end_, [](Move a, Move b) { return a.raw() < b.raw(); });
    }
    const Move* begin() const { return moves_; }
    const Move* end() const { return end_; }
    std::size_t size() const { return std::size_t(end_ - moves_); }
    Move operator[](std::size_t i) const { return moves_[i]; }

private:
    Move moves_[MAX_MOVES];
    Move* end_;
};

// A history-free copy of a position, for work that plays moves (SAN's mate
// test, perft) without touching the handle the caller gave as const.
struct ScratchPosition {
    explicit ScratchPosition(const Position& from) { pos.copy_from(from, root); }
    StateInfo root;
    Position pos;
};

}  // namespace augur::capi
