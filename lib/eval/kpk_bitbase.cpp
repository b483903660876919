#include "eval/kpk_bitbase.h"

#include <cstdint>
#include <vector>

#include "core/bitboard.h"

namespace augur {

namespace {

constexpr int PAWN_SQUARES = 24;  // files a-d, ranks 2-7
constexpr int POSITIONS = PAWN_SQUARES * 64 * 64 * 2;

// Index of a normalised position: White has the pawn, on files a-d.
int index_of(Square white_king, Square black_king, Square pawn, Color to_move) {
    int pawn_index = (rank_of(pawn) - 1) * 4 + file_of(pawn);
    return ((pawn_index * 64 + white_king) * 64 + black_king) * 2 + to_move;
}

enum Result : std::uint8_t { INVALID, UNKNOWN, DRAW, WIN };

// One normalised position during the analysis.
struct Placement {
    Square wk, bk, pawn;
    Color to_move;
};

Placement placement_of(int index) {
    Color to_move = Color(index & 1);
    index >>= 1;
    Square bk = Square(index & 63);
    index >>= 6;
    Square wk = Square(index & 63);
    int pawn_index = index >> 6;
    return {wk, bk, make_square(pawn_index % 4, pawn_index / 4 + 1), to_move};
}

// Squares the black king may step to (the pawn's square included when White's
// king does not guard it).
Bitboard black_king_moves(const Placement& p) {
    return king_attacks(p.bk) & ~king_attacks(p.wk) & ~pawn_attacks(WHITE, p.pawn) & ~square_bb(p.wk);
}

// What the position is before any move is looked at: illegal, decided at once,
// or left for the iteration.
Result initial_result(const Placement& p) {
    if (p.wk == p.bk || p.wk == p.pawn || p.bk == p.pawn || distance(p.wk, p.bk) <= 1) return INVALID;
    bool black_in_check = pawn_attacks(WHITE, p.pawn) & square_bb(p.bk);
    if (p.to_move == WHITE) {
        if (black_in_check) return INVALID;
        // A promotion the black king cannot answer by taking the new queen wins.
        if (rank_of(p.pawn) == 6) {
            Square promotion = Square(p.pawn + 8);
            if (promotion != p.wk && promotion != p.bk &&
                (distance(p.bk, promotion) > 1 || distance(p.wk, promotion) == 1))
                return WIN;
        }
        return UNKNOWN;
    }
    Bitboard moves = black_king_moves(p);
    if (!moves) return black_in_check ? WIN : DRAW;  // mate or stalemate
    if (moves & square_bb(p.pawn)) return DRAW;       // the pawn falls
    return UNKNOWN;
}

// White to move wins if one move reaches a win; Black to move loses if every
// move does. Promotions were decided by initial_result.
Result next_result(const Placement& p, const std::vector<std::uint8_t>& results) {
    auto wins = [&](Square wk, Square bk, Square pawn, Color to_move) {
        return results[index_of(wk, bk, pawn, to_move)] == WIN;
    };
    if (p.to_move == WHITE) {
        Bitboard king_moves = king_attacks(p.wk) & ~king_attacks(p.bk) & ~square_bb(p.pawn);
        for (Bitboard b = king_moves; b;)
            if (wins(pop_lsb(b), p.bk, p.pawn, BLACK)) return WIN;
        Square push = Square(p.pawn + 8);
        if (rank_of(p.pawn) < 6 && push != p.wk && push != p.bk) {
            if (wins(p.wk, p.bk, push, BLACK)) return WIN;
            Square double_push = Square(push + 8);
            if (rank_of(p.pawn) == 1 && double_push != p.wk && double_push != p.bk &&
                wins(p.wk, p.bk, double_push, BLACK))
                return WIN;
        }
        return UNKNOWN;
    }
    for (Bitboard b = black_king_moves(p); b;)
        if (!wins(p.wk, pop_lsb(b), p.pawn, WHITE)) return UNKNOWN;
    return WIN;
}

std::vector<std::uint64_t> compute_bitbase() {
    std::vector<std::uint8_t> results(POSITIONS);
    for (int i = 0; i < POSITIONS; ++i) results[i] = initial_result(placement_of(i));
    // Wins spread backwards until a pass finds no new one; what is left unknown is a draw.
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < POSITIONS; ++i)
            if (results[i] == UNKNOWN && next_result(placement_of(i), results) == WIN) {
                results[i] = WIN;
                changed = true;
            }
    }
    std::vector<std::uint64_t> bits(POSITIONS / 64);
    for (int i = 0; i < POSITIONS; ++i)
        if (results[i] == WIN) bits[i / 64] |= std::uint64_t(1) << (i % 64);
    return bits;
}

const std::vector<std::uint64_t>& bitbase() {
    static const std::vector<std::uint64_t> bits = compute_bitbase();
    return bits;
}

}  // namespace

void kpk_bitbase_prepare() { bitbase(); }

bool kpk_win(Color strong, Square strong_king, Square weak_king, Square pawn, Color to_move) {
    // Seen from the pawn's side as White, with the pawn on files a-d.
    int flip = strong == WHITE ? 0 : 56;
    int mirror = file_of(pawn) >= 4 ? 7 : 0;
    auto normal = [&](Square s) { return Square(s ^ flip ^ mirror); };
    int i = index_of(normal(strong_king), normal(weak_king), normal(pawn), to_move == strong ? WHITE : BLACK);
    return (bitbase()[i / 64] >> (i % 64)) & 1;
}

}  // namespace augur
