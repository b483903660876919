// Scripted XBoard sessions: the commands of protocol 2, the engine's moves and
// result claims, pondering, analysis, and bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <random>
#include <regex>
#include <sstream>
#include <thread>

#include "../full_speed.h"
#include "core/game.h"
#include "core/notation.h"
#include "session_drivers.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;
using namespace std::chrono_literals;

namespace {

const std::string MOVE = "move \\S+";
const std::string THINKING = "\\d+ -?\\d+ \\d+ \\d+( \\S+)+";

// Starts a game in which the engine answers quickly.
void quick_game(XBoardDriver& xb) {
    xb.send("xboard");
    xb.send("protover 2");
    REQUIRE(xb.out.expect("feature .*done=1"));
    xb.send("new");
    xb.send("level 0 1 0");
    xb.send("sd 3");
}

std::string move_of(const std::string& line) { return word_after(line, "move"); }

// The moves of a thinking line ("depth score time nodes move...").
std::vector<std::string> thinking_pv(const std::string& line) {
    std::vector<std::string> words;
    std::istringstream in(line);
    for (std::string word; in >> word;) words.push_back(word);
    return words.size() > 4 ? std::vector<std::string>(words.begin() + 4, words.end()) : std::vector<std::string>{};
}

}  // namespace

TEST_CASE("protover announces the features", "[xboard]") {
    XBoardDriver xb;
    xb.send("xboard");
    xb.send("protover 2");
    auto features = xb.out.expect("feature ping.*");
    REQUIRE(features);
    for (const char* feature : {"ping=1", "setboard=1", "usermove=1", "analyze=1", "memory=1", "smp=1", "egt=\"syzygy\"",
                                "myname=\"Augur ", "colors=0", "sigint=0", "sigterm=0"})
        CHECK_THAT(*features, Catch::Contains(feature));
    CHECK(xb.out.expect("feature done=1"));  // after one feature option per engine option
    xb.send("accepted ping");
    xb.send("rejected whatever");
    CHECK(xb.sync());
    // the features, the options, done and pong only
    CHECK(xb.out.lines().size() == Engine::option_list().size() + 3);
}

TEST_CASE("The engine plays Black after new and answers each move", "[xboard]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("usermove e2e4");
    auto reply = xb.out.expect(MOVE);
    REQUIRE(reply);
    CHECK(is_legal_after("e2e4", move_of(*reply)));
    xb.send("usermove d2d4");
    auto second = xb.out.expect(MOVE);
    REQUIRE(second);
    CHECK(is_legal_after("e2e4 " + move_of(*reply) + " d2d4", move_of(*second)));
}

TEST_CASE("go makes the engine play the side to move; force stops it", "[xboard]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("force");
    xb.send("usermove e2e4");
    xb.send("usermove e7e5");
    CHECK(xb.sync());
    CHECK(xb.out.unread_lines().empty());  // no move of its own in force mode
    xb.send("go");
    auto white = xb.out.expect(MOVE);
    REQUIRE(white);
    CHECK(is_legal_after("e2e4 e7e5", move_of(*white)));
    xb.send("force");
    xb.send("usermove a7a6");
    CHECK(xb.sync());
    CHECK(xb.out.unread_lines().empty());
}

TEST_CASE("playother makes the engine play the side not on move", "[xboard]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("force");
    xb.send("playother");  // White to move: the engine takes Black
    xb.send("usermove g1f3");
    auto reply = xb.out.expect(MOVE);
    REQUIRE(reply);
    CHECK(is_legal_after("g1f3", move_of(*reply)));
}

