// wac_bench: a tactical benchmark, not a test. Searches every position of an
// EPD suite (by default Win At Chess with Arasan's revised solutions) with a
// node limit on a freshly cleared engine, and counts the positions where the
// move found is one of the "bm" moves and none of the "am" moves.
//
//     wac_bench [suite.epd] [--nodes N] [--hash MB] [--option Name=value]...
//               [--param name=value]... [--limit K] [--verbose]
//
// The default suite is $AUGUR_SHARED_DATA/tactical/wac_arasan_revised.epd; the
// default node limit is 200000. Each failure prints its id, the move found and
// the expected moves (--param sets a number of lib/search/search_params.table,
// e.g. a candidate of `augur tune`); the last line reads
//     solved X/Y at N nodes, total time T s, nps R
// Node limits make the solved count a pure function of the engine and its
// options (see docs/ARCHITECTURE.md, "Determinism"); the time and nps are for humans.
//
// Example, with and without null move:
//     AUGUR_SHARED_DATA=tests/data build/tests/bench/wac_bench --nodes 1000000
//     build/tests/bench/wac_bench --option NullMove=false
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "engine_flags.h"

namespace {

using namespace augur;

struct EpdEntry {
    int line = 0;
    std::string fen;                 // the four board fields
    std::string id;                  // "id" operand, or "line N"
    std::vector<std::string> best;   // "bm" operands (SAN)
    std::vector<std::string> avoid;  // "am" operands (SAN)
};

std::string trim(std::string_view s) {
    std::size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) return {};
    std::size_t e = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(b, e - b + 1));
}

