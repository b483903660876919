// Static exchange evaluation on classic exchanges. Each case gives the exact
// exchange value v for the mover, checked as see_ge(v) and not see_ge(v + 1).
#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/notation.h"
#include "search/see.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

constexpr int P = SEE_VALUE[PAWN], N = SEE_VALUE[KNIGHT], B = SEE_VALUE[BISHOP], R = SEE_VALUE[ROOK],
              Q = SEE_VALUE[QUEEN];

struct SeeCase {
    const char* name;
    const char* fen;
    const char* move;  // SAN
    int value;         // exact exchange value for the mover
};

const SeeCase CASES[] = {
    {"pawn takes defended knight", "4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "dxe5", N - P},
    {"queen takes defended pawn", "4k3/8/3p4/4p3/8/8/7Q/4K3 w - - 0 1", "Qxe5", P - Q},
    {"knight takes undefended rook", "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", "Nxd5", R},
    {"equal trade of knights", "4k3/8/3p4/4n3/8/3N4/8/4K3 w - - 0 1", "Nxe5", N - N},
    {"rook takes pawn, x-ray rook behind", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5", P},
    {"rook takes pawn, x-ray rook behind the defender", "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5", P - R},
    {"pawn takes knight, queen x-ray behind the pawn", "4k3/8/4p3/3n4/2P5/1Q6/8/4K3 w - - 0 1", "cxd5", N},
    {"bishop takes, queen x-ray behind the defending bishop", "4k3/8/2b5/3p4/4B3/8/6Q1/4K3 w - - 0 1", "Bxd5", P},
    {"pinned defender ignored", "5k2/8/5p2/4n3/8/8/8/4RRK1 w - - 0 1", "Rxe5", N},
    {"the same defender, not pinned, recaptures", "5k2/8/5p2/4n3/8/8/8/4R1K1 w - - 0 1", "Rxe5", N - R},
    {"king cannot recapture a defended square", "8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1", "Rxd5", P},
    {"king recaptures an undefended square", "8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5", P - R},
    {"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", P},
    {"quiet move to a safe square", "4k3/8/3p4/8/8/8/8/2B1K3 w - - 0 1", "Be3", 0},
    {"knight steps where a pawn takes it", "4k3/8/3p4/8/8/8/3N4/4K3 w - - 0 1", "Nc4", 0},
    {"knight steps where a pawn takes it (loses)", "4k3/8/8/3p4/8/8/3N4/4K3 w - - 0 1", "Nc4", -N},
    {"rook takes a pawn defended by a pawn", "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5", P - R},
    {"bishop takes a rook defended by a queen", "3qk3/8/8/3r4/8/1B6/8/4K3 w - - 0 1", "Bxd5", R - B},
};

}  // namespace

TEST_CASE("SEE values of classic exchanges", "[search][see]") {
    for (const SeeCase& c : CASES) {
        INFO(c.name << ": " << c.fen << " " << c.move << " = " << c.value);
        auto game = make_game(c.fen);
        Move m = parse_san_move(game->position(), c.move);
        REQUIRE(m);
        CHECK(see_ge(game->position(), m, c.value));
        CHECK_FALSE(see_ge(game->position(), m, c.value + 1));
        // Thresholds far below and above.
        CHECK(see_ge(game->position(), m, c.value - 1000));
        CHECK_FALSE(see_ge(game->position(), m, c.value + 1000));
    }
}

TEST_CASE("SEE of a losing queen capture is negative, of a pawn capture positive", "[search][see]") {
    auto game = make_game("4k3/8/3p4/4p3/8/8/7Q/4K3 w - - 0 1");
    Move qxe5 = parse_san_move(game->position(), "Qxe5");
    CHECK_FALSE(see_ge(game->position(), qxe5, 0));
    CHECK(see_ge(game->position(), qxe5, -Q));
}

TEST_CASE("SEE agrees with an exhaustive exchange search", "[search][see]") {
    // On the bench positions, every capture's SEE sign is compared with a
    // brute-force capture sequence on the target square (each side may stop;
    // legal captures only, so pins and king safety are exact). SEE is a
    // simplification (it may ignore pins that the exchange itself breaks), so
    // only a clear disagreement counts: SEE says >= 0 while the exchange
    // loses at least a pawn, or the reverse.
    struct Exchange {
        static int value(Position& pos, Square sq) {
            // Best outcome for the side to move when capturing on sq, or 0 by standing pat.
            int best = 0;
            Move list[MAX_MOVES];
            Move* end = generate<GenType::Noisy>(pos, list);
            Move cheapest = Move::none();
            int cheapest_value = 1 << 30;
            for (Move* m = list; m != end; ++m) {
                if (m->to() != sq || m->kind() == PROMOTION || m->kind() == EN_PASSANT) continue;
                int v = SEE_VALUE[type_of(pos.moved_piece(*m))];
                if (v < cheapest_value) cheapest_value = v, cheapest = *m;
            }
            if (!cheapest) return 0;
            int gain = SEE_VALUE[type_of(pos.piece_on(sq))];
            StateInfo st;
            pos.do_move(cheapest, st);
            int reply = value(pos, sq);
            pos.undo_move(cheapest);
            best = std::max(best, gain - reply);
            return best;
        }
    };
    int compared = 0;
    for (const auto& fen : bench_positions()) {
        auto game = make_game(fen);
        Position& pos = game->position();
        for (Move m : MoveList<GenType::Noisy>(pos)) {
            if (m.kind() != NORMAL || !pos.is_capture(m)) continue;
            int gain = SEE_VALUE[type_of(pos.piece_on(m.to()))];
            StateInfo st;
            pos.do_move(m, st);
            int exact = gain - Exchange::value(pos, m.to());
            pos.undo_move(m);
            INFO(fen << " " << move_to_uci(pos, m) << ": exchange " << exact);
            if (exact <= -P) CHECK_FALSE(see_ge(pos, m, 0));
            if (exact >= 0) CHECK(see_ge(pos, m, 0));
            ++compared;
        }
    }
    CHECK(compared > 50);
}
