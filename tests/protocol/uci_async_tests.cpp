// The asynchronous UCI search: commands keep being read while the engine
// searches (stop, isready, ponderhit), clocks and the other `go` limits, and
// how quickly a search stops.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <sstream>
#include <thread>

#include "core/game.h"
#include "core/notation.h"
#include "protocol/search_limits_spec.h"
#include "session_drivers.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;
using namespace std::chrono_literals;

namespace {

constexpr const char* MATE_IN_ONE = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1";
constexpr const char* MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
const std::string BESTMOVE = "bestmove \\S+( ponder \\S+)?";
const std::string INFO_DEPTH = "info depth \\d+ seldepth .*";

std::chrono::milliseconds since(CaptureStream::Clock::time_point start, CaptureStream::Clock::time_point end) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(end - start);
}

// Sends stop and returns how long the bestmove took to appear.
std::chrono::milliseconds stop_latency(UciDriver& uci) {
    auto sent = CaptureStream::Clock::now();
    uci.send("stop");
    auto best = uci.out.expect_timed(BESTMOVE, 5000ms);
    REQUIRE(best);
    return since(sent, best->second);
}

}  // namespace

TEST_CASE("go infinite runs until stop, then answers bestmove", "[uci][async]") {
    UciDriver uci;
    uci.send("position fen " + std::string(MIDDLEGAME));
    uci.send("go infinite");
    REQUIRE(uci.out.expect(INFO_DEPTH));
    CHECK(uci.out.stays_without("bestmove.*", 300ms));
    uci.send("stop");
    auto best = uci.out.expect(BESTMOVE);
    REQUIRE(best);
    auto game = Game::from_fen(MIDDLEGAME).game;
    CHECK(parse_uci_move(game->position(), word_after(*best, "bestmove")));
    // Exactly one bestmove, and the session is still answering.
    CHECK(uci.sync());
    CHECK(lines_starting_with(uci.out.text(), "bestmove").size() == 1);
}

TEST_CASE("A bare go searches until stop", "[uci][async]") {
    UciDriver uci;
    uci.send("go");
    REQUIRE(uci.out.expect(INFO_DEPTH));
    CHECK(uci.out.stays_without("bestmove.*", 200ms));
    uci.send("stop");
    CHECK(uci.out.expect(BESTMOVE));
}

TEST_CASE("isready is answered at once during a search", "[uci][async]") {
    UciDriver uci;
    uci.send("go infinite");
    REQUIRE(uci.out.expect(INFO_DEPTH));
    auto sent = CaptureStream::Clock::now();
    uci.send("isready");
    auto ready = uci.out.expect_timed("readyok", 1000ms);
    REQUIRE(ready);
    CHECK(since(sent, ready->second) < 50ms);
    CHECK(lines_starting_with(uci.out.text(), "bestmove").empty());
    uci.send("stop");
    CHECK(uci.out.expect(BESTMOVE));
}

TEST_CASE("stop answers within 50 ms at any moment of a search", "[uci][async][latency]") {
    UciDriver uci;
    uci.send("setoption name Hash value 64");
    uci.send("position fen " + std::string(MIDDLEGAME));
    for (auto delay : {0ms, 1ms, 5ms, 20ms, 100ms, 400ms, 1200ms}) {
        INFO("stop sent " << delay.count() << " ms after go");
        uci.send("go infinite");
        std::this_thread::sleep_for(delay);
        CHECK(stop_latency(uci) < 50ms);
    }
    // And during a timed search, and right after a ponderhit.
    uci.send("go wtime 60000 btime 60000");
    std::this_thread::sleep_for(150ms);
    CHECK(stop_latency(uci) < 50ms);
    uci.send("go ponder wtime 60000 btime 60000");
    std::this_thread::sleep_for(50ms);
    uci.send("ponderhit");
    CHECK(stop_latency(uci) < 50ms);
}

TEST_CASE("stop and ponderhit without a search are ignored", "[uci][async]") {
    CHECK(run_session("stop\nponderhit\nisready\n") == "readyok\n");
}

TEST_CASE("Ponder hit: the ponder search goes on under the clock", "[uci][async][ponder]") {
    UciDriver uci;
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go ponder wtime 3000 btime 3000 winc 0 binc 0");
    REQUIRE(uci.out.expect(INFO_DEPTH));
    // Pondering ignores the clock: no bestmove however long it runs.
    CHECK(uci.out.stays_without("bestmove.*", 400ms));
    auto hit = CaptureStream::Clock::now();
    uci.send("ponderhit");
    auto best = uci.out.expect_timed(BESTMOVE, 5000ms);
    REQUIRE(best);
    // The clock (3 s for the whole game) allows much less than that for one move.
    CHECK(since(hit, best->second) < 1500ms);
    CHECK(is_legal_after("e2e4 e7e5", word_after(best->first, "bestmove")));
}

