// The commands that reach the engine facade: uci's option list, setoption
// (with UCI_Chess960, which the session handles itself), ucinewgame, eval and bench.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "core/game.h"
#include "engine/engine.h"
#include "eval/terms.h"
#include "protocol/uci_session.h"
#include "search/wdl.h"
#include "session_drivers.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

bool has_line(const std::string& out, const std::string& wanted) {
    std::vector<std::string> lines = split_lines(out);
    return std::find(lines.begin(), lines.end(), wanted) != lines.end();
}

std::vector<std::string> errors_of(const std::string& out) { return lines_starting_with(out, "info string error "); }

}  // namespace

TEST_CASE("uci lists every engine option, UCI_Chess960 and UCI_ShowWDL", "[uci][options]") {
    std::string out = run_session("uci\n");
    std::vector<std::string> lines = split_lines(out);
    REQUIRE(lines.size() == Engine::option_list().size() + session_options().size() + 3);
    CHECK(session_options().size() == 2);
    CHECK(lines[0].starts_with("id name Augur "));
    CHECK(lines[1] == "id author The Augur developers");
    CHECK(lines.back() == "uciok");
    CHECK(has_line(out, "option name Hash type spin default 16 min 1 max 65536"));
    CHECK(has_line(out, "option name NullMove type check default true"));
    CHECK(has_line(out, "option name Clear Hash type button"));
    CHECK(has_line(out, "option name UCI_Chess960 type check default false"));
    CHECK(has_line(out, "option name UCI_ShowWDL type check default false"));
    for (const OptionSpec& option : Engine::option_list()) {
        INFO(option.name);
        CHECK(lines_starting_with(out, "option name " + std::string(option.name) + " type ").size() == 1);
    }
}

TEST_CASE("setoption sets engine options by name", "[uci][options]") {
    std::ostringstream out;
    UciSession session(out);
    session.execute("setoption name Hash value 1");
    session.execute("setoption name NullMove value false");
    session.execute("setoption name eval_mobility value FALSE");  // GUIs vary the case
    session.execute("setoption name Clear Hash");
    CHECK(out.str().empty());
    CHECK(session.engine().option_value("Hash") == "1");
    CHECK(session.engine().option_value("NullMove") == "false");
    CHECK(session.engine().option_value("Eval_mobility") == "false");
    session.execute("go depth 3");
    session.execute("d");  // ends the search first, as every command but isready, stop and ponderhit does
    CHECK(lines_starting_with(out.str(), "bestmove ").size() == 1);
}

TEST_CASE("setoption errors name the problem and change nothing", "[uci][options][garbled]") {
    std::ostringstream out;
    UciSession session(out);
    session.execute("setoption name Hash value 0");
    session.execute("setoption name Hash value 65537");
    session.execute("setoption name Hash value lots");
    session.execute("setoption name NullMove value maybe");
    session.execute("setoption name Frobnicate value 3");
    std::vector<std::string> errors = errors_of(out.str());
    REQUIRE(errors.size() == 5);
    CHECK_THAT(errors[0], Catch::StartsWith("info string error setoption: ") && Catch::Contains("Hash"));
    CHECK_THAT(errors[3], Catch::Contains("NullMove") && Catch::Contains("true or false"));
    CHECK_THAT(errors[4], Catch::Contains("unknown option 'Frobnicate'"));
    CHECK(session.engine().option_value("Hash") == "16");
    CHECK(session.engine().option_value("NullMove") == "true");
}

TEST_CASE("Malformed setoption lines get one error each and the session continues", "[uci][options][garbled]") {
    for (std::string line : {"setoption", "setoption Hash 1", "setoption name", "setoption name value 3",
                             "setoption name Hash value", "setoption value 3 name Hash", "setoption name \x01 value 3",
                             "setoption name UCI_Chess960 value maybe", "setoption name UCI_Chess960",
                             "setoption name UCI_ShowWDL value sometimes", "setoption name UCI_ShowWDL"}) {
        INFO(line);
        std::string out = run_session(line + "\nisready\n");
        CHECK(errors_of(out).size() == 1);
        CHECK(out.ends_with("readyok\n"));
    }
}

TEST_CASE("UCI_Chess960 switches how castling is read and printed", "[uci][options][chess960]") {
    std::string set_up = "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";
    std::string standard = run_session(set_up + "go perft 1\n");
    CHECK(lines_starting_with(standard, "e1g1: 1").size() == 1);
    CHECK(lines_starting_with(standard, "e1h1").empty());

    // Switching re-reads the current game: no new position command is needed.
    std::string switched = run_session(set_up + "setoption name UCI_Chess960 value true\ngo perft 1\nd\n");
    CHECK(lines_starting_with(switched, "e1h1: 1").size() == 1);
    CHECK(lines_starting_with(switched, "e1a1: 1").size() == 1);
    CHECK(lines_starting_with(switched, "e1g1").empty());
    CHECK(printed_fen(switched) == "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");

    std::string back = run_session(set_up + "setoption name UCI_Chess960 value true\n"
                                            "setoption name UCI_Chess960 value false\ngo perft 1\n");
    CHECK(lines_starting_with(back, "e1g1: 1").size() == 1);
    CHECK(errors_of(back).empty());
}

