#include "protocol/datagen_command.h"

#include <chrono>
#include <fstream>
#include <optional>
#include <string_view>

#include "protocol/play_flags.h"
#include "protocol/tokens.h"
#include "training/datagen.h"
#include "training/training_stats.h"

namespace augur {

namespace {

constexpr int EXIT_OK = 0;
constexpr int EXIT_ERROR = 1;

// How often the progress line is printed while games run.
constexpr auto PROGRESS_INTERVAL = std::chrono::seconds(5);

constexpr std::string_view DATAGEN_HELP =
    "usage: augur datagen -output FILE (-games N | -positions N) [flags]\n"
    "       augur datagen --stats FILE\n"
    "\n"
    "Plays the engine against itself and writes every searched position with its\n"
    "score (side to move's view), the move played and the game's result to FILE in\n"
    "the training data format (docs/DATAFORMAT.md).\n"
    "\n"
    "  -output FILE         the file to write (replaced if it exists)\n"
    "  -games N             stop after N games\n"
    "  -positions N         stop after N positions (the last game is cut)\n"
    "  -nodes N             soft node limit per move: no new iteration after N nodes\n"
    "                       (default 5000; a move stops at 10 N nodes at most)\n"
    "  -randomplies N       random legal moves before the engines play (default 8)\n"
    "  -openingscore CP     discard openings whose first search scores beyond +/-CP\n"
    "                       (default 400)\n"
    "  -openings file=F [format=epd|pgn] [plies=N]\n"
    "                       start from a random position of F (EPD, or the first N\n"
    "                       moves of each PGN game) instead of the start position;\n"
    "                       the random plies follow it\n"
    "  -variant standard|fischerandom\n"
    "                       read the openings' castling rights as Chess960\n"
    "  -resign movecount=N score=CP\n"
    "                       a side whose score was <= -CP for N moves loses\n"
    "  -draw movenumber=N movecount=N score=CP\n"
    "                       from move N, both scores within CP of 0 for N moves: draw\n"
    "  -concurrency N       games played at once, one thread each (default 1)\n"
    "  -seed N              the seed of the random openings (default 1)\n"
    "  option.NAME=VALUE    an engine option for both sides (option.Hash=16,\n"
    "                       option.Threads=1, any UCI option of the engine)\n"
    "  --stats FILE         print a file's counts, results, filters and scores\n"
    "  --help               this text\n"
    "\n"
    "Games end by the rules (mate, stalemate, threefold repetition, fifty moves,\n"
    "insufficient material) or by the optional resign, draw and tablebase rules\n"
    "(the positions of a game the tables end carry their result). With Threads=1\n"
    "the file is a function of the flags alone: the same seed gives the same bytes at\n"
    "any concurrency. A progress line (games, positions, positions/s) is printed\n"
    "every 5 seconds; the last line adds the discarded openings and the games a\n"
    "side forfeited (an illegal move: a bug), whose positions are not written.\n"
    "\n"
    "Tablebase adjudication (SyzygyPath, if set, must name the same PATHS):\n";

int fail(std::ostream& err, std::string_view message) {
    err << "augur datagen: " << printable(message, 400) << '\n';
    return EXIT_ERROR;
}

// A flag's key=value parameters, as match runners write them.
struct KeyValue {
    std::string key, value;
};

std::optional<KeyValue> split_key_value(const std::string& word) {
    auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    return KeyValue{word.substr(0, eq), word.substr(eq + 1)};
}

// Reads the command line into a configuration; a message for anything wrong.
class DatagenFlags {
public:
    explicit DatagenFlags(const std::vector<std::string>& args) : args_(args) {}

    std::optional<std::string> parse();

    DatagenConfig config;
    std::string output;

private:
    bool more() const { return next_ < args_.size(); }
    // A key=value word after a flag is its parameter, except an engine option
    // (option.NAME=VALUE), which stands on its own wherever it comes.
    bool next_is_parameter() const {
        if (!more()) return false;
        const std::string& word = args_[next_];
        return word.find('=') != std::string::npos && word[0] != '-' && !is_engine_option(word);
    }
    static bool is_engine_option(const std::string& word) { return word.rfind("option.", 0) == 0; }
    // The words after a flag up to the next flag or engine option.
    std::vector<std::string> words_of_flag() {
        std::vector<std::string> words;
        while (more() && !args_[next_].empty() && args_[next_][0] != '-' && !is_engine_option(args_[next_]))
            words.push_back(args_[next_++]);
        return words;
    }
    std::optional<std::string> value_of(const std::string& flag, std::string& value);
    std::optional<std::string> number_of(const std::string& flag, std::uint64_t min, std::uint64_t max,
                                         std::uint64_t& number);
    std::optional<std::string> parse_openings(std::string& file, play::OpeningFormat& format, int& plies,
                                              bool& format_given);
    std::optional<std::string> parse_rule(const std::string& flag, play::AdjudicationRules& rules);

