#include "protocol/play_flags.h"

#include <charconv>

#include "core/text.h"

namespace augur {

const std::string_view TABLEBASE_FLAGS_HELP =
    "  -tb PATHS             adjudicate by the Syzygy tables in PATHS (directories\n"
    "                        separated by ':'): a position after a move that they hold\n"
    "                        ends the game with their result\n"
    "  -tbpieces N           only positions of at most N pieces (default: the largest\n"
    "                        the tables hold)\n"
    "  -tbadjudicate WIN_LOSS|DRAW|BOTH\n"
    "                        the results the tables may end a game with (default BOTH)\n"
    "  -tbignore50           a win the fifty-move rule would draw counts as a win (and\n"
    "                        such a loss as a loss); by default both are draws\n";

namespace {

// The smallest -tbpieces: fewer pieces are two bare kings.
constexpr int MIN_TABLEBASE_PIECES = 3;

std::optional<play::TablebaseResults> results_named(const std::string& word) {
    if (word == "WIN_LOSS") return play::TablebaseResults::WinLoss;
    if (word == "DRAW") return play::TablebaseResults::Draw;
    if (word == "BOTH") return play::TablebaseResults::Both;
    return std::nullopt;
}

}  // namespace

bool read_tablebase_flag(const Flag& flag, TablebaseFlags& flags, std::string& error) {
    const std::string& name = flag.name;
    if (name != "-tb" && name != "-tbpieces" && name != "-tbadjudicate" && name != "-tbignore50") return false;
    flags.given.push_back(name);
    if (name == "-tbignore50") {
        if (!flag.words.empty()) error = "takes no value";
        flags.ignore_rule50 = true;
        return true;
    }
    if (flag.words.size() != 1) {
        error = name == "-tb" ? "expects one list of directories separated by ':'"
              : name == "-tbpieces" ? "expects one whole number"
                                    : "expects WIN_LOSS, DRAW or BOTH";
        return true;
    }
    const std::string& word = flag.words[0];
    if (name == "-tb") {
        flags.paths = word;
        if (word.empty()) error = "expects one list of directories separated by ':'";
    } else if (name == "-tbpieces") {
        int pieces = 0;
        auto [end, status] = std::from_chars(word.data(), word.data() + word.size(), pieces);
        if (status != std::errc{} || end != word.data() + word.size() || pieces < MIN_TABLEBASE_PIECES)
            error = "expects a whole number from " + std::to_string(MIN_TABLEBASE_PIECES) + " up, not '" +
                    printable(word) + "'";
        else flags.pieces = pieces;
    } else {
        flags.results = results_named(word);
        if (!flags.results) error = "expects WIN_LOSS, DRAW or BOTH, not '" + printable(word) + "'";
    }
    return true;
}

std::string apply_tablebase_flags(const TablebaseFlags& flags, play::TablebaseRule& rule) {
    if (flags.paths.empty()) {
        if (!flags.given.empty()) return flags.given.front() + ": needs -tb PATHS";
        return {};
    }
    if (auto error = syzygy::load(flags.paths, rule.tables)) return "-tb: " + *error;
    if (flags.pieces > rule.tables.max_pieces)
        return "-tbpieces: the tables in '" + flags.paths + "' hold at most " + std::to_string(rule.tables.max_pieces) +
               " pieces, not " + std::to_string(flags.pieces);
    rule.max_pieces = flags.pieces;
    rule.results = flags.results.value_or(play::TablebaseResults::Both);
    rule.ignore_rule50 = flags.ignore_rule50;
    return {};
}

}  // namespace augur
