// `go depth` and `go nodes`: the info lines the search reports, the bestmove,
// positions without legal moves, and how scores and lines are printed.
#include <catch2/catch.hpp>

#include <sstream>

#include "core/game.h"
#include "core/notation.h"
#include "protocol/search_limits_spec.h"
#include "protocol/search_output.h"
#include "protocol/uci_session.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

// White mates with Qg7 (the king on f6 guards the queen).
constexpr const char* MATE_IN_ONE = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1";

// Every "info depth" line: the depth never decreases, and a line without a
// bound names a PV that starts with a legal move.
void check_info_lines(const std::vector<std::string>& infos) {
    long long previous_depth = 0;
    for (const std::string& info : infos) {
        INFO(info);
        CHECK(info.starts_with("info depth "));
        long long depth = number_after(info, "depth");
        CHECK(depth >= previous_depth);
        previous_depth = depth;
        CHECK(word_after(info, "multipv") == "1");
        CHECK((word_after(info, "score") == "cp" || word_after(info, "score") == "mate"));
        for (const char* key : {"seldepth", "nodes", "nps", "hashfull", "time"}) CHECK(number_after(info, key) >= 0);
        CHECK_FALSE(word_after(info, "pv").empty());
    }
}

}  // namespace

TEST_CASE("go depth 5 reports every depth and a legal bestmove", "[go]") {
    std::string out = run_session("go depth 5\n");
    std::vector<std::string> infos = lines_starting_with(out, "info ");
    REQUIRE_FALSE(infos.empty());
    check_info_lines(infos);
    for (int depth = 1; depth <= 5; ++depth) {
        INFO("depth " << depth);
        CHECK_FALSE(lines_starting_with(out, "info depth " + std::to_string(depth) + " ").empty());
    }
    CHECK(number_after(infos.back(), "depth") == 5);
    std::vector<std::string> lines = split_lines(out);
    REQUIRE(lines.back().starts_with("bestmove "));
    std::string best = word_after(lines.back(), "bestmove");
    CHECK(is_legal_after("", best));
    CHECK(word_after(infos.back(), "pv") == best);
    // The ponder move answers the best move.
    std::string ponder = word_after(lines.back(), "ponder");
    if (!ponder.empty()) CHECK(is_legal_after(best, ponder));
}

TEST_CASE("go searches the position of the session, moves included", "[go]") {
    std::string out = run_session("position startpos moves e2e4 e7e5\ngo depth 3\n");
    std::string best = word_after(split_lines(out).back(), "bestmove");
    CHECK(is_legal_after("e2e4 e7e5", best));
}

TEST_CASE("go nodes stops at the node limit", "[go]") {
    std::string out = run_session("go nodes 1000\n");
    std::vector<std::string> infos = lines_starting_with(out, "info ");
    REQUIRE_FALSE(infos.empty());
    check_info_lines(infos);
    // The search checks the limit at every node, so it overshoots by at most a node or two.
    long long nodes = number_after(infos.back(), "nodes");
    CHECK(nodes >= 1000);
    CHECK(nodes <= 1002);
    CHECK(is_legal_after("", word_after(split_lines(out).back(), "bestmove")));
}

TEST_CASE("go depth and nodes combine; the first limit reached ends the search", "[go]") {
    std::string shallow = run_session("go nodes 1000000 depth 2\n");
    CHECK(number_after(lines_starting_with(shallow, "info ").back(), "depth") == 2);
    std::string few_nodes = run_session("go depth 30 nodes 300\n");
    CHECK(number_after(lines_starting_with(few_nodes, "info ").back(), "nodes") <= 302);
    CHECK(split_lines(few_nodes).back().starts_with("bestmove "));
}

TEST_CASE("A search stopped before its first move still answers", "[go]") {
    std::string out = run_session("go nodes 1\n");
    std::vector<std::string> lines = split_lines(out);
    REQUIRE(lines.size() >= 2);
    CHECK(lines[lines.size() - 2].starts_with("info "));
    CHECK(is_legal_after("", word_after(lines.back(), "bestmove")));
}

