// The game loop: every way a game ends, repetition across opening and game,
// Chess960, forfeits of every kind, and reproducible node-limited games.
#include <catch2/catch.hpp>

#include "play/game_runner.h"
#include "play/openings.h"
#include "scripted_player.h"
#include "search/score.h"

using namespace augur;
using namespace augur::play;
using augur::play::test::moves_of;
using augur::play::test::ScriptedMove;
using augur::play::test::ScriptedPlayer;

namespace {

GameSetup setup_from(const std::string& fen) {
    GameSetup setup;
    setup.fen = fen;
    setup.limits[WHITE].nodes = setup.limits[BLACK].nodes = 1000;
    return setup;
}

GameRecord play_scripted(const GameSetup& setup, std::vector<ScriptedMove> white, std::vector<ScriptedMove> black) {
    ScriptedPlayer w("W", std::move(white)), b("B", std::move(black));
    PlayedGame played = play_game(w, b, setup);
    REQUIRE(played.ok);
    return played.record;
}

std::size_t searched_moves(const GameRecord& record) {
    std::size_t count = 0;
    for (const MoveRecord& m : record.moves) count += !m.book;
    return count;
}

std::unique_ptr<EnginePlayer> engine(const std::string& name, std::vector<OptionSetting> options = {}) {
    auto created = EnginePlayer::create(name, options);
    REQUIRE(created.player);
    return std::move(created.player);
}

}  // namespace

