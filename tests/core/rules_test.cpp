// TestGame-ending rules and the draw rules' building blocks: mate, stalemate,
// repetition through the game history, the fifty-move rule, insufficient
// material, and the en passant cases that trip up legality tests.
#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/rules.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

GameStatus status_after(std::string_view fen, std::string_view moves = "") {
    TestGame game(fen);
    game.play_uci_line(moves);
    return game_status(game.pos());
}

bool insufficient(std::string_view fen) { return TestGame(fen).pos().is_insufficient_material(); }

}  // namespace

TEST_CASE("Fool's mate is checkmate", "[rules]") {
    TestGame game;
    game.play_uci_line("f2f3 e7e5 g2g4 d8h4");
    CHECK(game.pos().in_check());
    CHECK(MoveList<>(game.pos()).empty());
    CHECK(game_status(game.pos()) == GameStatus::Checkmate);
    CHECK(std::string(game_status_name(GameStatus::Checkmate)) == "checkmate");
}

TEST_CASE("A king with no moves and no check is stalemated", "[rules]") {
    TestGame game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK_FALSE(game.pos().in_check());
    CHECK(game_status(game.pos()) == GameStatus::Stalemate);
    // The same position with White to move is an ordinary position.
    CHECK(status_after("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1") == GameStatus::Ongoing);
}

TEST_CASE("The start position and a check that can be answered are ongoing", "[rules]") {
    CHECK(status_after(Position::START_FEN) == GameStatus::Ongoing);
    CHECK(status_after(Position::START_FEN, "e2e4 d7d6 f1b5") == GameStatus::Ongoing);
}

TEST_CASE("Nf3 Nf6 Ng1 Ng8 twice is a threefold repetition", "[rules][repetition]") {
    TestGame game;
    game.play_uci_line("g1f3 g8f6 f3g1 f6g8");
    // Second occurrence of the start position: a repetition, not yet threefold.
    CHECK(game.pos().is_repetition(5));
    CHECK_FALSE(game.pos().is_threefold_repetition());
    CHECK(game_status(game.pos()) == GameStatus::Ongoing);
    game.play_uci_line("g1f3 g8f6 f3g1");
    CHECK_FALSE(game.pos().is_threefold_repetition());  // only the second time for this one
    game.play_uci("f6g8");
    CHECK(game.pos().is_threefold_repetition());
    CHECK(game_status(game.pos()) == GameStatus::ThreefoldRepetition);
    // Taking the last move back takes the draw back.
    game.undo();
    CHECK_FALSE(game.pos().is_threefold_repetition());
    CHECK(game_status(game.pos()) == GameStatus::Ongoing);
}

TEST_CASE("is_repetition(ply) counts one repetition after the root, or two anywhere", "[rules][repetition]") {
    // The start position comes back after 4 plies. With the search root 4 or
    // more plies back the earlier occurrence is the root itself or lies before
    // it (game history): one repetition there is not yet a draw.
    TestGame game;
    game.play_uci_line("g1f3 g8f6 f3g1 f6g8");
    CHECK(game.pos().is_repetition(5));
    CHECK_FALSE(game.pos().is_repetition(4));
    CHECK_FALSE(game.pos().is_repetition(1));
    // A third occurrence is a draw however far back the root is.
    game.play_uci_line("g1f3 g8f6 f3g1 f6g8");
    CHECK(game.pos().is_repetition(1));
    CHECK(game.pos().is_repetition(0));
    // A position that never occurred before is no repetition.
    game.play_uci("e2e4");
    CHECK_FALSE(game.pos().is_repetition(100));
}

TEST_CASE("A repetition needs the same side to move and the same castling rights", "[rules][repetition]") {
    // The king walks out and back: same placement, but the castling rights are gone.
    TestGame game;
    game.play_uci_line("e2e4 e7e5 e1e2 e8e7 e2e1 e7e8");
    CHECK_FALSE(game.pos().is_repetition(100));
    game.play_uci_line("e1e2 e8e7 e2e1 e7e8");
    CHECK(game.pos().is_repetition(100));  // now the rights match
}

TEST_CASE("Repetitions are not detected across a null move", "[rules][repetition]") {
    TestGame null_game;
    null_game.play_uci("g1f3");
    null_game.play_null();
    null_game.play_uci("f3g1");
    null_game.play_null();  // White to move in the start position again, but via null moves
    CHECK(null_game.pos().key() == TestGame().pos().key());
    CHECK_FALSE(null_game.pos().is_repetition(100));
    CHECK_FALSE(null_game.pos().is_threefold_repetition());
}

TEST_CASE("A repetition of the position set from FEN is detected", "[rules][repetition]") {
    TestGame game("4k3/8/8/8/8/8/8/R3K3 w - - 40 60");
    game.play_uci_line("a1a2 e8d8 a2a1 d8e8");
    CHECK(game.pos().is_repetition(100));
    game.play_uci_line("a1a2 e8d8 a2a1 d8e8");
    CHECK(game_status(game.pos()) == GameStatus::ThreefoldRepetition);
}

