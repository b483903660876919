// Fits the win/draw/loss model (search/wdl.h) to self-play results: for every
// position, the search's score, the material on the board and how the game
// ended for the side to move. The curve's four numbers maximise the likelihood
// of those outcomes (Adam on the mean log-loss, every position in every step).
// `augur fit-wdl` runs it and writes lib/search/wdl_model.table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "search/wdl.h"
#include "training/dataset.h"

namespace augur::training {

// One position: score (side to move), material (wdl_material) and outcome
// for the side to move: 1 won, 0 drawn, -1 lost.
struct WdlSample {
    int score = 0;
    int material = 0;
    int outcome = 0;
};

// The samples of a dataset: positions with a mate score are left out (the
// model is for the others), and so are scores beyond +-max_score.
std::vector<WdlSample> wdl_samples(const Dataset& dataset, int max_score = 4000);

struct WdlFitConfig {
    int steps = 3000;
    double learning_rate = 1.0;  // centipawns per Adam step
    WdlCurve start{100, 100, 60, 60, 78};
};

struct WdlFitResult {
    WdlCurve curve;
    double start_loss = 0, loss = 0;  // mean negative log-likelihood per position
    std::size_t samples = 0, wins = 0, draws = 0, losses = 0;
};

// Mean negative log-likelihood of the samples under a curve.
double wdl_loss(const WdlCurve& curve, const std::vector<WdlSample>& samples);

std::optional<std::string> fit_wdl(const std::vector<WdlSample>& samples, const WdlFitConfig& config,
                                   WdlFitResult& result);

// Observed and predicted rates of the samples whose score lies in
// [low, high): how well a curve matches the games, one row per score band.
struct WdlCalibrationRow {
    int low = 0, high = 0;
    std::size_t samples = 0;
    double observed_win = 0, observed_draw = 0, observed_loss = 0;     // shares of the samples
    double predicted_win = 0, predicted_draw = 0, predicted_loss = 0;  // mean of the model's
};
std::vector<WdlCalibrationRow> wdl_calibration(const WdlCurve& curve, const std::vector<WdlSample>& samples,
                                               const std::vector<int>& band_edges);

// The table's text (lib/search/wdl_model.table) for a fitted curve, with a
// comment that names the data it came from.
std::string wdl_table_text(const WdlFitResult& result, const std::string& provenance);

}  // namespace augur::training