TEST_CASE("Illegal and unknown input is answered and changes nothing", "[xboard][garbled]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("force");
    xb.send("usermove e2e5");
    CHECK(xb.out.expect("Illegal move: e2e5"));
    xb.send("usermove");
    CHECK(xb.out.expect("Error \\(missing move\\): usermove"));
    xb.send("frobnicate now");
    CHECK(xb.out.expect("Error \\(unknown command\\): frobnicate"));
    xb.send("level x y z");
    CHECK(xb.out.expect("Error \\(.*\\): level x y z"));
    xb.send("sd 0");
    CHECK(xb.out.expect("Error \\(.*\\): sd 0"));
    xb.send("undo");
    CHECK(xb.out.expect("Error \\(no move to take back\\): undo"));
    xb.send("variant crazyhouse");
    CHECK(xb.out.expect("Error \\(unsupported variant crazyhouse\\): .*"));
    xb.send("e7e5");  // a bare move, but Black's: illegal with White to move
    CHECK(xb.out.expect("Illegal move: e7e5"));
    // Nothing above moved a piece: White's first move is still legal.
    xb.send("usermove e2e4");
    xb.send("go");
    auto reply = xb.out.expect(MOVE);
    REQUIRE(reply);
    CHECK(is_legal_after("e2e4", move_of(*reply)));
}

TEST_CASE("Bare moves work for GUIs that do not send usermove", "[xboard]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("e2e4");
    auto reply = xb.out.expect(MOVE);
    REQUIRE(reply);
    CHECK(is_legal_after("e2e4", move_of(*reply)));
}

TEST_CASE("setboard with a bad FEN keeps the old position", "[xboard][setboard]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("force");
    xb.send("usermove e2e4");
    xb.send("setboard rnbqkbnr/pppppppp/8 w KQkq - 0 1");
    CHECK(xb.out.expect("tellusererror Illegal position.*"));
    xb.send("setboard");
    CHECK(xb.out.expect("tellusererror Illegal position.*"));
    xb.send("usermove e7e5");  // Black to move after e2e4: the game went on
    xb.send("go");
    auto reply = xb.out.expect(MOVE);
    REQUIRE(reply);
    CHECK(is_legal_after("e2e4 e7e5", move_of(*reply)));
}

