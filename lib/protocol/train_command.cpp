#include "protocol/train_command.h"

#include <charconv>
#include <fstream>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string_view>

#include "protocol/tokens.h"
#include "training/dataset.h"
#include "training/hce_tuner.h"
#include "training/wdl_fit.h"
#include "training/weight_table.h"

namespace augur {

namespace {

constexpr int EXIT_OK = 0;
constexpr int EXIT_ERROR = 1;

constexpr std::string_view TRAIN_HELP =
    "usage: augur train -data FILE [-data FILE ...] -table FILE -output FILE [flags]\n"
    "\n"
    "Tunes every Score weight of the hand-crafted evaluation's table (Texel tuning):\n"
    "each position of the training data (docs/DATAFORMAT.md) is traced once into a\n"
    "linear function of the weights, then Adam minimises the cross-entropy between\n"
    "the evaluation's win probability 1 / (1 + 10^(-K eval / 400)) and the target\n"
    "LAMBDA * result + (1 - LAMBDA) * win probability of the search's score. K is\n"
    "fitted to the results first. Positions in check, before a capture or a\n"
    "promotion, with mate scores, and those the endgame layer decides (dead draws,\n"
    "known endings) are left out. The last part of the\n"
    "positions validates; the weights of the best validation epoch are written, as\n"
    "the table's text with its comments and layout (docs/TRAINING.md).\n"
    "\n"
    "  -data FILE           training data; repeat for several files\n"
    "  -positions N         read at most the first N positions of each file\n"
    "  -table FILE          the weight table to start from (lib/eval/weights.table)\n"
    "  -output FILE         the tuned table to write (replaced if it exists)\n"
    "  -lambda X            weight of the game result in the target, 0..1 (default 0.5)\n"
    "  -k X                 the scale constant instead of fitting it\n"
    "  -epochs N            at most N passes over the data (default 100)\n"
    "  -patience N          stop after N epochs without a better validation loss\n"
    "                       (default 10)\n"
    "  -batch N             positions per Adam step (default 16384)\n"
    "  -lr X                Adam's step size in centipawns (default 1)\n"
    "  -lrdecay X           the step size is multiplied by X after every epoch\n"
    "                       (default 0.97)\n"
    "  -validation X        the fraction of positions that validates (default 0.1)\n"
    "  -threads N           threads (default 2)\n"
    "  -seed N              seed of the batch order (default 1)\n"
    "  --help               this text\n";

constexpr std::string_view FIT_WDL_HELP =
    "usage: augur fit-wdl -data FILE [-data FILE ...] -output FILE [flags]\n"
    "\n"
    "Fits the win/draw/loss model that UCI_ShowWDL reports (docs/WDL.md) to the\n"
    "results of self-play games (augur datagen files, docs/DATAFORMAT.md): for a\n"
    "score s and material m the side to move wins with 1 / (1 + exp((c - s) / w))\n"
    "and loses with 1 / (1 + exp((c + s) / w)), where c and w are linear in m.\n"
    "The four numbers maximise the likelihood of the games' outcomes (Adam, every\n"
    "position in every step). Positions with mate scores or scores beyond\n"
    "+-4000 are left out. The table is written for lib/search/wdl_model.table.\n"
    "\n"
    "  -data FILE           training data; repeat for several files\n"
    "  -positions N         read at most the first N positions of each file\n"
    "  -output FILE         the model table to write (replaced if it exists)\n"
    "  -steps N             Adam steps (default 3000)\n"
    "  -lr X                Adam's step size in centipawns (default 1)\n"
    "  --help               this text\n";

int fail_as(std::string_view command, std::ostream& err, std::string_view message) {
    err << "augur " << command << ": " << printable(message, 400) << '\n';
    return EXIT_ERROR;
}

int fail(std::ostream& err, std::string_view message) { return fail_as("train", err, message); }

bool asks_for_help(const std::vector<std::string>& args) {
    return !args.empty() && (args[0] == "--help" || args[0] == "-help" || args[0] == "-h");
}

std::optional<std::string> write_file(const std::string& path, const std::string& text) {
    std::ofstream file(path, std::ios::trunc);
    if (!file) return "cannot write " + path;
    file << text;
    file.close();
    if (!file) return "writing " + path + " failed (disk full?)";
    return std::nullopt;
}

std::optional<std::string> load_all(const std::vector<std::string>& paths, const training::DatasetOptions& options,
                                    training::Dataset& dataset) {
    for (const std::string& path : paths)
        if (auto error = training::load_dataset(path, options, dataset)) return error;
    return std::nullopt;
}

struct TrainFlags {
    std::vector<std::string> data;
    std::string table, output;
    training::DatasetOptions dataset;
    training::HceTunerConfig tuner;
};

class FlagReader {
public:
    explicit FlagReader(const std::vector<std::string>& args) : args_(args) {}
    bool more() const { return next_ < args_.size(); }
    const std::string& flag() { return args_[next_++]; }

