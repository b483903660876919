// End-to-end tests of the real `augur` binary, whose path Meson passes in
// AUGUR_ENGINE: scripted standard input, command-line arguments, exit codes.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "../full_speed.h"
#include "binary_runner.h"
#include "session_helpers.h"

using namespace augur::test;
namespace fs = std::filesystem;

namespace {

// Pauses and limits are stretched this many times where the binary runs slowed
// (ThreadSanitizer), so that the script still reaches it at the same stages.
constexpr int PACE = FULL_SPEED ? 1 : 10;

// Runs the engine fed through a pipe by a script of (text, pause in seconds
// after it) steps, as a GUI types: the engine sees the input arrive over time.
// The engine gets `limit` seconds (it is killed after that, status 124).
Run run_engine_paced(const std::vector<std::pair<std::string, double>>& steps, int limit = 30) {
    static ScratchDir scratch;
    fs::path out = scratch.path() / "stdout", err = scratch.path() / "stderr";
    std::string feed;
    for (const auto& [text, pause] : steps)
        feed += "printf '%s' " + shell_quote(text) + "; sleep " + std::to_string(pause * PACE) + "; ";
    std::string command = "(" + feed + ") | timeout " + std::to_string(limit * PACE) + " " + shell_quote(engine_path()) +
                          " >" + shell_quote(out.string()) + " 2>" + shell_quote(err.string());
    int raw = std::system(command.c_str());
    int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return {status, read_file(out), read_file(err)};
}

}  // namespace

TEST_CASE("The binary speaks UCI on standard input", "[binary]") {
    Run r = run_engine("", "uci\nisready\nposition startpos moves e2e4\ngo perft 3\nbogus\nisready\nquit\nd\n");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    std::vector<std::string> lines = split_lines(r.out);
    REQUIRE(lines.size() >= 6);
    CHECK(lines[0].starts_with("id name Augur "));
    CHECK(lines[1] == "id author The Augur developers");
    auto uciok = std::find(lines.begin(), lines.end(), "uciok");
    REQUIRE(uciok != lines.end());
    CHECK(std::all_of(lines.begin() + 2, uciok, [](const std::string& line) { return line.starts_with("option name "); }));
    CHECK(*(uciok + 1) == "readyok");
    CHECK(nodes_searched(r.out) == 13160);
    CHECK(lines_starting_with(r.out, "info string error unknown command 'bogus'").size() == 1);
    CHECK(lines.back() == "readyok");  // nothing after quit
}

TEST_CASE("The binary searches and answers bestmove", "[binary][go]") {
    // End of input lets a search with limits finish.
    Run r = run_engine("", "position startpos moves e2e4\ngo depth 3\n");
    CHECK(r.status == 0);
    CHECK(lines_starting_with(r.out, "info depth 3 ").size() >= 1);
    CHECK(lines_starting_with(r.out, "bestmove ").size() == 1);
    CHECK(split_lines(r.out).back().starts_with("bestmove "));
}

TEST_CASE("augur bench 3 ends with the node signature", "[binary][bench]") {
    Run r = run_engine("bench 3", "");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    std::vector<std::string> lines = split_lines(r.out);
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.front().starts_with("position 1/"));
    long long nodes = bench_nodes(r.out);
    CHECK(nodes > 0);
    CHECK(lines.back() == std::to_string(nodes) + " nodes " + word_after(lines.back(), "nodes") + " nps");
    // The same signature as a bench inside a UCI session of the same binary.
    CHECK(bench_nodes(run_engine("", "bench 3\n").out) == nodes);
}

TEST_CASE("The binary exits cleanly at the end of input without quit", "[binary]") {
    Run r = run_engine("", "isready\r\n");
    CHECK(r.status == 0);
    CHECK(r.out == "readyok\n");
}

TEST_CASE("The binary survives random bytes on standard input", "[binary][random]") {
    std::mt19937 rng(99);
    std::string garbage;
    for (int i = 0; i < 200000; ++i) garbage += char(rng() & 255);
    Run r = run_engine("", garbage + "\nisready\n");
    CHECK(r.status == 0);
    CHECK(r.out.ends_with("readyok\n"));
}

