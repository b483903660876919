// Training of a network for the NNUE evaluation (eval/nnue/network.h) from
// training data, and its quantised export to the network file format.
//
// The model is the file format's network in floating point: 768 inputs per
// perspective into `hidden` neurons through one shared matrix, the side to
// move's activated accumulator and the other side's into one output (with the
// weights of the position's output bucket), which is in units of the format's
// `scale` centipawns. Each position has at most 32
// active inputs per perspective, so the forward and backward passes touch only
// their rows of the input matrix. The loss compares win_probability(output *
// scale, k) with the target blend of game result and search score
// (dataset.h), as mean squared error or as cross-entropy. Adam (AdamW with a
// weight decay) takes one step per shuffled batch; each thread sums the gradient of its part of the batch
// into its own buffer, and the buffers are summed in thread order, so a run is
// a function of its data, configuration and thread count.
//
// Quantisation multiplies the accumulator weights by QA and the output weights
// by QB. Training clips every weight to the range (weight_limits) in which
// the quantised network cannot fail the loader's overflow checks, so every
// trained network exports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "eval/nnue/network.h"
#include "training/dataset.h"

namespace augur::training {

enum class NnueLoss {
    SigmoidMse,    // (p - t)^2
    CrossEntropy,  // -t log p - (1 - t) log(1 - p)
};

enum class LearningRateSchedule {
    Step,    // multiplied by lr_decay after every lr_step epochs
    Cosine,  // half a cosine from learning_rate down to lr_min over all epochs, batch by batch
};

struct NnueTrainerConfig {
    nnue::NetworkShape shape;  // hidden size, activation, quantisation, output scale
    NnueLoss loss = NnueLoss::SigmoidMse;
    double lambda = 0.5;       // weight of the game result in the target
    std::optional<double> k;   // the scale constant; fitted when not given (fit_score_k)
    int epochs = 30;           // at most
    int patience = 6;          // stop after this many epochs without a better validation loss
    std::size_t batch_size = 16384;
    double learning_rate = 0.001;  // Adam's step size
    LearningRateSchedule schedule = LearningRateSchedule::Step;
    double lr_decay = 0.3;
    int lr_step = 10;
    double lr_min = 0;
    // Decoupled weight decay (AdamW): every step also shrinks every parameter by
    // learning rate x weight_decay of itself, which holds back weights the data
    // does not keep asking for (a small data set's overfitting). 0: plain Adam.
    double weight_decay = 0;
    double validation_fraction = 0.1;  // the last part of the records (split_last)
    bool mirror = false;       // also train on every castling-free training position mirrored left to right
    int threads = 2;
    std::uint64_t seed = 1;  // of the starting weights and the batch order
};

// The network in floating point, its parameters in one array (so that Adam,
// clipping and the gradient buffers treat them alike), laid out as
// nnue::Network: the INPUTS rows of `hidden` accumulator weights (row f for
// input f), the `hidden` accumulator biases, each output bucket's 2 x hidden
// output weights (side to move's half first), each bucket's output bias.
struct FloatNetwork {
    int hidden = 0;
    nnue::Activation activation = nnue::Activation::SquaredClippedRelu;
    int buckets = 1;  // output buckets (nnue::output_bucket)
    std::vector<float> parameters;

    static FloatNetwork zeroed(int hidden, nnue::Activation activation, int buckets = 1);
    static std::size_t parameter_count(int hidden, int buckets = 1);

    std::size_t bias_offset() const { return std::size_t(nnue::INPUTS) * std::size_t(hidden); }
    std::size_t output_offset() const { return bias_offset() + std::size_t(hidden); }
    std::size_t output_offset(int bucket) const {
        return output_offset() + std::size_t(bucket) * 2 * std::size_t(hidden);
    }
    std::size_t output_bias_offset() const { return output_offset(buckets); }
    std::size_t output_bias_offset(int bucket) const { return output_bias_offset() + std::size_t(bucket); }
    const float* feature_row(int input) const { return parameters.data() + std::size_t(input) * std::size_t(hidden); }
    const float* feature_bias() const { return parameters.data() + bias_offset(); }
    // Every bucket's output weights, bucket after bucket.
    const float* output_weights() const { return parameters.data() + output_offset(); }
    const float* output_weights(int bucket) const { return parameters.data() + output_offset(bucket); }
    float output_bias(int bucket) const { return parameters[output_bias_offset(bucket)]; }

    // The output for pos, side to move's view, in units of the shape's scale.
    double evaluate(const Position& pos) const;
};

// The largest magnitude training lets each kind of weight take: with these, the
// quantised network passes nnue::check_network whatever the weights.
struct WeightLimits {
    float feature = 0;  // accumulator weights and biases
    float output = 0;   // output weights and bias
};
WeightLimits weight_limits(const nnue::NetworkShape& shape);

// The QB the trainer uses unless told otherwise: the largest power of two
// (up to 16384) with which the output weights can still reach +-0.5. Trained
// output weights are small (about 0.05, a few above 0.1 in the first runs), so
// rounding them to 1/64, the format's example, costs several centipawns
// (docs/TRAINING.md); the limit left is still far above them.
int default_output_quantisation(const nnue::NetworkShape& shape);

// The network file's network: weights times QA (accumulator) or QB (output),
// rounded; the output bias at the output sum's scale. Fails when the shape is
// not one the format allows or a weight is beyond weight_limits.
std::optional<std::string> quantise(const FloatNetwork& network, const nnue::NetworkShape& shape, nnue::Network& out);

struct NnueEpochReport {
    int epoch = 0;               // 1, 2, ...
    double train_loss = 0;       // mean over the epoch's batches, as they were trained
    double validation_loss = 0;  // after the epoch
    bool best = false;           // the lowest validation loss so far
    double learning_rate = 0;    // at the end of the epoch
    double positions_per_second = 0;  // trained in this epoch
    double seconds = 0;          // since training started
};

struct NnueTrainResult {
    FloatNetwork network;     // of the best epoch (the start's when no epoch did better)
    nnue::Network quantised;  // network, quantised
    double k = 0;
    std::size_t train_positions = 0, validation_positions = 0;  // train_positions counts the mirrored ones
    std::size_t mirrored_positions = 0;                          // (config.mirror)
    double start_train_loss = 0, start_validation_loss = 0;  // of the starting weights
    double final_train_loss = 0, final_validation_loss = 0;  // of the returned network
    int best_epoch = 0;
    int epochs_run = 0;
    // |quantised evaluation - float evaluation| over the validation positions, in centipawns.
    double quantisation_max_cp = 0, quantisation_mean_cp = 0;
    double prepare_seconds = 0, train_seconds = 0;
};

// The k for which win_probability(score, k) fits the game results of the
// records at `indices` best (cross-entropy): the scale of the search's scores.
double fit_score_k(const std::vector<TrainingRecord>& records, const std::vector<std::uint32_t>& indices);

// Trains a network of config.shape on dataset's records; listener hears every
// epoch. Fails (a message) on a shape the format refuses, a record that is not
// a legal position, or a split that leaves either side empty.
std::optional<std::string> train_nnue(const Dataset& dataset, const NnueTrainerConfig& config,
                                      const std::function<void(const NnueEpochReport&)>& listener,
                                      NnueTrainResult& result);

}  // namespace augur::training