TEST_CASE("A game from a mated position ends at once", "[game]") {
    auto record = play_scripted(setup_from("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), {}, {});
    CHECK(record.result == GameResult::BlackWins);
    CHECK(record.termination == Termination::Checkmate);
    CHECK(record.reason == "Black mates");
    CHECK(record.moves.empty());
}

TEST_CASE("An engine finds the mate and the game records it", "[game]") {
    auto white = engine("A"), black = engine("B");
    PlayedGame played = play_game(*white, *black, setup_from("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"));
    REQUIRE(played.ok);
    const GameRecord& record = played.record;
    CHECK(record.result == GameResult::WhiteWins);
    CHECK(record.termination == Termination::Checkmate);
    REQUIRE(record.moves.size() == 1);
    CHECK(record.moves[0].san == "Ra8#");
    CHECK(record.moves[0].has_score);
    CHECK(record.moves[0].score == mate_in(1));
    CHECK(record.moves[0].nodes > 0);
    CHECK(record.white == "A");
    CHECK(record.black == "B");
}

TEST_CASE("Stalemate is a draw", "[game]") {
    auto record = play_scripted(setup_from("7k/8/6Q1/8/8/8/8/K7 w - - 0 1"), moves_of({"g6f7"}), {});
    CHECK(record.result == GameResult::Draw);
    CHECK(record.termination == Termination::Stalemate);
    CHECK(record.moves.size() == 1);
}

TEST_CASE("Threefold repetition counts the opening moves too", "[game]") {
    GameSetup setup = setup_from("");
    // The start position occurs for the second time at the end of the opening...
    setup.opening_moves = {"g1f3", "g8f6", "f3g1", "f6g8"};
    // ... and for the third after four more moves.
    auto record = play_scripted(setup, moves_of({"g1f3", "f3g1", "e2e4"}), moves_of({"g8f6", "f6g8", "e7e5"}));
    CHECK(record.result == GameResult::Draw);
    CHECK(record.termination == Termination::ThreefoldRepetition);
    CHECK(record.moves.size() == 8);
    CHECK(searched_moves(record) == 4);
    CHECK(record.moves[0].book);
    CHECK_FALSE(record.moves[4].book);
}

TEST_CASE("A position seen twice is not yet a draw", "[game]") {
    auto record = play_scripted(setup_from(""), moves_of({"g1f3", "f3g1", "e2e4"}), moves_of({"g8f6", "f6g8", "e7e5"}));
    // The script runs out after e4 e5: the game went on past the second occurrence.
    CHECK(record.moves.size() == 6);
    CHECK(record.termination == Termination::Stalled);
}

TEST_CASE("The fifty-move rule draws, but a mate on the last ply still wins", "[game]") {
    auto drawn = play_scripted(setup_from("8/8/8/4k3/8/8/8/R3K3 w - - 99 80"), moves_of({"a1a2"}), {});
    CHECK(drawn.result == GameResult::Draw);
    CHECK(drawn.termination == Termination::FiftyMoveRule);

    auto mated = play_scripted(setup_from("4k3/R7/4K3/8/8/8/8/8 w - - 99 80"), moves_of({"a7a8"}), {});
    CHECK(mated.result == GameResult::WhiteWins);
    CHECK(mated.termination == Termination::Checkmate);
}

TEST_CASE("Insufficient material draws", "[game]") {
    auto record = play_scripted(setup_from("8/8/8/4k3/8/8/3r4/3NK3 w - - 0 1"), moves_of({"e1d2"}), {});
    CHECK(record.result == GameResult::Draw);
    CHECK(record.termination == Termination::InsufficientMaterial);
}

TEST_CASE("The resign rule ends a game lost by the player's own score", "[game][adjudication]") {
    GameSetup setup = setup_from("");
    setup.adjudication.resign = {true, 3, 600};
    auto white = moves_of({"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3"}, -700);
    auto black = moves_of({"a7a6", "b7b6", "c7c6", "d7d6", "e7e6"}, 700);
    SECTION("three moves at -7.00 resign") {
        auto record = play_scripted(setup, white, black);
        CHECK(record.result == GameResult::BlackWins);
        CHECK(record.termination == Termination::ResignAdjudication);
        CHECK(record.moves.size() == 5);
    }
    SECTION("a move without a score restarts the count") {
        white[1].has_score = false;
        auto record = play_scripted(setup, white, black);
        CHECK(record.termination == Termination::ResignAdjudication);
        CHECK(record.moves.size() == 9);
    }
    SECTION("off, the game goes on") {
        setup.adjudication.resign.enabled = false;
        auto record = play_scripted(setup, white, black);
        CHECK(record.termination != Termination::ResignAdjudication);
    }
}

TEST_CASE("The draw rule needs both scores near zero from its move number on", "[game][adjudication]") {
    GameSetup setup = setup_from("");
    setup.adjudication.draw = {true, 3, 2, 10};
    auto white = moves_of({"g1f3", "b1c3", "f3g1", "c3b1"}, 5);
    auto black = moves_of({"g8f6", "b8c6", "f6g8", "c6b8"}, -5);
    SECTION("two moves each within 0.10 from move 3 on") {
        auto record = play_scripted(setup, white, black);
        CHECK(record.result == GameResult::Draw);
        CHECK(record.termination == Termination::DrawAdjudication);
        CHECK(record.moves.size() == 4);
    }
    SECTION("not before the move number") {
        setup.adjudication.draw.move_number = 4;
        auto record = play_scripted(setup, white, black);
        CHECK(record.termination == Termination::DrawAdjudication);
        CHECK(record.moves.size() == 6);
    }
    SECTION("a score beyond the bound restarts the count") {
        black[1].score = -50;
        auto record = play_scripted(setup, white, black);
        CHECK(record.termination == Termination::DrawAdjudication);
        CHECK(record.moves.size() == 8);
    }
    SECTION("a pawn move restarts the count") {
        white = moves_of({"g1f3", "e2e4", "f3g1", "g1f3"}, 0);
        auto record = play_scripted(setup, white, black);
        CHECK(record.termination == Termination::DrawAdjudication);
        CHECK(record.moves.size() == 6);
    }
}

TEST_CASE("A move over the fixed time loses on time unless the margin covers it", "[game][clock]") {
    GameSetup setup = setup_from("7k/8/6Q1/8/8/8/8/K7 w - - 0 1");
    setup.limits[WHITE] = setup.limits[BLACK] = PlayLimits{};
    setup.limits[WHITE].move_time_ms = setup.limits[BLACK].move_time_ms = 20;
    std::vector<ScriptedMove> slow{{"g6f7", 0, true, 150}};
    SECTION("no margin") {
        auto record = play_scripted(setup, slow, {});
        CHECK(record.result == GameResult::BlackWins);
        CHECK(record.termination == Termination::TimeForfeit);
        CHECK(record.reason.rfind("White loses on time", 0) == 0);
        CHECK(record.moves.empty());
    }
    SECTION("a margin") {
        setup.time_margin_ms = 2000;
        auto record = play_scripted(setup, slow, {});
        CHECK(record.termination == Termination::Stalemate);
    }
}

TEST_CASE("A clock runs down, and its deadline reaches the player", "[game][clock]") {
    GameSetup setup = setup_from("");
    setup.limits[WHITE] = setup.limits[BLACK] = PlayLimits{};
    setup.limits[WHITE].base_ms = setup.limits[BLACK].base_ms = 100;
    setup.time_margin_ms = 30;
    ScriptedPlayer white("W", {{"g1f3"}, {"f3g1", 0, true, 200}});
    ScriptedPlayer black("B", moves_of({"g8f6"}));
    PlayedGame played = play_game(white, black, setup);
    REQUIRE(played.ok);
    CHECK(played.record.termination == Termination::TimeForfeit);
    CHECK(played.record.result == GameResult::BlackWins);
    CHECK(played.record.moves.size() == 2);
    CHECK(white.last_time_left_ms(WHITE) <= 100);
    CHECK(white.last_deadline_ms() == white.last_time_left_ms(WHITE) + 30);
}

TEST_CASE("Failing players lose and the reason is recorded", "[game]") {
    GameSetup setup = setup_from("");
    SECTION("illegal move") {
        auto record = play_scripted(setup, moves_of({"e2e4"}), moves_of({"e7e4"}));
        CHECK(record.result == GameResult::WhiteWins);
        CHECK(record.termination == Termination::IllegalMove);
        CHECK(record.reason == "Black plays an illegal move: e7e4");
    }
    SECTION("no move at all") {
        auto record = play_scripted(setup, moves_of({"resign"}), {});
        CHECK(record.termination == Termination::IllegalMove);
        CHECK(record.result == GameResult::BlackWins);
    }
    SECTION("disconnected") {
        auto record = play_scripted(setup, {{"e2e4", 0, true, 0, PlayerFailure::Disconnected}}, {});
        CHECK(record.termination == Termination::Disconnected);
        CHECK(record.result == GameResult::BlackWins);
    }
    SECTION("stalled") {
        auto record = play_scripted(setup, moves_of({"e2e4"}), {});
        CHECK(record.termination == Termination::Stalled);
        CHECK(record.result == GameResult::WhiteWins);
        CHECK(record.reason == "Black ran out of script");
    }
}

TEST_CASE("A bad setup is an error, not a game", "[game]") {
    ScriptedPlayer w("W", {}), b("B", {});
    GameSetup setup = setup_from("not a fen");
    CHECK_FALSE(play_game(w, b, setup).ok);
    setup = setup_from("");
    setup.opening_moves = {"e2e4", "e2e4"};
    PlayedGame played = play_game(w, b, setup);
    CHECK_FALSE(played.ok);
    CHECK(played.error.find("e2e4") != std::string::npos);
}

TEST_CASE("Chess960: castling king takes rook, and engines play a whole game", "[game][chess960]") {
    GameSetup setup = setup_from("4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1");
    setup.chess960 = true;
    auto castled = play_scripted(setup, moves_of({"e1h1"}), {});
    REQUIRE(castled.moves.size() == 1);
    CHECK(castled.moves[0].san == "O-O");
    CHECK(castled.chess960);
    CHECK(castled.final_fen.rfind("4k3/8/8/8/8/8/8/1R3RK1 b", 0) == 0);

    GameSetup start = setup_from("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    start.chess960 = true;
    start.adjudication.resign = {true, 3, 600};
    auto white = engine("A"), black = engine("B");
    PlayedGame played = play_game(*white, *black, start);
    REQUIRE(played.ok);
    CHECK(played.record.chess960);
    CHECK(played.record.moves.size() > 4);
    CHECK(played.record.termination != Termination::IllegalMove);
}

TEST_CASE("Node-limited games are reproducible from the seed", "[game][determinism]") {
    std::vector<Opening> openings = {{"", {"e2e4", "e7e5"}}, {"", {"d2d4", "d7d5"}}, {"", {"c2c4", "e7e5"}},
                                     {"", {"g1f3", "d7d5"}}};
    auto play_from_seed = [&](std::uint64_t seed) {
        OpeningSequence sequence(openings, OpeningOrder::Random, seed);
        GameSetup setup = setup_from("");
        setup.opening_moves = sequence.next().moves;
        setup.adjudication.resign = {true, 3, 400};
        setup.adjudication.draw = {true, 30, 6, 10};
        auto white = engine("A"), black = engine("B");
        PlayedGame played = play_game(*white, *black, setup);
        REQUIRE(played.ok);
        std::vector<std::string> moves;
        for (const MoveRecord& m : played.record.moves) moves.push_back(m.san);
        return moves;
    };
    auto first = play_from_seed(11);
    CHECK(play_from_seed(11) == first);
    CHECK(first.size() > 10);
    bool another_opening = false;
    for (std::uint64_t seed = 12; seed < 20 && !another_opening; ++seed) another_opening = play_from_seed(seed)[0] != first[0];
    CHECK(another_opening);
}

TEST_CASE("Engine options reach the engine; a bad one is an error", "[game]") {
    CHECK(EnginePlayer::create("x", {{"Threads", "2"}, {"Hash", "4"}}).player);
    auto bad = EnginePlayer::create("x", {{"NoSuchOption", "1"}});
    CHECK_FALSE(bad.player);
    CHECK_FALSE(bad.error.empty());
}
