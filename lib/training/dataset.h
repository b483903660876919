// The model-independent half of training: positions of training data files
// (docs/DATAFORMAT.md) in memory, a validation split, the target a model is
// fit to, shuffled batches and a parallel loop. The Texel tuner of the
// hand-crafted evaluation (hce_tuner.h) builds on it; so can a network trainer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "training/training_record.h"

namespace augur::training {

struct DatasetOptions {
    // Positions whose filter flags meet this mask are left out: by default the
    // side to move in check, a capture or promotion to come, or a mate score,
    // where a static evaluation cannot be right.
    std::uint8_t skip_flags = RECORD_IN_CHECK | RECORD_CAPTURE | RECORD_PROMOTION | RECORD_MATE_SCORE;
    std::uint64_t max_records = 0;  // read at most this many records of the file (0: all)
};

struct Dataset {
    std::vector<TrainingRecord> records;  // the kept ones, in file order
    std::uint64_t read = 0;               // records read
    std::uint64_t skipped = 0;            // of them, left out by the flags
};

// Appends the records of a file to dataset. Fails with a message that names
// the file and, for a damaged one, the record (a truncated file, a foreign
// header, bytes no writer produces).
std::optional<std::string> load_dataset(const std::string& path, const DatasetOptions& options, Dataset& dataset);

// Which records train and which validate: the last `fraction` of the records
// validate, so that (the file being in game order) no game has positions on
// both sides, but for the one at the border.
struct Split {
    std::vector<std::uint32_t> train, validation;
};
Split split_last(std::size_t records, double fraction);

// The probability of winning (1 win, 0.5 draw) that a score in centipawns
// predicts: 1 / (1 + 10^(-k * centipawns / 400)).
double win_probability(double centipawns, double k);

// What a model is fit to, from White's view: lambda * result + (1 - lambda) *
// win_probability(score, k), a blend of the game's result and the search's score.
struct TargetBlend {
    double lambda = 0.5;  // weight of the result; 1 fits results only, 0 scores only
    double k = 1.0;
    double operator()(const TrainingRecord& record) const;
};
double result_for_white(const TrainingRecord& record);  // 1, 0.5 or 0
int score_for_white(const TrainingRecord& record);

// The cross-entropy of target t against sigmoid(logit), finite for any logit.
double logistic_cross_entropy(double logit, double t);
// The point of [low, high] where f, convex there, is least, within tolerance
// (golden-section search).
double golden_section_minimum(const std::function<double(double)>& f, double low, double high, double tolerance);

// The training indices in a new random order each epoch, cut into batches
// (the last may be short). A fixed seed gives the same order everywhere.
class BatchOrder {
public:
    BatchOrder(std::vector<std::uint32_t> indices, std::size_t batch_size, std::uint64_t seed);
    void shuffle();
    std::size_t batches() const { return (indices_.size() + batch_size_ - 1) / batch_size_; }
    // The indices of batch i: [first, last).
    const std::uint32_t* begin(std::size_t i) const { return indices_.data() + i * batch_size_; }
    const std::uint32_t* end(std::size_t i) const;

private:
    std::vector<std::uint32_t> indices_;
    std::size_t batch_size_;
    std::mt19937_64 random_;
};

// Runs work(thread, first, last) on `threads` threads over [0, count) cut
// into contiguous parts, one per thread (the calling thread takes the first).
void parallel_for(int threads, std::size_t count, const std::function<void(int, std::size_t, std::size_t)>& work);

}  // namespace augur::training
