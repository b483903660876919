// The network trainer (training/nnue_trainer.h) and `augur train -model nnue`:
// the loss falls on a small self-play file, the exported network loads through
// the library's loader and the EvalFile option and evaluates every position
// within a stated bound of the float network, weights at the clipping limits
// still export, the same seed writes the same file, and bad flags are refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>

#include "command_support.h"
#include "engine/engine.h"
#include "eval/nnue/nnue_evaluator.h"
#include "protocol/train_command.h"
#include "training/dataset.h"
#include "training/nnue_trainer.h"

using namespace augur;
using namespace augur::training;
using augur_test::run_subcommand;
using augur_test::small_data_file;
using augur_test::temp_path;

namespace {

// How far, in centipawns, the quantised network of a small trained test
// network may be from its float network on any position. Rounding each
// accumulator weight to a multiple of 1/QA (QA = 181: 1/181 of the activation
// range) moves an accumulator of 20-30 pieces by about 0.01, which at a scale
// of 400 cp per unit and output weights near 1 is a few centipawns per neuron
// before the neurons' errors partly cancel; rounding the output weights to
// 1/QB adds as much again, hence default_output_quantisation. (Measured on
// these networks: at most 7 cp, a mean of about 1; docs/TRAINING.md has the
// figures of a real run.)
constexpr double QUANTISATION_BOUND_CP = 15;

// The quantised network's weights as floats: the float network that computes
// what the integer arithmetic does, but for its final truncation.
FloatNetwork dequantised(const nnue::Network& network) {
    const nnue::NetworkShape& shape = network.shape;
    FloatNetwork net = FloatNetwork::zeroed(shape.hidden, shape.activation, shape.output_buckets);
    for (std::size_t i = 0; i < network.feature_weights.size(); ++i)
        net.parameters[i] = float(network.feature_weights[i]) / float(shape.qa);
    for (std::size_t j = 0; j < network.feature_bias.size(); ++j)
        net.parameters[net.bias_offset() + j] = float(network.feature_bias[j]) / float(shape.qa);
    for (std::size_t j = 0; j < network.output_weights.size(); ++j)
        net.parameters[net.output_offset() + j] = float(network.output_weights[j]) / float(shape.qb);
    for (int bucket = 0; bucket < shape.output_buckets; ++bucket)
        net.parameters[net.output_bias_offset(bucket)] =
            float(double(network.output_bias[std::size_t(bucket)]) / double(shape.output_divisor()));
    return net;
}

Dataset small_dataset() {
    Dataset data;
    REQUIRE(!load_dataset(small_data_file(), DatasetOptions{}, data));
    return data;
}

// The validation part a copy of the training part: a falling training loss
// must then be a falling validation loss, however ten games generalise.
Dataset doubled(const Dataset& data) {
    Dataset twice = data;
    twice.records.insert(twice.records.end(), data.records.begin(), data.records.end());
    return twice;
}

NnueTrainerConfig small_config() {
    NnueTrainerConfig config;
    config.shape.hidden = 32;
    config.shape.qb = default_output_quantisation(config.shape);
    config.epochs = 8;
    config.patience = 8;
    config.batch_size = 64;
    config.learning_rate = 0.01;
    config.validation_fraction = 0.2;
    return config;
}

NnueTrainResult trained(const Dataset& data, const NnueTrainerConfig& config) {
    NnueTrainResult result;
    auto error = train_nnue(data, config, {}, result);
    INFO(error.value_or(""));
    REQUIRE(!error);
    return result;
}

int train_command(const std::vector<std::string>& args, std::string& out, std::string& err) {
    return run_subcommand(run_train_command, args, out, err);
}

std::vector<std::uint8_t> file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The FEN of a position without castling rights with files a and h swapped.
std::string files_mirrored(const std::string& fen) {
    std::istringstream fields(fen);
    std::string board, side, castling, en_passant, rest;
    fields >> board >> side >> castling >> en_passant;
    std::getline(fields, rest);
    std::string mirrored, rank;
    for (char c : board + "/") {
        if (c != '/') {
            rank.insert(rank.begin(), c);
            continue;
        }
        mirrored += (mirrored.empty() ? "" : "/") + rank;
        rank.clear();
    }
    if (en_passant != "-") en_passant[0] = char('h' - (en_passant[0] - 'a'));
    return mirrored + " " + side + " " + castling + " " + en_passant + rest;
}

// The mean |evaluation - evaluation of the position mirrored left to right|
// over these castling-free positions, in the network's output units.
double mirror_gap(const FloatNetwork& net, const std::vector<std::string>& fens) {
    double sum = 0;
    for (const std::string& fen : fens) {
        Position pos, mirrored;
        StateInfo st, mirrored_st;
        REQUIRE(!pos.set_fen(fen, st));
        REQUIRE(!mirrored.set_fen(files_mirrored(fen), mirrored_st));
        sum += std::abs(net.evaluate(pos) - net.evaluate(mirrored));
    }
    return sum / double(fens.size());
}

}  // namespace

