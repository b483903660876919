#include "protocol/play_flags.h"

#include <cstdlib>

#include "core/text.h"

namespace augur {

const std::string_view PLAY_FLAGS_HELP =
    "  -resign movecount=N score=CP\n"
    "                        a player whose score was <= -CP for N moves in a row loses\n"
    "  -draw movenumber=N movecount=N score=CP\n"
    "                        from move N on, a draw once both scores were within CP for N moves each\n"
    "  -concurrency N        games at once, each on its own thread (default 1)\n"
    "  -variant standard|fischerandom\n"
    "                        fischerandom reads the openings as Chess960\n"
    "  -tb PATHS             adjudicate by the Syzygy tables in PATHS (directories\n"
    "                        separated by ':'): a position after a move that they hold\n"
    "                        ends the game with their result; in-process engines may set\n"
    "                        SyzygyPath only to the same PATHS\n"
    "  -tbpieces N           only positions of at most N pieces (default: the largest\n"
    "                        the tables hold)\n"
    "  -tbadjudicate WIN_LOSS|DRAW|BOTH\n"
    "                        the results the tables may end a game with (default BOTH)\n"
    "  -tbignore50           a win the fifty-move rule would draw counts as a win (and\n"
    "                        such a loss as a loss); by default both are draws\n";

namespace {

// The smallest -tbpieces: fewer pieces are two bare kings.
constexpr int MIN_TABLEBASE_PIECES = 3;
constexpr int MAX_CONCURRENCY = 256;
// The largest count or score the adjudication rules take.
constexpr double MAX_RULE_NUMBER = 1e6;

bool starts_flag(const std::string& word) {
    return word.size() > 1 && word[0] == '-' && word.find('=') == std::string::npos;
}

std::string bad_value(const std::string& key, const std::string& value, const std::string& expected) {
    return key + "=" + printable(value) + ": " + expected;
}

std::string read_openings(const std::vector<std::string>& words, PlayFlags& flags) {
    for (const std::string& word : words) {
        auto setting = split_setting(word);
        if (!setting) return "expected key=value, got '" + printable(word) + "'";
        const auto& [key, value] = *setting;
        if (key == "file") flags.openings_file = value;
        else if (key == "format" && (value == "epd" || value == "pgn"))
            flags.openings_format = value == "pgn" ? play::OpeningFormat::Pgn : play::OpeningFormat::Epd;
        else if (key == "format") return bad_value(key, value, "expects epd or pgn");
        else if (key == "order" && (value == "random" || value == "sequential"))
            flags.opening_order = value == "random" ? play::OpeningOrder::Random : play::OpeningOrder::Sequential;
        else if (key == "order") return bad_value(key, value, "expects random or sequential");
        else if (key == "plies" && parse_integer<int>(value, 0)) flags.opening_plies = *parse_integer<int>(value, 0);
        else if (key == "plies") return bad_value(key, value, "expects a whole number");
        else if (key == "start" && parse_integer<std::size_t>(value, 1))
            flags.opening_start = *parse_integer<std::size_t>(value, 1) - 1;
        else if (key == "start") return bad_value(key, value, "expects a whole number from 1 up");
        else return "unknown setting '" + printable(key) + "'";
    }
    if (flags.openings_file.empty()) return "needs file=";
    return {};
}

bool whole(double value, double min) { return value >= min && value <= MAX_RULE_NUMBER && value == double(int(value)); }

std::string read_resign(const std::vector<std::string>& words, play::ResignRule& rule) {
    double count = 0, score = 0;
    if (std::string error = read_numbers(words, {{"movecount", &count}, {"score", &score}}); !error.empty())
        return error;
    if (!whole(count, 1) || !whole(score, 0)) return "movecount and score must be whole numbers, movecount at least 1";
    rule = {true, int(count), int(score)};
    return {};
}

std::string read_draw(const std::vector<std::string>& words, play::DrawRule& rule) {
    double number = 0, count = 0, score = 0;
    if (std::string error = read_numbers(words, {{"movenumber", &number}, {"movecount", &count}, {"score", &score}});
        !error.empty())
        return error;
    if (!whole(number, 0) || !whole(count, 1) || !whole(score, 0))
        return "movenumber, movecount and score must be whole numbers, movecount at least 1";
    rule = {true, int(number), int(count), int(score)};
    return {};
}

std::string read_variant(const Flag& flag, bool& chess960) {
    if (flag.words.size() != 1 || (flag.words[0] != "standard" && flag.words[0] != "fischerandom"))
        return "expects standard or fischerandom";
    chess960 = flag.words[0] == "fischerandom";
    return {};
}

std::string read_seed(const Flag& flag, std::uint64_t& seed) {
    std::optional<std::uint64_t> parsed;
    if (flag.words.size() != 1 || !(parsed = parse_integer<std::uint64_t>(flag.words[0], 0)))
        return "expects one whole number";
    seed = *parsed;
    return {};
}

bool is_tablebase_flag(const std::string& name) {
    return name == "-tb" || name == "-tbpieces" || name == "-tbadjudicate" || name == "-tbignore50";
}

std::optional<play::TablebaseResults> results_named(const std::string& word) {
    if (word == "WIN_LOSS") return play::TablebaseResults::WinLoss;
    if (word == "DRAW") return play::TablebaseResults::Draw;
    if (word == "BOTH") return play::TablebaseResults::Both;
    return std::nullopt;
}

std::string read_tablebase_flag(const Flag& flag, TablebaseFlags& flags) {
    const std::string& name = flag.name;
    flags.given.push_back(name);
    if (name == "-tbignore50") {
        flags.ignore_rule50 = true;
        return flag.words.empty() ? "" : "takes no value";
    }
    const bool one_word = flag.words.size() == 1 && !flag.words[0].empty();
    const std::string word = one_word ? flag.words[0] : "";
    if (name == "-tb") {
        if (!one_word) return "expects one list of directories separated by ':'";
        flags.paths = word;
    } else if (name == "-tbpieces") {
        auto pieces = parse_integer<int>(word, MIN_TABLEBASE_PIECES);
        if (!one_word || !pieces)
            return "expects a whole number from " + std::to_string(MIN_TABLEBASE_PIECES) + " up" +
                   (one_word ? ", not '" + printable(word) + "'" : "");
        flags.pieces = *pieces;
    } else {
        flags.results = results_named(word);
        if (!flags.results) return "expects WIN_LOSS, DRAW or BOTH" + (one_word ? ", not '" + printable(word) + "'" : "");
    }
    return {};
}

std::string load_tablebases(const TablebaseFlags& flags, play::TablebaseRule& rule) {
    if (flags.paths.empty()) return flags.given.empty() ? "" : flags.given.front() + ": needs -tb PATHS";
    if (auto error = syzygy::load(flags.paths, rule.tables)) return "-tb: " + *error;
    if (flags.pieces > rule.tables.max_pieces)
        return "-tbpieces: the tables in '" + flags.paths + "' hold at most " + std::to_string(rule.tables.max_pieces) +
               " pieces, not " + std::to_string(flags.pieces);
    rule.max_pieces = flags.pieces;
    rule.results = flags.results.value_or(play::TablebaseResults::Both);
    rule.ignore_rule50 = flags.ignore_rule50;
    return {};
}

}  // namespace

std::vector<Flag> split_flags(const std::vector<std::string>& args, std::string* error) {
    std::vector<Flag> flags;
    for (const std::string& word : args) {
        if (starts_flag(word)) flags.push_back({word, {}});
        else if (flags.empty()) {
            *error = "expected a flag (starting with '-') before '" + printable(word) + "'";
            return {};
        } else flags.back().words.push_back(word);
    }
    return flags;
}

std::optional<double> parse_real(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
    return value;
}

std::string read_one_integer(const Flag& flag, int min, int max, int& value) {
    std::optional<int> parsed;
    if (flag.words.size() != 1 || !(parsed = parse_integer<int>(flag.words[0], min, max)))
        return "expects one whole number from " + std::to_string(min) +
               (max < std::numeric_limits<int>::max() ? " to " + std::to_string(max) : " up");
    value = *parsed;
    return {};
}

std::optional<std::pair<std::string, std::string>> split_setting(const std::string& word) {
    std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    return std::pair{word.substr(0, eq), word.substr(eq + 1)};
}

std::string unknown_search_param(const std::string& name) {
    return "unknown search parameter '" + printable(name) +
           "' (see lib/search/search_params.table and time_params.table)";
}

std::string read_numbers(const std::vector<std::string>& words,
                         const std::vector<std::pair<std::string, double*>>& fields) {
    std::vector<bool> seen(fields.size());
    for (const std::string& word : words) {
        auto setting = split_setting(word);
        if (!setting) return "expected key=value, got '" + printable(word) + "'";
        const auto& [key, value] = *setting;
        if (key == "model" && value == "normalized") continue;  // the one model, named as fastchess names it
        std::size_t i = 0;
        while (i < fields.size() && fields[i].first != key) ++i;
        if (i == fields.size()) return "unknown setting '" + printable(key) + "'";
        auto number = parse_real(value);
        if (!number) return bad_value(key, value, "expects a number");
        *fields[i].second = *number;
        seen[i] = true;
    }
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (!seen[i]) return "needs " + fields[i].first + "=";
    return {};
}

bool read_engine_option(const std::string& word, std::vector<play::OptionSetting>& options, std::string& error) {
    constexpr std::string_view PREFIX = "option.";
    if (word.rfind(PREFIX, 0) != 0) return false;
    auto setting = split_setting(word.substr(PREFIX.size()));
    if (!setting) error = "expected option.NAME=VALUE, got '" + printable(word) + "'";
    else options.push_back(*setting);
    return true;
}

bool read_play_flag(const Flag& flag, PlayFlags& flags, std::string& error) {
    const std::string& n = flag.name;
    if (n == "-openings") error = read_openings(flag.words, flags);
    else if (n == "-resign") error = read_resign(flag.words, flags.adjudication.resign);
    else if (n == "-draw") error = read_draw(flag.words, flags.adjudication.draw);
    else if (n == "-concurrency") error = read_one_integer(flag, 1, MAX_CONCURRENCY, flags.concurrency);
    else if (n == "-seed") error = read_seed(flag, flags.seed);
    else if (n == "-variant") error = read_variant(flag, flags.chess960);
    else if (is_tablebase_flag(n)) error = read_tablebase_flag(flag, flags.tablebase);
    else return false;
    return true;
}

std::string load_play_flags(PlayFlags& flags, std::vector<play::Opening>& openings) {
    if (!flags.openings_file.empty()) {
        play::OpeningFormat format = flags.openings_format.value_or(play::format_for_path(flags.openings_file));
        auto loaded = play::load_openings(flags.openings_file, format, flags.opening_plies, flags.chess960);
        if (!loaded.error.empty()) return "-openings: " + loaded.error;
        openings = std::move(loaded.openings);
    }
    return load_tablebases(flags.tablebase, flags.adjudication.tablebase);
}

}  // namespace augur
