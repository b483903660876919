// move_accuracy: a benchmark of endgame technique, not a test. Searches every
// position of a list of tablebase wins with a node limit on a freshly cleared
// engine that has no tables, and asks the Syzygy tables whether the move found
// keeps the win (move_judge.h: the WDL tables, the fifty-move counter taken as
// zero). Steadier than play-outs: one search per position, and node limits make
// the counts a pure function of the engine and its options.
//
//     move_accuracy POSITIONS [--tables DIR] [--nodes N] [--hash MB]
//                   [--option Name=value]... [--param name=value]... [--verbose]
//
// POSITIONS has one position a line: a FEN (four fields or six), optionally
// followed by EPD operations of which `id "..."` names it (otherwise "line N");
// '#' starts a comment. "-" reads standard input, e.g. the output of long_wins.
// Lines that cannot be read, positions the tables do not hold and positions not
// won for the side to move are reported on stderr and skipped. The default
// tables are $AUGUR_SHARED_DATA/tablebases/syzygy, the default node limit
// 100000. Output: one line per material class (the side to move's pieces
// first),
//     KRvKN  positions 300  kept 269  nearer 201  lost 31: id id ...
// then the totals. "nearer" counts the kept wins whose move also brought the
// next zeroing move nearer (move_judge.h, the DTZ tables): the measure of
// progress in endings such as KQvKR, where nearly every move keeps the win and
// the fifty-move rule draws a game that makes none.
//
// Example: the 300 KRvKN positions of tests/data/endgame, then the 100 longest
// KRvKN wins that long_wins draws from seed 1 (it prints each twice, the second
// time with the colours swapped; awk keeps the first):
//     build/tests/endgame/move_accuracy tests/data/endgame/krkn_tablebase_lines.fen
//     build/tests/endgame/long_wins tests/data/tablebases/syzygy KRvKN 100 1 2>/dev/null |
//         awk 'NR % 2' | build/tests/endgame/move_accuracy -
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "../bench/engine_flags.h"
#include "engine/engine.h"
#include "move_judge.h"

namespace {

using namespace augur;

struct Entry {
    std::string fen;
    std::string id;
};

struct ClassTally {
    int positions = 0;
    int kept = 0;
    int nearer = 0;  // kept, and the next zeroing move nearer
    std::vector<std::string> lost_ids;
};

[[noreturn]] void usage(const std::string& message) {
    if (!message.empty()) std::cerr << "move_accuracy: " << message << "\n";
    std::cerr << "usage: move_accuracy POSITIONS|- [--tables DIR] [--nodes N] [--hash MB] "
                 "[--option Name=value]... [--param name=value]... [--verbose]\n";
    std::exit(2);
}

bool is_number(std::string_view word) {
    return !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
}

// One line of the list: the FEN's four board fields (and the two counters when
// present) and the id operand. False for blank lines and comments.
bool parse_line(const std::string& line, int line_number, Entry& entry) {
    std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') return false;
    std::vector<std::string> words;
    std::size_t pos = first;
    while (words.size() < 6) {
        pos = line.find_first_not_of(" \t\r", pos);
        if (pos == std::string::npos) break;
        std::size_t end = line.find_first_of(" \t\r;", pos);
        if (end == pos) break;  // an operation's ';'
        if (end == std::string::npos) end = line.size();
        std::string word = line.substr(pos, end - pos);
        if (words.size() >= 4 && !is_number(word)) break;
        words.push_back(std::move(word));
        pos = end;
    }
    entry.fen.clear();
    for (const std::string& w : words) entry.fen += (entry.fen.empty() ? "" : " ") + w;
    entry.id = "line " + std::to_string(line_number);
    if (std::size_t id = line.find("id \"", pos == std::string::npos ? line.size() : pos); id != std::string::npos) {
        std::size_t close = line.find('"', id + 4);
        if (close != std::string::npos) entry.id = line.substr(id + 4, close - id - 4);
    }
    return true;
}

std::vector<Entry> read_entries(std::istream& in) {
    std::vector<Entry> entries;
    int line_number = 0;
    for (std::string line; std::getline(in, line);) {
        Entry entry;
        if (parse_line(line, ++line_number, entry)) entries.push_back(std::move(entry));
    }
    return entries;
}

struct Settings {
    std::string path;  // "-": standard input
    std::string tables_dir = endgame::default_tables_dir();
    std::uint64_t nodes = 100000;
    bool verbose = false;
    bench::EngineFlags engine_flags;
};

// The value after args[i], which it skips.
std::string_view flag_value(const std::vector<std::string_view>& args, std::size_t& i) {
    if (i + 1 >= args.size()) usage(std::string(args[i]) + " needs a value");
    return args[++i];
}

std::uint64_t node_limit(std::string_view text) {
    auto count = bench::parse_positive(text);
    if (!count) usage("--nodes needs a positive whole number, not '" + std::string(text) + "'");
    return *count;
}

Settings read_arguments(const std::vector<std::string_view>& args) {
    Settings settings;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view flag = args[i];
        if (flag == "--verbose" || flag == "-v") settings.verbose = true;
        else if (flag == "--help" || flag == "-h") usage("");
        else if (flag == "--nodes") settings.nodes = node_limit(flag_value(args, i));
        else if (flag == "--tables") settings.tables_dir = flag_value(args, i);
        else if (bench::EngineFlags::is_engine_flag(flag)) {
            if (auto err = settings.engine_flags.take(flag, flag_value(args, i))) usage(*err);
        } else if (flag.starts_with("-") && flag != "-") usage("unknown flag " + std::string(flag));
        else if (settings.path.empty()) settings.path = flag;
        else usage("more than one position list given");
    }
    if (settings.path.empty()) usage("no position list given");
    for (const auto& [name, value] : settings.engine_flags.options)
        if (name == "SyzygyPath") usage("the engine searches without tables: --option SyzygyPath is refused");
    return settings;
}

}  // namespace