// Found by the uci fuzz target (tests/fuzz/regressions/uci): a ponderhit
// marked an infinite search as ended, so the end of the input waited for it
// for ever instead of stopping it.
TEST_CASE("ponderhit leaves an infinite search running, and the end of the input stops it", "[uci][async][ponder]") {
    Engine engine;
    std::ostringstream out;
    auto session_done = std::async(std::launch::async, [&] {
        UciSession session(out, engine);
        std::istringstream in("position startpos\ngo infinite\nponderhit\n");
        session.run(in);
    });
    const bool ended = session_done.wait_for(10s) == std::future_status::ready;
    if (!ended) engine.stop();  // lets the session end, so that the test fails instead of hanging
    session_done.get();
    CHECK(ended);
    CHECK(lines_starting_with(out.str(), "bestmove ").size() == 1);

    UciDriver uci;
    uci.send("go infinite");
    REQUIRE(uci.out.expect(INFO_DEPTH));
    uci.send("ponderhit");
    CHECK(uci.out.stays_without("bestmove.*", 300ms));
    uci.send("stop");
    CHECK(uci.out.expect(BESTMOVE));
}

TEST_CASE("Ponder miss: stop, then the real position is searched", "[uci][async][ponder]") {
    UciDriver uci;
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go ponder wtime 10000 btime 10000");
    REQUIRE(uci.out.expect(INFO_DEPTH));
    uci.send("stop");
    REQUIRE(uci.out.expect(BESTMOVE));  // the GUI ignores this one
    uci.send("position startpos moves e2e4 c7c5");
    uci.send("go depth 4");
    auto best = uci.out.expect(BESTMOVE);
    REQUIRE(best);
    CHECK(is_legal_after("e2e4 c7c5", word_after(*best, "bestmove")));
}

TEST_CASE("go movetime searches about that long", "[uci][async][time]") {
    UciDriver uci;
    auto start = CaptureStream::Clock::now();
    uci.send("go movetime 300");
    auto best = uci.out.expect_timed(BESTMOVE, 5000ms);
    REQUIRE(best);
    CHECK(since(start, best->second) >= 250ms);
    CHECK(since(start, best->second) < 1000ms);
}

TEST_CASE("go with clocks uses the side to move's clock", "[uci][async][time]") {
    UciDriver uci;
    // White has a long clock, Black (to move) almost nothing: a fast answer.
    uci.send("position startpos moves e2e4");
    auto start = CaptureStream::Clock::now();
    uci.send("go wtime 600000 btime 200 winc 0 binc 0");
    auto best = uci.out.expect_timed(BESTMOVE, 5000ms);
    REQUIRE(best);
    CHECK(since(start, best->second) < 250ms);
    CHECK(is_legal_after("e2e4", word_after(best->first, "bestmove")));
    // A flagged (negative) clock is read as zero and still gets a move.
    uci.send("go wtime -50 btime -50 movestogo 1");
    CHECK(uci.out.expect(BESTMOVE, 5000ms));
}

TEST_CASE("go mate finds the mate and stops", "[uci][async][mate]") {
    UciDriver uci;
    uci.send(std::string("position fen ") + MATE_IN_ONE);
    uci.send("go mate 1");
    auto best = uci.out.expect(BESTMOVE);
    REQUIRE(best);
    CHECK(*best == "bestmove g1g7");
    CHECK_FALSE(lines_starting_with(uci.out.text(), "info depth").empty());
    CHECK(word_after(lines_starting_with(uci.out.text(), "info depth").back(), "mate") == "1");
}

TEST_CASE("go searchmoves restricts the root moves", "[uci][async]") {
    UciDriver uci;
    uci.send("go depth 4 searchmoves a2a3 h2h3");
    auto best = uci.out.expect(BESTMOVE);
    REQUIRE(best);
    std::string move = word_after(*best, "bestmove");
    CHECK((move == "a2a3" || move == "h2h3"));
    for (const std::string& info : lines_starting_with(uci.out.text(), "info depth")) {
        std::string first = word_after(info, "pv");
        CHECK((first == "a2a3" || first == "h2h3"));
    }
}

TEST_CASE("go infinite with no legal moves answers only after stop", "[uci][async][mate]") {
    UciDriver uci;
    uci.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    uci.send("go infinite");
    REQUIRE(uci.out.expect("info depth 0 score mate 0"));
    CHECK(uci.out.stays_without("bestmove.*", 100ms));
    uci.send("stop");
    CHECK(uci.out.expect("bestmove 0000"));
}

TEST_CASE("Commands that change the game stop the search first", "[uci][async]") {
    UciDriver uci;
    SECTION("position") {
        uci.send("go infinite");
        REQUIRE(uci.out.expect(INFO_DEPTH));
        uci.send("position startpos moves d2d4");
        REQUIRE(uci.out.expect(BESTMOVE));
        uci.send("d");
        CHECK(uci.out.expect("Fen: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"));
    }
    SECTION("setoption says so") {
        uci.send("go infinite");
        REQUIRE(uci.out.expect(INFO_DEPTH));
        uci.send("setoption name Hash value 2");
        REQUIRE(uci.out.expect("info string stopping the search to set the option"));
        REQUIRE(uci.out.expect(BESTMOVE));
        CHECK(uci.session.engine().option_value("Hash") == "2");
    }
    SECTION("a second go") {
        uci.send("go infinite");
        REQUIRE(uci.out.expect(INFO_DEPTH));
        uci.send("go depth 2");
        REQUIRE(uci.out.expect(BESTMOVE));
        REQUIRE(uci.out.expect(BESTMOVE));
    }
    CHECK(uci.sync());
    CHECK(lines_starting_with(uci.out.text(), "info string error").empty());
}

