// Scripted UCI sessions through string streams, one or more per command.
#include <catch2/catch.hpp>

#include <sstream>

#include "protocol/engine_version.h"
#include "protocol/uci_session.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

}  // namespace

TEST_CASE("uci identifies the engine and ends with uciok", "[uci]") {
    // The option lines in between are checked in engine_commands_tests.cpp.
    std::vector<std::string> lines = split_lines(run_session("uci\n"));
    REQUIRE(lines.size() > 3);
    CHECK(lines[0] == "id name Augur " + std::string(ENGINE_VERSION));
    CHECK(lines[1] == "id author The Augur developers");
    CHECK(lines.back() == "uciok");
}

TEST_CASE("isready answers readyok", "[uci]") {
    CHECK(run_session("isready\n") == "readyok\n");
}

TEST_CASE("Blank lines, CR line endings and a last line without newline are accepted", "[uci]") {
    CHECK(run_session("\n\r\n  \t \nisready\r\n") == "readyok\n");
    CHECK(run_session("isready") == "readyok\n");
}

TEST_CASE("quit ends the session; input after it is not read", "[uci]") {
    CHECK(run_session("quit\nisready\n").empty());
    std::ostringstream out;
    UciSession session(out);
    CHECK(session.execute("isready"));
    CHECK_FALSE(session.execute("quit"));
    CHECK(session.quit_requested());
}

TEST_CASE("stop is accepted silently", "[uci]") {
    CHECK(run_session("stop\nisready\n") == "readyok\n");
}

TEST_CASE("The session starts from the start position", "[uci][position]") {
    CHECK(printed_fen(run_session("d\n")) == Position::START_FEN);
}