    std::optional<std::string> text(const std::string& flag, std::string& value) {
        if (!more() || args_[next_].empty()) return flag + " needs a value";
        value = args_[next_++];
        return std::nullopt;
    }
    std::optional<std::string> number(const std::string& flag, std::uint64_t min, std::uint64_t max, std::uint64_t& n) {
        std::string word, error;
        if (auto missing = text(flag, word)) return missing;
        auto parsed = parse_number(word, flag, min, max, &error);
        if (!parsed) return error;
        n = *parsed;
        return std::nullopt;
    }
    std::optional<std::string> real(const std::string& flag, double min, double max, double& x) {
        std::string word;
        if (auto missing = text(flag, word)) return missing;
        double value = 0;
        auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
        if (error != std::errc() || end != word.data() + word.size() || !(value >= min && value <= max)) {
            std::ostringstream message;
            message << flag << " must be a number from " << min << " to " << max << ", not '" << word << "'";
            return message.str();
        }
        x = value;
        return std::nullopt;
    }

private:
    const std::vector<std::string>& args_;
    std::size_t next_ = 0;
};

std::optional<std::string> parse_flags(const std::vector<std::string>& args, TrainFlags& flags) {
    FlagReader reader(args);
    training::HceTunerConfig& tuner = flags.tuner;
    while (reader.more()) {
        std::string flag = reader.flag();
        std::uint64_t n = 0;
        double x = 0;
        std::optional<std::string> error;
        if (flag == "-data") {
            std::string file;
            error = reader.text(flag, file);
            flags.data.push_back(file);
        } else if (flag == "-table") error = reader.text(flag, flags.table);
        else if (flag == "-output") error = reader.text(flag, flags.output);
        else if (flag == "-positions") error = reader.number(flag, 1, UINT64_MAX, flags.dataset.max_records);
        else if (flag == "-lambda") error = reader.real(flag, 0, 1, tuner.lambda);
        else if (flag == "-k") {
            error = reader.real(flag, 0.001, 100, x);
            tuner.k = x;
        } else if (flag == "-epochs" || flag == "-patience" || flag == "-threads") {
            error = reader.number(flag, 1, flag == "-threads" ? 256 : 1'000'000, n);
            (flag == "-epochs" ? tuner.epochs : flag == "-patience" ? tuner.patience : tuner.threads) = int(n);
        } else if (flag == "-batch") {
            error = reader.number(flag, 1, 1u << 30, n);
            tuner.batch_size = std::size_t(n);
        } else if (flag == "-lr") error = reader.real(flag, 1e-6, 1000, tuner.learning_rate);
        else if (flag == "-lrdecay") error = reader.real(flag, 0.01, 1, tuner.learning_rate_decay);
        else if (flag == "-validation") error = reader.real(flag, 0.001, 0.9, tuner.validation_fraction);
        else if (flag == "-seed") error = reader.number(flag, 0, UINT64_MAX, tuner.seed);
        else error = "unknown flag '" + flag + "' (augur train --help lists them)";
        if (error) return error;
    }
    if (flags.data.empty()) return std::string("-data FILE is required");
    if (flags.table.empty()) return std::string("-table FILE is required (lib/eval/weights.table)");
    if (flags.output.empty()) return std::string("-output FILE is required");
    return std::nullopt;
}

std::optional<std::string> read_table(const std::string& path, training::WeightTable& table) {
    std::ifstream file(path);
    if (!file) return "cannot open " + path;
    std::ostringstream text;
    text << file.rdbuf();
    return training::WeightTable::parse(text.str(), path, table);
}

void write_epoch(std::ostream& out, const training::EpochReport& r) {
    out << "epoch " << r.epoch << ": train loss " << r.train_loss << ", validation loss " << r.validation_loss
        << (r.best ? " (best)" : "") << ", " << std::setprecision(3) << r.seconds << std::setprecision(8) << " s"
        << std::endl;
}

void write_summary(std::ostream& out, const training::HceTuneResult& r) {
    out << "K " << r.k << "\n"
        << "positions: train " << r.train_positions << ", validation " << r.validation_positions
        << " (left out, decided by the endgame layer: " << r.decided << ")\n"
        << "start: train loss " << r.start_train_loss << ", validation loss " << r.start_validation_loss << "\n"
        << "tuned (best epoch " << r.best_epoch << " of " << r.epochs_run << ", rounded): train loss "
        << r.final_train_loss << ", validation loss " << r.final_validation_loss << "\n"
        << std::setprecision(3) << "time: trace " << r.trace_seconds << " s, training " << r.train_seconds << " s"
        << std::setprecision(8) << std::endl;
}

}  // namespace

int run_train_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << TRAIN_HELP;
        return EXIT_OK;
    }
    TrainFlags flags;
    if (auto error = parse_flags(args, flags)) return fail(err, *error);
    training::WeightTable table;
    if (auto error = read_table(flags.table, table)) return fail(err, *error);
    training::Dataset dataset;
    if (auto error = load_all(flags.data, flags.dataset, dataset)) return fail(err, *error);
    out << std::setprecision(8) << "read " << dataset.read << " positions, kept " << dataset.records.size()
        << " (left out by the filter flags " << dataset.skipped << ")" << std::endl;

    training::HceTuneResult result;
    auto listener = [&](const training::EpochReport& report) { write_epoch(out, report); };
    if (auto error = training::tune_hce(table.weights(), dataset, flags.tuner, listener, result))
        return fail(err, *error);
    write_summary(out, result);

    std::string text;
    if (auto error = table.write(result.weights, text)) return fail(err, *error);
    if (auto error = write_file(flags.output, text)) return fail(err, *error);
    out << "wrote " << flags.output << std::endl;
    return EXIT_OK;
}

