// The command-line form, run in-process through run_command_line.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>

#include "core/position.h"
#include "protocol/command_line.h"
#include "protocol/engine_version.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

using Run = CommandRun;

Run run(const std::vector<std::string>& args) { return run_command(args); }

constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

}  // namespace

TEST_CASE("perft N counts from the start position", "[cli][perft]") {
    Run r = run({"perft", "4"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(nodes_searched(r.out) == 197281);
    CHECK(split_lines(r.out).size() == 22);
}

TEST_CASE("perft takes a FEN as one argument or as separate words", "[cli][perft]") {
    CHECK(nodes_searched(run({"perft", "3", KIWIPETE}).out) == 97862);
    CHECK(nodes_searched(run({"perft", "3", "fen", KIWIPETE}).out) == 97862);
    CHECK(nodes_searched(run({"perft", "3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R", "w", "KQkq",
                              "-", "0", "1"})
                             .out) == 97862);
}

TEST_CASE("perft takes startpos and moves", "[cli][perft]") {
    CHECK(nodes_searched(run({"perft", "2", "startpos", "moves", "e2e4"}).out) == 600);
    CHECK(nodes_searched(run({"perft", "1", KIWIPETE, "moves", "e1g1"}).out) == 43);
}

TEST_CASE("perft errors exit with status 1 and a message on stderr", "[cli][perft]") {
    for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
             {"perft"},
             {"perft", "0"},
             {"perft", "-1"},
             {"perft", "abc"},
             {"perft", "16"},
             {"perft", "3", "not", "a", "fen"},
             {"perft", "3", "8/8/8/8/8/8/8/8 w - - 0 1"},
             {"perft", "3", "startpos", "moves", "e2e5"},
             {"perft", "3", "startpos", "e2e4"},
         }) {
        Run r = run(args);
        INFO(args.size() << " arguments, first extra: " << (args.size() > 1 ? args[1] : ""));
        CHECK(r.status == 1);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("augur: "));
    }
}

TEST_CASE("d prints a FEN's board", "[cli][display]") {
    Run r = run({"d", KIWIPETE});
    CHECK(r.status == 0);
    CHECK(printed_fen(r.out) == KIWIPETE);
    CHECK(printed_fen(run({"d"}).out) == Position::START_FEN);
    CHECK(run({"d", "8/8 w"}).status == 1);
}

TEST_CASE("bench prints the node signature last", "[cli][bench]") {
    Run r = run({"bench", "3"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(bench_nodes(r.out) > 0);
    // A fresh engine on the command line benches exactly as a fresh session.
    CHECK(bench_nodes(r.out) == bench_nodes(run_session("bench 3\n")));
}

TEST_CASE("bench errors exit with status 1", "[cli][bench]") {
    for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
             {"bench", "0"}, {"bench", "x"}, {"bench", "128"}, {"bench", "3", "4"}}) {
        Run r = run(args);
        INFO(args[1]);
        CHECK(r.status == 1);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("augur: "));
    }
}

TEST_CASE("eval prints the breakdown of a position", "[cli][eval]") {
    Run r = run({"eval", KIWIPETE});
    CHECK(r.status == 0);
    CHECK(r.out == run_session(std::string("position fen ") + KIWIPETE + "\neval\n"));
    CHECK(run({"eval"}).out == run_session("eval\n"));
    Run bad = run({"eval", "8/8 w"});
    CHECK(bad.status == 1);
    CHECK(bad.out.empty());
}

TEST_CASE("eval --evalfile adds the network's value, as the UCI eval with the network", "[cli][eval][nnue]") {
    const char* network = std::getenv("AUGUR_TEST_NETWORK");
    REQUIRE(network != nullptr);
    Run r = run({"eval", "--evalfile", network, KIWIPETE});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("the evaluation in use (Eval nnue)"));
    CHECK(r.out == run_session(std::string("setoption name EvalFile value ") + network +
                               "\nsetoption name Eval value nnue\nposition fen " + KIWIPETE + "\neval\n"));
    Run missing = run({"eval", "--evalfile", "/no/such/network.nnue"});
    CHECK(missing.status == 1);
    CHECK_THAT(missing.err, Catch::Contains("cannot open network file"));
    CHECK(run({"eval", "--evalfile"}).status == 1);
}

TEST_CASE("eval --nnue adds the built-in network's value, as the UCI eval with Eval nnue", "[cli][eval][nnue]") {
    Run r = run({"eval", "--nnue", KIWIPETE});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("the evaluation in use (Eval nnue)"));
    CHECK(r.out == run_session(std::string("setoption name Eval value nnue\nposition fen ") + KIWIPETE + "\neval\n"));
    CHECK(r.out != run({"eval", KIWIPETE}).out);
}

TEST_CASE("help and version", "[cli]") {
    Run help = run({"help"});
    CHECK(help.status == 0);
    CHECK_THAT(help.out, Catch::Contains("perft <depth>") && Catch::Contains("bench [<depth>]") &&
                             Catch::Contains("eval [--nnue | --evalfile <network>] [<position>]"));
    Run version = run({"--version"});
    CHECK(version.status == 0);
    CHECK(version.out == "Augur " + std::string(ENGINE_VERSION) + "\n");
}

TEST_CASE("Unknown or missing commands exit with status 1", "[cli]") {
    Run unknown = run({"frobnicate"});
    CHECK(unknown.status == 1);
    CHECK_THAT(unknown.err, Catch::Contains("unknown command 'frobnicate'"));
    CHECK(run({" "}).status == 1);
    CHECK(run({"\xff\xfe"}).status == 1);
}
