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
    "usage: augur datagen -output FILE (-games N | -positions N) [flags] [option.NAME=VALUE ...]\n"
    "       augur datagen --stats FILE\n"
    "\n"
    "Plays the engine against itself and writes every searched position with its\n"
    "score (side to move's view), the move played and the game's result to FILE in\n"
    "the training data format (docs/DATAFORMAT.md).\n"
    "\n"
    "  -output FILE          the file to write (replaced if it exists)\n"
    "  -games N              stop after N games\n"
    "  -positions N          stop after N positions (the last game is cut)\n"
    "  -nodes N              soft node limit per move: no new iteration after N nodes\n"
    "                        (default 5000; a move stops at 10 N nodes at most)\n"
    "  -randomplies N        random legal moves before the engines play (default 8)\n"
    "  -openingscore CP      discard openings whose first search scores beyond +/-CP\n"
    "                        (default 400)\n"
    "  -openings file=F [format=epd|pgn] [plies=N]\n"
    "                        start from a random position of F (EPD, or the first N\n"
    "                        moves of each PGN game) instead of the start position;\n"
    "                        the random plies follow it (order= and start= are for\n"
    "                        augur match only)\n"
    "  -seed N               the seed of the random openings (default 1)\n"
    "  option.NAME=VALUE     an engine option for both sides, anywhere on the line\n"
    "                        (option.Hash=16, option.Threads=1, any UCI option)\n"
    "  --stats FILE          print a file's counts, results, filters and scores\n"
    "  --help                this text\n";

constexpr std::string_view DATAGEN_NOTES =
    "\n"
    "Games end by the rules (mate, stalemate, threefold repetition, fifty moves,\n"
    "insufficient material) or by the optional resign, draw and tablebase rules\n"
    "(the positions of a game the tables end carry their result). With Threads=1\n"
    "the file is a function of the flags alone: the same seed gives the same bytes at\n"
    "any concurrency. A progress line (games, positions, positions/s) is printed\n"
    "every 5 seconds; the last line adds the discarded openings and the games a\n"
    "side forfeited (an illegal move: a bug), whose positions are not written.\n";

int fail(std::ostream& err, std::string_view message) {
    err << "augur datagen: " << printable(message, 400) << '\n';
    return EXIT_ERROR;
}

// Reads the command line into a configuration: datagen's own flags here, the
// ones it shares with augur match through play_flags.
class DatagenParser {
public:
    explicit DatagenParser(ParsedDatagenCommand& parsed) : parsed_(parsed), config_(parsed.config) {}

