// Attack tables and square geometry: a few hand-checked boards, then every
// square against a slow ray-walking reference with random occupancies.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <random>

#include "core/bitboard.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

// Slides from s in direction (df, dr) until the edge or the first occupied square.
Bitboard walk(Square s, Bitboard occupied, int df, int dr) {
    Bitboard result = 0;
    for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
        result |= square_bb(make_square(f, r));
        if (occupied & square_bb(make_square(f, r))) break;
    }
    return result;
}

Bitboard slow_rook(Square s, Bitboard occ) {
    return walk(s, occ, 1, 0) | walk(s, occ, -1, 0) | walk(s, occ, 0, 1) | walk(s, occ, 0, -1);
}
Bitboard slow_bishop(Square s, Bitboard occ) {
    return walk(s, occ, 1, 1) | walk(s, occ, 1, -1) | walk(s, occ, -1, 1) | walk(s, occ, -1, -1);
}

}  // namespace

TEST_CASE("Knight, king and pawn attacks match hand-checked boards", "[bitboard]") {
    CHECK(describe(knight_attacks(SQ_A1)) == describe(squares("b3 c2")));
    CHECK(knight_attacks(SQ_E4) == squares("d2 f2 c3 g3 c5 g5 d6 f6"));
    CHECK(knight_attacks(SQ_H8) == squares("g6 f7"));
    CHECK(king_attacks(SQ_H8) == squares("g8 g7 h7"));
    CHECK(king_attacks(SQ_E1) == squares("d1 f1 d2 e2 f2"));
    CHECK(pawn_attacks(WHITE, SQ_E4) == squares("d5 f5"));
    CHECK(pawn_attacks(WHITE, SQ_H2) == squares("g3"));
    CHECK(pawn_attacks(BLACK, SQ_A5) == squares("b4"));
    CHECK(pawn_attacks(BLACK, SQ_D7) == squares("c6 e6"));
    CHECK(pawn_attacks(WHITE, SQ_C8) == 0);  // nothing beyond the last rank
    CHECK(pawn_attacks_bb<WHITE>(squares("a2 h2")) == squares("b3 g3"));
    CHECK(pawn_attacks_bb<BLACK>(squares("a7 e5")) == squares("b6 d4 f4"));
}

TEST_CASE("Slider attacks stop at the first blocker and include it", "[bitboard]") {
    CHECK(popcount(rook_attacks(SQ_A1, 0)) == 14);
    CHECK(popcount(bishop_attacks(SQ_D4, 0)) == 13);
    CHECK(rook_attacks(SQ_D4, squares("d6 b4 d2 g4 d8 a4")) == squares("d5 d6 c4 b4 d3 d2 e4 f4 g4"));
    CHECK(bishop_attacks(SQ_C1, squares("e3 a3")) == squares("b2 a3 d2 e3"));
    CHECK(queen_attacks(SQ_H8, squares("h7 g7 g8")) == squares("h7 g7 g8"));
    CHECK(attacks(ROOK, SQ_E4, 0) == rook_attacks(SQ_E4, 0));
    CHECK(attacks(KNIGHT, SQ_E4, ~Bitboard(0)) == knight_attacks(SQ_E4));
    CHECK(attacks(PAWN, SQ_E4, 0) == 0);
}