std::vector<std::string> split_words(std::string_view s) {
    std::istringstream in{std::string(s)};
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// Splits the operations part of an EPD line at semicolons outside quotes.
std::vector<std::string> split_operations(std::string_view ops) {
    std::vector<std::string> result;
    std::string current;
    bool quoted = false;
    for (char c : ops) {
        if (c == '"') quoted = !quoted;
        if (c == ';' && !quoted) {
            if (auto t = trim(current); !t.empty()) result.push_back(t);
            current.clear();
        } else {
            current += c;
        }
    }
    if (auto t = trim(current); !t.empty()) result.push_back(t);
    return result;
}

bool parse_epd_line(const std::string& text, int line_number, EpdEntry& entry) {
    std::string line = trim(text);
    if (line.empty() || line[0] == '#') return false;
    // The first four space-separated fields are the position.
    std::size_t pos = 0;
    for (int field = 0; field < 4; ++field) {
        pos = line.find_first_not_of(' ', pos);
        if (pos == std::string::npos) return false;
        pos = line.find(' ', pos);
        if (pos == std::string::npos) {
            if (field < 3) return false;
            pos = line.size();
        }
    }
    entry = EpdEntry{};
    entry.line = line_number;
    entry.fen = line.substr(0, pos);
    entry.id = "line " + std::to_string(line_number);
    for (const std::string& op : split_operations(std::string_view(line).substr(pos))) {
        std::size_t space = op.find(' ');
        std::string opcode = op.substr(0, space);
        std::string operand = space == std::string::npos ? "" : trim(op.substr(space + 1));
        if (opcode == "bm") entry.best = split_words(operand);
        else if (opcode == "am") entry.avoid = split_words(operand);
        else if (opcode == "id") {
            if (operand.size() >= 2 && operand.front() == '"' && operand.back() == '"')
                operand = operand.substr(1, operand.size() - 2);
            entry.id = operand;
        }
    }
    return true;
}

std::string default_suite() {
    const char* dir = std::getenv("AUGUR_SHARED_DATA");
    return std::string(dir ? dir : "tests/data") + "/tactical/wac_arasan_revised.epd";
}

[[noreturn]] void usage(const std::string& message) {
    if (!message.empty()) std::cerr << "wac_bench: " << message << "\n";
    std::cerr << "usage: wac_bench [suite.epd] [--nodes N] [--hash MB] [--option Name=value]... "
                 "[--param name=value]... [--limit K] [--verbose]\n";
    std::exit(2);
}

std::uint64_t parse_count(std::string_view flag, std::string_view text) {
    auto value = bench::parse_positive(text);
    if (!value) usage(std::string(flag) + " needs a positive whole number, not '" + std::string(text) + "'");
    return *value;
}

// A list of SAN moves resolved in pos; unparsable entries are reported once.
std::vector<Move> resolve_moves(const Position& pos, const EpdEntry& entry, const std::vector<std::string>& sans,
                                const char* opcode) {
    std::vector<Move> moves;
    for (const std::string& san : sans) {
        std::string error;
        Move m = parse_san_move(pos, san, &error);
        if (m) moves.push_back(m);
        else std::cerr << entry.id << ": cannot read " << opcode << " '" << san << "': " << error << "\n";
    }
    return moves;
}

std::string join(const std::vector<std::string>& words) {
    std::string s;
    for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    std::string path;
    std::uint64_t nodes = 200000;
    std::uint64_t limit = 0;
    bool verbose = false;
    bench::EngineFlags engine_flags;

    std::vector<std::string_view> args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view a = args[i];
        auto value = [&]() -> std::string_view {
            if (i + 1 >= args.size()) usage(std::string(a) + " needs a value");
            return args[++i];
        };
        if (a == "--nodes") nodes = parse_count(a, value());
        else if (a == "--limit") limit = parse_count(a, value());
        else if (bench::EngineFlags::is_engine_flag(a)) {
            if (auto err = engine_flags.take(a, value())) usage(*err);
        } else if (a == "--verbose" || a == "-v") verbose = true;
        else if (a == "--help" || a == "-h") usage("");
        else if (a.starts_with("-")) usage("unknown flag " + std::string(a));
        else if (path.empty()) path = a;
        else usage("more than one suite given");
    }
    if (path.empty()) path = default_suite();

    std::ifstream in(path);
    if (!in) {
        std::cerr << "wac_bench: cannot open " << path << "\n";
        return 2;
    }
    std::vector<EpdEntry> entries;
    int line_number = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_number;
        EpdEntry entry;
        if (parse_epd_line(line, line_number, entry)) entries.push_back(std::move(entry));
        if (limit && entries.size() >= limit) break;
    }

    Engine engine;
    if (auto err = engine_flags.apply(engine)) usage(*err);

    std::size_t solved = 0, counted = 0;
    std::uint64_t total_nodes = 0;
    auto start = std::chrono::steady_clock::now();
    for (const EpdEntry& entry : entries) {
        auto created = Game::from_fen(entry.fen);
        if (!created.game) {
            std::cerr << entry.id << ": bad FEN: " << created.error << "\n";
            continue;
        }
        Game& game = *created.game;
        std::vector<Move> best = resolve_moves(game.position(), entry, entry.best, "bm");
        std::vector<Move> avoid = resolve_moves(game.position(), entry, entry.avoid, "am");
        if (best.empty() && avoid.empty()) {
            std::cerr << entry.id << ": no bm or am, skipped\n";
            continue;
        }
        ++counted;

        engine.new_game();
        SearchLimits limits;
        limits.nodes = nodes;
        SearchResult result = engine.search(game, limits);
        total_nodes += result.stats.nodes;

        Move found = result.best_move;
        bool ok = found && (best.empty() || std::find(best.begin(), best.end(), found) != best.end()) &&
                  std::find(avoid.begin(), avoid.end(), found) == avoid.end();
        solved += ok;
        std::string found_san = found ? move_to_san(game.position(), found) : "(none)";
        if (!ok || verbose) {
            std::cout << (ok ? "ok    " : "FAIL  ") << entry.id << "  found " << found_san;
            if (!entry.best.empty()) std::cout << "  bm " << join(entry.best);
            if (!entry.avoid.empty()) std::cout << "  am " << join(entry.avoid);
            std::cout << "  depth " << result.depth << "  score " << result.score << "\n";
        }
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::uint64_t nps = seconds > 0 ? std::uint64_t(double(total_nodes) / seconds) : 0;
    std::printf("solved %zu/%zu at %llu nodes, total time %.2f s, nps %llu\n", solved, counted,
                (unsigned long long)nodes, seconds, (unsigned long long)nps);
    return 0;
}
