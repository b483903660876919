// Hash keys for positions.
//
// The position key is the Polyglot book key, so opening books are probed with it
// directly: piece-square, castling, en-passant-file and side-to-move numbers
// from the published Polyglot table. The pawn key is the part of it that comes
// from pawns. The material key is a separate Zobrist key over (piece, count)
// drawn from a fixed-seed SplitMix64 stream, which the Java implementation
// reproduces. All tables are constexpr: nothing is initialised at run time.
#pragma once

#include <array>

#include "core/types.h"

namespace augur::zobrist {

namespace detail {

inline constexpr std::uint64_t polyglot_random[781] = {
#include "core/polyglot_random.inc"
};

constexpr int POLYGLOT_CASTLING = 768;
constexpr int POLYGLOT_EN_PASSANT = 772;
constexpr int POLYGLOT_TURN = 780;

struct Tables {
    std::array<std::array<Key, SQUARE_NB>, PIECE_NB> piece_square{};
    std::array<Key, CASTLING_RIGHT_NB> castling{};
    std::array<std::array<Key, 16>, PIECE_NB> material{};

    constexpr Tables() {
        for (int c = WHITE; c <= BLACK; ++c)
            for (int pt = PAWN; pt <= KING; ++pt) {
                // Polyglot orders kinds as black pawn, white pawn, black knight, ...
                int kind = 2 * (pt - 1) + (c == WHITE ? 1 : 0);
                Piece p = make_piece(Color(c), PieceType(pt));
                for (int s = 0; s < SQUARE_NB; ++s) piece_square[p][s] = polyglot_random[64 * kind + s];
            }
        for (int rights = 0; rights < CASTLING_RIGHT_NB; ++rights)
            for (int bit = 0; bit < 4; ++bit)
                if (rights & (1 << bit)) castling[rights] ^= polyglot_random[POLYGLOT_CASTLING + bit];
        std::uint64_t state = 0x6D6174657269616CULL;  // "material"
        for (int p = 0; p < PIECE_NB; ++p)
            for (int count = 0; count < 16; ++count) material[p][count] = splitmix64(state);
    }

    static constexpr std::uint64_t splitmix64(std::uint64_t& state) {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
};

inline constexpr Tables tables{};

}  // namespace detail

constexpr Key piece_square(Piece p, Square s) { return detail::tables.piece_square[p][s]; }
constexpr Key castling(int rights) { return detail::tables.castling[rights]; }
constexpr Key en_passant(int file) { return detail::polyglot_random[detail::POLYGLOT_EN_PASSANT + file]; }
// Polyglot xors this number in when White is to move.
constexpr Key white_to_move() { return detail::polyglot_random[detail::POLYGLOT_TURN]; }
// Key of "count pieces of kind p"; the material key xors these for every piece kind.
constexpr Key material(Piece p, int count) { return detail::tables.material[p][count]; }

}  // namespace augur::zobrist