TEST_CASE("Slider attacks agree with ray walking on every square for random occupancies", "[bitboard]") {
    std::mt19937_64 rng(20240611);
    Failures failures;
    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        for (int i = 0; i < 2000; ++i) {
            // Sparse and dense boards both matter: and-ing random words thins them out.
            Bitboard occ = rng();
            if (i % 3 == 1) occ &= rng();
            if (i % 3 == 2) occ &= rng() & rng();
            if (rook_attacks(s, occ) != slow_rook(s, occ))
                failures.add("rook on " + describe(square_bb(s)) + " with " + describe(occ));
            if (bishop_attacks(s, occ) != slow_bishop(s, occ))
                failures.add("bishop on " + describe(square_bb(s)) + " with " + describe(occ));
        }
    }
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Distance is the king-move distance", "[bitboard]") {
    CHECK(distance(SQ_A1, SQ_H8) == 7);
    CHECK(distance(SQ_E4, SQ_E4) == 0);
    CHECK(distance(SQ_B2, SQ_C4) == 2);
    Failures failures;
    for (Square a = SQ_A1; a <= SQ_H8; ++a)
        for (Square b = SQ_A1; b <= SQ_H8; ++b)
            if (distance(a, b) != std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b))))
                failures.add(describe(square_bb(a)) + "-" + describe(square_bb(b)));
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("between_bb holds the squares strictly between plus the target", "[bitboard]") {
    CHECK(between_bb(SQ_A1, SQ_H8) == squares("b2 c3 d4 e5 f6 g7 h8"));
    CHECK(between_bb(SQ_H8, SQ_A1) == squares("g7 f6 e5 d4 c3 b2 a1"));
    CHECK(between_bb(SQ_E1, SQ_E4) == squares("e2 e3 e4"));
    CHECK(between_bb(SQ_E1, SQ_F1) == squares("f1"));
    // Not aligned: only the target, so "block or capture the checker" works for knights.
    CHECK(between_bb(SQ_A1, SQ_B3) == squares("b3"));
    CHECK(between_bb(SQ_E4, SQ_E4) == squares("e4"));
}

TEST_CASE("line_bb is the whole line through two aligned squares", "[bitboard]") {
    CHECK(line_bb(SQ_C3, SQ_E5) == squares("a1 b2 c3 d4 e5 f6 g7 h8"));
    CHECK(line_bb(SQ_B1, SQ_B7) == file_bb(1));
    CHECK(line_bb(SQ_A4, SQ_H4) == rank_bb(3));
    CHECK(line_bb(SQ_H1, SQ_G2) == squares("h1 g2 f3 e4 d5 c6 b7 a8"));
    CHECK(line_bb(SQ_A1, SQ_B3) == 0);
    CHECK(aligned(SQ_A1, SQ_D4, SQ_H8));
    CHECK_FALSE(aligned(SQ_A1, SQ_D4, SQ_H7));
    // Symmetric, and every line contains both of its squares.
    Failures failures;
    for (Square a = SQ_A1; a <= SQ_H8; ++a)
        for (Square b = SQ_A1; b <= SQ_H8; ++b) {
            Bitboard line = line_bb(a, b);
            if (line != line_bb(b, a)) failures.add("asymmetric " + describe(square_bb(a) | square_bb(b)));
            if (line && (line & (square_bb(a) | square_bb(b))) != (square_bb(a) | square_bb(b)))
                failures.add("line misses its ends " + describe(square_bb(a) | square_bb(b)));
            bool on_line = a != b && (file_of(a) == file_of(b) || rank_of(a) == rank_of(b) ||
                                      std::abs(file_of(a) - file_of(b)) == std::abs(rank_of(a) - rank_of(b)));
            if (bool(line) != on_line) failures.add("alignment of " + describe(square_bb(a) | square_bb(b)));
        }
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Bit helpers find, count and shift squares", "[bitboard]") {
    Bitboard b = squares("c2 e4 h8");
    CHECK(popcount(b) == 3);
    CHECK(lsb(b) == SQ_C2);
    CHECK(msb(b) == SQ_H8);
    CHECK(pop_lsb(b) == SQ_C2);
    CHECK(b == squares("e4 h8"));
    CHECK(more_than_one(b));
    CHECK_FALSE(more_than_one(square_bb(SQ_E4)));
    CHECK(shift<EAST>(file_bb(7)) == 0);
    CHECK(shift<WEST>(file_bb(0)) == 0);
    CHECK(shift<NORTH_EAST>(squares("a1 h1 h8")) == squares("b2"));
    CHECK(shift<SOUTH_WEST>(squares("b2 a5")) == squares("a1"));
    CHECK(shift<NORTH>(rank_bb(7)) == 0);
}
