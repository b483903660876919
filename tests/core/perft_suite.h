// Loading perft suites and running them within a node budget.
//
// Two file formats occur in the shared data:
//   EPD:          "<FEN> ;D1 20 ;D2 400"  or  "<FEN>; D1 20; D2 400"  (4- or 6-field FEN)
//   python-chess: blocks of "id NAME", "epd <4-field FEN>", "perft N COUNT" lines.
// Lines that are blank or start with '#' are ignored in both.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace augur::test {

struct PerftCase {
    std::string name;  // "file:line" or the python-chess id, for failure messages
    std::string fen;
    bool chess960 = false;
    std::map<int, std::uint64_t> counts;  // depth -> expected leaf count
};

// Parses one EPD perft line; throws std::invalid_argument if it is malformed.
PerftCase parse_epd_perft_line(std::string_view line);

// Relative paths are resolved under $AUGUR_SHARED_DATA.
std::vector<PerftCase> load_epd_perft(std::string_view relative_path, bool chess960 = false);
std::vector<PerftCase> load_python_chess_perft(std::string_view relative_path);
// Parses python-chess perft text (the file loader's core, exposed for its tests).
std::vector<PerftCase> parse_python_chess_perft(const std::vector<std::string>& lines);

// python-chess's tricky.perft, with Chess960 set for its X-FEN cases.
std::vector<PerftCase> load_tricky_cases();
// Every case of every perft file in the shared data (about 8,400 positions):
// the position pool of the FEN, move generation and notation tests.
std::vector<PerftCase> load_all_suite_cases();

// Every n-th case, starting with the first: a deterministic sample.
std::vector<PerftCase> every_nth(const std::vector<PerftCase>& cases, std::size_t n);

// Which expected counts a run checks.
struct PerftBudget {
    int max_depth = 99;
    std::uint64_t max_nodes = UINT64_MAX;  // skip counts larger than this
    bool all_depths = false;               // check every depth in budget, not only the deepest
};

// The (depth, count) pairs of c that the budget selects, shallowest first.
std::vector<std::pair<int, std::uint64_t>> selected_counts(const PerftCase& c, const PerftBudget& budget);

struct PerftRun {
    std::size_t cases = 0;          // cases with at least one selected count
    std::size_t counts = 0;         // counts checked
    std::size_t total_counts = 0;   // counts present in the cases
    std::uint64_t nodes = 0;        // leaf nodes visited
    std::vector<std::string> failures;
};

// Runs perft for the selected counts of every case, on `threads` threads (the
// deep runs use every core). Positions that fail to parse and wrong counts are
// reported as failures in case order, never thrown.
PerftRun run_perft_suite(const std::vector<PerftCase>& cases, const PerftBudget& budget, unsigned threads = 1);

// One line for the test log: "name: 128 positions, 384 counts, 394753266 nodes".
std::string describe_run(std::string_view name, const PerftRun& run);

}  // namespace augur::test