    const std::vector<std::string>& args_;
    std::size_t next_ = 0;
    TablebaseFlags tablebase_;
};

std::optional<std::string> DatagenFlags::value_of(const std::string& flag, std::string& value) {
    if (!more() || args_[next_].empty() || args_[next_][0] == '-') return flag + " needs a value";
    value = args_[next_++];
    return std::nullopt;
}

std::optional<std::string> DatagenFlags::number_of(const std::string& flag, std::uint64_t min, std::uint64_t max,
                                                   std::uint64_t& number) {
    std::string text;
    if (auto error = value_of(flag, text)) return error;
    std::string error;
    auto parsed = parse_number(text, flag, min, max, &error);
    if (!parsed) return error;
    number = *parsed;
    return std::nullopt;
}

std::optional<std::string> DatagenFlags::parse_openings(std::string& file, play::OpeningFormat& format, int& plies,
                                                        bool& format_given) {
    while (next_is_parameter()) {
        auto kv = split_key_value(args_[next_++]);
        std::string error;
        if (kv->key == "file") {
            file = kv->value;
        } else if (kv->key == "format" && (kv->value == "epd" || kv->value == "pgn")) {
            format = kv->value == "pgn" ? play::OpeningFormat::Pgn : play::OpeningFormat::Epd;
            format_given = true;
        } else if (kv->key == "plies") {
            auto n = parse_number(kv->value, "-openings plies", 0, 1000, &error);
            if (!n) return error;
            plies = int(*n);
        } else {
            return "-openings: unknown parameter '" + kv->key + "=" + kv->value + "' (file=, format=epd|pgn, plies=)";
        }
    }
    if (file.empty()) return std::string("-openings needs file=F");
    return std::nullopt;
}

std::optional<std::string> DatagenFlags::parse_rule(const std::string& flag, play::AdjudicationRules& rules) {
    bool resign = flag == "-resign";
    if (resign) rules.resign.enabled = true;
    else rules.draw.enabled = true;
    while (next_is_parameter()) {
        auto kv = split_key_value(args_[next_++]);
        std::string error;
        auto n = parse_number(kv->value, flag + " " + kv->key, 0, 100000, &error);
        if (!n) return error;
        if (kv->key == "movecount") (resign ? rules.resign.move_count : rules.draw.move_count) = int(*n);
        else if (kv->key == "score") (resign ? rules.resign.score_cp : rules.draw.score_cp) = int(*n);
        else if (kv->key == "movenumber" && !resign) rules.draw.move_number = int(*n);
        else return flag + ": unknown parameter '" + kv->key + "'";
    }
    return std::nullopt;
}

std::optional<std::string> DatagenFlags::parse() {
    std::string openings_file;
    auto openings_format = play::OpeningFormat::Epd;
    bool format_given = false;
    int opening_plies = -1;
    while (more()) {
        std::string flag = args_[next_++];
        std::uint64_t n = 0;
        std::optional<std::string> error;
        if (flag == "-output") error = value_of(flag, output);
        else if (flag == "-games") error = number_of(flag, 1, UINT64_MAX, config.games);
        else if (flag == "-positions") error = number_of(flag, 1, UINT64_MAX, config.positions);
        else if (flag == "-nodes") error = number_of(flag, 1, 1'000'000'000, config.soft_nodes);
        else if (flag == "-seed") error = number_of(flag, 0, UINT64_MAX, config.seed);
        else if (flag == "-randomplies") {
            error = number_of(flag, 0, 200, n);
            config.random_plies = int(n);
        } else if (flag == "-openingscore") {
            error = number_of(flag, 0, 32000, n);
            config.opening_score_limit = int(n);
        } else if (flag == "-concurrency") {
            error = number_of(flag, 1, 256, n);
            config.concurrency = int(n);
        } else if (flag == "-variant") {
            std::string variant;
            error = value_of(flag, variant);
            if (!error && variant != "standard" && variant != "fischerandom")
                error = "-variant must be standard or fischerandom, not '" + variant + "'";
            config.chess960 = variant == "fischerandom";
        } else if (flag == "-openings") {
            error = parse_openings(openings_file, openings_format, opening_plies, format_given);
        } else if (flag == "-resign" || flag == "-draw") {
            error = parse_rule(flag, config.adjudication);
        } else if (is_engine_option(flag) && split_key_value(flag.substr(7))) {
            auto kv = split_key_value(flag.substr(7));
            config.engine_options.emplace_back(kv->key, kv->value);
        } else {
            std::string problem;
            if (!read_tablebase_flag(Flag{flag, words_of_flag()}, tablebase_, problem))
                error = "unknown flag '" + flag + "' (augur datagen --help lists them)";
            else if (!problem.empty())
                error = flag + ": " + problem;
        }
        if (error) return error;
    }
    if (output.empty()) return std::string("-output FILE is required");
    if (!config.games && !config.positions) return std::string("-games N or -positions N is required");
    if (!openings_file.empty()) {
        if (!format_given) openings_format = play::format_for_path(openings_file);
        auto loaded = play::load_openings(openings_file, openings_format, opening_plies, config.chess960);
        if (!loaded.error.empty()) return "-openings " + openings_file + ": " + loaded.error;
        config.openings = std::move(loaded.openings);
    }
    play::TablebaseRule& tablebase = config.adjudication.tablebase;
    if (std::string error = apply_tablebase_flags(tablebase_, tablebase); !error.empty()) return error;
    if (std::string error = play::check_tablebase_sharing(tablebase, "Augur", config.engine_options); !error.empty())
        return error;
    // Options are checked on an engine now, before the output file is replaced.
    if (auto engine = play::EnginePlayer::create("check", config.engine_options); !engine.player)
        return "engine option: " + engine.error;
    return std::nullopt;
}

void write_progress(std::ostream& out, const DatagenProgress& p) {
    out << "games " << p.games << ", positions " << p.positions << ", " << p.positions_per_second()
        << " positions/s" << std::endl;
}

// The last line: also what went wrong, so that a stability run can count it.
void write_summary(std::ostream& out, const DatagenProgress& p, bool tablebase_rule) {
    out << "finished: games " << p.games << ", positions " << p.positions << ", " << p.positions_per_second()
        << " positions/s, " << p.elapsed_ms / 1000.0 << " s; openings discarded " << p.discarded_openings
        << "; forfeits (not written): illegal moves " << p.illegal_moves << ", other " << p.other_forfeits;
    if (tablebase_rule) out << "; tablebase adjudications " << p.tablebase_adjudications;
    out << std::endl;
}

int run_stats(const std::string& path, std::ostream& out, std::ostream& err) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return fail(err, "cannot open " + path);
    TrainingFileReader reader(file);
    TrainingStats stats;
    TrainingRecord record;
    while (reader.next(record)) stats.add(record);
    stats.write_report(out);
    if (!reader.error().empty()) return fail(err, path + ": " + reader.error() + " (the counts above stop there)");
    return EXIT_OK;
}

}  // namespace

int run_datagen_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-help" || args[0] == "-h")) {
        out << DATAGEN_HELP << TABLEBASE_FLAGS_HELP;
        return EXIT_OK;
    }
    if (!args.empty() && args[0] == "--stats") {
        if (args.size() != 2) return fail(err, "--stats takes one file");
        return run_stats(args[1], out, err);
    }
    DatagenFlags flags(args);
    if (auto error = flags.parse()) return fail(err, *error);

    std::ofstream file(flags.output, std::ios::binary | std::ios::trunc);
    if (!file) return fail(err, "cannot write " + flags.output);
    TrainingFileWriter writer(file);
    auto last_report = std::chrono::steady_clock::now();
    auto report = [&](const DatagenProgress& progress) {
        auto now = std::chrono::steady_clock::now();
        if (now - last_report < PROGRESS_INTERVAL) return;
        last_report = now;
        write_progress(out, progress);
    };
    DatagenOutcome outcome = run_datagen(flags.config, writer, report);
    file.close();
    write_summary(out, outcome.totals, flags.config.adjudication.tablebase.enabled());
    if (!outcome.ok) return fail(err, outcome.error);
    if (!file) return fail(err, "writing " + flags.output + " failed (disk full?)");
    return EXIT_OK;
}

}  // namespace augur
