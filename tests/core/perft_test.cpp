// Perft over the shared suites: the move generator, make and unmake must
// reproduce published leaf counts. The default budgets keep the whole file at
// about 3.8 billion nodes; the hidden [.deep] cases go about twenty times
// further (see meson.build for the run target). Divide is tested at the end.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iostream>
#include <map>
#include <thread>

#include "core/notation.h"
#include "core/perft.h"
#include "perft_suite.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

constexpr std::uint64_t M = 1'000'000;

// Runs a suite, logs its node total (the report quotes these) and checks every count.
void check_perft_suite(std::string_view name, const std::vector<PerftCase>& cases, PerftBudget budget,
                       std::size_t expected_positions, unsigned threads = 1) {
    PerftRun run = run_perft_suite(cases, budget, threads);
    std::cout << describe_run(name, run) << std::endl;
    Failures failures;
    for (const std::string& f : run.failures) failures.add(f);
    CHECK_NO_FAILURES(failures);
    CHECK(run.cases == expected_positions);
}

std::vector<PerftCase> marcel_sample() { return every_nth(load_epd_perft("perft/perft-marcel.epd"), 13); }
std::vector<PerftCase> fischer_sample() { return every_nth(load_epd_perft("perft/ethereal_fischer.epd", true), 4); }

}  // namespace

// ---------------------------------------------------------------------------
// The loader

