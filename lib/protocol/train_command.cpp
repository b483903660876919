#include "protocol/train_command.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string_view>

#include "protocol/tokens.h"
#include "training/dataset.h"
#include "training/hce_tuner.h"
#include "training/nnue_trainer.h"
#include "training/wdl_fit.h"
#include "training/weight_table.h"

namespace augur {

namespace {

constexpr int EXIT_OK = 0;
constexpr int EXIT_ERROR = 1;

constexpr std::string_view TRAIN_HELP =
    "usage: augur train -data FILE [-data FILE ...] -table FILE -output FILE [flags]\n"
    "       augur train -model nnue -data FILE [-data FILE ...] -output FILE [flags]\n"
    "\n"
    "-model hce (the default) tunes every Score weight of the hand-crafted\n"
    "evaluation's table (Texel tuning): each position of the training data\n"
    "(docs/DATAFORMAT.md) is traced once into a linear function of the weights,\n"
    "then Adam minimises the cross-entropy between the evaluation's win probability\n"
    "1 / (1 + 10^(-K eval / 400)) and the target LAMBDA * result + (1 - LAMBDA) *\n"
    "win probability of the search's score. K is fitted to the results first.\n"
    "Positions in check, before a capture or a promotion, with mate scores, and\n"
    "those the endgame layer decides (dead draws, known endings) are left out. The\n"
    "last part of the positions validates; the weights of the best validation epoch\n"
    "are written, as the table's text with its comments and layout\n"
    "(docs/TRAINING.md).\n"
    "\n"
    "-model nnue trains a network for Eval=nnue (docs/NNUE.md) on the same\n"
    "positions and target: 768 inputs per side into HIDDEN neurons, both sides\n"
    "into one output. K is fitted to the results of the search's scores. The\n"
    "network of the best validation epoch is quantised and written as a network\n"
    "file for the EvalFile option; its weights are kept within the bounds the\n"
    "loader checks while training.\n"
    "\n"
    "Flags of both models:\n"
    "  -data FILE           training data; repeat for several files\n"
    "  -positions N         read at most the first N positions of each file\n"
    "  -output FILE         the table or network to write (replaced if it exists)\n"
    "  -lambda X            weight of the game result in the target, 0..1 (default 0.5)\n"
    "  -k X                 the scale constant instead of fitting it\n"
    "  -epochs N            at most N passes over the data (default 100; nnue 30)\n"
    "  -patience N          stop after N epochs without a better validation loss\n"
    "                       (default 10; nnue 6)\n"
    "  -batch N             positions per Adam step (default 16384)\n"
    "  -lr X                Adam's step size (default 1 centipawn; nnue 0.001)\n"
    "  -lrdecay X           the step size is multiplied by X after every epoch\n"
    "                       (default 0.97; nnue: every -lrstep epochs, default 0.3)\n"
    "  -validation X        the fraction of positions that validates (default 0.1)\n"
    "  -threads N           threads (default 2)\n"
    "  -seed N              seed of the batch order (nnue: and of the starting\n"
    "                       weights; default 1)\n"
    "  --help               this text\n"
    "Flags of -model hce:\n"
    "  -table FILE          the weight table to start from (lib/eval/weights.table)\n"
    "  -only NAMES          fit only these entries of the table, names separated by\n"
    "                       commas (king_shelter,king_storm); the others keep\n"
    "                       their values\n"
    "Flags of -model nnue:\n"
    "  -hidden N            neurons per side, a multiple of 16 (default 256)\n"
    "  -activation A        screlu (squared clipped ReLU, default) or crelu\n"
    "  -buckets N           output buckets by the number of pieces, 1 to 16\n"
    "                       (default 1)\n"
    "  -qa N                the accumulator's quantisation (default 181 screlu,\n"
    "                       255 crelu)\n"
    "  -qb N                the output weights' quantisation (default: the largest\n"
    "                       power of two that lets them reach +-0.5: 256 for 128\n"
    "                       neurons, 128 for 256, screlu)\n"
    "  -scale N             centipawns per unit of the output (default 400)\n"
    "  -loss L              mse (squared error of the win probability, default) or\n"
    "                       xent (cross-entropy)\n"
    "  -schedule S          step (default) or cosine: from -lr down to -lrmin over\n"
    "                       all epochs\n"
    "  -lrstep N            epochs between -lrdecay steps (default 10)\n"
    "  -lrmin X             the cosine schedule's last step size (default 0)\n"
    "  -wd X                decoupled weight decay (AdamW), 0 to 1 (default 0)\n"
    "  -mirror              also train on every training position without castling\n"
    "                       rights mirrored left to right (files a and h swapped)\n"
    "Same data, flags and -threads give the same output file.\n";

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

enum class Model { Hce, Nnue };

struct TrainFlags {
    Model model = Model::Hce;
    std::vector<std::string> data;
    std::string table, output;
    training::DatasetOptions dataset;
    training::HceTunerConfig tuner;
    training::NnueTrainerConfig network;
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

// Every flag of `augur train` takes one value, so the words pair up: the value
// of -model decides which other flags exist.
std::optional<std::string> find_model(const std::vector<std::string>& args, Model& model) {
    for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
        if (args[i] != "-model") continue;
        if (args[i + 1] == "hce") model = Model::Hce;
        else if (args[i + 1] == "nnue") model = Model::Nnue;
        else return "-model must be hce or nnue, not '" + args[i + 1] + "'";
    }
    return std::nullopt;
}

// The flags both trainers read into configurations with the same member names.
// Returns whether `flag` is one of them.
template <class Config>
bool fit_flag(const std::string& flag, FlagReader& reader, Config& config, std::optional<std::string>& error) {
    std::uint64_t n = 0;
    double x = 0;
    if (flag == "-lambda") error = reader.real(flag, 0, 1, config.lambda);
    else if (flag == "-k") {
        error = reader.real(flag, 0.001, 100, x);
        config.k = x;
    } else if (flag == "-epochs" || flag == "-patience" || flag == "-threads") {
        error = reader.number(flag, 1, flag == "-threads" ? 256 : 1'000'000, n);
        (flag == "-epochs" ? config.epochs : flag == "-patience" ? config.patience : config.threads) = int(n);
    } else if (flag == "-batch") {
        error = reader.number(flag, 1, 1u << 30, n);
        config.batch_size = std::size_t(n);
    } else if (flag == "-lr") error = reader.real(flag, 1e-6, 1000, config.learning_rate);
    else if (flag == "-validation") error = reader.real(flag, 0.001, 0.9, config.validation_fraction);
    else if (flag == "-seed") error = reader.number(flag, 0, UINT64_MAX, config.seed);
    else return false;
    return true;
}

std::optional<std::string> choice(FlagReader& reader, const std::string& flag,
                                  const std::vector<std::string>& names, std::size_t& chosen) {
    std::string word;
    if (auto missing = reader.text(flag, word)) return missing;
    auto found = std::find(names.begin(), names.end(), word);
    if (found == names.end()) {
        std::string list;
        for (const std::string& name : names) list += (list.empty() ? "" : " or ") + name;
        return flag + " must be " + list + ", not '" + word + "'";
    }
    chosen = std::size_t(found - names.begin());
    return std::nullopt;
}

// The flags only -model nnue has. Returns whether `flag` is one of them.
bool network_flag(const std::string& flag, FlagReader& reader, training::NnueTrainerConfig& config,
                  std::optional<int>& qa, std::optional<int>& qb, std::optional<std::string>& error) {
    std::uint64_t n = 0;
    std::size_t chosen = 0;
    nnue::NetworkShape& shape = config.shape;
    if (flag == "-buckets") {
        error = reader.number(flag, 1, nnue::MAX_OUTPUT_BUCKETS, n);
        shape.output_buckets = int(n);
    } else if (flag == "-hidden" || flag == "-qa" || flag == "-qb" || flag == "-scale" || flag == "-lrstep") {
        error = reader.number(flag, 1, 1'000'000, n);
        if (flag == "-hidden") shape.hidden = int(n);
        else if (flag == "-qa") qa = int(n);
        else if (flag == "-qb") qb = int(n);
        else if (flag == "-scale") shape.scale = int(n);
        else config.lr_step = int(n);
    } else if (flag == "-activation") {
        error = choice(reader, flag, {"screlu", "crelu"}, chosen);
        shape.activation = chosen == 0 ? nnue::Activation::SquaredClippedRelu : nnue::Activation::ClippedRelu;
    } else if (flag == "-loss") {
        error = choice(reader, flag, {"mse", "xent"}, chosen);
        config.loss = chosen == 0 ? training::NnueLoss::SigmoidMse : training::NnueLoss::CrossEntropy;
    } else if (flag == "-schedule") {
        error = choice(reader, flag, {"step", "cosine"}, chosen);
        config.schedule = chosen == 0 ? training::LearningRateSchedule::Step : training::LearningRateSchedule::Cosine;
    } else if (flag == "-lrdecay") error = reader.real(flag, 0.01, 1, config.lr_decay);
    else if (flag == "-lrmin") error = reader.real(flag, 0, 1000, config.lr_min);
    else if (flag == "-wd") error = reader.real(flag, 0, 1, config.weight_decay);
    else if (flag == "-mirror") config.mirror = true;
    else return false;
    return true;
}

std::optional<std::string> entry_names(FlagReader& reader, const std::string& flag, std::vector<std::string>& names) {
    std::string list;
    if (auto missing = reader.text(flag, list)) return missing;
    std::istringstream items(list);
    for (std::string name; std::getline(items, name, ',');)
        if (!name.empty()) names.push_back(name);
    if (names.empty()) return flag + " needs at least one entry name";
    return std::nullopt;
}

bool is_network_flag(const std::string& flag) {
    for (const char* name :
         {"-hidden", "-activation", "-buckets", "-qa", "-qb", "-scale", "-loss", "-schedule", "-lrstep", "-lrmin",
          "-wd", "-mirror"})
        if (flag == name) return true;
    return false;
}

std::optional<std::string> parse_flags(const std::vector<std::string>& args, TrainFlags& flags) {
    if (auto error = find_model(args, flags.model)) return error;
    const bool network = flags.model == Model::Nnue;
    FlagReader reader(args);
    std::optional<int> qa, qb;
    while (reader.more()) {
        std::string flag = reader.flag();
        std::optional<std::string> error;
        if (flag == "-model") {
            std::string skipped;
            error = reader.text(flag, skipped);  // read by find_model
        } else if (flag == "-data") {
            std::string file;
            error = reader.text(flag, file);
            flags.data.push_back(file);
        } else if (flag == "-output") error = reader.text(flag, flags.output);
        else if (flag == "-positions") error = reader.number(flag, 1, UINT64_MAX, flags.dataset.max_records);
        else if (network ? fit_flag(flag, reader, flags.network, error) : fit_flag(flag, reader, flags.tuner, error)) {
        } else if (network && network_flag(flag, reader, flags.network, qa, qb, error)) {
        } else if (!network && flag == "-table") error = reader.text(flag, flags.table);
        else if (!network && flag == "-only") error = entry_names(reader, flag, flags.tuner.only);
        else if (!network && flag == "-lrdecay") error = reader.real(flag, 0.01, 1, flags.tuner.learning_rate_decay);
        else if (network && (flag == "-table" || flag == "-only"))
            error = flag + " is a flag of -model hce, not of -model nnue";
        else if (!network && is_network_flag(flag)) error = flag + " is a flag of -model nnue, not of -model hce";
        else error = "unknown flag '" + flag + "' (augur train --help lists them)";
        if (error) return error;
    }
    if (flags.data.empty()) return std::string("-data FILE is required");
    if (!network && flags.table.empty()) return std::string("-table FILE is required (lib/eval/weights.table)");
    if (flags.output.empty()) return std::string("-output FILE is required");
    if (network) {
        nnue::NetworkShape& shape = flags.network.shape;
        shape.qa = qa.value_or(shape.activation == nnue::Activation::SquaredClippedRelu ? 181 : 255);
        shape.qb = qb.value_or(training::default_output_quantisation(shape));
        if (std::string error = nnue::check_shape(shape); !error.empty()) return "bad network shape: " + error;
    }
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

void write_network_epoch(std::ostream& out, const training::NnueEpochReport& r) {
    out << "epoch " << r.epoch << ": train loss " << r.train_loss << ", validation loss " << r.validation_loss
        << (r.best ? " (best)" : "") << std::setprecision(3) << ", lr " << r.learning_rate << ", "
        << std::lround(r.positions_per_second) << " positions/s, " << r.seconds << " s" << std::setprecision(8)
        << std::endl;
}

void write_network_summary(std::ostream& out, const training::NnueTrainResult& r, const nnue::NetworkShape& shape) {
    out << "K " << r.k << "\n"
        << "positions: train " << r.train_positions << " (mirrored " << r.mirrored_positions << "), validation "
        << r.validation_positions << "\n"
        << "start: train loss " << r.start_train_loss << ", validation loss " << r.start_validation_loss << "\n"
        << "trained (best epoch " << r.best_epoch << " of " << r.epochs_run << "): train loss " << r.final_train_loss
        << ", validation loss " << r.final_validation_loss << "\n"
        << "network: 2 x " << nnue::INPUTS << " -> " << shape.hidden << " x 2 -> 1"
        << (shape.output_buckets > 1 ? " (" + std::to_string(shape.output_buckets) + " output buckets)" : "") << ", "
        << nnue::activation_name(shape.activation) << ", QA " << shape.qa << ", QB " << shape.qb << ", scale "
        << shape.scale << "\n"
        << std::setprecision(3) << "quantised: validation positions within " << r.quantisation_max_cp
        << " cp of the float network (mean " << r.quantisation_mean_cp << " cp)\n"
        << "time: preparation " << r.prepare_seconds << " s, training " << r.train_seconds
        << " s" << std::setprecision(8) << std::endl;
}

int train_table(const TrainFlags& flags, const training::WeightTable& table, const training::Dataset& dataset,
                std::ostream& out, std::ostream& err) {
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

int train_network(const TrainFlags& flags, const training::Dataset& dataset, std::ostream& out, std::ostream& err) {
    training::NnueTrainResult result;
    auto listener = [&](const training::NnueEpochReport& report) { write_network_epoch(out, report); };
    if (auto error = training::train_nnue(dataset, flags.network, listener, result)) return fail(err, *error);
    write_network_summary(out, result, flags.network.shape);
    if (std::string error = nnue::save_network_file(result.quantised, flags.output); !error.empty())
        return fail(err, error);
    const nnue::NetworkShape& shape = flags.network.shape;
    out << "wrote " << flags.output << " (" << nnue::network_file_size(shape.hidden, shape.output_buckets) << " bytes)"
        << std::endl;
    return EXIT_OK;
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
    if (flags.model == Model::Hce)
        if (auto error = read_table(flags.table, table)) return fail(err, *error);
    training::Dataset dataset;
    if (auto error = load_all(flags.data, flags.dataset, dataset)) return fail(err, *error);
    out << std::setprecision(8) << "read " << dataset.read << " positions, kept " << dataset.records.size()
        << " (left out by the filter flags " << dataset.skipped << ")" << std::endl;
    return flags.model == Model::Hce ? train_table(flags, table, dataset, out, err) : train_network(flags, dataset, out, err);
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
