// The first command picks the protocol.
#include <catch2/catch.hpp>

#include <sstream>

#include "protocol/line_reader.h"
#include "protocol/protocol_select.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

std::string run(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    run_protocol(in, out);
    return out.str();
}

}  // namespace

TEST_CASE("xboard or protover first starts an XBoard session", "[select][xboard]") {
    std::string out = run("xboard\nprotover 2\nping 3\nfoo\n");
    CHECK(lines_starting_with(out, "feature done=1").size() == 1);
    CHECK(lines_starting_with(out, "pong 3").size() == 1);
    CHECK(lines_starting_with(out, "Error (unknown command): foo").size() == 1);
    CHECK(lines_starting_with(run("\n  \nprotover 2\n"), "feature done=1").size() == 1);
}

TEST_CASE("uci or any other first command starts a UCI session", "[select][uci]") {
    CHECK(split_lines(run("uci\n")).back() == "uciok");
    CHECK(nodes_searched(run("position startpos\ngo perft 3\n")) == 8902);
    CHECK(nodes_searched(run("go perft 2\n")) == 400);
    CHECK(run("isready\n") == "readyok\n");
    CHECK(run("foo\nisready\n") == "info string error unknown command 'foo'\nreadyok\n");
    CHECK(run("quit\nisready\n").empty());
    CHECK(run("").empty());
}

TEST_CASE("A first line over the length limit is reported by the UCI session", "[select][garbled]") {
    std::string out = run(std::string(augur::MAX_LINE_LENGTH + 1, 'x') + "\nisready\n");
    CHECK_THAT(out, Catch::StartsWith("info string error line longer than"));
    CHECK_THAT(out, Catch::EndsWith("readyok\n"));
}

TEST_CASE("The input is untied from the output before the session reads", "[select]") {
    // A tied input flushes the output from the reader thread, racing the engine
    // thread's writes (a GUI once got a stale bestmove twice). Regression test.
    std::ostringstream out;
    std::istringstream in("isready\n");
    in.tie(&out);
    run_protocol(in, out);
    CHECK(in.tie() == nullptr);
    CHECK(out.str() == "readyok\n");
}