TEST_CASE("quit during a search stops it and ends the session", "[uci][async]") {
    UciDriver uci;
    uci.send("go infinite");
    REQUIRE(uci.out.expect(INFO_DEPTH));
    CHECK_FALSE(uci.send("quit"));
    CHECK(lines_starting_with(uci.out.text(), "bestmove").size() == 1);
}

TEST_CASE("End of input stops an infinite search but lets a limited one finish", "[uci][async]") {
    CHECK(lines_starting_with(run_session("go infinite\n"), "bestmove").size() == 1);
    CHECK(lines_starting_with(run_session("go ponder\n"), "bestmove").size() == 1);
    std::string limited = run_session("go depth 6\n");
    CHECK_FALSE(lines_starting_with(limited, "info depth 6 ").empty());
}

TEST_CASE("uci lists the search options", "[uci][options]") {
    std::string out = run_session("uci\n");
    for (const char* name : {"Hash", "Threads", "Ponder", "MultiPV", "Move Overhead", "UCI_Chess960", "NullMove"}) {
        INFO(name);
        CHECK(lines_starting_with(out, std::string("option name ") + name + " type ").size() == 1);
    }
}

TEST_CASE("MultiPV reports several lines per depth", "[uci][async][options]") {
    UciDriver uci;
    uci.send("setoption name MultiPV value 3");
    uci.send("go depth 4");
    REQUIRE(uci.out.expect(BESTMOVE));
    std::string out = uci.out.text();
    for (int line = 1; line <= 3; ++line) {
        INFO("multipv " << line);
        bool found = false;
        for (const std::string& info : lines_starting_with(out, "info depth 4 "))
            found |= word_after(info, "multipv") == std::to_string(line);
        CHECK(found);
    }
}

TEST_CASE("Info lines carry every field", "[uci][async]") {
    UciDriver uci;
    uci.send("go depth 5");
    REQUIRE(uci.out.expect(BESTMOVE));
    auto infos = lines_starting_with(uci.out.text(), "info depth 5 ");
    REQUIRE_FALSE(infos.empty());
    for (const char* key : {"seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "time"}) {
        INFO(key);
        CHECK(number_after(infos.back(), key) >= 0);
    }
    CHECK(std::regex_match(infos.back(), std::regex("info depth 5 seldepth \\d+ multipv 1 score (cp|mate) -?\\d+ "
                                                    "nodes \\d+ nps \\d+ hashfull \\d+ tbhits \\d+ time \\d+ pv .*")));
}

TEST_CASE("A long search reports currmove", "[uci][async][slow]") {
    UciDriver uci;
    uci.send("position fen " + std::string(MIDDLEGAME));
    uci.send("go infinite");
    auto line = uci.out.expect("info depth \\d+ currmove \\S+ currmovenumber \\d+", 5000ms);
    uci.send("stop");
    REQUIRE(line);
    CHECK(uci.out.expect(BESTMOVE));
}

TEST_CASE("debug on describes each search's limits", "[uci][async]") {
    UciDriver uci;
    uci.send("debug on");
    uci.send("position startpos moves e2e4");
    uci.send("go wtime 1000 btime 2000 binc 30 movestogo 5 depth 3");
    auto line = uci.out.expect("info string searching with .*");
    REQUIRE(line);
    CHECK(number_after(*line, "time") == 2000);
    CHECK(number_after(*line, "inc") == 30);
    CHECK(number_after(*line, "movestogo") == 5);
    REQUIRE(uci.out.expect(BESTMOVE));
    uci.send("debug off");
    uci.send("debug maybe");
    CHECK(uci.out.expect("info string error debug: .*"));
}

TEST_CASE("read_search_limits reads every go parameter", "[uci][go]") {
    auto game = Game::start_position();
    REQUIRE(game->play_uci("e2e4"));
    std::string error;
    Tokens all("searchmoves e7e5 c7c5 ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 7 depth 9 nodes 5000 "
               "mate 3 movetime 400");
    std::optional<SearchLimits> limits = read_search_limits(all, game->position(), &error);
    REQUIRE(limits);
    CHECK(limits->search_moves.size() == 2);
    CHECK(limits->ponder);
    CHECK_FALSE(limits->infinite);
    CHECK(limits->time.time_left_ms == 2000);  // Black to move
    CHECK(limits->time.increment_ms == 20);
    CHECK(limits->time.moves_to_go == 7);
    CHECK(limits->time.move_time_ms == 400);
    CHECK(limits->depth == 9);
    CHECK(limits->nodes == 5000);
    CHECK(limits->mate == 3);

    Tokens none("");
    limits = read_search_limits(none, game->position(), &error);
    REQUIRE(limits);
    CHECK(limits->infinite);
    CHECK(limits->time.time_left_ms == -1);
}
