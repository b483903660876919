// long_wins: long tablebase wins of one material class, for the play-out check
// of the endgame layer (playout.sh, docs/ENDGAMES.md).
//
//   long_wins SYZYGY_DIR CLASS COUNT SEED [SAMPLES]
//
// Draws SAMPLES (default 20000) random legal placements of CLASS ("KBNvK":
// White has the pieces before 'v', White to move) from SEED, keeps those the
// Syzygy tables call a win for White (not a cursed one), and prints the COUNT
// with the longest distance to zeroing (DTZ), each twice: as drawn, then with
// the colours swapped (Black wins, Black to move). The first engine of an
// `augur match -games 1` is White in the odd-numbered games, so it plays the
// winning side of every line. The same arguments print the same lines.
#include <tbprobe.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/types.h"

using namespace augur;

namespace {

struct Placement {
    Bitboard by[COLOR_NB][PIECE_TYPE_NB] = {};
};

bool parse_class(const std::string& name, std::vector<std::pair<Color, PieceType>>& pieces) {
    Color c = WHITE;
    int kings = 0;
    for (char ch : name) {
        if (ch == 'v') { c = BLACK; continue; }
        const std::string letters = " PNBRQK";
        std::size_t pt = letters.find(ch);
        if (pt == std::string::npos || pt == 0) return false;
        if (PieceType(pt) == KING) ++kings;
        else pieces.push_back({c, PieceType(pt)});
    }
    return kings == 2 && c == BLACK;
}

Bitboard colour_bb(const Placement& p, Color c) {
    Bitboard b = 0;
    for (int pt = PAWN; pt <= KING; ++pt) b |= p.by[c][pt];
    return b;
}

bool attacked(const Placement& p, Color by, Square s, Bitboard occupied) {
    return (pawn_attacks(~by, s) & p.by[by][PAWN]) || (knight_attacks(s) & p.by[by][KNIGHT]) ||
           (bishop_attacks(s, occupied) & (p.by[by][BISHOP] | p.by[by][QUEEN])) ||
           (rook_attacks(s, occupied) & (p.by[by][ROOK] | p.by[by][QUEEN])) || (king_attacks(s) & p.by[by][KING]);
}

// A random legal placement with White to move: Black's king not in check.
Placement random_placement(const std::vector<std::pair<Color, PieceType>>& pieces, std::mt19937_64& rng) {
    for (;;) {
        Placement p;
        Bitboard occupied = 0;
        auto put = [&](Color c, PieceType pt) {
            for (;;) {
                Square s = Square(rng() % 64);
                if ((occupied & square_bb(s)) || (pt == PAWN && (rank_of(s) == 0 || rank_of(s) == 7))) continue;
                p.by[c][pt] |= square_bb(s);
                occupied |= square_bb(s);
                return;
            }
        };
        put(WHITE, KING);
        put(BLACK, KING);
        for (auto [c, pt] : pieces) put(c, pt);
        if (distance(lsb(p.by[WHITE][KING]), lsb(p.by[BLACK][KING])) > 1 &&
            !attacked(p, WHITE, lsb(p.by[BLACK][KING]), occupied))
            return p;
    }
}

std::string fen_of(const Placement& p, Color to_move) {
    std::string board;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            char ch = 0;
            for (Color c : {WHITE, BLACK})
                for (int pt = PAWN; pt <= KING; ++pt)
                    if (p.by[c][pt] & square_bb(make_square(f, r))) ch = " PNBRQK"[pt] + (c == BLACK ? 32 : 0);
            if (!ch) { ++empty; continue; }
            if (empty) board += char('0' + empty), empty = 0;
            board += ch;
        }
        if (empty) board += char('0' + empty);
        if (r) board += '/';
    }
    return board + (to_move == WHITE ? " w - - 0 1" : " b - - 0 1");
}

Placement colours_swapped(const Placement& p) {
    Placement out;
    for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt <= KING; ++pt)
            for (Bitboard b = p.by[c][pt]; b;) out.by[~c][pt] |= square_bb(flip_rank(pop_lsb(b)));
    return out;
}

struct Win {
    unsigned dtz;
    std::size_t drawn;  // the order it was drawn in: ties keep it
    Placement placement;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 5 || argc > 6) {
        std::fprintf(stderr, "usage: long_wins SYZYGY_DIR CLASS COUNT SEED [SAMPLES]\n");
        return 2;
    }
    std::vector<std::pair<Color, PieceType>> pieces;
    if (!parse_class(argv[2], pieces) || pieces.size() + 2 > 5) {
        std::fprintf(stderr, "long_wins: bad class '%s' (e.g. KBNvK, at most 5 pieces)\n", argv[2]);
        return 2;
    }
    int count = std::atoi(argv[3]);
    unsigned long long seed = std::strtoull(argv[4], nullptr, 10);
    long samples = argc == 6 ? std::atol(argv[5]) : 20000;
    if (count <= 0 || samples <= 0) {
        std::fprintf(stderr, "long_wins: COUNT and SAMPLES must be positive\n");
        return 2;
    }
    if (!tb_init(argv[1]) || TB_LARGEST < pieces.size() + 2) {
        std::fprintf(stderr, "long_wins: no Syzygy tables for %s under %s\n", argv[2], argv[1]);
        return 1;
    }
    // Each class its own stream: the seed mixed with the class name (FNV-1a).
    std::uint64_t mixed = 0xcbf29ce484222325ULL ^ seed;
    for (const char* p = argv[2]; *p; ++p) mixed = (mixed ^ std::uint8_t(*p)) * 0x100000001b3ULL;
    std::mt19937_64 rng(mixed);
    std::vector<Win> wins;
    for (long i = 0; i < samples; ++i) {
        Placement p = random_placement(pieces, rng);
        auto both = [&](PieceType pt) { return p.by[WHITE][pt] | p.by[BLACK][pt]; };
        unsigned result = tb_probe_root(colour_bb(p, WHITE), colour_bb(p, BLACK), both(KING), both(QUEEN), both(ROOK),
                                        both(BISHOP), both(KNIGHT), both(PAWN), 0, 0, 0, true, nullptr);
        if (result == TB_RESULT_FAILED || TB_GET_WDL(result) != TB_WIN) continue;
        wins.push_back({TB_GET_DTZ(result), std::size_t(i), p});
    }
    std::stable_sort(wins.begin(), wins.end(), [](const Win& a, const Win& b) { return a.dtz > b.dtz; });
    if (int(wins.size()) > count) wins.resize(count);
    for (const Win& w : wins) {
        std::printf("%s\n%s\n", fen_of(w.placement, WHITE).c_str(), fen_of(colours_swapped(w.placement), BLACK).c_str());
        std::fprintf(stderr, "%s dtz %u\n", fen_of(w.placement, WHITE).c_str(), w.dtz);
    }
    return wins.empty() ? 1 : 0;
}
