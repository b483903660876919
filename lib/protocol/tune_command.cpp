#include "protocol/tune_command.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "search/params.h"
#include "play/spsa.h"
#include "protocol/game_data_file.h"
#include "protocol/match_options.h"
#include "protocol/play_flags.h"

namespace augur {

namespace {

constexpr std::string_view TUNE_HELP =
    "usage: augur tune -param name=NAME min=A max=B c=C [r=R] [start=S] ... -iterations N\n"
    "                  [-pairs P] [-output FILE] [-dataout file=F] [-each settings] [match flags]\n"
    "\n"
    "Tunes numbers of lib/search/search_params.table (and of time_params.table, on a clock)\n"
    "by SPSA: every iteration moves each parameter by +-c_k (random signs), plays the engine\n"
    "with the plus values against the one with the minus values for P game pairs (each\n"
    "opening with both colours), and moves the estimate along the signs by a_k / c_k times\n"
    "the plus engine's wins minus losses.\n"
    "c_k falls to C and a_k / c_k^2 to R at the last iteration (R defaults to 0.002).\n"
    "\n"
    "  -param name=NAME min=A max=B c=C [r=R] [start=S]\n"
    "                        a parameter and its range; start defaults to the table's value\n"
    "  -iterations N         SPSA iterations (each plays 2 * P games)\n"
    "  -pairs P              game pairs per iteration (default: the -concurrency)\n"
    "  -output FILE          write the tuned values as lines of their table\n"
    "  -dataout file=F       write the searched positions of every game to F as training data\n"
    "  -state FILE           after every iteration, write where the tuning stands to FILE\n"
    "  -resume FILE          go on from the state a run with the same -param, -iterations,\n"
    "                        -pairs and -seed wrote (give -each and the rest as before too)\n"
    "  -until K              stop after iteration K (a later run goes on with -resume)\n"
    "\n"
    "The engines are in-process Augur engines named plus and minus; -each sets their limits\n"
    "and options (e.g. -each nodes=8000 option.Hash=16), and -openings, -concurrency, -seed,\n"
    "-resign, -draw and the tablebase flags work as in augur match (see augur match --help).\n"
    "Every iteration prints a line with its games and the estimate after its step.\n";

struct TuneCommand {
    bool help = false;
    play::SpsaSettings spsa;
    std::optional<int> pairs;
    std::string output;
    std::string data_file;  // -dataout, read by augur match's parser; empty: none
    std::string state_file;   // -state
    std::string resume_file;  // -resume
};

// -param's words into a parameter; the error, or empty.
std::string read_param(const std::vector<std::string>& words, play::SpsaParameter& param) {
    std::optional<double> start;
    bool has_min = false, has_max = false, has_c = false;
    for (const std::string& word : words) {
        auto setting = split_setting(word);
        if (!setting) return "expected key=value, got '" + word + "'";
        const auto& [key, value] = *setting;
        if (key == "name") {
            param.name = value;
            continue;
        }
        std::optional<double> number = parse_real(value);
        if (!number) return key + "=" + value + ": expects a number";
        if (key == "min") param.min = *number, has_min = true;
        else if (key == "max") param.max = *number, has_max = true;
        else if (key == "c") param.c_end = *number, has_c = true;
        else if (key == "r") param.r_end = *number;
        else if (key == "start") start = *number;
        else return "unknown setting '" + key + "' (name, min, max, c, r, start)";
    }
    if (param.name.empty() || !has_min || !has_max || !has_c) return "needs name=, min=, max= and c=";
    const std::optional<int> table_value = tabled_search_param(param.name);
    if (!table_value) return unknown_search_param(param.name);
    param.value = start.value_or(*table_value);
    return {};
}

// The file of -state and -resume: a version line, the settings the course of
// the tuning depends on (a run that goes on must repeat them exactly), then
// where it stands. 17 significant digits read back as the same double.
constexpr std::string_view STATE_HEADER = "augur tune state 1\n";

std::string exact(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

std::string state_identity(const play::SpsaSettings& spsa) {
    std::string text = std::string(STATE_HEADER) + "iterations " + std::to_string(spsa.schedule.iterations) +
                       "\npairs " + std::to_string(spsa.match.rounds) + "\nseed " + std::to_string(spsa.seed) + "\n";
    for (const play::SpsaParameter& p : spsa.parameters)
        text += "param " + p.name + " min " + exact(p.min) + " max " + exact(p.max) + " c " + exact(p.c_end) + " r " +
                exact(p.r_end) + "\n";
    return text;
}

std::string state_text(const play::SpsaSettings& spsa, const play::SpsaCheckpoint& at) {
    std::string text = state_identity(spsa) + "done " + std::to_string(at.iterations_done) + "\ngames " +
                       std::to_string(at.games) + "\nrandom " + std::to_string(at.random_state) + "\nvalues";
    for (double value : at.values) text += " " + exact(value);
    return text + "\n";
}

std::string read_state(const std::string& path, const play::SpsaSettings& spsa, play::SpsaCheckpoint& at) {
    std::ifstream in(path);
    if (!in) return "cannot read " + path;
    std::stringstream whole;
    whole << in.rdbuf();
    const std::string text = whole.str();
    const std::string identity = state_identity(spsa);
    if (!text.starts_with(STATE_HEADER)) return path + " is not a state file of augur tune";
    if (!text.starts_with(identity))
        return path + " belongs to another tuning (its -param, -iterations, -pairs or -seed differ)";
    std::istringstream rest(text.substr(identity.size()));
    auto labelled = [&rest](std::string_view label, auto& value) {
        std::string word;
        return rest >> word && word == label && rest >> value;
    };
    std::string values_label;
    bool ok = labelled("done", at.iterations_done) && labelled("games", at.games) &&
              labelled("random", at.random_state) && rest >> values_label && values_label == "values";
    at.values.clear();
    for (double value = 0; ok && at.values.size() < spsa.parameters.size() && rest >> value;) at.values.push_back(value);
    std::string extra;
    if (!ok || at.values.size() != spsa.parameters.size() || rest >> extra) return path + ": the state is damaged";
    return {};
}

// Replaces the file whole (a stop while writing leaves the last state).
std::string write_state(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        if (!(out << text) || !out.flush()) return "cannot write " + temporary;
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) return "cannot write " + path + ": " + error.message();
    return {};
}

// The flags of tune itself into command; the others in match_words.
std::string read_tune_flags(const std::vector<Flag>& flags, TuneCommand& command,
                            std::vector<std::string>& match_words) {
    for (const Flag& flag : flags) {
        std::string error;
        const std::string& n = flag.name;
        if (n == "-param") {
            command.spsa.parameters.emplace_back();
            error = read_param(flag.words, command.spsa.parameters.back());
        } else if (n == "-iterations") {
            error = read_one_integer(flag, 1, std::numeric_limits<int>::max(), command.spsa.schedule.iterations);
        } else if (n == "-pairs") {
            int pairs = 0;
            error = read_one_integer(flag, 1, 100000, pairs);
            command.pairs = pairs;
        } else if (n == "-output" || n == "-state" || n == "-resume") {
            std::string& file = n == "-output" ? command.output : n == "-state" ? command.state_file : command.resume_file;
            if (flag.words.size() == 1) file = flag.words[0];
            else error = "expects one file name";
        } else if (n == "-until") {
            error = read_one_integer(flag, 1, std::numeric_limits<int>::max(), command.spsa.stop_after);
        } else if (n == "-help" || n == "--help" || n == "-h") {
            command.help = true;
        } else if (n == "-engine" || n == "-rounds" || n == "-games" || n == "-repeat" || n == "-sprt" ||
                   n == "-pgnout" || n == "-ratinginterval") {
            error = "is augur match's; tune makes its own two engines and plays game pairs (see augur tune --help)";
        } else {
            match_words.push_back(n);
            match_words.insert(match_words.end(), flag.words.begin(), flag.words.end());
        }
        if (!error.empty()) return n + ": " + error;
    }
    return {};
}

std::string parse_tune_command(const std::vector<std::string>& args, TuneCommand& command) {
    std::string error;
    std::vector<Flag> flags = split_flags(args, &error);
    if (!error.empty()) return error;
    std::vector<std::string> match_words = {"-engine", "name=plus", "-engine", "name=minus", "-games", "2"};
    if (std::string bad = read_tune_flags(flags, command, match_words); !bad.empty()) return bad;
    if (command.help) return {};
    bool has_iterations = false;
    for (const Flag& flag : flags) has_iterations |= flag.name == "-iterations";
    if (!has_iterations) return "-iterations N is required";
    if (std::string bad = play::check_spsa(command.spsa.parameters, command.spsa.schedule); !bad.empty()) return bad;
    ParsedMatchCommand match = parse_match_command(match_words);
    if (!match.error.empty()) return match.error;
    command.spsa.match = match.command.settings;
    command.data_file = match.command.data_file;
    command.spsa.match.rounds = command.pairs.value_or(command.spsa.match.concurrency);
    command.spsa.seed = command.spsa.match.seed;
    if (!command.resume_file.empty()) {
        play::SpsaCheckpoint resume;
        if (std::string bad = read_state(command.resume_file, command.spsa, resume); !bad.empty()) return "-resume: " + bad;
        command.spsa.resume = resume;
    }
    return {};
}

std::string value_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

class IterationPrinter final : public play::SpsaObserver {
public:
    IterationPrinter(std::ostream& out, const TuneCommand& command, GameDataFile& data)
        : out_(out), command_(command), data_(data) {}

