// Mates: the search finds mates in 1 to 5 with the exact score (SCORE_MATE
// minus the plies to mate, from the side to move), gives the mated side the
// negated score, keeps mate distances right when table entries are reused at
// another ply or through a transposition, and still finds mates with any
// search feature switched off.
//
// Every position's mate distance is proved independently of the search by a
// plain full-width AND/OR search (support.cpp): mate in N exists and mate in
// N - 1 does not.
#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/notation.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

struct MateCase {
    const char* name;
    const char* fen;
    int moves;      // mate in this many moves of the side to move
    int depth = 0;  // depth limit when the default (depth_for) is not enough
};

// Positions from ../shared/data/tactical (WAC = Win At Chess, BK = Bratko-Kopec)
// and a few textbook ones; distances as proved by can_force_mate.
const MateCase MATES[] = {
    {"back rank", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
    {"back rank, black", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", 1},
    {"mate, not stalemate", "7k/8/4Q1K1/8/8/8/8/8 w - - 0 1", 1},
    // The quiet key move Qg6 is first seen late (depth 12-13 when measured):
    // reverse futility at the defender's node and the reduction of a quiet root
    // move hide the mate threat. Depth 14 keeps the test honest about that.
    {"WAC.001", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 2, 14},
    {"WAC.004", "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", 2},
    {"WAC.005", "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", 2},
    {"BK.01", "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 3},
    {"WAC.102", "2Q2n2/2R4p/1p1qpp1k/8/3P3P/3B2P1/5PK1/r7 w - - 0 1", 3},
    {"WAC.158", "5rk1/n1p1R1bp/p2p4/1qpP1QB1/7P/2P3P1/PP3P2/6K1 w - - 0 1", 3},
    {"WAC.035", "r3r2k/2R3pp/pp1q1p2/8/3P3R/7P/PP3PP1/3Q2K1 w - - 0 1", 4},
    {"WAC.263", "rnbqr2k/pppp1Qpp/8/b2NN3/2B1n3/8/PPPP1PPP/R1B1K2R w KQ - 0 1", 4},
    // The key move is the quiet Kc2. Measured at 0f17309 (continuation history
    // and counter-moves reorder the quiets): found at depth 13 by default and
    // at depth 14 with FutilityPruning off, so 14 as for WAC.001.
    {"two knights", "8/8/8/1N6/n7/3N4/k7/2K5 w - - 0 1", 4, 14},
    {"WAC.267", "2r1kb1r/pp3ppp/2n1b3/1q1N2B1/1P2Q3/8/P4PPP/3RK1NR w Kk - 0 1", 5},
    {"WAC.009", "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1", 5},
    {"WAC.212", "rn1qr2Q/pbppk1p1/1p2pb2/4N3/3P4/2N5/PPP3PP/R4RK1 w - - 0 1", 5},
    {"WAC.285", "2rr3k/1b2bppP/p2p1n2/R7/3P4/1qB2P2/1P4Q1/1K5R w - - 0 1", 5},
};

// Depth limit for a mate in n: the 2n - 1 plies of the mate plus room for
// the reductions and pruning of the default profile.
int depth_for(int moves) { return 2 * moves + 5; }
int depth_for(const MateCase& c) { return c.depth ? c.depth : depth_for(c.moves); }

std::string describe(Game& game, const SearchResult& r) {
    return "score " + std::to_string(r.score) + " (mate " + std::to_string(mate_in_moves(r.score)) + "), depth " +
           std::to_string(r.depth) + ", best " + move_uci(game, r.best_move) + ", pv " + line_to_uci(game, r.pv);
}

// The result is a mate in exactly `moves` for the side to move, found by a
// move that forces it, with a principal variation that ends in mate.
void check_mate_result(Game& game, const SearchResult& r, int moves) {
    INFO(game.position().fen() << ": " << describe(game, r));
    CHECK(r.score == mate_in(2 * moves - 1));
    CHECK(mate_in_moves(r.score) == moves);
    REQUIRE(r.best_move);
    REQUIRE(game.position().is_legal(r.best_move));
    CHECK(move_forces_mate(game.position(), r.best_move, moves));
    CHECK(r.pv.size() == std::size_t(2 * moves - 1));
    CHECK(line_ends_in_mate(game, r.pv));
}

}  // namespace

TEST_CASE("Mate positions have the stated distance (independent prover)", "[search][mate]") {
    for (const MateCase& c : MATES) {
        INFO(c.name << ": " << c.fen);
        auto game = make_game(c.fen);
        CHECK(can_force_mate(game->position(), c.moves));
        if (c.moves > 1) CHECK_FALSE(can_force_mate(game->position(), c.moves - 1));
        auto mirrored = make_game(mirror_fen(c.fen));
        CHECK(can_force_mate(mirrored->position(), c.moves));
    }
}

TEST_CASE("Mates in 1 to 5 are found with the exact score", "[search][mate]") {
    Engine engine;
    for (const MateCase& c : MATES) {
        SECTION(c.name) {
            auto game = make_game(c.fen);
            SearchResult r = search_fresh(engine, *game, depth_for(c));
            check_mate_result(*game, r, c.moves);
        }
    }
}

TEST_CASE("Mates are found from the colour-flipped positions too", "[search][mate]") {
    Engine engine;
    for (const MateCase& c : MATES) {
        auto game = make_game(mirror_fen(c.fen));
        SearchResult r = search_fresh(engine, *game, depth_for(c));
        INFO(c.name << " mirrored");
        check_mate_result(*game, r, c.moves);
    }
}

TEST_CASE("The mated side gets the negated mate score", "[search][mate]") {
    Engine engine;
    for (const MateCase& c : MATES) {
        if (c.moves < 2) continue;
        auto game = make_game(c.fen);
        SearchResult first = search_fresh(engine, *game, depth_for(c));
        REQUIRE(first.pv.size() >= 1);
        game->play(first.pv[0]);
        // The defender to move is mated in moves - 1, whatever it plays.
        SearchResult r = search_fresh(engine, *game, depth_for(c));
        INFO(c.name << " after " << c.fen << " " << describe(*game, r));
        CHECK(r.score == mated_in(2 * (c.moves - 1)));
        CHECK(mate_in_moves(r.score) == -(c.moves - 1));
        REQUIRE(r.best_move);
        CHECK(game->position().is_legal(r.best_move));
        // Its line still ends in mate: every defence loses.
        CHECK(r.pv.size() == std::size_t(2 * (c.moves - 1)));
        CHECK(line_ends_in_mate(*game, r.pv));
    }
}

TEST_CASE("Checkmated at the root: mated score and no move", "[search][mate]") {
    Engine engine;
    auto game = make_game("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    REQUIRE(is_checkmate(game->position()));
    SearchResult r = search_fresh(engine, *game, 5);
    CHECK(r.score == mated_in(0));
    CHECK_FALSE(r.best_move);
    CHECK(r.pv.empty());
}

TEST_CASE("Two knights: mate in 4 found by depth 12", "[search][mate]") {
    Engine engine;
    auto game = make_game("8/8/8/1N6/n7/3N4/k7/2K5 w - - 0 1");
    RecordingListener listener;
    engine.new_game();
    SearchLimits limits;
    limits.depth = 12;
    SearchResult r = engine.search(*game, limits, &listener);
    check_mate_result(*game, r, 4);
    // The first iteration that saw the mate saw the right distance.
    int first_mate_depth = 0;
    for (const PvInfo& it : listener.iterations)
        if (is_mate_score(it.score)) {
            first_mate_depth = it.depth;
            CHECK(it.score == mate_in(7));
            break;
        }
    CHECK(first_mate_depth > 0);
    CHECK(first_mate_depth <= 12);
}

TEST_CASE("Mate scores from the table stay right at another ply", "[search][mate][tt]") {
    Engine engine;
    for (const MateCase& c : MATES) {
        if (c.moves < 3) continue;
        INFO(c.name);
        auto game = make_game(c.fen);
        SearchResult root = search_fresh(engine, *game, depth_for(c));
        REQUIRE(root.score == mate_in(2 * c.moves - 1));
        REQUIRE(root.pv.size() >= 2);

        // Two plies later, with the warm table whose mate entries were stored
        // relative to the old root: exactly one move fewer.
        game->play(root.pv[0]);
        game->play(root.pv[1]);
        for (int depth : {1, 2, 3, depth_for(c.moves - 1)}) {
            SearchResult later = search_depth(engine, *game, depth);
            INFO("depth " << depth << ": " << describe(*game, later));
            // A shallow search may not see the mate at all, but must never
            // see a wrong distance.
            if (is_mate_score(later.score)) CHECK(later.score == mate_in(2 * c.moves - 3));
            if (depth >= 2 * c.moves - 3) CHECK(later.score == mate_in(2 * c.moves - 3));
        }

        // And back at the old root, with entries stored two plies closer to mate.
        game->undo();
        game->undo();
        for (int depth : {1, 2, 3, depth_for(c.moves)}) {
            SearchResult again = search_depth(engine, *game, depth);
            INFO("back at the root, depth " << depth << ": " << describe(*game, again));
            if (is_mate_score(again.score)) CHECK(again.score == mate_in(2 * c.moves - 1));
        }
        SearchResult again = search_depth(engine, *game, depth_for(c.moves));
        check_mate_result(*game, again, c.moves);
    }
}

TEST_CASE("Mate scores survive a transposition with a warm table", "[search][mate][tt]") {
    // WAC.035 (mate in 4) after a3 a5 b3 b5 or b3 b5 a3 a5: the same position
    // (same key) through different game histories; the queenside pawns change
    // nothing in the mate. The distances are proved, not assumed.
    const std::string fen = "r3r2k/2R3pp/pp1q1p2/8/3P3R/7P/PP3PP1/3Q2K1 w - - 0 1";
    auto a = make_game(fen, {"a3", "a5", "b3", "b5"});
    auto b = make_game(fen, {"b3", "b5", "a3", "a5"});
    REQUIRE(a->position().key() == b->position().key());
    REQUIRE(can_force_mate(a->position(), 4));
    REQUIRE_FALSE(can_force_mate(a->position(), 3));

    Engine engine;
    engine.new_game();
    SearchResult ra = search_depth(engine, *a, depth_for(4));
    check_mate_result(*a, ra, 4);

    // Same position, other history, warm table: any depth that reports a mate
    // reports this one, and the full depth does.
    for (int depth : {1, 2, 3, 5, depth_for(4)}) {
        SearchResult rb = search_depth(engine, *b, depth);
        INFO("other move order, depth " << depth << ": " << describe(*b, rb));
        if (is_mate_score(rb.score)) CHECK(rb.score == mate_in(7));
    }
    check_mate_result(*b, search_depth(engine, *b, depth_for(4)), 4);

    // Two plies earlier in either history (after a3 a5 or b3 b5), searched
    // with the table full of entries stored from the later root.
    for (const char* first : {"a3", "b3"}) {
        auto earlier = make_game(fen, {first, first == std::string("a3") ? "a5" : "b5"});
        int moves = 1;
        while (moves < 6 && !can_force_mate(earlier->position(), moves)) ++moves;
        REQUIRE(moves < 6);
        for (int depth : {1, 3, depth_for(moves)}) {
            SearchResult r = search_depth(engine, *earlier, depth);
            INFO("after " << first << ", depth " << depth << ": " << describe(*earlier, r));
            if (is_mate_score(r.score)) CHECK(r.score == mate_in(2 * moves - 1));
        }
        check_mate_result(*earlier, search_depth(engine, *earlier, depth_for(moves)), moves);
    }
}

TEST_CASE("Every search feature switched off still finds mate in 2", "[search][mate][features]") {
    const MateCase& c = MATES[4];  // WAC.004, mate in 2
    REQUIRE(c.moves == 2);
    for (const std::string& name : search_feature_names()) {
        SECTION(name) {
            Engine engine;
            REQUIRE_FALSE(engine.set_option(name, "false"));
            CHECK(engine.option_value(name) == "false");
            auto game = make_game(c.fen);
            SearchResult r = search_fresh(engine, *game, 6);
            INFO(name << "=false");
            check_mate_result(*game, r, 2);
        }
    }
    SECTION("all off") {
        Engine engine;
        for (const std::string& name : search_feature_names()) REQUIRE_FALSE(engine.set_option(name, "false"));
        auto game = make_game(c.fen);
        SearchResult r = search_fresh(engine, *game, 5);
        check_mate_result(*game, r, 2);
    }
}

TEST_CASE("Every search feature switched off still finds the longer mates", "[search][mate][features]") {
    for (const std::string& name : search_feature_names()) {
        Engine engine;
        REQUIRE_FALSE(engine.set_option(name, "false"));
        for (const MateCase& c : MATES) {
            if (c.moves < 3 || c.moves > 4) continue;
            auto game = make_game(c.fen);
            SearchResult r = search_fresh(engine, *game, depth_for(c));
            INFO(name << "=false, " << c.name);
            check_mate_result(*game, r, c.moves);
        }
    }
}