int main(int argc, char** argv) {
    const Settings settings = read_arguments(std::vector<std::string_view>(argv + 1, argv + argc));
    const std::string& path = settings.path;
    const std::uint64_t nodes = settings.nodes;

    std::vector<Entry> entries;
    if (path == "-") {
        entries = read_entries(std::cin);
    } else {
        std::ifstream in(path);
        if (!in) {
            std::cerr << "move_accuracy: cannot open " << path << "\n";
            return 2;
        }
        entries = read_entries(in);
    }
    syzygy::TableHandle tables;
    if (auto err = syzygy::load(settings.tables_dir, tables)) {
        std::cerr << "move_accuracy: " << *err << "\n";
        return 2;
    }
    Engine engine;  // SyzygyPath stays empty: the engine never probes the tables loaded here
    if (auto err = settings.engine_flags.apply(engine)) usage(*err);

    std::map<std::string, ClassTally> tally;
    for (const Entry& entry : entries) {
        auto created = Game::from_fen(entry.fen);
        if (!created.game) {
            std::cerr << entry.id << ": bad FEN '" << entry.fen << "': " << created.error << ", skipped\n";
            continue;
        }
        Game& game = *created.game;
        if (auto why = endgame::not_judgeable(tables, game.position())) {
            std::cerr << entry.id << ": " << endgame::verdict_name(*why) << ", skipped\n";
            continue;
        }
        engine.new_game();
        SearchLimits limits;
        limits.nodes = nodes;
        SearchResult result = engine.search(game, limits);
        if (!result.best_move) {
            std::cerr << entry.id << ": no legal move, skipped\n";
            continue;
        }
        Position& pos = game.position();
        const std::string move = move_to_san(pos, result.best_move);
        endgame::Verdict verdict = endgame::judge_move(tables, pos, result.best_move);
        if (verdict == endgame::Verdict::NotInTables) {  // the tables hold the root, not this move's result
            std::cerr << entry.id << ": " << move << " leads out of the tables, skipped\n";
            continue;
        }
        ClassTally& t = tally[endgame::material_class(pos)];
        ++t.positions;
        if (verdict == endgame::Verdict::Kept) {
            ++t.kept;
            t.nearer += endgame::brings_zeroing_nearer(tables, pos, result.best_move).value_or(false);
        } else {
            t.lost_ids.push_back(entry.id);
        }
        if (settings.verbose)
            std::cout << endgame::verdict_name(verdict) << "  " << entry.id << "  " << move << "  score "
                      << result.score << "\n";
    }

    int positions = 0, kept = 0, nearer = 0;
    for (const auto& [name, t] : tally) {
        std::cout << name << "  positions " << t.positions << "  kept " << t.kept << "  nearer " << t.nearer
                  << "  lost "
                  << t.lost_ids.size() << (t.lost_ids.empty() ? "" : ":");
        for (const std::string& id : t.lost_ids) std::cout << " " << id;
        std::cout << "\n";
        positions += t.positions;
        kept += t.kept;
        nearer += t.nearer;
    }
    std::printf("kept the win in %d of %d positions at %llu nodes\n", kept, positions, (unsigned long long)nodes);
    std::printf("brought the next zeroing move nearer in %d of them\n", nearer);
    return 0;
}