TEST_CASE("-mirror trains on castling-free positions mirrored left to right as well", "[nnue-trainer]") {
    // Validated on a copy of the training part, so that the best epoch is a trained one:
    // on ten games' own validation part it can be the untrained start, alike in both runs.
    const Dataset data = doubled(small_dataset());
    NnueTrainerConfig config = small_config();
    config.validation_fraction = 0.5;
    std::vector<std::string> castling_free;  // of the training part
    for (std::uint32_t i : split_last(data.records.size(), config.validation_fraction).train) {
        Position pos;
        StateInfo st;
        REQUIRE(!data.records[i].set_position(pos, st));
        if (pos.castling_rights() == NO_CASTLING) castling_free.push_back(pos.fen());
    }
    REQUIRE(!castling_free.empty());
    const NnueTrainResult plain = trained(data, config);
    config.mirror = true;
    const NnueTrainResult mirror = trained(data, config);
    CHECK(plain.mirrored_positions == 0);
    CHECK(mirror.mirrored_positions == castling_free.size());
    CHECK(mirror.train_positions == plain.train_positions + castling_free.size());
    CHECK(mirror.validation_positions == plain.validation_positions);
    CHECK(files_mirrored("8/8/8/3pP3/8/8/1K6/6k1 w - d6 0 2") == "8/8/8/3Pp3/8/8/6K1/1k6 w - e6 0 2");

    // Trained on both sides of each, the network sees them as alike.
    const double plain_gap = mirror_gap(plain.network, castling_free);
    const double mirror_gap_after = mirror_gap(mirror.network, castling_free);
    INFO("mean gap to the mirrored position: plain " << plain_gap << ", with -mirror " << mirror_gap_after);
    CHECK(mirror_gap_after < 0.5 * plain_gap);
}

TEST_CASE("training a network lowers the loss, with either activation and loss", "[nnue-trainer]") {
    const Dataset data = doubled(small_dataset());
    NnueTrainerConfig config = small_config();
    config.validation_fraction = 0.5;
    for (auto [activation, loss] : {std::pair{nnue::Activation::SquaredClippedRelu, NnueLoss::SigmoidMse},
                                    std::pair{nnue::Activation::ClippedRelu, NnueLoss::CrossEntropy}}) {
        config.shape.activation = activation;
        config.shape.qa = activation == nnue::Activation::ClippedRelu ? 255 : 181;
        config.loss = loss;
        std::vector<NnueEpochReport> reports;
        NnueTrainResult result;
        REQUIRE(!train_nnue(data, config, [&](const NnueEpochReport& r) { reports.push_back(r); }, result));
        INFO(nnue::activation_name(activation) << ": start " << result.start_train_loss << ", final "
                                               << result.final_train_loss);
        REQUIRE(reports.size() == std::size_t(config.epochs));
        CHECK(result.k > 0.05);
        CHECK(result.k < 5);
        CHECK(result.train_positions == result.validation_positions);
        CHECK(result.start_validation_loss == Approx(result.start_train_loss));
        CHECK(result.final_train_loss < 0.9 * result.start_train_loss);
        CHECK(result.final_validation_loss < 0.9 * result.start_validation_loss);
        CHECK(reports.back().train_loss < reports.front().train_loss);
        CHECK(result.best_epoch > 0);
        CHECK(reports.front().positions_per_second > 0);
    }
}