namespace {

struct FitWdlFlags {
    std::vector<std::string> data;
    std::string output;
    training::DatasetOptions dataset;
    training::WdlFitConfig fit;
};

std::optional<std::string> parse_fit_wdl_flags(const std::vector<std::string>& args, FitWdlFlags& flags) {
    FlagReader reader(args);
    // Every outcome counts, in check or before a capture too: only mate scores stay out.
    flags.dataset.skip_flags = RECORD_MATE_SCORE;
    while (reader.more()) {
        std::string flag = reader.flag();
        std::uint64_t n = 0;
        std::optional<std::string> error;
        if (flag == "-data") {
            std::string file;
            error = reader.text(flag, file);
            flags.data.push_back(file);
        } else if (flag == "-output") error = reader.text(flag, flags.output);
        else if (flag == "-positions") error = reader.number(flag, 1, UINT64_MAX, flags.dataset.max_records);
        else if (flag == "-steps") {
            error = reader.number(flag, 1, 1'000'000, n);
            flags.fit.steps = int(n);
        } else if (flag == "-lr") error = reader.real(flag, 1e-6, 1000, flags.fit.learning_rate);
        else error = "unknown flag '" + flag + "' (augur fit-wdl --help lists them)";
        if (error) return error;
    }
    if (flags.data.empty()) return std::string("-data FILE is required");
    if (flags.output.empty()) return std::string("-output FILE is required");
    return std::nullopt;
}

std::string describe(const WdlCurve& c) {
    std::ostringstream text;
    text << std::setprecision(5) << "center " << c.center_base << " + " << c.center_per_material << " * m/"
         << c.material_max << ", spread " << c.spread_base << " + " << c.spread_per_material << " * m/"
         << c.material_max;
    return text.str();
}

}  // namespace

int run_fit_wdl_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << FIT_WDL_HELP;
        return EXIT_OK;
    }
    FitWdlFlags flags;
    auto failed = [&](const std::string& message) { return fail_as("fit-wdl", err, message); };
    if (auto error = parse_fit_wdl_flags(args, flags)) return failed(*error);
    training::Dataset dataset;
    if (auto error = load_all(flags.data, flags.dataset, dataset)) return failed(*error);
    std::vector<training::WdlSample> samples = training::wdl_samples(dataset);
    out << "read " << dataset.read << " positions, " << samples.size() << " with a score the model covers"
        << std::endl;

    training::WdlFitResult result;
    if (auto error = training::fit_wdl(samples, flags.fit, result)) return failed(*error);
    out << std::setprecision(6) << "wins " << result.wins << ", draws " << result.draws << ", losses "
        << result.losses << "\n"
        << "mean log-loss " << result.loss << " (start " << result.start_loss << ")\n"
        << describe(result.curve) << std::endl;

    out << "score band      positions   observed W/D/L %       model W/D/L %\n";
    for (const training::WdlCalibrationRow& row :
         training::wdl_calibration(result.curve, samples, {-4001, -300, -150, -50, 50, 150, 300, 4001})) {
        auto percent = [](double x) { return std::lround(100 * x); };
        out << "[" << std::setw(5) << row.low << ", " << std::setw(5) << row.high << ")  " << std::setw(9)
            << row.samples << "   " << std::setw(3) << percent(row.observed_win) << " " << std::setw(3)
            << percent(row.observed_draw) << " " << std::setw(3) << percent(row.observed_loss) << "          "
            << std::setw(3) << percent(row.predicted_win) << " " << std::setw(3) << percent(row.predicted_draw) << " "
            << std::setw(3) << percent(row.predicted_loss) << "\n";
    }
    std::string provenance = "Data:";
    for (const std::string& path : flags.data) provenance += " " + path;
    if (auto error = write_file(flags.output, training::wdl_table_text(result, provenance))) return failed(*error);
    out << "wrote " << flags.output << std::endl;
    return EXIT_OK;
}

}  // namespace augur
