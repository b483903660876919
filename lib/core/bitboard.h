// Bitboards and attack tables.
//
// Sliding attacks use PEXT indexing when the compiler targets BMI2 and
// AUGUR_USE_PEXT is defined, and "fancy" magic bitboards otherwise; both index the
// same per-square attack arrays. Every table lives in one immutable AttackTables
// object that is built during static initialisation and never written again, so
// there is no mutable global state and lookups need no guard.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#if defined(AUGUR_USE_PEXT)
#include <immintrin.h>
#endif

#include "core/types.h"

namespace augur {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard RANK_1_BB = 0xFFULL;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
// Removes and returns the lowest set square; b must not be empty.
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts every square one step in a compass direction, dropping squares that
// would wrap around a board edge.
enum Direction : int { NORTH = 8, SOUTH = -8, EAST = 1, WEST = -1,
                       NORTH_EAST = 9, NORTH_WEST = 7, SOUTH_EAST = -7, SOUTH_WEST = -9 };

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
    constexpr Bitboard not_a = ~FILE_A_BB, not_h = ~file_bb(7);
    if constexpr (D == NORTH) return b << 8;
    if constexpr (D == SOUTH) return b >> 8;
    if constexpr (D == EAST) return (b & not_h) << 1;
    if constexpr (D == WEST) return (b & not_a) >> 1;
    if constexpr (D == NORTH_EAST) return (b & not_h) << 9;
    if constexpr (D == NORTH_WEST) return (b & not_a) << 7;
    if constexpr (D == SOUTH_EAST) return (b & not_h) >> 7;
    if constexpr (D == SOUTH_WEST) return (b & not_a) >> 9;
}

// Squares attacked by all pawns of colour c in b.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
    return C == WHITE ? shift<NORTH_WEST>(b) | shift<NORTH_EAST>(b)
                      : shift<SOUTH_WEST>(b) | shift<SOUTH_EAST>(b);
}

namespace detail {

// Indexing data for one square of one slider type.
struct Magic {
    Bitboard mask = 0;
    Bitboard magic = 0;
    const Bitboard* attacks = nullptr;
    unsigned shift = 0;

    unsigned index(Bitboard occupied) const {
#if defined(AUGUR_USE_PEXT)
        return unsigned(_pext_u64(occupied, mask));
#else
        return unsigned(((occupied & mask) * magic) >> shift);
#endif
    }
};

struct AttackTables {
    AttackTables();
    AttackTables(const AttackTables&) = delete;
    AttackTables& operator=(const AttackTables&) = delete;

    std::array<std::array<Bitboard, SQUARE_NB>, COLOR_NB> pawn{};
    std::array<Bitboard, SQUARE_NB> knight{};
    std::array<Bitboard, SQUARE_NB> king{};
    std::array<Magic, SQUARE_NB> rook_magic{};
    std::array<Magic, SQUARE_NB> bishop_magic{};
    // Squares strictly between two squares on a shared line, plus the second square.
    std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> between{};
    // The whole line through two squares (edge to edge), or 0 if not aligned.
    std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> line{};
    std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB> distance{};
    // Fancy-magic tables are 102,400 rook and 5,248 bishop entries in total.
    std::array<Bitboard, 102400> rook_table{};
    std::array<Bitboard, 5248> bishop_table{};
};

extern const AttackTables tables;

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::tables.pawn[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::tables.knight[s]; }
inline Bitboard king_attacks(Square s) { return detail::tables.king[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const detail::Magic& m = detail::tables.bishop_magic[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const detail::Magic& m = detail::tables.rook_magic[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s.
inline Bitboard attacks(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
    }
}
// Squares between a and b (exclusive) plus b itself when aligned; otherwise just b.
inline Bitboard between_bb(Square a, Square b) { return detail::tables.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return detail::tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }
// Chebyshev (king-move) distance.
inline int distance(Square a, Square b) { return detail::tables.distance[a][b]; }

}  // namespace augur
