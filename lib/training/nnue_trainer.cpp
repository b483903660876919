#include "training/nnue_trainer.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "eval/nnue/nnue_evaluator.h"

namespace augur::training {

namespace {

using nnue::Activation;
using Clock = std::chrono::steady_clock;

// The inner loops run over the hidden neurons in blocks of LANES independent
// sums, which the compiler turns into vector instructions (a float reduction in
// one sum it may not reorder).
constexpr int LANES = 16;
static_assert(nnue::HIDDEN_STEP % LANES == 0, "hidden sizes must be whole blocks of lanes");

constexpr int OTHER_COLOUR_INPUTS = nnue::INPUTS / 2;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A position as the trainer sees it: its active inputs from White's view and
// its target from the side to move's.
struct Sample {
    std::array<std::uint16_t, nnue::MAX_ACTIVE_FEATURES> white_inputs{};
    std::uint8_t count = 0;
    bool black_to_move = false;
    bool may_castle = false;  // castling rights break the left-right symmetry
    float target = 0;
};

// The same piece seen from Black: the colour relative to the viewer flips and so does the rank.
int seen_by_black(int white_input) {
    int flipped = white_input < OTHER_COLOUR_INPUTS ? white_input + OTHER_COLOUR_INPUTS
                                                    : white_input - OTHER_COLOUR_INPUTS;
    return flipped ^ 56;
}

Sample sample_of(const Position& pos) {
    Sample sample;
    for (Bitboard b = pos.pieces(); b; b &= b - 1) {
        Square s = lsb(b);
        sample.white_inputs[sample.count++] = std::uint16_t(nnue::feature_index(WHITE, pos.piece_on(s), s));
    }
    sample.black_to_move = pos.side_to_move() == BLACK;
    sample.may_castle = pos.castling_rights() != NO_CASTLING;
    return sample;
}

// The position mirrored left to right (files a and h swap): without castling
// rights the same game with the same value, so a second example of it.
Sample mirrored_left_right(const Sample& sample) {
    Sample mirrored = sample;
    for (int i = 0; i < sample.count; ++i) mirrored.white_inputs[std::size_t(i)] ^= 7;
    return mirrored;
}

// With config.mirror, every castling-free training position is added again
// mirrored (validation positions are not: they measure the real data).
std::size_t add_mirrored_positions(std::vector<Sample>& samples, std::vector<std::uint32_t>& train) {
    const std::size_t original = train.size();
    for (std::size_t i = 0; i < original; ++i) {
        const Sample& sample = samples[train[i]];
        if (sample.may_castle) continue;
        train.push_back(std::uint32_t(samples.size()));
        samples.push_back(mirrored_left_right(sample));
    }
    return train.size() - original;
}

// Both perspectives' active inputs, the side to move's first.
struct Inputs {
    std::array<std::uint16_t, nnue::MAX_ACTIVE_FEATURES> stm, other;
    int count = 0;
};

Inputs inputs_of(const Sample& sample) {
    Inputs in;
    in.count = sample.count;
    for (int i = 0; i < sample.count; ++i) {
        auto white = sample.white_inputs[std::size_t(i)];
        auto black = std::uint16_t(seen_by_black(white));
        in.stm[std::size_t(i)] = sample.black_to_move ? black : white;
        in.other[std::size_t(i)] = sample.black_to_move ? white : black;
    }
    return in;
}

template <Activation A>
inline float activate(float x) {
    float clipped = std::min(std::max(x, 0.0f), 1.0f);
    return A == Activation::SquaredClippedRelu ? clipped * clipped : clipped;
}

// The derivative of activate (0 where it is flat).
template <Activation A>
inline float activation_slope(float x) {
    float inside = x > 0.0f && x < 1.0f ? 1.0f : 0.0f;
    return A == Activation::SquaredClippedRelu ? 2.0f * x * inside : inside;
}

void accumulate(const FloatNetwork& net, const std::uint16_t* inputs, int count, float* __restrict acc) {
    const int hidden = net.hidden;
    std::copy_n(net.feature_bias(), hidden, acc);
    for (int i = 0; i < count; ++i) {
        const float* __restrict row = net.feature_row(inputs[i]);
        for (int j = 0; j < hidden; ++j) acc[j] += row[j];
    }
}

// The output bucket of a position with these inputs (one per piece).
int bucket_of(const FloatNetwork& net, const Inputs& in) { return nnue::output_bucket(in.count, net.buckets); }

template <Activation A>
float output_of(const FloatNetwork& net, int bucket, const float* __restrict stm, const float* __restrict other) {
    const int hidden = net.hidden;
    const float* __restrict out = net.output_weights(bucket);
    std::array<float, LANES> lanes{};
    for (int j = 0; j < hidden; j += LANES)
        for (int l = 0; l < LANES; ++l)
            lanes[std::size_t(l)] += activate<A>(stm[j + l]) * out[j + l] + activate<A>(other[j + l]) * out[hidden + j + l];
    float sum = net.output_bias(bucket);
    for (float lane : lanes) sum += lane;
    return sum;
}

// One thread's working memory: both accumulators and their gradients.
struct Scratch {
    explicit Scratch(int hidden)
        : stm(std::size_t(hidden)), other(std::size_t(hidden)), stm_slope(std::size_t(hidden)),
          other_slope(std::size_t(hidden)) {}
    std::vector<float> stm, other, stm_slope, other_slope;
};

template <Activation A>
float forward(const FloatNetwork& net, const Inputs& in, Scratch& scratch) {
    accumulate(net, in.stm.data(), in.count, scratch.stm.data());
    accumulate(net, in.other.data(), in.count, scratch.other.data());
    return output_of<A>(net, bucket_of(net, in), scratch.stm.data(), scratch.other.data());
}

// The per-neuron part of backward: the output weights' and the biases'
// gradients, and each accumulator's (d_stm, d_other). Restrict parameters of
// their own function tell the compiler that no array overlaps another, so the
// loop is vectorised (inlined into backward, it was not).
template <Activation A>
void neuron_gradients(int hidden, float output_slope, const float* __restrict stm, const float* __restrict other,
                      const float* __restrict out, float* __restrict d_out_stm, float* __restrict d_out_other,
                      float* __restrict d_bias, float* __restrict d_stm, float* __restrict d_other) {
    for (int j = 0; j < hidden; ++j) {
        d_out_stm[j] += output_slope * activate<A>(stm[j]);
        d_out_other[j] += output_slope * activate<A>(other[j]);
        d_stm[j] = output_slope * out[j] * activation_slope<A>(stm[j]);
        d_other[j] = output_slope * out[hidden + j] * activation_slope<A>(other[j]);
        d_bias[j] += d_stm[j] + d_other[j];
    }
}

// Adds the gradient of the loss to `gradient` (laid out as the parameters),
// given d(loss)/d(output) and the accumulators forward left in scratch. Only
// the rows of the active inputs change.
template <Activation A>
void backward(const FloatNetwork& net, const Inputs& in, float output_slope, Scratch& scratch, float* gradient) {
    const int hidden = net.hidden;
    float* d_stm = scratch.stm_slope.data();
    float* d_other = scratch.other_slope.data();
    const int bucket = bucket_of(net, in);
    float* d_out = gradient + net.output_offset(bucket);
    neuron_gradients<A>(hidden, output_slope, scratch.stm.data(), scratch.other.data(), net.output_weights(bucket),
                        d_out, d_out + hidden, gradient + net.bias_offset(), d_stm, d_other);
    gradient[net.output_bias_offset(bucket)] += output_slope;
    for (int i = 0; i < in.count; ++i) {
        float* __restrict row = gradient + std::size_t(in.stm[std::size_t(i)]) * std::size_t(hidden);
        for (int j = 0; j < hidden; ++j) row[j] += d_stm[j];
    }
    for (int i = 0; i < in.count; ++i) {
        float* __restrict row = gradient + std::size_t(in.other[std::size_t(i)]) * std::size_t(hidden);
        for (int j = 0; j < hidden; ++j) row[j] += d_other[j];
    }
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The loss of one position and its derivative by the network's output, for a
// prediction sigmoid(logit_scale * output): logit_scale folds the output scale
// and k into one factor (win_probability(cp, k) = sigmoid(k ln 10 / 400 * cp)).
struct LossSlope {
    double loss = 0, slope = 0;
};
LossSlope loss_of(NnueLoss kind, double output, double target, double logit_scale) {
    double logit = logit_scale * output;
    double p = sigmoid(logit);
    if (kind == NnueLoss::CrossEntropy) return {logistic_cross_entropy(logit, target), (p - target) * logit_scale};
    return {(p - target) * (p - target), 2 * (p - target) * p * (1 - p) * logit_scale};
}

// Adam over every parameter, the batch gradient being the sum of the threads'
// buffers, with decoupled weight decay (AdamW) when it is not 0; each step
// ends by clipping the parameters to their limits.
class Adam {
public:
    Adam(std::size_t parameters, double weight_decay)
        : m_(parameters, 0.0f), v_(parameters, 0.0f), weight_decay_(weight_decay) {}

    void begin_step(double learning_rate) {
        ++t_;
        step_ = float(learning_rate / (1 - std::pow(BETA1, t_)));
        v_correction_ = float(1 / (1 - std::pow(BETA2, t_)));
        kept_ = float(1 - learning_rate * weight_decay_);
    }
    // Parameters [first, last).
    void update(std::size_t first, std::size_t last, float* __restrict parameters, const float* __restrict gradient,
                const float* __restrict limits) {
        float* __restrict m = m_.data();
        float* __restrict v = v_.data();
        for (std::size_t i = first; i < last; ++i) {
            float g = gradient[i];
            m[i] = BETA1 * m[i] + (1 - BETA1) * g;
            v[i] = BETA2 * v[i] + (1 - BETA2) * g * g;
            float p = kept_ * parameters[i] - step_ * m[i] / (std::sqrt(v[i] * v_correction_) + EPSILON);
            parameters[i] = std::clamp(p, -limits[i], limits[i]);
        }
    }

private:
    static constexpr float BETA1 = 0.9f, BETA2 = 0.999f, EPSILON = 1e-8f;
    std::vector<float> m_, v_;
    double weight_decay_;
    int t_ = 0;
    float step_ = 0, v_correction_ = 1;
    float kept_ = 1;  // the share of each parameter the decay leaves
};

class Trainer {
public:
    Trainer(const NnueTrainerConfig& config, const std::vector<Sample>& samples, double k)
        : config_(config), samples_(samples), logit_scale_(k * std::log(10.0) / 400.0 * config.shape.scale),
          threads_(std::max(config.threads, 1)),
          net_(FloatNetwork::zeroed(config.shape.hidden, config.shape.activation, config.shape.output_buckets)),
          adam_(net_.parameters.size(), config.weight_decay), gradients_(std::size_t(threads_), std::vector<float>(net_.parameters.size())),
          scratch_(std::size_t(threads_), Scratch(config.shape.hidden)) {
        initialise(config.seed);
        WeightLimits limits = weight_limits(config.shape);
        limits_.assign(net_.parameters.size(), limits.feature);
        std::fill(limits_.begin() + std::ptrdiff_t(net_.output_offset()), limits_.end(), limits.output);
    }

    FloatNetwork& network() { return net_; }

    // The mean loss over samples[indices].
    double mean_loss(const std::vector<std::uint32_t>& indices) {
        return squared() ? mean_loss<Activation::SquaredClippedRelu>(indices)
                         : mean_loss<Activation::ClippedRelu>(indices);
    }
    // One Adam step on the batch [first, last); returns the batch's summed loss.
    double train_batch(const std::uint32_t* first, const std::uint32_t* last, double learning_rate) {
        double loss = squared() ? batch_gradient<Activation::SquaredClippedRelu>(first, last)
                                : batch_gradient<Activation::ClippedRelu>(first, last);
        adam_.begin_step(learning_rate);
        parallel_for(threads_, net_.parameters.size(), [&](int, std::size_t a, std::size_t b) {
            float* __restrict sum = gradients_[0].data();
            for (std::size_t t = 1; t < gradients_.size(); ++t) {
                const float* __restrict part = gradients_[t].data();
                for (std::size_t i = a; i < b; ++i) sum[i] += part[i];
            }
            adam_.update(a, b, net_.parameters.data(), sum, limits_.data());
        });
        return loss;
    }

private:
    bool squared() const { return net_.activation == Activation::SquaredClippedRelu; }

    // Uniform starting weights from the seed's raw generator output (the same
    // on every platform): accumulator weights within 1/sqrt(32), so that a
    // position's accumulator spreads over about +-0.6 whatever its pieces;
    // output weights within 1/sqrt(2 hidden); biases zero.
    void initialise(std::uint64_t seed) {
        std::mt19937_64 random(seed);
        auto uniform = [&](double bound) { return float(bound * (2.0 * double(random() >> 11) * 0x1p-53 - 1.0)); };
        double feature_bound = 1.0 / std::sqrt(double(nnue::MAX_ACTIVE_FEATURES));
        double output_bound = 1.0 / std::sqrt(2.0 * net_.hidden);
        for (std::size_t i = 0; i < net_.bias_offset(); ++i) net_.parameters[i] = uniform(feature_bound);
        for (std::size_t i = net_.output_offset(); i < net_.output_bias_offset(); ++i)
            net_.parameters[i] = uniform(output_bound);
    }

    template <Activation A>
    double mean_loss(const std::vector<std::uint32_t>& indices) {
        if (indices.empty()) return 0;
        std::vector<double> sums(std::size_t(threads_), 0.0);
        parallel_for(threads_, indices.size(), [&](int t, std::size_t a, std::size_t b) {
            Scratch& scratch = scratch_[std::size_t(t)];
            double sum = 0;
            for (std::size_t i = a; i < b; ++i) {
                const Sample& sample = samples_[indices[i]];
                float output = forward<A>(net_, inputs_of(sample), scratch);
                sum += loss_of(config_.loss, output, sample.target, logit_scale_).loss;
            }
            sums[std::size_t(t)] = sum;
        });
        double total = 0;
        for (double s : sums) total += s;
        return total / double(indices.size());
    }

    // Each thread's gradient of the batch's mean loss in its buffer.
    template <Activation A>
    double batch_gradient(const std::uint32_t* first, const std::uint32_t* last) {
        auto count = std::size_t(last - first);
        float per_position = 1.0f / float(count);
        std::vector<double> sums(std::size_t(threads_), 0.0);
        for (std::vector<float>& gradient : gradients_) std::fill(gradient.begin(), gradient.end(), 0.0f);
        parallel_for(threads_, count, [&](int t, std::size_t a, std::size_t b) {
            Scratch& scratch = scratch_[std::size_t(t)];
            float* gradient = gradients_[std::size_t(t)].data();
            double sum = 0;
            for (std::size_t i = a; i < b; ++i) {
                const Sample& sample = samples_[first[i]];
                Inputs in = inputs_of(sample);
                float output = forward<A>(net_, in, scratch);
                LossSlope ls = loss_of(config_.loss, output, sample.target, logit_scale_);
                sum += ls.loss;
                backward<A>(net_, in, float(ls.slope) * per_position, scratch, gradient);
            }
            sums[std::size_t(t)] = sum;
        });
        double total = 0;
        for (double s : sums) total += s;
        return total;
    }

    const NnueTrainerConfig& config_;
    const std::vector<Sample>& samples_;
    double logit_scale_;
    int threads_;
    FloatNetwork net_;
    Adam adam_;
    std::vector<float> limits_;  // per parameter
    std::vector<std::vector<float>> gradients_;  // per thread
    std::vector<Scratch> scratch_;               // per thread
};

// Every record as a sample (target still White's view), converted on `threads` threads.
std::optional<std::string> prepare_samples(const std::vector<TrainingRecord>& records, int threads,
                                           std::vector<Sample>& samples) {
    samples.assign(records.size(), Sample{});
    std::vector<std::optional<std::string>> errors(std::size_t(std::max(threads, 1)));
    parallel_for(threads, records.size(), [&](int t, std::size_t first, std::size_t last) {
        for (std::size_t i = first; i < last; ++i) {
            Position pos;
            StateInfo st;
            if (auto error = records[i].set_position(pos, st)) {
                errors[std::size_t(t)] = "position " + std::to_string(i) + ": " + *error;
                return;
            }
            samples[i] = sample_of(pos);
        }
    });
    for (auto& error : errors)
        if (error) return error;
    return std::nullopt;
}

// The learning rate of the step schedule after `epochs` whole epochs.
double stepped_rate(const NnueTrainerConfig& config, int epochs) {
    return config.learning_rate * std::pow(config.lr_decay, epochs / std::max(config.lr_step, 1));
}

double cosine_rate(const NnueTrainerConfig& config, double progress) {
    return config.lr_min + (config.learning_rate - config.lr_min) * 0.5 * (1 + std::cos(std::numbers::pi * progress));
}

// The float network's evaluation in centipawns, clamped as the integer one's.
double float_centipawns(const FloatNetwork& network, const Position& pos, int scale) {
    return std::clamp(network.evaluate(pos) * scale, double(-nnue::EVAL_LIMIT), double(nnue::EVAL_LIMIT));
}

// Fills result's quantisation figures from the validation positions.
void measure_quantisation(const std::vector<TrainingRecord>& records, const std::vector<std::uint32_t>& indices,
                          int threads, NnueTrainResult& result) {
    std::vector<double> max(std::size_t(std::max(threads, 1)), 0.0), sum(max.size(), 0.0);
    parallel_for(threads, indices.size(), [&](int t, std::size_t first, std::size_t last) {
        for (std::size_t i = first; i < last; ++i) {
            Position pos;
            StateInfo st;
            records[indices[i]].set_position(pos, st);  // prepare_samples set it before
            // The network alone: the endgame layer's known endings are not the network's values.
            double difference = std::abs(nnue::evaluate_from_scratch(result.quantised, pos, false) -
                                         float_centipawns(result.network, pos, result.quantised.shape.scale));
            max[std::size_t(t)] = std::max(max[std::size_t(t)], difference);
            sum[std::size_t(t)] += difference;
        }
    });
    result.quantisation_max_cp = *std::max_element(max.begin(), max.end());
    double total = 0;
    for (double s : sum) total += s;
    result.quantisation_mean_cp = total / double(std::max<std::size_t>(indices.size(), 1));
}

// The bound every quantised output weight and output bias (divided by
// max_activation) must keep so that the output sum stays within 32 bits
// (in each bucket: a position's sum uses one bucket's weights and bias).
std::int64_t output_units(const nnue::NetworkShape& shape) {
    return std::numeric_limits<std::int32_t>::max() / (shape.max_activation() * (2 * std::int64_t(shape.hidden) + 1));
}

// The largest float that, multiplied by factor, is at most units: rounding
// the quotient up would let a weight at the limit round past it.
float at_most(std::int64_t units, int factor) {
    auto limit = float(double(units) / factor);
    while (double(limit) * factor > double(units)) limit = std::nextafter(limit, 0.0f);
    return limit;
}

}  // namespace

FloatNetwork FloatNetwork::zeroed(int hidden, Activation activation, int buckets) {
    FloatNetwork net;
    net.hidden = hidden;
    net.activation = activation;
    net.buckets = buckets;
    net.parameters.assign(parameter_count(hidden, buckets), 0.0f);
    return net;
}

std::size_t FloatNetwork::parameter_count(int hidden, int buckets) {
    const std::size_t h = std::size_t(hidden), b = std::size_t(buckets);
    return (std::size_t(nnue::INPUTS) + 1) * h + (2 * h + 1) * b;
}

double FloatNetwork::evaluate(const Position& pos) const {
    Scratch scratch(hidden);
    Inputs in = inputs_of(sample_of(pos));
    return activation == Activation::SquaredClippedRelu ? forward<Activation::SquaredClippedRelu>(*this, in, scratch)
                                                        : forward<Activation::ClippedRelu>(*this, in, scratch);
}

// An accumulator sums its bias and at most MAX_ACTIVE_FEATURES weights, each at
// most `feature` times QA after rounding: (MAX_ACTIVE_FEATURES + 1) of them
// within 32767. The output sum adds the bias and 2 hidden products of an
// activation (at most max_activation) and a weight: with every quantised
// output weight and the bias (at the sum's scale, divided by max_activation)
// within the same integer, (2 hidden + 1) times it within 2^31 - 1.
WeightLimits weight_limits(const nnue::NetworkShape& shape) {
    const int feature_units = std::numeric_limits<std::int16_t>::max() / (nnue::MAX_ACTIVE_FEATURES + 1);
    return {at_most(feature_units, shape.qa), at_most(output_units(shape), shape.qb)};
}

int default_output_quantisation(const nnue::NetworkShape& shape) {
    constexpr int LARGEST = 16384;
    const std::int64_t reaching_half = 2 * output_units(shape);  // a QB up to this leaves a limit of 0.5 or more
    int qb = 1;
    while (qb < LARGEST && 2 * qb <= reaching_half) qb *= 2;
    return qb;
}

std::optional<std::string> quantise(const FloatNetwork& network, const nnue::NetworkShape& shape, nnue::Network& out) {
    if (std::string error = nnue::check_shape(shape); !error.empty()) return "bad network shape: " + error;
    if (network.hidden != shape.hidden || network.activation != shape.activation ||
        network.buckets != shape.output_buckets ||
        network.parameters.size() != FloatNetwork::parameter_count(shape.hidden, shape.output_buckets))
        return std::string("the network does not have the shape to quantise it to");
    WeightLimits limits = weight_limits(shape);
    for (std::size_t i = 0; i < network.parameters.size(); ++i) {
        float limit = i < network.output_offset() ? limits.feature : limits.output;
        if (!(std::abs(network.parameters[i]) <= limit))
            return "parameter " + std::to_string(i) + " is beyond the limit that keeps the quantised network's sums " +
                   "in their integers";
    }
    out = nnue::Network::zeroed(shape);
    auto scaled = [](float weight, int factor) { return std::int16_t(std::lround(double(weight) * factor)); };
    for (std::size_t i = 0; i < out.feature_weights.size(); ++i)
        out.feature_weights[i] = scaled(network.parameters[i], shape.qa);
    for (std::size_t j = 0; j < out.feature_bias.size(); ++j)
        out.feature_bias[j] = scaled(network.feature_bias()[j], shape.qa);
    for (std::size_t j = 0; j < out.output_weights.size(); ++j)
        out.output_weights[j] = scaled(network.output_weights()[j], shape.qb);
    for (int bucket = 0; bucket < shape.output_buckets; ++bucket)
        out.output_bias[std::size_t(bucket)] =
            std::int32_t(std::llround(double(network.output_bias(bucket)) * double(shape.output_divisor())));
    if (std::string error = nnue::check_network(out); !error.empty()) return "the quantised network: " + error;
    return std::nullopt;
}

double fit_score_k(const std::vector<TrainingRecord>& records, const std::vector<std::uint32_t>& indices) {
    std::vector<double> scores, results;
    for (std::uint32_t i : indices) {
        scores.push_back(score_for_white(records[i]));
        results.push_back(result_for_white(records[i]));
    }
    auto loss = [&](double k) {
        double kappa = k * std::log(10.0) / 400.0, sum = 0;
        for (std::size_t i = 0; i < scores.size(); ++i) sum += logistic_cross_entropy(kappa * scores[i], results[i]);
        return sum;
    };
    return golden_section_minimum(loss, 0.01, 10.0, 1e-4);
}

std::optional<std::string> train_nnue(const Dataset& dataset, const NnueTrainerConfig& config,
                                      const std::function<void(const NnueEpochReport&)>& listener,
                                      NnueTrainResult& result) {
    if (std::string error = nnue::check_shape(config.shape); !error.empty()) return "bad network shape: " + error;
    auto begin = Clock::now();
    const std::vector<TrainingRecord>& records = dataset.records;
    Split split = split_last(records.size(), config.validation_fraction);
    if (split.train.empty() || split.validation.empty())
        return "too few positions for a training and a validation part (" + std::to_string(records.size()) + ")";
    std::vector<Sample> samples;
    if (auto error = prepare_samples(records, config.threads, samples)) return error;
    result.k = config.k ? *config.k : fit_score_k(records, split.train);
    TargetBlend blend{config.lambda, result.k};
    for (std::size_t i = 0; i < samples.size(); ++i) {
        auto white = float(blend(records[i]));
        samples[i].target = samples[i].black_to_move ? 1.0f - white : white;
    }
    if (config.mirror) result.mirrored_positions = add_mirrored_positions(samples, split.train);
    result.train_positions = split.train.size();
    result.validation_positions = split.validation.size();
    result.prepare_seconds = seconds_since(begin);

    begin = Clock::now();
    Trainer trainer(config, samples, result.k);
    result.start_train_loss = trainer.mean_loss(split.train);
    result.start_validation_loss = trainer.mean_loss(split.validation);
    result.network = trainer.network();
    double best_loss = result.start_validation_loss;
    BatchOrder order(split.train, config.batch_size, config.seed);
    const double total_batches = double(config.epochs) * double(order.batches());
    double learning_rate = config.learning_rate;
    for (int epoch = 1; epoch <= config.epochs && epoch - result.best_epoch <= config.patience; ++epoch) {
        auto epoch_begin = Clock::now();
        order.shuffle();
        double loss_sum = 0;
        for (std::size_t b = 0; b < order.batches(); ++b) {
            if (config.schedule == LearningRateSchedule::Cosine)
                learning_rate = cosine_rate(config, (double(epoch - 1) * double(order.batches()) + double(b)) /
                                                        total_batches);
            loss_sum += trainer.train_batch(order.begin(b), order.end(b), learning_rate);
        }
        double epoch_seconds = seconds_since(epoch_begin);
        if (config.schedule == LearningRateSchedule::Step) learning_rate = stepped_rate(config, epoch);
        NnueEpochReport report;
        report.epoch = epoch;
        report.train_loss = loss_sum / double(split.train.size());
        report.validation_loss = trainer.mean_loss(split.validation);
        report.best = report.validation_loss < best_loss;
        report.learning_rate = learning_rate;
        report.positions_per_second = double(split.train.size()) / std::max(epoch_seconds, 1e-9);
        if (report.best) {
            best_loss = report.validation_loss;
            result.network = trainer.network();
            result.best_epoch = epoch;
        }
        report.seconds = seconds_since(begin);
        result.epochs_run = epoch;
        if (listener) listener(report);
    }
    trainer.network() = result.network;
    result.final_train_loss = trainer.mean_loss(split.train);
    result.final_validation_loss = trainer.mean_loss(split.validation);
    result.train_seconds = seconds_since(begin);
    if (auto error = quantise(result.network, config.shape, result.quantised)) return error;
    measure_quantisation(records, split.validation, config.threads, result);
    return std::nullopt;
}

}  // namespace augur::training