TEST_CASE("augur perft 4 prints the divide and exits with status 0", "[binary][perft]") {
    Run r = run_engine("perft 4", "");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    std::vector<std::string> lines = split_lines(r.out);
    REQUIRE(lines.size() == 22);
    CHECK(lines[20].empty());
    CHECK(lines[21] == "Nodes searched: 197281");
    CHECK(lines_starting_with(r.out, "e2e4: 13160").size() == 1);
}

TEST_CASE("augur perft with a quoted FEN", "[binary][perft]") {
    Run r = run_engine("perft 3 " + shell_quote("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), "");
    CHECK(r.status == 0);
    CHECK(nodes_searched(r.out) == 2812);
}

TEST_CASE("augur d prints the board of a FEN", "[binary][display]") {
    Run r = run_engine("d " + shell_quote("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "");
    CHECK(r.status == 0);
    CHECK(printed_fen(r.out) == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

TEST_CASE("Command-line errors exit non-zero with a message on stderr", "[binary]") {
    for (const std::string& args :
         std::vector<std::string>{"perft 0", "perft abc", "perft", "perft 3 " + shell_quote("8/8 w - - 0 1"), "frobnicate",
                                  "d " + shell_quote("rnbqkbnr w"), "bench 0", "bench x", "eval " + shell_quote("8/8 w")}) {
        INFO("arguments: " << args);
        Run r = run_engine(args, "");
        CHECK(r.status == 1);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("augur: "));
    }
}

TEST_CASE("The binary stops a UCI search on stop and keeps reading", "[binary][go]") {
    Run r = run_engine_paced({{"position startpos\ngo infinite\n", 0.5}, {"isready\n", 0.2}, {"stop\n", 0.2},
                              {"isready\nquit\n", 0}});
    CHECK(r.status == 0);
    std::vector<std::string> lines = split_lines(r.out);
    auto best = std::find_if(lines.begin(), lines.end(), [](auto& l) { return l.starts_with("bestmove "); });
    REQUIRE(best != lines.end());
    CHECK(lines.back() == "readyok");
    CHECK(std::count(lines.begin(), best, "readyok") == 1);  // the first isready came during the search
    CHECK(lines_starting_with(r.out, "bestmove ").size() == 1);
}

TEST_CASE("The binary exits on quit while its input stays open", "[binary]") {
    // Standard input is held open for 5 s after quit; the engine has 3 s to exit.
    CHECK(run_engine_paced({{"uci\ngo infinite\n", 0.3}, {"quit\n", 5}}, 3).status == 0);
    CHECK(run_engine_paced({{"xboard\nprotover 2\nnew\nusermove e2e4\n", 0.3}, {"quit\n", 5}}, 3).status == 0);
}

TEST_CASE("The binary plays an XBoard game", "[binary][xboard]") {
    Run r = run_engine_paced({{"xboard\nprotover 2\n", 0.1},
                              {"new\nlevel 0 0:05 0\npost\nhard\ntime 500\notim 500\nusermove e2e4\n", 1.5},
                              {"time 400\notim 450\nusermove d2d4\n", 1.5},
                              {"usermove e2e5\nping 1\nbogus\nsetboard 8/8 w\n", 0.3},
                              {"force\nundo\nundo\nping 2\nquit\n", 0}});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(lines_starting_with(r.out, "feature done=1").size() == 1);
    std::vector<std::string> moves = lines_starting_with(r.out, "move ");
    REQUIRE(moves.size() == 2);
    CHECK(is_legal_after("e2e4", word_after(moves[0], "move")));
    CHECK(is_legal_after("e2e4 " + word_after(moves[0], "move") + " d2d4", word_after(moves[1], "move")));
    CHECK(lines_starting_with(r.out, "Illegal move: e2e5").size() == 1);
    CHECK(lines_starting_with(r.out, "Error (unknown command): bogus").size() == 1);
    CHECK(lines_starting_with(r.out, "tellusererror Illegal position").size() == 1);
    CHECK(split_lines(r.out).back() == "pong 2");
}
