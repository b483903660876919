// Legal move generation.
//
// The generator produces only legal moves: it works from the checkers, the
// pinned pieces and the squares the king may step to, so no move needs a later
// legality test. When the side to move is in check the result is exactly the
// check evasions. Three selections exist:
//   All    every legal move;
//   Noisy  captures, en passant and every promotion (queen and under-promotions,
//          capturing or not): the moves a quiescence search looks at;
//   Quiet  everything else: non-capturing, non-promoting moves and castling.
// Noisy and Quiet partition All.
//
// Generation order is not part of the contract: move ordering breaks ties by
// move code, so that any implementation orders moves identically.
#pragma once

#include <cstddef>

#include "core/position.h"

namespace augur {

enum class GenType { All, Noisy, Quiet };

// 218 is the largest known number of legal moves in a chess position.
constexpr int MAX_MOVES = 256;

// Writes the selected legal moves to list and returns the end of the written range.
template <GenType T>
Move* generate(const Position& pos, Move* list);

// Number of legal moves, without writing them out (used by perft at the leaves).
std::size_t count_legal_moves(const Position& pos);

// A fixed-capacity list of the selected legal moves of a position.
template <GenType T = GenType::All>
class MoveList {
public:
    explicit MoveList(const Position& pos) : end_(generate<T>(pos, moves_)) {}
    const Move* begin() const { return moves_; }
    const Move* end() const { return end_; }
    std::size_t size() const { return std::size_t(end_ - moves_); }
    bool empty() const { return end_ == moves_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    Move operator[](std::size_t i) const { return moves_[i]; }

private:
    Move moves_[MAX_MOVES];
    Move* end_;
};

}  // namespace augur