TEST_CASE("The fifty-move rule applies after 100 plies without capture or pawn move", "[rules]") {
    TestGame game("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    CHECK_FALSE(game.pos().is_fifty_move_draw());
    game.play_uci("a1a2");
    CHECK(game.pos().rule50() == 100);
    CHECK(game.pos().is_fifty_move_draw());
    CHECK(game_status(game.pos()) == GameStatus::FiftyMoveRule);
    game.undo();
    game.play_uci("e2e4");  // a pawn move resets the count
    CHECK(game.pos().rule50() == 0);
    CHECK(game_status(game.pos()) == GameStatus::Ongoing);
}

TEST_CASE("A capture resets the fifty-move count", "[rules]") {
    TestGame game("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
    game.play_uci("a1a2");
    CHECK(game.pos().rule50() == 0);
    CHECK_FALSE(game.pos().is_fifty_move_draw());
}

TEST_CASE("Mate on the 100th ply is still checkmate", "[rules]") {
    TestGame game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    game.play_uci("a1a8");
    CHECK(game.pos().is_fifty_move_draw());
    CHECK(game_status(game.pos()) == GameStatus::Checkmate);
}

TEST_CASE("Positions no sequence of moves can mate are insufficient material", "[rules]") {
    CHECK(insufficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));        // K vs K
    CHECK(insufficient("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));      // KB vs K
    CHECK(insufficient("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1"));      // KN vs K
    CHECK(insufficient("4kn2/8/8/8/8/8/8/4K3 w - - 0 1"));       // K vs KN
    CHECK(insufficient("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"));     // KB vs KB, both on dark squares
    CHECK(insufficient("4k3/8/8/2b5/8/8/8/2B1K3 w - - 0 1"));    // KB vs KB, c1 and c5 both dark
    CHECK(insufficient("3kb3/8/8/8/8/8/8/3BK3 w - - 0 1"));      // KB vs KB, both on light squares
    CHECK(game_status(TestGame("4k3/8/8/8/8/8/8/4K3 w - - 0 1").pos()) == GameStatus::InsufficientMaterial);
}

TEST_CASE("Positions where mate is possible are not insufficient material", "[rules]") {
    CHECK_FALSE(insufficient(Position::START_FEN));
    CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"));   // KNN vs K
    CHECK_FALSE(insufficient("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));   // KB vs KB, opposite colours
    CHECK_FALSE(insufficient("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1"));    // KB vs KN
    CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1"));    // KBN vs K
    CHECK_FALSE(insufficient("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));     // a pawn
    CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));      // a rook
    CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));      // a queen
}

TEST_CASE("En passant that exposes the king along the rank is illegal", "[rules][en-passant]") {
    // After d7-d5 both pawns leave rank 5 and the rook on h5 would see the king on a5.
    TestGame game("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    Move ep(SQ_E5, SQ_D6, EN_PASSANT);
    CHECK(game.pos().ep_square() == SQ_D6);  // pseudo-legally capturable: it is in the key
    CHECK_FALSE(MoveList<>(game.pos()).contains(ep));
    CHECK_FALSE(game.pos().is_legal(ep));
    CHECK(MoveList<>(game.pos()).contains(Move(SQ_E5, SQ_E6)));
    // Without the rook it is legal.
    TestGame free("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
    CHECK(MoveList<>(free.pos()).contains(ep));
}

TEST_CASE("En passant that captures the checking pawn is legal", "[rules][en-passant]") {
    // d7-d5 checks the king on e4; exd6 removes the checker although d6 is not d5.
    TestGame game("8/8/8/3pP3/4K3/8/8/7k w - d6 0 1");
    REQUIRE(game.pos().in_check());
    Move ep(SQ_E5, SQ_D6, EN_PASSANT);
    CHECK(MoveList<>(game.pos()).contains(ep));
    CHECK(game.pos().is_legal(ep));
    game.play(ep);
    CHECK(game.pos().fen() == "8/8/3P4/8/4K3/8/8/7k b - - 0 1");
}

TEST_CASE("En passant does not answer a check by another piece", "[rules][en-passant]") {
    // The knight on d2 checks the king; taking en passant leaves the check.
    TestGame game("8/8/8/3pP3/8/8/3n4/5K1k w - d6 0 1");
    REQUIRE(game.pos().in_check());
    CHECK_FALSE(MoveList<>(game.pos()).contains(Move(SQ_E5, SQ_D6, EN_PASSANT)));
    CHECK_FALSE(game.pos().is_legal(Move(SQ_E5, SQ_D6, EN_PASSANT)));
}

TEST_CASE("En passant by a diagonally pinned pawn is legal only along the pin", "[rules][en-passant]") {
    // The e5 pawn is pinned on the b2-h8 diagonal: exd6 leaves it, exf6 stays on it.
    TestGame off_line("7b/8/8/3pP3/8/8/1K6/7k w - d6 0 1");
    CHECK_FALSE(MoveList<>(off_line.pos()).contains(Move(SQ_E5, SQ_D6, EN_PASSANT)));
    TestGame on_line("7b/8/8/4Pp2/8/8/1K6/7k w - f6 0 1");
    CHECK(MoveList<>(on_line.pos()).contains(Move(SQ_E5, SQ_F6, EN_PASSANT)));
}

TEST_CASE("A copied position keeps the board but starts a new history", "[rules][repetition]") {
    TestGame game;
    game.play_uci_line("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    REQUIRE(game.pos().is_threefold_repetition());
    Position copy;
    StateInfo root;
    copy.copy_from(game.pos(), root);
    CHECK(copy.fen() == game.pos().fen());
    CHECK(copy.key() == game.pos().key());
    CHECK(copy.state()->previous == nullptr);
    CHECK_FALSE(copy.is_threefold_repetition());
    CHECK_FALSE(copy.is_repetition(100));
}