TEST_CASE("UCI_ShowWDL adds the model's wdl after the score of every info line", "[uci][options][wdl]") {
    const std::string position = "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n";
    std::string plain = run_session(position + "go depth 6\n");
    std::vector<std::string> plain_infos = lines_starting_with(plain, "info depth ");
    REQUIRE(!plain_infos.empty());
    for (const std::string& line : plain_infos) CHECK(line.find(" wdl ") == std::string::npos);

    std::string shown = run_session("setoption name uci_showwdl value true\n" + position + "go depth 6\n");
    std::vector<std::string> infos = lines_starting_with(shown, "info depth ");
    REQUIRE(infos.size() == plain_infos.size());
    Position pos;
    StateInfo st;
    REQUIRE(!pos.set_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", st));
    for (const std::string& line : infos) {
        INFO(line);
        std::istringstream words(line.substr(line.find(" score ")));
        std::string score_word, kind, wdl_word;
        int score = 0, win = -1, draw = -1, loss = -1;
        words >> score_word >> kind >> score;
        std::string next;
        words >> next;
        if (next == "lowerbound" || next == "upperbound") words >> next;
        REQUIRE(next == "wdl");
        words >> win >> draw >> loss;
        REQUIRE(kind == "cp");
        WdlPermille expected = wdl_permille(score, pos);
        CHECK(win == expected.win);
        CHECK(draw == expected.draw);
        CHECK(loss == expected.loss);
    }
    std::string off = run_session("setoption name UCI_ShowWDL value true\nsetoption name UCI_ShowWDL value false\n" +
                                  position + "go depth 4\n");
    for (const std::string& line : lines_starting_with(off, "info depth ")) CHECK(line.find(" wdl ") == std::string::npos);
    // A mate score is a certain result.
    std::string mate = run_session("setoption name UCI_ShowWDL value true\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"
                                   "go depth 3\n");
    CHECK(!lines_starting_with(mate, "info depth 3 seldepth").empty());
    CHECK(mate.find("score mate 1 wdl 1000 0 0") != std::string::npos);
}

TEST_CASE("In Chess960 mode positions are read as Chess960", "[uci][options][chess960]") {
    std::string out = run_session("setoption name UCI_Chess960 value true\n"
                                  "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1\nd\n"
                                  "ucinewgame\nd\n");
    std::vector<std::string> fens = lines_starting_with(out, "Fen: ");
    REQUIRE(fens.size() == 2);
    CHECK(fens[0] == "Fen: r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
    // ucinewgame keeps the mode: the start position with Chess960 castling rights.
    CHECK(fens[1] == "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    CHECK(errors_of(out).empty());
}

TEST_CASE("ucinewgame clears the engine and the search still works", "[uci]") {
    UciDriver uci;
    uci.send("go depth 5");
    auto first = uci.out.expect("bestmove .*");
    uci.send("ucinewgame");
    uci.send("go depth 5");
    auto second = uci.out.expect("bestmove .*");
    REQUIRE(first);
    REQUIRE(second);
    CHECK(*first == *second);  // a cleared engine searches exactly as a fresh one
}

TEST_CASE("eval prints every term, the phase, the scale and the totals", "[uci][eval]") {
    for (const char* fen : {KIWIPETE, "8/8/1p1k4/1P6/2PK4/8/8/8 b - - 0 1", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1"}) {
        INFO(fen);
        std::string out = run_session(std::string("position fen ") + fen + "\neval\n");
        CHECK(errors_of(out).empty());
        long long sum = 0;
        for (int i = 0; i < EVAL_TERM_NB; ++i) {
            std::vector<std::string> rows = lines_starting_with(out, std::string(eval_term_name(EvalTerm(i))) + " ");
            REQUIRE(rows.size() == 1);
            std::istringstream row(rows[0]);
            std::string name;
            long long white_mg, white_eg, black_mg, black_eg, final_cp;
            REQUIRE(row >> name >> white_mg >> white_eg >> black_mg >> black_eg >> final_cp);
            sum += final_cp;
        }
        CHECK(lines_starting_with(out, "phase ").size() == 1);
        CHECK(lines_starting_with(out, "endgame scale ").size() == 1);
        std::vector<std::string> totals = lines_starting_with(out, "total ");
        REQUIRE(totals.size() == 2);
        CHECK(number_after(totals[0], "total") == sum);
        CHECK_THAT(totals[0], Catch::EndsWith("cp (White's view)"));
        // The side to move's total is what the engine evaluates.
        auto game = Game::from_fen(fen).game;
        Engine engine;
        CHECK(word_after(totals[1], "total") == std::to_string(engine.evaluate(game->position())));
    }
}

TEST_CASE("eval names a dead draw's rule", "[uci][eval]") {
    std::string out = run_session("position fen 4k3/8/8/8/8/8/8/4KB2 w - - 0 1\neval\n");
    CHECK(lines_starting_with(out, "endgame scale ") ==
          std::vector<std::string>{"endgame scale 0/64, rule lone_minor, dead draw"});
    CHECK(lines_starting_with(out, "total 0 cp (White's view)").size() == 1);
}

TEST_CASE("bench reports each position and ends with the node signature", "[uci][bench]") {
    std::string out = run_session("bench 3\nbench 3\n");
    std::vector<std::string> lines = split_lines(out);
    std::size_t positions = bench_positions().size();
    REQUIRE(lines.size() == 2 * (positions + 2));
    std::vector<std::string> first(lines.begin(), lines.begin() + long(positions + 2));
    std::vector<std::string> second(lines.begin() + long(positions + 2), lines.end());
    // The signature line: "N nodes N nps", and the node count is the sum over the positions.
    long long sum = 0;
    for (std::size_t i = 0; i < positions; ++i) {
        INFO(first[i]);
        CHECK(first[i].starts_with("position " + std::to_string(i + 1) + "/" + std::to_string(positions) + ": " +
                                   std::string(bench_positions()[i]) + "  nodes "));
        CHECK_FALSE(word_after(first[i], "bestmove").empty());
        sum += number_after(first[i], "nodes");
    }
    CHECK(first[positions].starts_with("bench depth 3: "));
    std::string total = first.back();
    CHECK(bench_nodes(total) == sum);
    CHECK(total == std::to_string(sum) + " nodes " + word_after(total, "nodes") + " nps");
    // Deterministic: the second run visits the same nodes and finds the same moves.
    CHECK(bench_nodes(second.back()) == sum);
    for (std::size_t i = 0; i < positions; ++i) CHECK(word_after(first[i], "bestmove") == word_after(second[i], "bestmove"));
}

TEST_CASE("bench follows the session's options", "[uci][bench]") {
    // Without the transposition table the search visits other nodes; the
    // signature must show that the option reached the bench.
    long long with_table = bench_nodes(run_session("bench 4\n"));
    long long without = bench_nodes(run_session("setoption name TranspositionTable value false\nbench 4\n"));
    CHECK(with_table > 0);
    CHECK(without > 0);
    CHECK(with_table != without);
}

TEST_CASE("Malformed bench and eval lines are rejected", "[uci][bench][garbled]") {
    for (std::string line : {"bench 0", "bench -1", "bench x", "bench 128", "bench 3 4", "eval now"}) {
        INFO(line);
        std::string out = run_session(line + "\nisready\n");
        CHECK(errors_of(out).size() == 1);
        CHECK(lines_starting_with(out, "position ").empty());
        CHECK(out.ends_with("readyok\n"));
    }
}

TEST_CASE("SyzygyPath: tables in UCI, a bad path answered with an error", "[uci][options][tablebase]") {
    const char* data = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(data);
    const std::string tables = std::string(data) + "/tablebases/syzygy";
    UciDriver uci;
    uci.send("setoption name SyzygyPath value /nonexistent/tables");
    uci.send("setoption name SyzygyProbeLimit value 9");
    REQUIRE(uci.sync());
    std::vector<std::string> errors = errors_of(uci.out.text());
    REQUIRE(errors.size() == 2);
    CHECK_THAT(errors[0], Catch::Contains("/nonexistent/tables") && Catch::Contains("not a directory"));
    CHECK_THAT(errors[1], Catch::Contains("SyzygyProbeLimit"));
    uci.send("setoption name SyzygyPath value " + tables);
    CHECK(uci.session.engine().option_value("SyzygyPath") == tables);
    // KRvK: a tablebase win shows as 20000 centipawns less the plies to it, with the hits counted.
    uci.send("position fen 8/8/8/8/8/2k5/8/K6R w - - 0 1");
    uci.send("go depth 4");
    REQUIRE(uci.out.expect("bestmove .*"));
    std::vector<std::string> infos = lines_starting_with(uci.out.text(), "info depth 4 ");
    REQUIRE_FALSE(infos.empty());
    CHECK_THAT(infos.back(), Catch::Contains("score cp 19999 ") && Catch::Contains(" tbhits 1 "));
}
