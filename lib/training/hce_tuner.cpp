#include "training/hce_tuner.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "eval/evaluate.h"

namespace augur::training {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// A traced position: its counts are TracedSet::counts[first, first + size).
struct Sample {
    std::uint32_t first = 0;
    std::uint32_t size = 0;
    float mg_factor = 0;  // phase / 24
    float eg_factor = 0;  // scale * (24 - phase) / 1536
    float result = 0;     // White's view
    float score = 0;      // the search's, White's view
};

struct TracedSet {
    std::vector<WeightCount> counts;
    std::vector<Sample> samples;
    std::size_t decided = 0;

    void append(const TracedSet& other) {
        auto offset = std::uint32_t(counts.size());
        counts.insert(counts.end(), other.counts.begin(), other.counts.end());
        for (Sample s : other.samples) {
            s.first += offset;
            samples.push_back(s);
        }
        decided += other.decided;
    }
};

std::optional<std::string> trace_part(const EvalWeights& start, const std::vector<TrainingRecord>& records,
                                      std::size_t first, std::size_t last, TracedSet& out) {
    HandCraftedEvaluator evaluator(0);
    evaluator.set_weights(start);
    for (std::size_t i = first; i < last; ++i) {
        Position pos;
        StateInfo st;
        if (auto error = records[i].set_position(pos, st)) return "position " + std::to_string(i) + ": " + *error;
        TracedEvaluation traced = trace_evaluation(evaluator, pos);
        if (traced.decided) {
            ++out.decided;
            continue;
        }
        Sample s;
        s.first = std::uint32_t(out.counts.size());
        s.size = std::uint32_t(traced.counts.size());
        s.mg_factor = float(double(traced.phase) / PHASE_MAX);
        s.eg_factor = float(double(traced.scale) * (PHASE_MAX - traced.phase) / (PHASE_MAX * SCALE_NORMAL));
        s.result = float(result_for_white(records[i]));
        s.score = float(score_for_white(records[i]));
        out.counts.insert(out.counts.end(), traced.counts.begin(), traced.counts.end());
        out.samples.push_back(s);
    }
    return std::nullopt;
}

std::optional<std::string> trace_all(const EvalWeights& start, const std::vector<TrainingRecord>& records, int threads,
                                     TracedSet& out) {
    std::vector<TracedSet> parts(std::size_t(std::max(threads, 1)));
    std::vector<std::optional<std::string>> errors(parts.size());
    parallel_for(threads, records.size(), [&](int t, std::size_t first, std::size_t last) {
        errors[std::size_t(t)] = trace_part(start, records, first, last, parts[std::size_t(t)]);
    });
    for (auto& error : errors)
        if (error) return error;
    for (const TracedSet& part : parts) out.append(part);
    return std::nullopt;
}

double evaluate(const TracedSet& set, const Sample& s, const std::vector<double>& w) {
    double mg = 0, eg = 0;
    for (std::uint32_t i = s.first; i < s.first + s.size; ++i) {
        const WeightCount& c = set.counts[i];
        mg += c.count * w[c.slot];
        eg += c.count * w[c.slot + 1u];
    }
    return mg * s.mg_factor + eg * s.eg_factor;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Mean loss over samples [first, last) with targets[i] and logit scale
// kappa = k * ln(10) / 400 (win_probability(e, k) = sigmoid(kappa * e)).
double mean_loss(const TracedSet& set, const std::vector<double>& targets, const std::vector<double>& w, double kappa,
                 std::size_t first, std::size_t last, int threads) {
    if (first >= last) return 0;
    std::vector<double> sums(std::size_t(std::max(threads, 1)), 0.0);
    parallel_for(threads, last - first, [&](int t, std::size_t a, std::size_t b) {
        double sum = 0;
        for (std::size_t i = first + a; i < first + b; ++i)
            sum += logistic_cross_entropy(kappa * evaluate(set, set.samples[i], w), targets[i]);
        sums[std::size_t(t)] = sum;
    });
    double total = 0;
    for (double s : sums) total += s;
    return total / double(last - first);
}

double kappa_of(double k) { return k * std::log(10.0) / 400.0; }

// The k that fits the results best with weights w: the loss is convex in k, so
// a golden-section search over a wide bracket finds it.
double fit_k(const TracedSet& set, const std::vector<double>& w, std::size_t train_size, int threads) {
    std::vector<double> results(set.samples.size());
    for (std::size_t i = 0; i < results.size(); ++i) results[i] = set.samples[i].result;
    auto loss = [&](double k) { return mean_loss(set, results, w, kappa_of(k), 0, train_size, threads); };
    return golden_section_minimum(loss, 0.01, 10.0, 1e-4);
}

// Adam over the tuned slots.
class Adam {
public:
    Adam(std::vector<std::size_t> slots, double step) : slots_(std::move(slots)), step_(step),
        m_(EVAL_WEIGHT_SLOTS, 0.0), v_(EVAL_WEIGHT_SLOTS, 0.0) {}

    void update(std::vector<double>& w, const std::vector<double>& gradient) {
        ++t_;
        double correction1 = 1 - std::pow(BETA1, t_), correction2 = 1 - std::pow(BETA2, t_);
        for (std::size_t slot : slots_) {
            double g = gradient[slot];
            m_[slot] = BETA1 * m_[slot] + (1 - BETA1) * g;
            v_[slot] = BETA2 * v_[slot] + (1 - BETA2) * g * g;
            w[slot] -= step_ * (m_[slot] / correction1) / (std::sqrt(v_[slot] / correction2) + EPSILON);
        }
    }
    void decay(double factor) { step_ *= factor; }

private:
    static constexpr double BETA1 = 0.9, BETA2 = 0.999, EPSILON = 1e-8;
    std::vector<std::size_t> slots_;
    double step_;
    int t_ = 0;
    std::vector<double> m_, v_;
};

// The loss gradient of one batch, averaged, summed over per-thread buffers.
void batch_gradient(const TracedSet& set, const std::vector<double>& targets, const std::vector<double>& w,
                    double kappa, const std::uint32_t* first, const std::uint32_t* last, int threads,
                    std::vector<std::vector<double>>& buffers, std::vector<double>& gradient) {
    auto count = std::size_t(last - first);
    parallel_for(threads, count, [&](int t, std::size_t a, std::size_t b) {
        std::vector<double>& g = buffers[std::size_t(t)];
        std::fill(g.begin(), g.end(), 0.0);
        for (std::size_t j = a; j < b; ++j) {
            std::uint32_t i = first[j];
            const Sample& s = set.samples[i];
            double d = (sigmoid(kappa * evaluate(set, s, w)) - targets[i]) * kappa;
            double dmg = d * s.mg_factor, deg = d * s.eg_factor;
            for (std::uint32_t n = s.first; n < s.first + s.size; ++n) {
                const WeightCount& c = set.counts[n];
                g[c.slot] += dmg * c.count;
                g[c.slot + 1u] += deg * c.count;
            }
        }
    });
    std::fill(gradient.begin(), gradient.end(), 0.0);
    for (std::size_t t = 0; t < std::min(buffers.size(), std::max<std::size_t>(count, 1)); ++t)
        for (std::size_t slot = 0; slot < gradient.size(); ++slot) gradient[slot] += buffers[t][slot];
    for (double& g : gradient) g /= double(std::max<std::size_t>(count, 1));
}

template <class F>
void visit_scores(const Score& s, F& f) { f(s); }
template <class F>
void visit_scores(const int&, F&) {}
template <class T, std::size_t N, class F>
void visit_scores(const T (&array)[N], F& f) {
    for (const T& item : array) visit_scores(item, f);
}

std::vector<double> as_slots(const EvalWeights& weights) {
    std::vector<double> w(EVAL_WEIGHT_SLOTS);
    for (std::size_t slot = 0; slot < w.size(); ++slot) w[slot] = weight_at(weights, slot);
    return w;
}

EvalWeights rounded(const EvalWeights& start, const std::vector<double>& w, const std::vector<std::size_t>& slots) {
    EvalWeights out = start;
    for (std::size_t slot : slots) set_weight_at(out, slot, int(std::lround(w[slot])));
    return out;
}

}  // namespace

std::optional<std::string> tuned_slots(const EvalWeights& weights, const std::vector<std::string>& only,
                                       std::vector<std::size_t>& slots) {
    slots.clear();
    std::vector<bool> found(only.size());
    weights.for_each([&](const char* name, const auto& field) {
        auto named = std::find(only.begin(), only.end(), name);
        if (!only.empty() && named == only.end()) return;
        std::size_t before = slots.size();
        auto add = [&](const Score& s) {
            slots.push_back(weight_slot(weights, s.mg));
            slots.push_back(weight_slot(weights, s.eg));
        };
        visit_scores(field, add);
        if (named != only.end() && slots.size() > before) found[std::size_t(named - only.begin())] = true;
    });
    for (std::size_t i = 0; i < only.size(); ++i)
        if (!found[i]) return "no entry of the table with Score weights is named '" + only[i] + "'";
    return std::nullopt;
}

std::optional<std::string> tune_hce(const EvalWeights& start, const Dataset& dataset, const HceTunerConfig& config,
                                    const std::function<void(const EpochReport&)>& listener, HceTuneResult& result) {
    std::vector<std::size_t> slots;
    if (auto error = tuned_slots(start, config.only, slots)) return error;
    auto begin = Clock::now();
    TracedSet set;
    if (auto error = trace_all(start, dataset.records, config.threads, set)) return error;
    result.trace_seconds = seconds_since(begin);
    result.decided = set.decided;
    Split split = split_last(set.samples.size(), config.validation_fraction);
    std::size_t train_size = split.train.size(), total = set.samples.size();
    if (split.train.empty() || split.validation.empty())
        return "too few positions for a training and a validation part (" + std::to_string(total) + " usable)";
    result.train_positions = train_size;
    result.validation_positions = split.validation.size();

    begin = Clock::now();
    std::vector<double> w = as_slots(start);
    result.k = config.k ? *config.k : fit_k(set, w, train_size, config.threads);
    double kappa = kappa_of(result.k);
    TargetBlend blend{config.lambda, result.k};
    std::vector<double> targets(total);
    for (std::size_t i = 0; i < total; ++i) {
        const Sample& s = set.samples[i];
        targets[i] = config.lambda * s.result + (1 - config.lambda) * win_probability(s.score, blend.k);
    }
    auto losses = [&](const std::vector<double>& weights, double& train, double& validation) {
        train = mean_loss(set, targets, weights, kappa, 0, train_size, config.threads);
        validation = mean_loss(set, targets, weights, kappa, train_size, total, config.threads);
    };
    losses(w, result.start_train_loss, result.start_validation_loss);

    Adam adam(slots, config.learning_rate);
    BatchOrder order(split.train, config.batch_size, config.seed);
    std::vector<std::vector<double>> buffers(std::size_t(std::max(config.threads, 1)), std::vector<double>(EVAL_WEIGHT_SLOTS));
    std::vector<double> gradient(EVAL_WEIGHT_SLOTS), best = w;
    double best_loss = result.start_validation_loss;
    for (int epoch = 1; epoch <= config.epochs && epoch - result.best_epoch <= config.patience; ++epoch) {
        order.shuffle();
        for (std::size_t b = 0; b < order.batches(); ++b) {
            batch_gradient(set, targets, w, kappa, order.begin(b), order.end(b), config.threads, buffers, gradient);
            adam.update(w, gradient);
        }
        adam.decay(config.learning_rate_decay);
        EpochReport report;
        report.epoch = epoch;
        losses(w, report.train_loss, report.validation_loss);
        report.best = report.validation_loss < best_loss;
        if (report.best) {
            best_loss = report.validation_loss;
            best = w;
            result.best_epoch = epoch;
        }
        report.seconds = seconds_since(begin);
        result.epochs_run = epoch;
        if (listener) listener(report);
    }
    result.weights = rounded(start, best, slots);
    losses(as_slots(result.weights), result.final_train_loss, result.final_validation_loss);
    result.train_seconds = seconds_since(begin);
    return std::nullopt;
}

}  // namespace augur::training
