// `augur match` through the real binary: a small node-limited match end to
// end (progress lines, summary, PGN, training data), an SPRT that stops the match, and errors.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <regex>

#include "binary_runner.h"
#include "core/position.h"
#include "session_helpers.h"
#include "training/training_file.h"

using namespace augur::test;

namespace {

std::string data(const std::string& name) {
    const char* dir = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(dir);
    return std::string(dir) + "/" + name;
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

// A searched move's PGN comment: {score/depth time}, as cutechess writes it.
const std::regex score_comment(R"(\{[+-]([0-9]+\.[0-9]{2}|M[0-9]+)/[0-9]+ [0-9]+\.[0-9]{3}s\})");

bool has_line(const std::string& text, const std::string& pattern) {
    return std::regex_search(text, std::regex("(^|\n)" + pattern + "\n"));
}

}  // namespace

TEST_CASE("augur match plays a small match and prints fastchess-style statistics", "[binary][match]") {
    static ScratchDir scratch;
    std::string pgn = (scratch.path() / "games.pgn").string();
    Run r = run_engine("match -engine name=A -engine name=B option.Hash=4 -each nodes=400 -rounds 2 -concurrency 2"
                       " -openings file=" + shell_quote(data("openings/small.epd")) + " order=random"
                       " -resign movecount=3 score=500 -draw movenumber=20 movecount=4 score=20 -seed 5"
                       " -pgnout file=" + shell_quote(pgn), "");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(count_of(r.out, "Finished game ") == 4);
    CHECK(has_line(r.out, R"(Finished game 1 \(A vs B\): (1-0|0-1|1/2-1/2) \{.+\})"));
    CHECK(has_line(r.out, R"(Finished game 2 \(B vs A\): (1-0|0-1|1/2-1/2) \{.+\})"));
    CHECK(has_line(r.out, R"(Results of A vs B \(nodes=400, .*small\.epd\):)"));
    CHECK(has_line(r.out, R"(Elo: -?[0-9.naif]+ \+/- -?[0-9.naif]+, nElo: -?[0-9.naif]+ \+/- -?[0-9.naif]+)"));
    CHECK(has_line(r.out, R"(LOS: -?[0-9.naif]+ %, DrawRatio: [0-9.]+ %)"));
    CHECK(has_line(r.out, R"(Games: 4, Wins: [0-4], Losses: [0-4], Draws: [0-4], Points: [0-9.]+ \([0-9.]+ %\))"));
    CHECK(has_line(r.out, R"(Ptnml\(0-2\): \[[0-2], [0-2], [0-2], [0-2], [0-2]\])"));
    CHECK(has_line(r.out, "Forfeits: A: 0 on time, 0 illegal moves, 0 crashes, 0 stalls; B: 0 on time, 0 illegal moves, 0 crashes, 0 stalls"));
    CHECK(r.out.find("LLR") == std::string::npos);
    std::string games = read_file(pgn);
    CHECK(count_of(games, "[Event ") == 4);
    CHECK(count_of(games, "[Termination ") == 4);
    CHECK(count_of(games, "{book}") == 0);  // EPD openings have no moves
    CHECK(std::regex_search(games, score_comment));
}

TEST_CASE("augur match -dataout writes every searched position of its games as training data", "[binary][match]") {
    static ScratchDir scratch;
    std::string pgn = (scratch.path() / "dataout.pgn").string(), positions = (scratch.path() / "dataout.bin").string();
    Run r = run_engine("match -engine name=A -engine name=B -each nodes=300 -rounds 2 -openings file=" +
                       shell_quote(data("openings/small.pgn")) + " plies=4 -resign movecount=2 score=400"
                       " -pgnout file=" + shell_quote(pgn) + " -dataout file=" + shell_quote(positions), "");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    std::smatch written;
    std::regex written_line("(^|\n)Training data: ([0-9]+) positions written to .*dataout\\.bin\n");
    REQUIRE(std::regex_search(r.out, written, written_line));
    const std::uint64_t count = std::stoull(written[2]);

    // One record per searched move: the PGN gives each a score comment, and its
    // opening moves a {book} one.
    std::string games = read_file(pgn);
    const auto scored = std::distance(std::sregex_iterator(games.begin(), games.end(), score_comment), std::sregex_iterator());
    CHECK(count_of(games, "{book}") == 4 * 4);
    CHECK(count > 0);
    CHECK(count == std::uint64_t(scored));

    // Every record reads back as a legal position with its best move legal in it.
    std::ifstream in(positions, std::ios::binary);
    augur::TrainingFileReader reader(in);
    augur::TrainingRecord record;
    std::uint64_t read = 0;
    while (reader.next(record)) {
        augur::Position pos;
        augur::StateInfo st;
        INFO(record.fen());
        CHECK_FALSE(record.set_position(pos, st).has_value());
        ++read;
    }
    CHECK(reader.error().empty());
    CHECK(read == count);

    Run unwritable = run_engine("match -engine name=A -engine name=B -each nodes=10 -dataout file=/no/such/dir/x.bin", "");
    CHECK(unwritable.status == 1);
    CHECK(unwritable.err == "augur match: cannot write the data file /no/such/dir/x.bin\n");
}

TEST_CASE("augur match ends games in the tables with their result and counts them", "[binary][match][tablebase]") {
    static ScratchDir scratch;
    std::string openings = (scratch.path() / "krvk.epd").string(), pgn = (scratch.path() / "tb.pgn").string();
    std::ofstream(openings) << "8/8/8/4k3/8/8/8/R3K3 w - -\n";
    Run r = run_engine("match -engine name=A -engine name=B -each nodes=200 -openings file=" + shell_quote(openings) +
                       " -tb " + shell_quote(data("tablebases/syzygy")) + " -pgnout file=" + shell_quote(pgn), "");
    INFO(r.out << r.err);
    if (r.err.find("no Syzygy support") != std::string::npos) return;
    CHECK(r.status == 0);
    CHECK(has_line(r.out, R"(Finished game 1 \(A vs B\): 1-0 \{White wins by adjudication: tablebase\})"));
    CHECK(has_line(r.out, R"(Finished game 2 \(B vs A\): 1-0 \{White wins by adjudication: tablebase\})"));
    CHECK(has_line(r.out, "Adjudications: 0 resign, 0 draw, 2 tablebase"));
    std::string games = read_file(pgn);
    CHECK(count_of(games, "[Termination \"tablebase adjudication\"]") == 2);
    CHECK(count_of(games, "[PlyCount \"1\"]") == 2);
}

TEST_CASE("augur match: the same seed plays the same node-limited games", "[binary][match]") {
    auto games = [](int concurrency) {
        Run r = run_engine("match -engine name=A -engine name=B -each nodes=300 -rounds 2 -concurrency " +
                           std::to_string(concurrency) + " -openings file=" + shell_quote(data("openings/small.pgn")) +
                           " order=random plies=2 -seed 9 -resign movecount=2 score=400 -draw movenumber=10 movecount=3 score=30", "");
        REQUIRE(r.status == 0);
        std::vector<std::string> lines = lines_starting_with(r.out, "Finished game ");
        std::sort(lines.begin(), lines.end());
        return lines;
    };
    CHECK(games(1) == games(2));
}

TEST_CASE("augur match stops at the SPRT's decision", "[binary][match][sprt]") {
    Run r = run_engine("match -engine name=base -engine name=nomat option.Eval_Material=false -each nodes=300"
                       " -rounds 200 -concurrency 2 -openings file=" + shell_quote(data("openings/small.epd")) +
                       " -sprt elo0=0 elo1=100 alpha=0.05 beta=0.05 -resign movecount=2 score=400 -ratinginterval 0", "");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(has_line(r.out, "H1 accepted"));
    CHECK(has_line(r.out, R"(LLR: [0-9.]+ \(-2\.94, 2\.94\) \[0\.00, 100\.00\])"));
    CHECK(count_of(r.out, "Finished game ") < 400);
}

TEST_CASE("augur match: bad command lines fail with a message", "[binary][match]") {
    Run help = run_engine("match --help", "");
    CHECK(help.status == 0);
    for (const char* flag : {"-engine", "-each", "name=", "cmd=", "proto=uci", "option.NAME=VALUE", "tc=", "st=", "nodes=",
                             "depth=", "-openings", "format=", "order=", "plies=", "-rounds", "-games", "-repeat",
                             "-concurrency", "-sprt", "-resign", "-draw", "-timemargin", "-variant", "-pgnout", "-dataout", "-seed",
                             "-ratinginterval", "-tb", "-tbpieces", "-tbadjudicate", "-tbignore50"})
        CHECK(help.out.find(flag) != std::string::npos);

    Run bad = run_engine("match -engine name=A -engine name=B -each nodes=10 -frobnicate", "");
    CHECK(bad.status == 1);
    CHECK(bad.out.empty());
    CHECK(bad.err == "augur match: -frobnicate: unknown flag (see augur match --help)\n");

    Run missing = run_engine("match -engine name=A -engine name=B -each nodes=10 -openings file=/no/such/file.epd", "");
    CHECK(missing.status == 1);
    CHECK(missing.err == "augur match: -openings: cannot open /no/such/file.epd\n");

    Run option = run_engine("match -engine name=A option.Bogus=1 -engine name=B -each nodes=10", "");
    CHECK(option.status == 1);
    CHECK(option.err == "augur match: engine A: unknown option 'Bogus'\n");
}

TEST_CASE("augur match with external engines: the binary itself, and one that fails", "[binary][match][uci]") {
    Run external = run_engine("match -engine name=ext cmd=" + shell_quote(engine_path()) +
                              " -engine name=in -each nodes=300 -rounds 1 -resign movecount=3 score=500", "");
    INFO(external.out << external.err);
    CHECK(external.status == 0);
    CHECK(count_of(external.out, "Finished game ") == 2);
    CHECK(has_line(external.out, "Games: 2, Wins: [0-2], Losses: [0-2], Draws: [0-2], Points: [0-9.]+ \\([0-9.]+ %\\)"));
    CHECK(external.out.find("Forfeits: ext: 0 on time, 0 illegal moves, 0 crashes, 0 stalls") != std::string::npos);

    // The failing engine loses every game; the match still ends normally.
    Run failing = run_engine("match -engine name=bad cmd=" + shell_quote(data("engines/illegal_mover.sh")) +
                             " -engine name=in -each nodes=300 -rounds 2", "");
    INFO(failing.out << failing.err);
    CHECK(failing.status == 0);
    CHECK(count_of(failing.out, "plays an illegal move: a1a8") == 4);
    CHECK(has_line(failing.out, "Games: 4, Wins: 0, Losses: 4, Draws: 0, Points: 0.0 \\(0.00 %\\)"));
    CHECK(failing.out.find("Forfeits: bad: 0 on time, 4 illegal moves, 0 crashes, 0 stalls") != std::string::npos);

    Run crashing = run_engine("match -engine name=in -engine name=crash cmd=" + shell_quote(data("engines/crasher.sh")) +
                              " -each nodes=300 -rounds 1", "");
    CHECK(crashing.status == 0);
    CHECK(count_of(crashing.out, "engine exited with status 3") == 2);
    CHECK(crashing.out.find("crash: 0 on time, 0 illegal moves, 2 crashes, 0 stalls") != std::string::npos);

    Run missing = run_engine("match -engine name=x cmd=/no/such/engine -engine name=in -each nodes=300", "");
    CHECK(missing.status == 1);
    CHECK(missing.err == "augur match: engine x: cannot start /no/such/engine: No such file or directory\n");
}