TEST_CASE("A searched position is left as it was", "[go]") {
    std::string out = run_session("position startpos moves d2d4\ngo depth 4\nd\n");
    CHECK(printed_fen(out) == "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE("A mate in one is reported as score mate 1", "[go][mate]") {
    std::string out = run_session(std::string("position fen ") + MATE_IN_ONE + "\ngo depth 4\n");
    std::vector<std::string> infos = lines_starting_with(out, "info depth 4 ");
    REQUIRE_FALSE(infos.empty());
    CHECK(word_after(infos.back(), "score") == "mate");
    CHECK(word_after(infos.back(), "mate") == "1");
    CHECK(split_lines(out).back() == "bestmove g1g7");
}

TEST_CASE("Being mated in one is reported as score mate -1", "[go][mate]") {
    // Black's only move Kh7 runs into Qg7 mate.
    std::string out = run_session("position fen 7k/8/5K2/8/8/8/8/6Q1 b - - 0 1\ngo depth 4\n");
    std::vector<std::string> infos = lines_starting_with(out, "info depth 4 ");
    REQUIRE_FALSE(infos.empty());
    CHECK(word_after(infos.back(), "mate") == "-1");
    CHECK_THAT(split_lines(out).back(), Catch::StartsWith("bestmove h8h7 ponder "));
}

TEST_CASE("Positions without legal moves answer bestmove 0000", "[go][mate]") {
    SECTION("checkmate") {
        CHECK(run_session("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n") ==
              "info depth 0 score mate 0\nbestmove 0000\n");
    }
    SECTION("stalemate") {
        CHECK(run_session("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo nodes 500\n") ==
              "info depth 0 score cp 0\nbestmove 0000\n");
    }
}

TEST_CASE("Malformed go lines are answered with one error, no search and the session continues", "[go][garbled]") {
    for (std::string line : {"go depth", "go depth 0", "go depth 128", "go depth x", "go depth 3 depth 4", "go nodes",
                             "go nodes 0", "go nodes -1", "go nodes 1e6", "go nodes 99999999999999999999999",
                             "go wtime", "go wtime x", "go btime 1.5", "go winc", "go movestogo 0", "go movetime 0",
                             "go mate 0", "go mate 64", "go infinite infinite", "go ponder ponder", "go searchmoves",
                             "go searchmoves e2e5", "go searchmoves depth 3", "go depth 2 perft 2", "go depth 2 fast",
                             "go perft 2 depth 2"}) {
        INFO(line);
        std::string out = run_session(line + "\ngo depth 1\n");
        std::vector<std::string> lines = split_lines(out);
        REQUIRE(lines.size() >= 2);
        CHECK(lines[0].starts_with("info string error go: "));
        CHECK(lines_starting_with(out, "info string error").size() == 1);
        CHECK(lines_starting_with(out, "bestmove ").size() == 1);  // only the second go's
    }
}

TEST_CASE("Unknown go parameters are named in the error", "[go][garbled]") {
    CHECK_THAT(run_session("go fast\n"), Catch::Contains("unknown parameter 'fast'"));
    CHECK_THAT(run_session("go depth 3 depth 4\n"), Catch::Contains("depth given twice"));
}

TEST_CASE("read_search_limits reads depth and nodes in any order", "[go]") {
    std::string error;
    auto game = Game::start_position();
    Tokens both("nodes 5000 depth 7");
    std::optional<SearchLimits> limits = read_search_limits(both, game->position(), &error);
    REQUIRE(limits);
    CHECK(limits->depth == 7);
    CHECK(limits->nodes == 5000);
    Tokens deepest("depth 127");
    CHECK(read_search_limits(deepest, game->position(), &error));
}

TEST_CASE("uci_score prints centipawns, mates in moves and bounds", "[go]") {
    CHECK(uci_score(35) == "cp 35");
    CHECK(uci_score(-120, BOUND_UPPER) == "cp -120 upperbound");
    CHECK(uci_score(0, BOUND_LOWER) == "cp 0 lowerbound");
    CHECK(uci_score(mate_in(1)) == "mate 1");
    CHECK(uci_score(mate_in(3)) == "mate 2");
    CHECK(uci_score(mated_in(2)) == "mate -1");
    CHECK(uci_score(mated_in(0)) == "mate 0");
}

TEST_CASE("line_to_uci prints each move in its own position", "[go][chess960]") {
    // White's a2a3, then Black castles short: e8g8 in standard chess, king takes rook in Chess960.
    const char* fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    auto game = Game::from_fen(fen).game;
    REQUIRE(game->play_uci("a2a3"));
    REQUIRE(game->play_uci("e8g8"));
    std::vector<Move> line = game->moves();
    auto root = Game::from_fen(fen).game;
    CHECK(line_to_uci(root->position(), line) == std::vector<std::string>{"a2a3", "e8g8"});
    auto root960 = Game::from_fen(fen, true).game;
    CHECK(line_to_uci(root960->position(), line) == std::vector<std::string>{"a2a3", "e8h8"});
    // A move that is not legal ends the printed line.
    CHECK(line_to_uci(root->position(), {line[1], line[0]}).empty());
}
