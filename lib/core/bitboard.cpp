#include "core/bitboard.h"

#include <algorithm>
#include <cstdlib>

namespace augur::detail {

namespace {

// xorshift64*: a fixed-seed generator so that the magic numbers, and therefore
// the tables, are the same in every build and run.
class MagicRng {
public:
    explicit MagicRng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 2685821657736338717ULL;
    }
    // Few set bits make good magic candidates.
    std::uint64_t sparse() { return next() & next() & next(); }

private:
    std::uint64_t state_;
};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Attacks by stepping from s in each (df, dr) direction until a blocker or the edge.
Bitboard slide(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (on_board(f, r)) {
            Bitboard b = square_bb(make_square(f, r));
            result |= b;
            if (occupied & b) break;
            f += d[0];
            r += d[1];
        }
    }
    return result;
}

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard step_attacks(Square s, const int (*steps)[2], int count) {
    Bitboard result = 0;
    for (int i = 0; i < count; ++i) {
        int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
        if (on_board(f, r)) result |= square_bb(make_square(f, r));
    }
    return result;
}

// Fills magics[] and table[] for one slider type. The magic search always ends:
// a fitting magic exists for every square and the generator finds one quickly.
void init_sliders(std::array<Magic, SQUARE_NB>& magics, Bitboard* table, const int (&dirs)[4][2]) {
    Bitboard occupancy[4096], reference[4096];
    Bitboard* next_table = table;
#if !defined(AUGUR_USE_PEXT)
    MagicRng rng(0x41756775725F6D67ULL);  // "Augur_mg"
    int epoch[4096] = {}, attempt = 0;
#endif

    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                         ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
        Magic& m = magics[s];
        m.mask = slide(s, 0, dirs) & ~edges;
        m.shift = unsigned(64 - popcount(m.mask));
        m.attacks = next_table;

        // Carry-Rippler enumeration of every subset of the mask.
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slide(s, b, dirs);
#if defined(AUGUR_USE_PEXT)
            next_table[_pext_u64(occupancy[size], m.mask)] = reference[size];
#endif
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        next_table += size;

#if !defined(AUGUR_USE_PEXT)
        Bitboard* attacks = const_cast<Bitboard*>(m.attacks);
        for (int i = 0; i < size;) {
            do {
                m.magic = rng.sparse();
            } while (popcount((m.magic * m.mask) >> 56) < 6);
            ++attempt;
            for (i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    attacks[idx] = reference[i];
                } else if (attacks[idx] != reference[i]) {
                    break;
                }
            }
        }
#endif
    }
}

}  // namespace

AttackTables::AttackTables() {
    constexpr int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    constexpr int white_pawn_steps[2][2] = {{-1, 1}, {1, 1}};
    constexpr int black_pawn_steps[2][2] = {{-1, -1}, {1, -1}};

    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        knight[s] = step_attacks(s, knight_steps, 8);
        king[s] = step_attacks(s, king_steps, 8);
        pawn[WHITE][s] = step_attacks(s, white_pawn_steps, 2);
        pawn[BLACK][s] = step_attacks(s, black_pawn_steps, 2);
    }
    init_sliders(rook_magic, rook_table.data(), ROOK_DIRS);
    init_sliders(bishop_magic, bishop_table.data(), BISHOP_DIRS);

    for (Square a = SQ_A1; a <= SQ_H8; ++a) {
        for (Square b = SQ_A1; b <= SQ_H8; ++b) {
            distance[a][b] = std::uint8_t(std::max(std::abs(file_of(a) - file_of(b)),
                                                   std::abs(rank_of(a) - rank_of(b))));
            between[a][b] = square_bb(b);
            if (a == b) continue;
            const int (*dirs)[4][2] = nullptr;
            if (slide(a, 0, ROOK_DIRS) & square_bb(b)) dirs = &ROOK_DIRS;
            else if (slide(a, 0, BISHOP_DIRS) & square_bb(b)) dirs = &BISHOP_DIRS;
            if (!dirs) continue;
            line[a][b] = (slide(a, 0, *dirs) & slide(b, 0, *dirs)) | square_bb(a) | square_bb(b);
            between[a][b] |= slide(a, square_bb(b), *dirs) & slide(b, square_bb(a), *dirs);
        }
    }
}

// Built before ordinary static objects, so that a host linking the static
// library may use Augur from its own static initialisers.
[[gnu::init_priority(101)]] const AttackTables tables;

}  // namespace augur::detail