TEST_CASE("weight decay (AdamW) shrinks the weights the data does not hold up", "[nnue-trainer]") {
    const Dataset data = small_dataset();
    NnueTrainerConfig config = small_config();
    auto mean_feature_weight = [](const FloatNetwork& net) {
        double sum = 0;
        for (std::size_t i = 0; i < net.bias_offset(); ++i) sum += std::abs(net.parameters[i]);
        return sum / double(net.bias_offset());
    };
    const NnueTrainResult plain = trained(data, config);
    config.weight_decay = 0.5;
    const NnueTrainResult decayed = trained(data, config);
    INFO("mean |accumulator weight|: plain " << mean_feature_weight(plain.network) << ", decayed "
                                             << mean_feature_weight(decayed.network));
    // Most inputs never occur in ten games: without decay they keep their
    // starting weights, with it every step shrinks them.
    CHECK(mean_feature_weight(decayed.network) < 0.9 * mean_feature_weight(plain.network));
    CHECK(decayed.final_train_loss < decayed.start_train_loss);
}

TEST_CASE("the step and cosine schedules set the learning rate per epoch and per batch", "[nnue-trainer]") {
    const Dataset data = small_dataset();
    NnueTrainerConfig config = small_config();
    config.epochs = 4;
    config.patience = 4;
    config.lr_step = 2;
    config.lr_decay = 0.5;
    std::vector<double> rates;
    NnueTrainResult result;
    auto heard = [&](const NnueEpochReport& r) { rates.push_back(r.learning_rate); };
    REQUIRE(!train_nnue(data, config, heard, result));
    REQUIRE(rates.size() == 4);
    CHECK(rates == std::vector<double>{0.01, 0.005, 0.005, 0.0025});

    config.schedule = LearningRateSchedule::Cosine;
    config.lr_min = 0.001;
    rates.clear();
    REQUIRE(!train_nnue(data, config, heard, result));
    REQUIRE(rates.size() == 4);
    CHECK(std::is_sorted(rates.rbegin(), rates.rend()));
    CHECK(rates.back() >= config.lr_min);
    CHECK(rates.back() < config.lr_min + 0.001);  // the last batch of the last epoch is near the end
}

TEST_CASE("the exported network loads and evaluates every position as the float network does", "[nnue-trainer]") {
    const Dataset data = small_dataset();
    for (auto [activation, buckets] : {std::pair{nnue::Activation::SquaredClippedRelu, 1},
                                       std::pair{nnue::Activation::ClippedRelu, 1},
                                       std::pair{nnue::Activation::SquaredClippedRelu, 4}}) {
        NnueTrainerConfig config = small_config();
        config.shape.activation = activation;
        config.shape.qa = activation == nnue::Activation::ClippedRelu ? 255 : 181;
        config.shape.qb = default_output_quantisation(config.shape);
        config.shape.output_buckets = buckets;
        NnueTrainResult result = trained(data, config);
        INFO(buckets << " output buckets");
        CHECK(result.final_train_loss < result.start_train_loss);
        std::string path = temp_path("exported.nnue");
        REQUIRE(nnue::save_network_file(result.quantised, path).empty());
        nnue::NetworkLoad load = nnue::load_network_file(path);
        INFO(load.error);
        REQUIRE(load.network);
        CHECK(load.network->shape == config.shape);

        // The network alone: the endgame layer (which it evaluates inside by default) is not trained.
        nnue::NnueEvaluator evaluator(load.network);
        EvalOptions network_alone;
        network_alone.endgame_scaling = false;
        evaluator.set_options(network_alone);
        Engine engine;
        REQUIRE(!engine.set_option("EvalFile", path));
        REQUIRE(!engine.set_option("Eval", "nnue"));
        REQUIRE(!engine.set_option("Eval_EndgameScaling", "false"));
        const FloatNetwork rounded = dequantised(*load.network);
        double worst = 0, total = 0;
        for (const TrainingRecord& record : data.records) {
            Position pos;
            StateInfo st;
            REQUIRE(!record.set_position(pos, st));
            int quantised = evaluator.evaluate(pos);
            REQUIRE(engine.evaluate(pos) == quantised);
            // The file holds the trained network, rounded: the same arithmetic on
            // its weights in float differs only by the final truncation.
            REQUIRE(std::abs(quantised - rounded.evaluate(pos) * config.shape.scale) < 1.001);
            double difference = std::abs(quantised - result.network.evaluate(pos) * config.shape.scale);
            REQUIRE(difference <= QUANTISATION_BOUND_CP);
            worst = std::max(worst, difference);
            total += difference;
        }
        INFO(nnue::activation_name(activation) << ": worst difference " << worst << " cp, mean "
                                               << total / double(data.records.size()));
        CHECK(worst > 0);  // the networks are not trivial: rounding shows somewhere
        // The trainer's own figure, over the validation part, measures the same network alone.
        CHECK(result.quantisation_max_cp <= worst);
        CHECK(result.quantisation_mean_cp > 0);
        std::filesystem::remove(path);
    }
}

