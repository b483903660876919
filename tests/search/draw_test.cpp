// Draws: stalemate, repetition (in the tree and with the game history),
// perpetual check, the fifty-move rule and dead material all score 0, and the
// side that is losing takes the draw while the side that is winning avoids it.
#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/notation.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

Move san(const Game& game, std::string_view text) {
    Move m = parse_san_move(game.position(), text);
    REQUIRE(m);
    return m;
}

}  // namespace

TEST_CASE("Stalemate at the root scores 0 with no move", "[search][draw]") {
    Engine engine;
    for (const char* fen : {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/P7/K7/8/8/8/8/8 b - - 0 1",
                            "K7/8/1q6/8/8/8/8/7k w - - 0 1"}) {
        auto game = make_game(fen);
        REQUIRE(is_stalemate(game->position()));
        SearchResult r = search_fresh(engine, *game, 6);
        INFO(fen);
        CHECK(r.score == SCORE_DRAW);
        CHECK_FALSE(r.best_move);
        CHECK(r.pv.empty());
    }
}

TEST_CASE("The winning side mates instead of stalemating", "[search][draw]") {
    Engine engine;
    // Queen and king against king: Qf7 stalemates, Qe8 and Qc8 mate.
    auto win = make_game("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1");
    SearchResult r = search_fresh(engine, *win, 6);
    INFO(move_uci(*win, r.best_move));
    CHECK(r.best_move != san(*win, "Qf7"));
    CHECK(r.score == mate_in(1));
}

TEST_CASE("Perpetual check by the side down material scores 0", "[search][draw]") {
    // White has a queen against queen and two rooks, but Qg5+ Kh8 Qf6+ Kg8
    // Qg5+ repeats for ever (no interposition, no escape square).
    Engine engine;
    auto game = make_game("r4rk1/pq3p1p/8/8/8/8/6PP/2Q4K w - - 0 1");
    for (int depth : {8, 12}) {
        SearchResult r = search_fresh(engine, *game, depth);
        INFO("depth " << depth << " " << move_uci(*game, r.best_move) << " score " << r.score << " pv "
                      << line_to_uci(*game, r.pv));
        CHECK(r.score == SCORE_DRAW);
        CHECK(r.best_move == san(*game, "Qg5+"));
    }
    // Black to move in the cycle cannot avoid it either.
    auto cycle = make_game("r4rk1/pq3p1p/8/8/8/8/6PP/2Q4K w - - 0 1", {"Qg5+"});
    SearchResult r = search_fresh(engine, *cycle, 12);
    CHECK(r.score == SCORE_DRAW);
}

TEST_CASE("A move into a threefold repetition of the game scores 0", "[search][draw]") {
    // White has queen and rook against a bare king; both kings have shuffled
    // g1-h1 / h8-g8 twice, so Black's Kh8 now repeats the position a third time.
    const char* fen = "7k/8/8/8/8/8/8/R2Q2K1 w - - 0 1";
    const std::vector<std::string> shuffle = {"Kh1", "Kg8", "Kg1", "Kh8", "Kh1", "Kg8", "Kg1"};
    Engine engine;

    SECTION("the losing side takes the draw") {
        auto game = make_game(fen, shuffle);
        REQUIRE(game->position().side_to_move() == BLACK);
        for (int depth : {1, 4, 8}) {
            SearchResult r = search_fresh(engine, *game, depth);
            INFO("depth " << depth << ": " << move_uci(*game, r.best_move) << " score " << r.score);
            CHECK(r.score == SCORE_DRAW);
            CHECK(r.best_move == san(*game, "Kh8"));
        }
    }
    SECTION("the winning side avoids it") {
        auto game = make_game(fen, shuffle);
        play_san(*game, "Kh8");  // third occurrence: White to move must not play Kh1 again
        REQUIRE(game->position().is_threefold_repetition());
        for (int depth : {1, 4, 8}) {
            SearchResult r = search_fresh(engine, *game, depth);
            INFO("depth " << depth << ": " << move_uci(*game, r.best_move) << " score " << r.score);
            CHECK(r.best_move != san(*game, "Kh1"));
            CHECK(r.score > 500);
        }
    }
    SECTION("without the history the same position is no draw") {
        auto game = make_game("6k1/8/8/8/8/8/8/R2Q2K1 b - - 0 1");
        SearchResult r = search_fresh(engine, *game, 4);
        CHECK(r.score < -500);
    }
}

