// Score: a pair of middlegame and endgame values in centipawns.
//
// Every evaluation term produces a Score; the two halves are blended by the game
// phase only once, at the end (see evaluate.cpp), so that a term's contribution
// stays exact and additive. Plain int arithmetic, no packing tricks: the Java
// reference implementation mirrors this type field for field.
#pragma once

namespace augur {

struct Score {
    int mg = 0;
    int eg = 0;

    constexpr Score() = default;
    constexpr Score(int m, int e) : mg(m), eg(e) {}

    constexpr Score& operator+=(Score o) { mg += o.mg; eg += o.eg; return *this; }
    constexpr Score& operator-=(Score o) { mg -= o.mg; eg -= o.eg; return *this; }
    constexpr bool operator==(const Score&) const = default;
};

constexpr Score operator+(Score a, Score b) { return {a.mg + b.mg, a.eg + b.eg}; }
constexpr Score operator-(Score a, Score b) { return {a.mg - b.mg, a.eg - b.eg}; }
constexpr Score operator-(Score a) { return {-a.mg, -a.eg}; }
constexpr Score operator*(Score a, int k) { return {a.mg * k, a.eg * k}; }

// Game phase: 24 with all minor and major pieces on the board, 0 with none
// (knight and bishop 1, rook 2, queen 4; promotions are capped at 24).
constexpr int PHASE_MAX = 24;
// Endgame scale factors are in 64ths: 64 leaves the endgame half unchanged,
// 0 removes it.
constexpr int SCALE_NORMAL = 64;

}  // namespace augur
