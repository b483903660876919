// Texel tuning of the hand-crafted evaluation: every Score weight of
// lib/eval/weights.table fit to training data with a logistic loss.
//
// Each position is traced once (eval/eval_trace.h): its evaluation becomes a
// sparse linear function of the weights, with the middlegame and endgame
// halves weighted by the phase and the endgame scale. An epoch is then a pass
// of Adam over shuffled batches of those sparse rows, on `threads` threads.
// The loss is the cross-entropy between win_probability(evaluation, k) and the
// target blend of result and search score (dataset.h); k is fitted first, to
// the results alone with the starting weights, and then held. What the trace
// holds fixed stays fixed here: the endgame scale, the king-attack units and
// the int weights king_attack_weight; positions whose value the endgame layer
// decides (dead draws, known endings) are left out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "eval/eval_trace.h"
#include "eval/weights.h"
#include "training/dataset.h"

namespace augur::training {

struct HceTunerConfig {
    double lambda = 0.5;               // weight of the game result in the target
    std::optional<double> k;           // the scale constant; fitted when not given
    int epochs = 100;                  // at most
    int patience = 10;                 // stop after this many epochs without a better validation loss
    std::size_t batch_size = 16384;
    double learning_rate = 1.0;        // Adam's step size, in centipawns
    double learning_rate_decay = 0.97; // the step size is multiplied by this after every epoch
    double validation_fraction = 0.1;  // the last part of the records (split_last)
    int threads = 2;
    std::uint64_t seed = 1;            // of the batch order
    std::vector<std::string> only;     // the table entries to fit (their names); empty: every Score weight
};

struct EpochReport {
    int epoch = 0;  // 1, 2, ...
    double train_loss = 0;
    double validation_loss = 0;
    bool best = false;  // the lowest validation loss so far
    double seconds = 0;  // since training started
};

struct HceTuneResult {
    EvalWeights weights;  // of the best epoch, rounded to integers
    double k = 0;
    std::size_t train_positions = 0, validation_positions = 0;
    std::size_t decided = 0;  // left out: the endgame layer decides their value, not the weights
    double start_train_loss = 0, start_validation_loss = 0;  // of the starting weights
    // Of the rounded weights that are returned.
    double final_train_loss = 0, final_validation_loss = 0;
    int best_epoch = 0;  // 0: no epoch did better than the start, weights are the start's
    int epochs_run = 0;
    double trace_seconds = 0, train_seconds = 0;
};

// Trains from `start` on dataset's records; listener hears every epoch.
// Fails (a message) on a record that is not a legal position or a split
// that leaves either side empty.
std::optional<std::string> tune_hce(const EvalWeights& start, const Dataset& dataset, const HceTunerConfig& config,
                                    const std::function<void(const EpochReport&)>& listener, HceTuneResult& result);

// The slots (eval_trace.h) of the Score weights' halves that the tuner fits:
// those of the entries named in `only`, or of every entry when it is empty.
// Fails (a message) on a name that is no entry with Score weights.
std::optional<std::string> tuned_slots(const EvalWeights& weights, const std::vector<std::string>& only,
                                       std::vector<std::size_t>& slots);

}  // namespace augur::training
