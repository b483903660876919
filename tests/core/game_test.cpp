// core/game: a Position with the history of moves played from its FEN, as
// the C ABI and the protocols hold it.
#include <catch2/catch.hpp>

#include <random>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/rules.h"

using namespace augur;
using Catch::Matchers::Contains;

TEST_CASE("Game::from_fen returns no game and the FEN's fault for a bad FEN", "[game]") {
    Game::Created created = Game::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq");
    CHECK(created.game == nullptr);
    CHECK_THAT(created.error, Contains("4 or 6 fields"));
    Game::Created ok = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    REQUIRE(ok.game != nullptr);
    CHECK(ok.error.empty());
    CHECK(ok.game->fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

TEST_CASE("A Game plays legal UCI moves, refuses illegal ones and takes moves back", "[game]") {
    auto game = Game::start_position();
    REQUIRE(game != nullptr);
    CHECK(game->play_uci("e2e4"));
    std::string error;
    CHECK_FALSE(game->play_uci("e2e5", &error));
    CHECK(error == "illegal move 'e2e5'");
    CHECK(game->moves().size() == 1);
    CHECK(game->position().fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(game->undo());
    CHECK_FALSE(game->undo());
    CHECK(game->position().fen() == Position::START_FEN);
    CHECK(game->fen() == Position::START_FEN);  // the FEN it was set from stays
}

TEST_CASE("A Game's history makes a threefold repetition visible", "[game]") {
    auto game = Game::start_position();
    for (const char* uci : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}) REQUIRE(game->play_uci(uci));
    CHECK(game_status(game->position()) == GameStatus::ThreefoldRepetition);
}

TEST_CASE("Replaying a Game in Chess960 mode keeps its moves, board and key", "[game][chess960]") {
    auto game = Game::start_position();
    for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}) REQUIRE(game->play_uci(uci));
    Game::Created replayed = game->replay(true);
    REQUIRE(replayed.game != nullptr);
    const Position& pos = replayed.game->position();
    CHECK(pos.is_chess960());
    CHECK(pos.key() == game->position().key());
    CHECK(pos.fen() == "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w HAha - 4 4");
    CHECK(replayed.game->moves() == game->moves());
    // Castling is now written king-takes-rook.
    CHECK(move_to_uci(pos, parse_san_move(pos, "O-O")) == "e1h1");
    Game::Created back = replayed.game->replay(false);
    REQUIRE(back.game != nullptr);
    CHECK(back.game->position().fen() == game->position().fen());
}

TEST_CASE("A Game survives hundreds of plies played and taken back", "[game]") {
    // The states live in a deque; a long game checks that growth never moves them.
    std::mt19937_64 rng(2024);
    auto game = Game::start_position();
    std::vector<std::string> fens{game->position().fen()};
    for (int ply = 0; ply < 400; ++ply) {
        MoveList<> moves(game->position());
        if (moves.empty() || game->position().is_fifty_move_draw()) break;
        game->play(moves[rng() % moves.size()]);
        fens.push_back(game->position().fen());
    }
    REQUIRE(game->moves().size() > 100);
    while (!game->moves().empty()) {
        fens.pop_back();
        REQUIRE(game->undo());
        REQUIRE(game->position().fen() == fens.back());
        REQUIRE(game->position().key() == game->position().compute_key());
    }
}
