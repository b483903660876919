#include "training/dataset.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <thread>

#include "training/training_file.h"

namespace augur::training {

std::optional<std::string> load_dataset(const std::string& path, const DatasetOptions& options, Dataset& dataset) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return "cannot open " + path;
    TrainingFileReader reader(file);
    TrainingRecord record;
    std::uint64_t read = 0;
    while ((!options.max_records || read < options.max_records) && reader.next(record)) {
        ++read;
        if (record.filter_flags() & options.skip_flags) ++dataset.skipped;
        else dataset.records.push_back(record);
    }
    dataset.read += read;
    if (!reader.error().empty()) return path + ": " + reader.error();
    if (read == 0) return path + ": no positions";
    return std::nullopt;
}

Split split_last(std::size_t records, double fraction) {
    auto validation = std::size_t(std::llround(double(records) * std::clamp(fraction, 0.0, 1.0)));
    Split split;
    for (std::size_t i = 0; i < records; ++i)
        (i < records - validation ? split.train : split.validation).push_back(std::uint32_t(i));
    return split;
}

double win_probability(double centipawns, double k) {
    return 1.0 / (1.0 + std::pow(10.0, -k * centipawns / 400.0));
}

double result_for_white(const TrainingRecord& record) {
    switch (record.result()) {
    case TrainingRecord::Result::WhiteWins: return 1.0;
    case TrainingRecord::Result::Draw: return 0.5;
    default: return 0.0;
    }
}

int score_for_white(const TrainingRecord& record) {
    return record.side_to_move() == WHITE ? record.score() : -record.score();
}

double TargetBlend::operator()(const TrainingRecord& record) const {
    double result = result_for_white(record);
    if (lambda >= 1.0) return result;
    return lambda * result + (1.0 - lambda) * win_probability(score_for_white(record), k);
}

double logistic_cross_entropy(double logit, double t) {
    double softplus_minus_logit = std::max(-logit, 0.0) + std::log1p(std::exp(-std::abs(logit)));
    return softplus_minus_logit + (1.0 - t) * logit;
}

double golden_section_minimum(const std::function<double(double)>& f, double low, double high, double tolerance) {
    const double golden = (std::sqrt(5.0) - 1) / 2;
    double a = low, b = high;
    double c = b - golden * (b - a), d = a + golden * (b - a);
    double fc = f(c), fd = f(d);
    while (b - a > tolerance) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - golden * (b - a), fc = f(c);
        } else {
            a = c, c = d, fc = fd;
            d = a + golden * (b - a), fd = f(d);
        }
    }
    return (a + b) / 2;
}

BatchOrder::BatchOrder(std::vector<std::uint32_t> indices, std::size_t batch_size, std::uint64_t seed)
    : indices_(std::move(indices)), batch_size_(std::max<std::size_t>(batch_size, 1)), random_(seed) {}

// Fisher-Yates with the generator's raw output, so that the order does not
// depend on the standard library's shuffle or distributions.
void BatchOrder::shuffle() {
    for (std::size_t i = indices_.size(); i > 1; --i) std::swap(indices_[i - 1], indices_[random_() % i]);
}

const std::uint32_t* BatchOrder::end(std::size_t i) const {
    return indices_.data() + std::min(indices_.size(), (i + 1) * batch_size_);
}

void parallel_for(int threads, std::size_t count, const std::function<void(int, std::size_t, std::size_t)>& work) {
    threads = std::max(1, int(std::min<std::size_t>(std::size_t(threads), std::max<std::size_t>(count, 1))));
    auto part = [&](int t) { return count * std::size_t(t) / std::size_t(threads); };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back([&, t] { work(t, part(t), part(t + 1)); });
    work(0, part(0), part(1));
    for (std::thread& helper : helpers) helper.join();
}

}  // namespace augur::training