TEST_CASE("every weight at the clipping limits still passes the loader's overflow checks", "[nnue-trainer]") {
    for (nnue::NetworkShape shape : {nnue::NetworkShape{}, nnue::NetworkShape{64, nnue::Activation::ClippedRelu, 255, 64, 400},
                                     nnue::NetworkShape{2048, nnue::Activation::SquaredClippedRelu, 181, 64, 400},
                                     nnue::NetworkShape{256, nnue::Activation::SquaredClippedRelu, 181, 128, 400, 16},
                                     nnue::NetworkShape{16, nnue::Activation::ClippedRelu, 32767, 32767, 1}}) {
        WeightLimits limits = weight_limits(shape);
        FloatNetwork net = FloatNetwork::zeroed(shape.hidden, shape.activation, shape.output_buckets);
        std::mt19937_64 random(shape.hidden);
        for (std::size_t i = 0; i < net.parameters.size(); ++i) {
            float limit = i < net.output_offset() ? limits.feature : limits.output;
            net.parameters[i] = random() & 1 ? limit : -limit;
        }
        nnue::Network quantised;
        auto error = quantise(net, shape, quantised);
        INFO(shape.hidden << " neurons: " << error.value_or(""));
        REQUIRE(!error);
        CHECK(nnue::read_network(nnue::write_network(quantised)).network);
        // Just beyond the limit is refused, not exported.
        net.parameters[0] = limits.feature * 1.01f;
        CHECK(quantise(net, shape, quantised));
    }
}

TEST_CASE("the default QB lets the output weights reach 0.5 at the finest power of two", "[nnue-trainer]") {
    nnue::NetworkShape shape;
    shape.hidden = 128;
    CHECK(default_output_quantisation(shape) == 256);
    shape.hidden = 256;
    CHECK(default_output_quantisation(shape) == 128);
    for (int hidden : {16, 32, 128, 256, 512, 1024, 2048}) {
        shape.hidden = hidden;
        shape.qb = default_output_quantisation(shape);
        INFO(hidden << " neurons: QB " << shape.qb);
        CHECK(weight_limits(shape).output >= 0.5f);
        shape.qb *= 2;
        CHECK(weight_limits(shape).output < 0.5f);
    }
    shape.hidden = 256;
    shape.activation = nnue::Activation::ClippedRelu;
    shape.qa = 255;
    CHECK(default_output_quantisation(shape) == 16384);  // the largest: an activation of at most 255 leaves room
}

TEST_CASE("the same seed writes the same network file, another seed another", "[nnue-trainer]") {
    const Dataset data = small_dataset();
    NnueTrainerConfig config = small_config();
    config.epochs = 2;
    config.threads = 2;
    auto bytes = [&](std::uint64_t seed) {
        config.seed = seed;
        return nnue::write_network(trained(data, config).quantised);
    };
    std::vector<std::uint8_t> first = bytes(5);
    CHECK(bytes(5) == first);
    CHECK(bytes(6) != first);
}