TEST_CASE("Fifty-move rule", "[search][draw]") {
    Engine engine;
    SECTION("with rule50 = 99 only a pawn move keeps the win") {
        // Any queen or king move makes the 100th ply: a draw.
        auto game = make_game("4k3/8/8/8/8/8/P7/3QK3 w - - 99 80");
        for (int depth : {2, 3, 6}) {
            SearchResult r = search_fresh(engine, *game, depth);
            INFO("depth " << depth << ": " << move_uci(*game, r.best_move) << " score " << r.score);
            REQUIRE(r.best_move);
            CHECK(type_of(game->position().moved_piece(r.best_move)) == PAWN);
            CHECK(r.score > 500);
        }
    }
    SECTION("with rule50 = 99 a capture keeps the win") {
        auto game = make_game("4k3/8/8/8/8/8/8/n2QK3 w - - 99 80");
        SearchResult r = search_fresh(engine, *game, 6);
        INFO(move_uci(*game, r.best_move) << " score " << r.score);
        CHECK(r.best_move == san(*game, "Qxa1"));
        CHECK(r.score > 500);
    }
    SECTION("with rule50 = 99 the side a queen down draws with any move") {
        auto game = make_game("4k3/8/8/8/8/8/8/3QK3 b - - 99 80");
        for (int depth : {2, 3, 6}) {
            SearchResult r = search_fresh(engine, *game, depth);
            INFO("depth " << depth << ": score " << r.score);
            CHECK(r.score == SCORE_DRAW);
        }
    }
    SECTION("checkmate on the hundredth ply still wins") {
        auto game = make_game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
        SearchResult r = search_fresh(engine, *game, 4);
        CHECK(r.score == mate_in(1));
        CHECK(r.best_move == san(*game, "Ra8#"));
    }
}

TEST_CASE("Fifty-move rule at depth 1 (quiescence)", "[search][draw]") {
    // Regression: the quiescence search once ignored the fifty-move rule, so
    // with rule50 = 99 the depth-1 result of a side a queen down was its
    // material balance instead of the draw that any move secures.
    Engine engine;
    auto game = make_game("4k3/8/8/8/8/8/8/3QK3 b - - 99 80");
    SearchResult r = search_fresh(engine, *game, 1);
    CHECK(r.score == SCORE_DRAW);
    auto win = make_game("4k3/8/8/8/8/8/P7/3QK3 w - - 99 80");
    SearchResult w = search_fresh(engine, *win, 1);
    INFO(move_uci(*win, w.best_move) << " score " << w.score);
    CHECK(type_of(win->position().moved_piece(w.best_move)) == PAWN);
}

TEST_CASE("Dead material scores 0 and a forced draw is taken", "[search][draw]") {
    Engine engine;
    SECTION("king and knight against king") {
        auto game = make_game("8/8/4k3/8/8/3NK3/8/8 w - - 0 1");
        SearchResult r = search_fresh(engine, *game, 8);
        CHECK(r.score == SCORE_DRAW);
        CHECK(r.best_move);
    }
    SECTION("bishops on one colour") {
        auto game = make_game("8/8/4k3/5b2/8/4K3/8/5B2 w - - 0 1");
        SearchResult r = search_fresh(engine, *game, 8);
        CHECK(r.score == SCORE_DRAW);
    }
    SECTION("the bare king takes the last rook") {
        auto game = make_game("8/8/8/8/8/2k5/3R4/7K b - - 0 1");
        SearchResult r = search_fresh(engine, *game, 8);
        CHECK(r.best_move == san(*game, "Kxd2"));
        CHECK(r.score == SCORE_DRAW);
    }
    SECTION("the rook side saves its rook") {
        auto game = make_game("8/8/8/8/8/2k5/3R4/7K w - - 0 1");
        SearchResult r = search_fresh(engine, *game, 8);
        CHECK(r.score > 300);
    }
}