TEST_CASE("The EPD loader reads ';D1 20' counts after a 6-field FEN", "[perft-loader]") {
    PerftCase c = parse_epd_perft_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400");
    CHECK(c.fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(c.counts == std::map<int, std::uint64_t>{{1, 20}, {2, 400}});
}

TEST_CASE("The EPD loader reads '; D1 20' counts after a 4-field FEN", "[perft-loader]") {
    PerftCase c = parse_epd_perft_line("8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - -; D4 23441; D6 5000000000");
    CHECK(c.fen == "8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - -");
    CHECK(c.counts == std::map<int, std::uint64_t>{{4, 23441}, {6, 5'000'000'000}});
}

TEST_CASE("The EPD loader rejects lines it cannot read", "[perft-loader]") {
    CHECK_THROWS_AS(parse_epd_perft_line("8/8/8/8/8/8/8/8 w - - 0 ;D1 5"), std::invalid_argument);  // 5 fields
    CHECK_THROWS_AS(parse_epd_perft_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), std::invalid_argument);  // no counts
    CHECK_THROWS_AS(parse_epd_perft_line("4k3/8/8/8/8/8/8/4K3 w - - ;D1 x"), std::invalid_argument);
    CHECK_THROWS_AS(parse_epd_perft_line("4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D1 5"), std::invalid_argument);
}

TEST_CASE("The python-chess loader groups id, epd and perft lines into cases", "[perft-loader]") {
    auto cases = parse_python_chess_perft({"# comment", "", "id first", "epd 4k3/8/8/8/8/8/8/4K3 w - -",
                                           "perft 1 5", "perft 2 25", "", "id second",
                                           "epd 4k3/8/8/8/8/8/8/4K2R w K -", "perft 1 15"});
    REQUIRE(cases.size() == 2);
    CHECK(cases[0].name == "first");
    CHECK(cases[0].fen == "4k3/8/8/8/8/8/8/4K3 w - -");
    CHECK(cases[0].counts == std::map<int, std::uint64_t>{{1, 5}, {2, 25}});
    CHECK(cases[1].counts == std::map<int, std::uint64_t>{{1, 15}});
    CHECK_THROWS_AS(parse_python_chess_perft({"perft 1 5"}), std::invalid_argument);
}

TEST_CASE("A budget selects the deepest count within its depth and node limits", "[perft-loader]") {
    PerftCase c;
    c.counts = {{1, 20}, {2, 400}, {3, 8902}, {4, 197281}};
    using Counts = std::vector<std::pair<int, std::uint64_t>>;
    CHECK(selected_counts(c, {3, UINT64_MAX}) == Counts{{3, 8902}});
    CHECK(selected_counts(c, {99, 10'000}) == Counts{{3, 8902}});
    CHECK(selected_counts(c, {2, UINT64_MAX, true}) == Counts{{1, 20}, {2, 400}});
    CHECK(selected_counts(c, {99, 10}).empty());
}

TEST_CASE("The suites hold the positions the perft tests promise to cover", "[perft-loader]") {
    CHECK(load_epd_perft("perft/ethereal_standard.epd").size() == 128);
    CHECK(load_epd_perft("perft/cpw_perft_positions.epd").size() == 7);
    CHECK(marcel_sample().size() >= 500);
    CHECK(fischer_sample().size() >= 200);
    CHECK(load_epd_perft("perft/perft-ferdy-double-checks.epd").size() == 184);
    CHECK(load_epd_perft("perft/perft_misc_whittington.epd").size() == 174);
    CHECK(load_tricky_cases().size() == 19);
}

// ---------------------------------------------------------------------------
// Default perft runs: depth 5 where the count is at most 200M, else the deepest
// count within 200M (the bound for the standard suites).

TEST_CASE("Ethereal's standard suite matches to depth 5", "[perft]") {
    auto cases = load_epd_perft("perft/ethereal_standard.epd");
    check_perft_suite("ethereal_standard", cases, {5, 200 * M}, cases.size());
}

TEST_CASE("The Chess Programming Wiki positions match to depth 5 or 200M nodes", "[perft]") {
    auto cases = load_epd_perft("perft/cpw_perft_positions.epd");
    check_perft_suite("cpw_perft_positions", cases, {5, 200 * M}, cases.size());
}

// Tagged [marcel] as well: Meson runs it beside the non-perft tests so that the
// two test() registrations take about equally long.
TEST_CASE("Every 13th perft-marcel position matches up to 10M nodes", "[perft][marcel]") {
    auto cases = marcel_sample();
    check_perft_suite("perft-marcel (every 13th)", cases, {99, 10 * M}, cases.size());
}

TEST_CASE("Every double-check position matches at depth 4", "[perft]") {
    auto cases = load_epd_perft("perft/perft-ferdy-double-checks.epd");
    check_perft_suite("perft-ferdy-double-checks", cases, {99, UINT64_MAX}, cases.size());
}

TEST_CASE("Whittington's special-move positions match up to 100M nodes", "[perft]") {
    // 173 of 174 positions have a count within 100M (794 of 814 counts lie within
    // it); the last one only has D6 = 868M and runs in [.deep].
    auto cases = load_epd_perft("perft/perft_misc_whittington.epd");
    check_perft_suite("perft_misc_whittington", cases, {99, 100 * M}, 173);
}

TEST_CASE("Every 4th Chess960 position of Ethereal's suite matches up to 10M nodes", "[perft][chess960]") {
    auto cases = fischer_sample();
    check_perft_suite("ethereal_fischer (every 4th)", cases, {99, 10 * M}, cases.size());
}

TEST_CASE("python-chess's tricky positions match at every listed depth", "[perft][chess960]") {
    auto cases = load_tricky_cases();
    check_perft_suite("python-chess_tricky", cases, {99, UINT64_MAX, true}, cases.size());
}

TEST_CASE("Positions with Chess960 castling are recognised without the chess960 flag", "[perft][chess960]") {
    // set_fen must switch Chess960 on by itself for X-FEN rights with displaced kings.
    for (const PerftCase& c : load_tricky_cases()) {
        if (!c.chess960) continue;
        TestGame game(c.fen);
        INFO(c.name << ": " << c.fen);
        CHECK(game.pos().is_chess960());
        CHECK(perft(game.pos(), c.counts.begin()->first) == c.counts.begin()->second);
    }
}

// ---------------------------------------------------------------------------
// Deep runs (hidden), on every core: about 77 billion nodes.

namespace {
unsigned all_cores() { return std::max(1u, std::thread::hardware_concurrency()); }
}  // namespace

TEST_CASE("Deep: every standard and CPW count", "[.deep][perft-deep]") {
    auto standard = load_epd_perft("perft/ethereal_standard.epd");
    check_perft_suite("ethereal_standard (all)", standard, {99, UINT64_MAX, true}, standard.size(), all_cores());
    auto cpw = load_epd_perft("perft/cpw_perft_positions.epd");
    check_perft_suite("cpw_perft_positions (<= 2G)", cpw, {99, 2'000 * M, true}, cpw.size(), all_cores());
}

TEST_CASE("Deep: the deepest count of every Whittington position", "[.deep][perft-deep]") {
    auto cases = load_epd_perft("perft/perft_misc_whittington.epd");
    check_perft_suite("perft_misc_whittington (all)", cases, {99, UINT64_MAX}, cases.size(), all_cores());
}

TEST_CASE("Deep: every perft-marcel position up to 20M nodes", "[.deep][perft-deep]") {
    auto cases = load_epd_perft("perft/perft-marcel.epd");
    check_perft_suite("perft-marcel (<= 20M)", cases, {99, 20 * M}, cases.size(), all_cores());
}

TEST_CASE("Deep: every Chess960 position up to 100M nodes", "[.deep][perft-deep][chess960]") {
    auto cases = load_epd_perft("perft/ethereal_fischer.epd", true);
    check_perft_suite("ethereal_fischer (<= 100M)", cases, {99, 100 * M}, cases.size(), all_cores());
}

// ---------------------------------------------------------------------------
// Divide

namespace {

std::map<std::string, std::uint64_t> divide_by_uci(Position& pos, int depth) {
    std::map<std::string, std::uint64_t> result;
    for (auto [move, nodes] : perft_divide(pos, depth)) result[move_to_uci(pos, move)] = nodes;
    return result;
}

}  // namespace

TEST_CASE("Divide of the start position at depth 3 matches the published split", "[divide]") {
    TestGame game;
    std::map<std::string, std::uint64_t> expected = {
        {"a2a3", 380}, {"b2b3", 420}, {"c2c3", 420}, {"d2d3", 539}, {"e2e3", 599}, {"f2f3", 380}, {"g2g3", 420},
        {"h2h3", 380}, {"a2a4", 420}, {"b2b4", 421}, {"c2c4", 441}, {"d2d4", 560}, {"e2e4", 600}, {"f2f4", 401},
        {"g2g4", 421}, {"h2h4", 420}, {"b1a3", 400}, {"b1c3", 440}, {"g1f3", 440}, {"g1h3", 400}};
    CHECK(divide_by_uci(game.pos(), 3) == expected);
}

TEST_CASE("Divide of Kiwipete at depth 2 gives the known counts for castling and captures", "[divide]") {
    TestGame game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    auto divide = divide_by_uci(game.pos(), 2);
    CHECK(divide.size() == 48);
    CHECK(divide["e1g1"] == 43);
    CHECK(divide["e1c1"] == 43);
    CHECK(divide["d5e6"] == 46);
    CHECK(divide["g2h3"] == 43);
    CHECK(divide["e2a6"] == 36);
    CHECK(divide["c3b5"] == 39);
    CHECK(divide["f3f6"] == 39);
}

TEST_CASE("Divide of CPW position 3 at depth 3 gives the known split", "[divide]") {
    TestGame game("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    std::map<std::string, std::uint64_t> expected = {
        {"e2e3", 205}, {"g2g3", 54}, {"a5a6", 240}, {"e2e4", 177}, {"g2g4", 226}, {"b4b1", 265}, {"b4b2", 205},
        {"b4b3", 248}, {"b4a4", 202}, {"b4c4", 254}, {"b4d4", 243}, {"b4e4", 228}, {"b4f4", 41}, {"a5a4", 224}};
    CHECK(divide_by_uci(game.pos(), 3) == expected);
}

TEST_CASE("Divide sums to perft and each entry is the perft of its child", "[divide]") {
    std::vector<PerftCase> cases = load_epd_perft("perft/ethereal_standard.epd");
    for (const PerftCase& c : load_tricky_cases()) cases.push_back(c);
    for (const PerftCase& c : every_nth(fischer_sample(), 10)) cases.push_back(c);
    Failures failures;
    for (const PerftCase& c : cases) {
        TestGame game(c.fen, c.chess960);
        Position& pos = game.pos();
        const std::string before = pos.fen();
        std::uint64_t sum = 0;
        auto divide = perft_divide(pos, 3);
        for (auto [move, nodes] : divide) {
            sum += nodes;
            game.play(move);
            std::uint64_t child = perft(pos, 2);
            game.undo();
            if (child != nodes)
                failures.add(c.name + " " + move_to_uci(pos, move) + ": divide " + std::to_string(nodes) +
                             ", perft of child " + std::to_string(child));
        }
        // Two Ethereal lines start at D4 or D5; perft itself stands in for the missing count.
        std::uint64_t expected = c.counts.contains(3) ? c.counts.at(3) : perft(pos, 3);
        if (sum != expected) failures.add(c.name + ": divide sums to " + std::to_string(sum));
        if (divide.size() != perft(pos, 1)) failures.add(c.name + ": divide has " + std::to_string(divide.size()) + " moves");
        if (pos.fen() != before) failures.add(c.name + ": divide changed the position to " + pos.fen());
    }
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Perft and divide of depth 0 are the trivial cases", "[divide]") {
    TestGame game;
    CHECK(perft(game.pos(), 0) == 1);
    CHECK(perft_divide(game.pos(), 0).empty());
    CHECK(perft(game.pos(), 1) == 20);
}