    std::string run(const std::vector<std::string>& args) {
        // Engine options stand on their own wherever they come
        // (`option.Hash=16 -output F`, or after a flag's key=value words).
        std::vector<std::string> flag_words;
        for (const std::string& word : args) {
            std::string error;
            if (!read_engine_option(word, config_.engine_options, error)) flag_words.push_back(word);
            else if (!error.empty()) return error;
        }
        std::string error;
        std::vector<Flag> flags = split_flags(flag_words, &error);
        if (!error.empty()) return error;
        for (const Flag& flag : flags) {
            error = read_flag(flag);
            if (!error.empty()) return error;
        }
        return finish();
    }

private:
    std::string read_flag(const Flag& flag) {
        const std::string& n = flag.name;
        std::uint64_t number = 0;
        std::string error;
        if (n == "-output") {
            error = one_value(flag, parsed_.output);
        } else if (n == "-games") {
            error = whole_number(flag, 1, UINT64_MAX, config_.games);
        } else if (n == "-positions") {
            error = whole_number(flag, 1, UINT64_MAX, config_.positions);
        } else if (n == "-nodes") {
            error = whole_number(flag, 1, 1'000'000'000, config_.soft_nodes);
        } else if (n == "-randomplies") {
            error = whole_number(flag, 0, MAX_RANDOM_PLIES, number);
            config_.random_plies = int(number);
        } else if (n == "-openingscore") {
            error = whole_number(flag, 0, MAX_OPENING_SCORE, number);
            config_.opening_score_limit = int(number);
        } else if (read_play_flag(flag, shared_, error)) {
            if (error.empty() && (shared_.opening_order || shared_.opening_start))
                error = "order= and start= are for augur match: datagen draws a random opening for every game";
            if (!error.empty()) error = n + ": " + error;
        } else {
            error = "unknown flag '" + n + "' (augur datagen --help lists them)";
        }
        return error;
    }

    static std::string one_value(const Flag& flag, std::string& value) {
        if (flag.words.empty()) return flag.name + " needs a value";
        if (flag.words.size() > 1) return flag.name + " takes one value";
        value = flag.words[0];
        return {};
    }

    static std::string whole_number(const Flag& flag, std::uint64_t min, std::uint64_t max, std::uint64_t& number) {
        std::string text;
        if (std::string error = one_value(flag, text); !error.empty()) return error;
        std::string error;
        auto parsed = parse_number(text, flag.name, min, max, &error);
        if (parsed) number = *parsed;
        return error;
    }

    std::string finish() {
        if (parsed_.output.empty()) return "-output FILE is required";
        if (!config_.games && !config_.positions) return "-games N or -positions N is required";
        if (std::string error = load_play_flags(shared_, config_.openings); !error.empty()) return error;
        config_.chess960 = shared_.chess960;
        config_.concurrency = shared_.concurrency;
        config_.seed = shared_.seed;
        config_.adjudication = shared_.adjudication;
        // Before an engine loads other tables over the rule's.
        if (std::string error = play::check_tablebase_sharing(config_.adjudication.tablebase, "Augur",
                                                              config_.engine_options);
            !error.empty())
            return error;
        // Options are checked on an engine now, before the output file is replaced.
        if (auto engine = play::EnginePlayer::create("check", config_.engine_options); !engine.player)
            return "engine option: " + engine.error;
        return {};
    }

    static constexpr std::uint64_t MAX_RANDOM_PLIES = 200;
    static constexpr std::uint64_t MAX_OPENING_SCORE = 32000;

    ParsedDatagenCommand& parsed_;
    DatagenConfig& config_;
    PlayFlags shared_;
};

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

ParsedDatagenCommand parse_datagen_command(const std::vector<std::string>& args) {
    ParsedDatagenCommand parsed;
    parsed.error = DatagenParser(parsed).run(args);
    return parsed;
}

int run_datagen_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-help" || args[0] == "-h")) {
        out << DATAGEN_HELP << PLAY_FLAGS_HELP << DATAGEN_NOTES;
        return EXIT_OK;
    }
    if (!args.empty() && args[0] == "--stats") {
        if (args.size() != 2) return fail(err, "--stats takes one file");
        return run_stats(args[1], out, err);
    }
    ParsedDatagenCommand parsed = parse_datagen_command(args);
    if (!parsed.error.empty()) return fail(err, parsed.error);

    std::ofstream file(parsed.output, std::ios::binary | std::ios::trunc);
    if (!file) return fail(err, "cannot write " + parsed.output);
    TrainingFileWriter writer(file);
    auto last_report = std::chrono::steady_clock::now();
    auto report = [&](const DatagenProgress& progress) {
        auto now = std::chrono::steady_clock::now();
        if (now - last_report < PROGRESS_INTERVAL) return;
        last_report = now;
        write_progress(out, progress);
    };
    DatagenOutcome outcome = run_datagen(parsed.config, writer, report);
    file.close();
    write_summary(out, outcome.totals, parsed.config.adjudication.tablebase.enabled());
    if (!outcome.ok) return fail(err, outcome.error);
    if (!file) return fail(err, "writing " + parsed.output + " failed (disk full?)");
    return EXIT_OK;
}

}  // namespace augur