TEST_CASE("setboard and go: the engine mates and claims the win", "[xboard][setboard][result]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("force");
    xb.send("setboard 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
    xb.send("go");
    CHECK(xb.out.expect("move g1g7"));
    CHECK(xb.out.expect("1-0 \\{White mates\\}"));
}

TEST_CASE("Results are claimed after the opponent's moves too", "[xboard][result]") {
    XBoardDriver xb;
    quick_game(xb);
    SECTION("mate by the opponent") {
        xb.send("setboard 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");  // the engine plays Black
        xb.send("usermove g1g7");
        CHECK(xb.out.expect("1-0 \\{White mates\\}"));
    }
    SECTION("stalemate") {
        xb.send("setboard 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
        xb.send("usermove f1f7");
        CHECK(xb.out.expect("1/2-1/2 \\{Draw by stalemate\\}"));
    }
    SECTION("insufficient material") {
        xb.send("setboard 8/8/4k3/8/8/3nK3/8/8 w - - 0 1");
        xb.send("usermove e3d3");
        CHECK(xb.out.expect("1/2-1/2 \\{Draw by insufficient material\\}"));
    }
    SECTION("fifty-move rule") {
        xb.send("setboard 4k3/8/8/8/8/8/R7/4K3 w - - 99 80");
        xb.send("usermove a2a3");
        CHECK(xb.out.expect("1/2-1/2 \\{Draw by fifty-move rule\\}"));
    }
    SECTION("threefold repetition, on the engine's turn") {
        xb.send("force");
        for (int i = 0; i < 2; ++i)
            for (const char* move : {"g1f3", "g8f6", "f3g1", "f6g8"}) xb.send(std::string("usermove ") + move);
        xb.send("go");
        CHECK(xb.out.expect("1/2-1/2 \\{Draw by repetition\\}"));
    }
    CHECK(xb.sync());
    CHECK(lines_starting_with(xb.out.text(), "move ").empty());  // a finished game gets no move
}

TEST_CASE("undo and remove take moves back", "[xboard][undo]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("force");
    xb.send("usermove e2e4");
    xb.send("usermove e7e5");
    xb.send("usermove g1f3");
    xb.send("remove");  // back to after e2e4
    xb.send("usermove c7c5");
    xb.send("undo");
    xb.send("undo");
    xb.send("usermove d2d4");  // legal only if we are back at the start
    CHECK(xb.sync());
    CHECK(lines_starting_with(xb.out.text(), "Illegal").empty());
    CHECK(lines_starting_with(xb.out.text(), "Error").empty());
    xb.send("remove");  // one move in the game: nothing to remove
    CHECK(xb.out.expect("Error \\(no move to take back\\): remove"));
}

TEST_CASE("time and otim are accepted at any moment", "[xboard][time]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("level 40 0:30 0");
    xb.send("time 3000");
    xb.send("otim 3000");
    xb.send("usermove e2e4");
    REQUIRE(xb.out.expect(MOVE));
    xb.send("time -100");
    xb.send("otim 2900");
    xb.send("usermove d2d4");
    REQUIRE(xb.out.expect(MOVE, 5000ms));  // a flagged clock still gets a move
    xb.send("time soon");
    CHECK(xb.out.expect("Error \\(.*\\): time soon"));
}

TEST_CASE("st limits the time per move; ? moves at once", "[xboard][time]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("sd 99");
    xb.send("new");  // new clears the depth limit anyway
    xb.send("st 30");
    xb.send("usermove e2e4");
    CHECK(xb.out.stays_without(MOVE, 300ms));
    auto sent = CaptureStream::Clock::now();
    xb.send("?");
    auto reply = xb.out.expect_timed(MOVE, 2000ms);
    REQUIRE(reply);
    if (FULL_SPEED) CHECK(reply->second - sent < 50ms);
    CHECK(is_legal_after("e2e4", move_of(reply->first)));
}

TEST_CASE("ping is answered at once, or after the move when thinking", "[xboard][ping]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("ping 7");
    CHECK(xb.out.expect("pong 7"));
    xb.send("new");
    xb.send("st 1");
    xb.send("usermove e2e4");
    xb.send("ping 8");
    auto reply = xb.out.expect(MOVE + "|pong 8");
    REQUIRE(reply);
    CHECK(reply->starts_with("move "));
    CHECK(xb.out.expect("pong 8"));
}

TEST_CASE("new during thinking abandons the move", "[xboard]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("st 30");
    xb.send("usermove e2e4");
    std::this_thread::sleep_for(50ms);
    xb.send("new");
    CHECK(xb.sync());
    CHECK(xb.out.stays_without(MOVE, 200ms));
}

TEST_CASE("post shows thinking; nopost hides it", "[xboard][post]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("post");
    xb.send("usermove e2e4");
    auto thought = xb.out.expect(THINKING);
    REQUIRE(thought);
    REQUIRE(xb.out.expect(MOVE));
    CHECK(is_legal_after("e2e4", thinking_pv(*thought).front()));
    xb.send("nopost");
    xb.send("usermove d2d4");
    REQUIRE(xb.out.expect(MOVE));
    auto lines = xb.out.lines();
    auto first_move = std::find_if(lines.begin(), lines.end(), [](auto& l) { return l.starts_with("move "); });
    CHECK(std::none_of(first_move + 1, lines.end() - 1, [](const std::string& l) {
        return !l.empty() && std::isdigit(static_cast<unsigned char>(l[0]));
    }));
}

TEST_CASE("Analysis: thinking output, stat01, restarts on usermove and undo, exit", "[xboard][analyze]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("force");
    xb.send("analyze");
    REQUIRE(xb.out.expect(THINKING));
    // `.` reports the live node count, not the one of the last thinking line.
    auto stat01_nodes = [&xb]() -> std::uint64_t {
        xb.send(".");
        auto stat = xb.out.expect("stat01: \\d+ \\d+ \\d+ \\d+ 20( \\S+)?");
        REQUIRE(stat);
        std::istringstream fields(*stat);
        std::string tag, centiseconds;
        std::uint64_t nodes = 0;
        fields >> tag >> centiseconds >> nodes;
        return nodes;
    };
    std::uint64_t first = stat01_nodes();
    std::uint64_t later = first;
    // Threads publish their counts every so many nodes: a slowed search (TSan) takes longer.
    for (int waited = 0; waited < 5000 && later == first; waited += 100) {
        std::this_thread::sleep_for(100ms);
        later = stat01_nodes();
    }
    CHECK(later > first);
    xb.send("usermove e2e4");
    xb.send("ping 1");
    REQUIRE(xb.out.expect("pong 1"));
    auto after_move = xb.out.expect(THINKING);
    REQUIRE(after_move);
    CHECK(is_legal_after("e2e4", thinking_pv(*after_move).front()));
    xb.send("undo");
    xb.send("ping 2");
    REQUIRE(xb.out.expect("pong 2"));
    auto after_undo = xb.out.expect(THINKING);
    REQUIRE(after_undo);
    CHECK(is_legal_after("", thinking_pv(*after_undo).front()));
    xb.send("setboard 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
    xb.send("ping 3");
    REQUIRE(xb.out.expect("pong 3"));
    CHECK(xb.out.expect("\\d+ 10000\\d \\d+ \\d+ g1g7"));
    xb.send("exit");
    CHECK(xb.sync());
    CHECK(xb.out.stays_without(THINKING, 200ms));
    CHECK(lines_starting_with(xb.out.text(), "move ").empty());  // analysis never moves
}

TEST_CASE("Pondering: a hit continues the search, a miss starts a new one", "[xboard][ponder]") {
    XBoardDriver xb;
    quick_game(xb);
    xb.send("hard");
    xb.send("post");
    xb.send("sd 4");
    xb.send("usermove e2e4");
    auto reply = xb.out.expect(MOVE);
    REQUIRE(reply);
    std::string ours = move_of(*reply);
    // The reply the engine expects is the second move of its last line.
    auto lines = xb.out.lines();
    auto move_line = std::find(lines.begin(), lines.end(), *reply);
    auto last_thought = std::find_if(std::make_reverse_iterator(move_line), lines.rend(), [](const std::string& l) {
        return std::regex_match(l, std::regex(THINKING));
    });
    REQUIRE(last_thought != lines.rend());
    std::vector<std::string> pv = thinking_pv(*last_thought);
    REQUIRE(pv.size() >= 2);
    REQUIRE(pv[0] == ours);
    std::string predicted = pv[1];
    // While it waits for White, the engine ponders the position after that reply.
    auto pondering = xb.out.expect(THINKING, 3000ms);
    REQUIRE(pondering);
    CHECK(is_legal_after("e2e4 " + ours + " " + predicted, thinking_pv(*pondering).front()));

    SECTION("hit") {
        xb.send("usermove " + predicted);
        auto answer = xb.out.expect(MOVE);
        REQUIRE(answer);
        CHECK(is_legal_after("e2e4 " + ours + " " + predicted, move_of(*answer)));
    }
    SECTION("miss") {
        std::string other = predicted == "a2a3" ? "h2h3" : "a2a3";
        xb.send("usermove " + other);
        auto answer = xb.out.expect(MOVE);
        REQUIRE(answer);
        CHECK(is_legal_after("e2e4 " + ours + " " + other, move_of(*answer)));
    }
    SECTION("easy stops pondering") {
        xb.send("easy");
        CHECK(xb.sync());
        CHECK(xb.out.stays_without(THINKING, 300ms));
    }
    CHECK(lines_starting_with(xb.out.text(), "Illegal").empty());
}

TEST_CASE("memory and cores set the engine's options", "[xboard][options]") {
    XBoardDriver xb;
    xb.send("memory 32");
    xb.send("cores 2");
    CHECK(xb.sync());
    CHECK(xb.session.engine().option_value("Hash") == "32");
    CHECK(xb.session.engine().option_value("Threads") == "2");
    xb.send("memory lots");
    CHECK(xb.out.expect("Error \\(.*\\): memory lots"));
}

TEST_CASE("egtpath syzygy sets SyzygyPath; other tables and bad paths get an error", "[xboard][options][tablebase]") {
    const char* data = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(data);
    const std::string tables = std::string(data) + "/tablebases/syzygy";
    XBoardDriver xb;
    xb.send("egtpath syzygy " + tables);
    CHECK(xb.sync());
    CHECK(xb.session.engine().option_value("SyzygyPath") == tables);
    xb.send("egtpath gaviota /somewhere");
    CHECK(xb.out.expect("Error \\(unsupported tablebases 'gaviota'.*\\): egtpath gaviota /somewhere"));
    xb.send("egtpath syzygy /nonexistent/tables");
    CHECK(xb.out.expect("Error \\(.*not a directory.*\\): egtpath syzygy /nonexistent/tables"));
    CHECK(xb.session.engine().option_value("SyzygyPath") == tables);
}

TEST_CASE("The end of input ends a session that is thinking", "[xboard]") {
    std::istringstream in("xboard\nprotover 2\nnew\nst 30\nusermove e2e4\n");
    CaptureStream out;
    XBoardSession session(out);
    auto start = CaptureStream::Clock::now();
    session.run(in);
    CHECK(CaptureStream::Clock::now() - start < 2s);
    CHECK(lines_starting_with(out.text(), "move ").empty());
}

TEST_CASE("quit ends the session; later input is not read", "[xboard]") {
    std::istringstream in("xboard\nping 1\nquit\nping 2\n");
    CaptureStream out;
    XBoardSession session(out);
    session.run(in);
    CHECK(out.text() == "pong 1\n");
    CHECK(session.quit_requested());
}

TEST_CASE("An XBoard line over the length limit is dropped with one error", "[xboard][garbled][long]") {
    // Even a command that would be valid is dropped whole rather than cut.
    std::string padded_ping = "ping 1" + std::string(MAX_LINE_LENGTH, ' ');
    std::istringstream in("xboard\n" + std::string(MAX_LINE_LENGTH + 10, 'a') + "\n" + padded_ping + "\nping 2\n");
    CaptureStream out;
    XBoardSession session(out);
    session.run(in);
    std::string too_long = "Error (line longer than " + std::to_string(MAX_LINE_LENGTH) + " bytes): ignored\n";
    CHECK(out.text() == too_long + too_long + "pong 2\n");
}

TEST_CASE("An XBoard session on the caller's engine leaves it to the caller", "[xboard][options]") {
    Engine engine;
    {
        std::istringstream in("xboard\nmemory 8\noption MultiPV=3\nping 1\n");
        CaptureStream out;
        XBoardSession session(out, engine);
        session.run(in);
        CHECK(out.text().ends_with("pong 1\n"));
    }
    CHECK(engine.option_value("Hash") == "8");
    CHECK(engine.option_value("MultiPV") == "3");
    // A second session plays on the engine as the first left it.
    CaptureStream out;
    XBoardSession session(out, engine);
    std::thread events([&] { session.run_events(); });
    for (const char* line : {"xboard", "protover 2", "new", "sd 2", "usermove e2e4"}) session.post_line(line);
    CHECK(out.expect(MOVE));
    session.post_line("quit");
    events.join();
    CHECK(engine.option_value("MultiPV") == "3");
}

TEST_CASE("Random bytes never stop an XBoard session", "[xboard][garbled][random]") {
    std::mt19937 rng(11);
    std::string garbage;
    for (int i = 0; i < 50000; ++i) {
        char c = char(rng() & 255);
        garbage += c == '?' ? ' ' : c;
    }
    // Garbage lines are one-word commands at most; none of them may be quit.
    std::istringstream in("xboard\nforce\n" + garbage + "\nping 99\n");
    CaptureStream out;
    XBoardSession session(out);
    session.run(in);
    CHECK(out.text().ends_with("pong 99\n"));
}