TEST_CASE("augur train -model nnue writes a network the EvalFile option loads, and refuses bad flags",
          "[nnue-trainer][command]") {
    std::string out, err, output = temp_path("trained.nnue");
    std::vector<std::string> good = {"-model", "nnue", "-data", small_data_file(), "-output", output, "-hidden", "32"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = good;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    REQUIRE(train_command(with({"-epochs", "3", "-batch", "100", "-lr", "0.005", "-seed", "9", "-threads", "2"}), out,
                          err) == 0);
    INFO(out << err);
    CHECK(out.find("epoch 3: train loss ") != std::string::npos);
    CHECK(out.find("positions/s") != std::string::npos);
    CHECK(out.find("network: 2 x 768 -> 32 x 2 -> 1, squared clipped ReLU, QA 181, QB 1024, scale 400") !=
          std::string::npos);
    CHECK(out.find("quantised: validation positions within ") != std::string::npos);
    CHECK(out.find("wrote " + output) != std::string::npos);
    Engine engine;
    REQUIRE(!engine.set_option("EvalFile", output));
    REQUIRE(!engine.set_option("Eval", "nnue"));
    std::vector<std::uint8_t> written = file_bytes(output);
    CHECK(written.size() == nnue::network_file_size(32));

    // The model's own flags and choices; the file is the same for the same flags.
    REQUIRE(train_command(with({"-epochs", "3", "-batch", "100", "-lr", "0.005", "-seed", "9", "-threads", "2"}), out,
                          err) == 0);
    CHECK(file_bytes(output) == written);
    REQUIRE(train_command(with({"-epochs", "2", "-activation", "crelu", "-loss", "xent", "-schedule", "cosine",
                                "-lrmin", "0.0001", "-qb", "32", "-scale", "300", "-k", "1.1", "-lambda", "0.2"}),
                          out, err) == 0);
    CHECK(out.find("clipped ReLU, QA 255, QB 32, scale 300") != std::string::npos);
    CHECK(out.find("K 1.1\n") != std::string::npos);
    CHECK(out.find(" (mirrored 0), validation ") != std::string::npos);
    REQUIRE(train_command(with({"-epochs", "1", "-mirror"}), out, err) == 0);
    CHECK(out.find(" (mirrored 0), validation ") == std::string::npos);
    REQUIRE(train_command(with({"-epochs", "1", "-buckets", "4", "-wd", "0.01"}), out, err) == 0);
    CHECK(out.find("network: 2 x 768 -> 32 x 2 -> 1 (4 output buckets), squared clipped ReLU") != std::string::npos);
    CHECK(file_bytes(output).size() == nnue::network_file_size(32, 4));
    REQUIRE(!engine.set_option("EvalFile", output));

    auto refused = [&](const std::vector<std::string>& args, const std::string& message) {
        INFO(message);
        CHECK(train_command(args, out, err) == 1);
        CHECK(err.rfind("augur train: ", 0) == 0);
        CHECK(err.find(message) != std::string::npos);
    };
    refused(with({"-model", "tree"}), "-model must be hce or nnue, not 'tree'");
    refused(with({"-hidden", "100"}), "bad network shape: hidden size 100 is not a multiple of 16");
    refused(with({"-hidden", "0"}), "-hidden");
    refused(with({"-activation", "tanh"}), "-activation must be screlu or crelu, not 'tanh'");
    refused(with({"-loss", "l1"}), "-loss must be mse or xent, not 'l1'");
    refused(with({"-schedule", "linear"}), "-schedule must be step or cosine, not 'linear'");
    refused(with({"-qa", "200"}), "QA 200 is not from 1 to 181 (squared clipped ReLU)");
    refused(with({"-buckets", "17"}), "-buckets");
    refused(with({"-wd", "2"}), "-wd");
    refused(with({"-lrmin", "low"}), "-lrmin must be a number");
    refused(with({"-lrstep"}), "-lrstep needs a value");
    refused(with({"-table", "weights.table"}), "-table is a flag of -model hce, not of -model nnue");
    refused({"-data", small_data_file(), "-table", "weights.table", "-output", output, "-hidden", "32"},
            "-hidden is a flag of -model nnue, not of -model hce");
    refused({"-data", small_data_file(), "-table", "weights.table", "-output", output, "-mirror"},
            "-mirror is a flag of -model nnue, not of -model hce");
    refused({"-model", "nnue", "-data", small_data_file()}, "-output FILE is required");
    refused({"-model", "nnue", "-output", output}, "-data FILE is required");
    refused({"-model", "nnue", "-data", temp_path("none.bin"), "-output", output}, "cannot open");
    refused(with({"-positions", "1"}), "too few positions");
    refused({"-model", "nnue", "-data", small_data_file(), "-output", temp_path("no-such-folder") + "/net.nnue",
             "-hidden", "16", "-epochs", "1"},
            "cannot write network file");
    std::filesystem::remove(output);
}