TEST_CASE("position startpos with moves", "[uci][position]") {
    std::string out = run_session("position startpos moves e2e4 e7e5 g1f3\nd\n");
    CHECK(printed_fen(out) == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST_CASE("position startpos with an empty move list", "[uci][position]") {
    CHECK(printed_fen(run_session("position startpos moves e2e4\nposition startpos moves\nd\n")) ==
          Position::START_FEN);
}

TEST_CASE("position fen with six fields and moves", "[uci][position]") {
    std::string out = run_session(std::string("position fen ") + KIWIPETE + " moves e1g1 h3g2\nd\n");
    CHECK(printed_fen(out) == "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPpP/R4RK1 w kq - 0 2");
}

TEST_CASE("position fen with four fields", "[uci][position]") {
    std::string out = run_session("position fen 8/8/8/8/8/8/8/K1k5 w - -\nd\n");
    CHECK(printed_fen(out) == "8/8/8/8/8/8/8/K1k5 w - - 0 1");
}

TEST_CASE("position keeps the game history for repetition detection", "[uci][position]") {
    std::ostringstream out;
    UciSession session(out);
    std::string shuffle = " g1f3 g8f6 f3g1 f6g8";
    REQUIRE(session.execute("position startpos moves" + shuffle));
    CHECK_FALSE(session.position().is_threefold_repetition());
    REQUIRE(session.execute("position startpos moves" + shuffle + shuffle));
    CHECK(session.position().is_threefold_repetition());
    CHECK(out.str().empty());
}

TEST_CASE("ucinewgame returns to the start position", "[uci][position]") {
    std::string out = run_session("position startpos moves d2d4\nucinewgame\nd\n");
    CHECK(printed_fen(out) == Position::START_FEN);
}

TEST_CASE("A bad FEN is reported and leaves the previous position", "[uci][position]") {
    std::string out = run_session("position startpos moves e2e4\nposition fen rnbqkbnr/pppppppp/8 w KQkq - 0 1\nd\n");
    auto errors = lines_starting_with(out, "info string error ");
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0], Catch::Contains("position") && Catch::Contains("FEN"));
    CHECK(printed_fen(out) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE("An illegal move anywhere in the list rejects the whole command", "[uci][position]") {
    std::string out = run_session("position startpos moves d2d4\nposition startpos moves e2e4 e7e5 e1e3 b8c6\nd\n");
    auto errors = lines_starting_with(out, "info string error ");
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0], Catch::Contains("e1e3") && Catch::Contains("move 3"));
    CHECK(printed_fen(out) == "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE("go perft prints Stockfish's divide format", "[uci][perft]") {
    std::vector<std::string> lines = split_lines(run_session("go perft 1\n"));
    REQUIRE(lines.size() == 22);
    for (int i = 0; i < 20; ++i) {
        CHECK(lines[i].size() == 7);
        CHECK(lines[i].substr(4) == ": 1");
    }
    CHECK(lines[20].empty());
    CHECK(lines[21] == "Nodes searched: 20");
}

TEST_CASE("go perft counts the known node totals", "[uci][perft]") {
    CHECK(nodes_searched(run_session("go perft 4\n")) == 197281);
    CHECK(nodes_searched(run_session(std::string("position fen ") + KIWIPETE + "\ngo perft 3\n")) == 97862);
    CHECK(nodes_searched(run_session("position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\ngo perft 5\n")) ==
          674624);
}

TEST_CASE("go perft divides per root move and sums them", "[uci][perft]") {
    std::string out = run_session("position startpos moves e2e4\ngo perft 2\n");
    long long sum = 0;
    for (const std::string& line : split_lines(out)) {
        auto colon = line.find(": ");
        if (colon != std::string::npos && !line.starts_with("Nodes")) sum += std::stoll(line.substr(colon + 2));
    }
    CHECK(lines_starting_with(out, "e7e5: ").size() == 1);
    CHECK(sum == nodes_searched(out));
    CHECK(sum == 600);
}

TEST_CASE("go perft prints castling as the king's move in standard chess", "[uci][perft]") {
    std::string out = run_session(std::string("position fen ") + KIWIPETE + "\ngo perft 1\n");
    CHECK(lines_starting_with(out, "e1g1: 1").size() == 1);
    CHECK(lines_starting_with(out, "e1c1: 1").size() == 1);
    CHECK(lines_starting_with(out, "e1h1").empty());
}

TEST_CASE("Chess960 positions use king-takes-rook castling", "[uci][perft][chess960]") {
    // King b1 with rooks a1 and g1: only a Chess960 setup, so the FEN switches it on.
    std::string fen = "1k6/8/8/8/8/8/8/RK4R1 w AG - 0 1";
    std::string out = run_session("position fen " + fen + "\ngo perft 1\n");
    CHECK(lines_starting_with(out, "b1a1: 1").size() == 1);
    CHECK(lines_starting_with(out, "b1g1: 1").size() == 1);
    std::string after = run_session("position fen " + fen + " moves b1a1\nd\n");
    CHECK(printed_fen(after).starts_with("1k6/8/8/8/8/8/8/2KR2R1 b"));
}

TEST_CASE("d prints the diagram, FEN, Polyglot key and checkers", "[uci][display]") {
    std::vector<std::string> lines = split_lines(run_session("d\n"));
    auto has = [&](const std::string& wanted) { return std::find(lines.begin(), lines.end(), wanted) != lines.end(); };
    CHECK(has(" | r | n | b | q | k | b | n | r | 8"));
    CHECK(has(" |   |   |   |   |   |   |   |   | 4"));
    CHECK(has(" | R | N | B | Q | K | B | N | R | 1"));
    CHECK(has("   a   b   c   d   e   f   g   h"));
    CHECK(has("Key: 463B96181691FC9C"));
    CHECK(has("Checkers: "));
}

TEST_CASE("d lists the checking pieces", "[uci][display]") {
    std::string out = run_session("position fen 4k3/8/8/8/8/1b6/8/R2K2r1 w - - 0 1\nd\n");
    CHECK(lines_starting_with(out, "Checkers: ") == std::vector<std::string>{"Checkers: g1 b3"});
}

TEST_CASE("A UCI session on the caller's engine leaves it to the caller", "[uci][options]") {
    Engine engine;
    {
        std::ostringstream out;
        UciSession session(out, engine);
        std::istringstream in("setoption name MultiPV value 3\nsetoption name Hash value 8\nisready\n");
        session.run(in);
        CHECK(out.str() == "readyok\n");
    }
    CHECK(engine.option_value("MultiPV") == "3");
    CHECK(engine.option_value("Hash") == "8");
    // A second session starts from the engine as the first left it: three lines.
    std::ostringstream out;
    {
        UciSession session(out, engine);
        std::istringstream in("go depth 2\n");
        session.run(in);
    }
    CHECK(out.str().find(" multipv 3 ") != std::string::npos);
    CHECK(lines_starting_with(out.str(), "bestmove ").size() == 1);
}