    void on_game_finished(const play::FinishedGame& game) override { data_.write_game(game.record); }

    void on_checkpoint(const play::SpsaCheckpoint& at) override {
        if (!command_.state_file.empty() && state_error.empty())
            state_error = write_state(command_.state_file, state_text(command_.spsa, at));
    }

    void on_iteration(const play::SpsaTuner::Trial& trial, const play::MatchCounts& games,
                      const std::vector<play::SpsaParameter>& now) override {
        out_ << "iteration " << trial.iteration << '/' << command_.spsa.schedule.iterations << ": plus " << games.wins << " - minus "
             << games.losses << " (" << games.draws << " draws);";
        for (const play::SpsaParameter& p : now) out_ << ' ' << p.name << ' ' << value_text(p.value);
        out_ << '\n';
        out_.flush();
    }

    std::string state_error;  // the first failure to write the state file

private:
    std::ostream& out_;
    const TuneCommand& command_;
    GameDataFile& data_;
};

// The tuned values as lines of their table (search_params.table or time_params.table).
std::string table_lines(const play::SpsaOutcome& outcome, const std::vector<play::SpsaParameter>& start) {
    std::string lines;
    for (std::size_t i = 0; i < outcome.parameters.size(); ++i) {
        const play::SpsaParameter& p = outcome.parameters[i];
        lines += p.name + ": int = " + std::to_string(std::lround(p.value)) + "  // SPSA: " +
                 value_text(start[i].value) + " -> " + value_text(p.value) + " in " +
                 std::to_string(outcome.iterations) + " iterations, " + std::to_string(outcome.games) + " games\n";
    }
    return lines;
}

// The run's totals and tuned values, and how to go on when it stopped early.
void print_summary(std::ostream& out, const TuneCommand& command, const play::SpsaOutcome& outcome, double seconds,
                   const std::string& lines) {
    out << "Tuned in " << outcome.iterations << " iterations, " << outcome.games << " games, "
        << value_text(seconds) << " s:\n"
        << lines;
    const int iterations = command.spsa.schedule.iterations;
    if (outcome.iterations < iterations) {
        out << "Stopped after iteration " << outcome.iterations << " of " << iterations;
        if (!command.state_file.empty()) out << ": go on with -resume " << command.state_file;
        out << '\n';
    }
}

}  // namespace

int run_tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    auto fail = [&err](const std::string& error) {
        err << "augur tune: " << error << '\n';
        return 1;
    };
    TuneCommand command;
    if (std::string error = parse_tune_command(args, command); !error.empty()) return fail(error);
    if (command.help) {
        out << TUNE_HELP;
        return 0;
    }
    std::ofstream output;
    if (!command.output.empty()) {
        output.open(command.output, std::ios::trunc);
        if (!output) return fail("cannot write " + command.output);
    }
    GameDataFile data;
    if (std::string error = data.open(command.data_file); !error.empty()) return fail(error);
    IterationPrinter printer(out, command, data);
    const play::SpsaSettings& spsa = command.spsa;
    // The state at the start, so that a -state file that cannot be written fails before the games.
    printer.on_checkpoint(spsa.resume ? *spsa.resume
                                      : play::SpsaTuner(spsa.parameters, spsa.schedule, spsa.seed).checkpoint(0));
    if (!printer.state_error.empty()) return fail("-state: " + printer.state_error);
    const auto started = std::chrono::steady_clock::now();
    const play::SpsaOutcome outcome = play::run_spsa(spsa, printer);
    if (!outcome.error.empty()) return fail(outcome.error);
    if (!printer.state_error.empty()) return fail("-state: " + printer.state_error);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::string lines = table_lines(outcome, spsa.parameters);
    print_summary(out, command, outcome, seconds, lines);
    if (std::string error = data.finish(out); !error.empty()) return fail(error);
    if (output.is_open() && !(output << lines).flush()) return fail("cannot write " + command.output);
    return 0;
}

}  // namespace augur
