// PGN output: tags, per-move comments, move numbers from a FEN start, and a
// game written out reads back as the same moves.
#include <catch2/catch.hpp>

#include <sstream>

#include "play/game_runner.h"
#include "play/openings.h"
#include "play/pgn_writer.h"
#include "scripted_player.h"
#include "search/score.h"

using namespace augur;
using namespace augur::play;

TEST_CASE("Move comments show score, depth and time as match runners write them", "[pgn]") {
    MoveRecord m;
    m.has_score = true;
    m.score = 31;
    m.depth = 12;
    m.time_ms = 154;
    CHECK(move_comment(m) == "+0.31/12 0.154s");
    m.score = -250;
    CHECK(move_comment(m) == "-2.50/12 0.154s");
    m.score = mate_in(9);
    CHECK(move_comment(m) == "+M5/12 0.154s");
    m.score = mated_in(4);
    CHECK(move_comment(m) == "-M2/12 0.154s");
    m.has_score = false;
    CHECK(move_comment(m) == "n/a 0.154s");
    m.book = true;
    CHECK(move_comment(m) == "book");
}

TEST_CASE("A played game writes as PGN and reads back", "[pgn]") {
    GameSetup setup;
    setup.fen = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
    setup.opening_moves = {"d7d5"};
    setup.limits[WHITE].nodes = setup.limits[BLACK].nodes = 500;
    test::ScriptedPlayer white("Alpha", test::moves_of({"c2c4", "b1c3"}, 20));
    test::ScriptedPlayer black("Beta \"B\"", test::moves_of({"e7e6", "d8h4"}, -20));
    PlayedGame played = play_game(white, black, setup);
    REQUIRE(played.ok);

    std::ostringstream out;
    PgnHeader header;
    header.round = 3;
    header.time_control = "40/60+0.1";
    write_pgn(out, played.record, header);
    std::string pgn = out.str();
    INFO(pgn);
    CHECK(pgn.find("[White \"Alpha\"]") != std::string::npos);
    CHECK(pgn.find("[Black \"Beta \\\"B\\\"\"]") != std::string::npos);
    CHECK(pgn.find("[Round \"3\"]") != std::string::npos);
    CHECK(pgn.find("[FEN \"" + setup.fen + "\"]") != std::string::npos);
    CHECK(pgn.find("[SetUp \"1\"]") != std::string::npos);
    CHECK(pgn.find("[TimeControl \"40/60+0.1\"]") != std::string::npos);
    CHECK(pgn.find("[Termination \"stalled\"]") != std::string::npos);
    CHECK(pgn.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(pgn.find("1... d5 {book} 2. c4 {+0.20/1 ") != std::string::npos);
    CHECK(pgn.find("2... e6 {-0.20/1 ") != std::string::npos);
    CHECK(pgn.find("{White ran out of script} 0-1\n\n") != std::string::npos);

    auto back = parse_openings(pgn, OpeningFormat::Pgn, -1, false);
    REQUIRE(back.error.empty());
    REQUIRE(back.openings.size() == 1);
    CHECK(back.openings[0].fen == setup.fen);
    CHECK(back.openings[0].moves == std::vector<std::string>{"d7d5", "c2c4", "e7e6", "b1c3", "d8h4"});
}

TEST_CASE("Long games wrap their movetext under 80 columns", "[pgn]") {
    GameRecord record;
    record.white = record.black = "x";
    record.start_fen = std::string(Position::START_FEN);
    for (int i = 0; i < 60; ++i) {
        MoveRecord m;
        m.san = i % 2 ? "Nf6" : "Nf3";
        m.has_score = true;
        m.time_ms = 1234;
        record.moves.push_back(m);
    }
    record.reason = "Draw by adjudication";
    std::ostringstream out;
    write_pgn(out, record, {});
    std::istringstream lines(out.str());
    std::string line;
    while (std::getline(lines, line)) CHECK(line.size() < 80);
    CHECK(out.str().find("[FEN") == std::string::npos);
}
