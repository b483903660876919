#include "training/wdl_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "search/score.h"

namespace augur::training {

namespace {

constexpr double MIN_PROBABILITY = 1e-9;

// The curve's free numbers, in the order the gradient uses.
using Parameters = std::array<double, 4>;

Parameters parameters_of(const WdlCurve& c) {
    return {c.center_base, c.center_per_material, c.spread_base, c.spread_per_material};
}

WdlCurve curve_of(const Parameters& p, int material_max) { return {p[0], p[1], p[2], p[3], material_max}; }

struct Probabilities {
    double win, draw, loss;
};

Probabilities probabilities(const WdlCurve& curve, const WdlSample& s) {
    double win = curve.win_probability(s.score, s.material);
    double loss = curve.loss_probability(s.score, s.material);
    return {win, std::max(1 - win - loss, MIN_PROBABILITY), loss};
}

double sample_loss(const WdlCurve& curve, const WdlSample& s) {
    Probabilities p = probabilities(curve, s);
    double chosen = s.outcome > 0 ? p.win : s.outcome < 0 ? p.loss : p.draw;
    return -std::log(std::max(chosen, MIN_PROBABILITY));
}

// d(mean loss)/d(parameters). With u = (center -+ score) / spread and
// p = 1 / (1 + e^u): dp/dcenter = -p(1-p)/spread, dp/dspread = p(1-p)u/spread.
Parameters gradient(const WdlCurve& curve, const std::vector<WdlSample>& samples) {
    Parameters g{};
    for (const WdlSample& s : samples) {
        double share = double(std::min(s.material, curve.material_max)) / curve.material_max;
        double center = curve.center(s.material), spread = curve.spread(s.material);
        Probabilities p = probabilities(curve, s);
        double u_win = (center - s.score) / spread, u_loss = (center + s.score) / spread;
        double win_center = -p.win * (1 - p.win) / spread, win_spread = p.win * (1 - p.win) * u_win / spread;
        double loss_center = -p.loss * (1 - p.loss) / spread, loss_spread = p.loss * (1 - p.loss) * u_loss / spread;
        double d_center, d_spread;  // of -log(chosen probability)
        if (s.outcome > 0) {
            d_center = -win_center / p.win, d_spread = -win_spread / p.win;
        } else if (s.outcome < 0) {
            d_center = -loss_center / p.loss, d_spread = -loss_spread / p.loss;
        } else {
            d_center = (win_center + loss_center) / p.draw, d_spread = (win_spread + loss_spread) / p.draw;
        }
        if (curve.spread_base + curve.spread_per_material * share <= 1) d_spread = 0;  // held at its floor
        g[0] += d_center, g[1] += d_center * share, g[2] += d_spread, g[3] += d_spread * share;
    }
    for (double& x : g) x /= double(samples.size());
    return g;
}

}  // namespace

std::vector<WdlSample> wdl_samples(const Dataset& dataset, int max_score) {
    std::vector<WdlSample> samples;
    samples.reserve(dataset.records.size());
    for (const TrainingRecord& record : dataset.records) {
        int score = record.score();
        if (record.has(RECORD_MATE_SCORE) || is_mate_score(score) || std::abs(score) > max_score) continue;
        Position pos;
        StateInfo st;
        if (record.set_position(pos, st)) continue;  // a reader-checked record always sets; skip if not
        double white = result_for_white(record);
        int outcome = white == 0.5 ? 0 : (white == 1.0) == (record.side_to_move() == WHITE) ? 1 : -1;
        samples.push_back({score, wdl_material(pos), outcome});
    }
    return samples;
}

double wdl_loss(const WdlCurve& curve, const std::vector<WdlSample>& samples) {
    double total = 0;
    for (const WdlSample& s : samples) total += sample_loss(curve, s);
    return samples.empty() ? 0 : total / double(samples.size());
}

std::optional<std::string> fit_wdl(const std::vector<WdlSample>& samples, const WdlFitConfig& config,
                                   WdlFitResult& result) {
    result = {};
    result.samples = samples.size();
    for (const WdlSample& s : samples) (s.outcome > 0 ? result.wins : s.outcome < 0 ? result.losses : result.draws)++;
    if (result.wins + result.losses == 0 || result.draws == 0)
        return std::string("the data needs decided and drawn games (wins or losses ") +
               std::to_string(result.wins + result.losses) + ", draws " + std::to_string(result.draws) + ")";
    const int material_max = config.start.material_max;
    Parameters p = parameters_of(config.start), m{}, v{};
    constexpr double BETA1 = 0.9, BETA2 = 0.999, EPSILON = 1e-8;
    double beta1_power = 1, beta2_power = 1;
    for (int step = 0; step < config.steps; ++step) {
        Parameters g = gradient(curve_of(p, material_max), samples);
        beta1_power *= BETA1, beta2_power *= BETA2;
        for (std::size_t i = 0; i < p.size(); ++i) {
            m[i] = BETA1 * m[i] + (1 - BETA1) * g[i];
            v[i] = BETA2 * v[i] + (1 - BETA2) * g[i] * g[i];
            double m_hat = m[i] / (1 - beta1_power), v_hat = v[i] / (1 - beta2_power);
            p[i] -= config.learning_rate * m_hat / (std::sqrt(v_hat) + EPSILON);
        }
    }
    result.curve = curve_of(p, material_max);
    result.start_loss = wdl_loss(config.start, samples);
    result.loss = wdl_loss(result.curve, samples);
    return std::nullopt;
}

std::vector<WdlCalibrationRow> wdl_calibration(const WdlCurve& curve, const std::vector<WdlSample>& samples,
                                               const std::vector<int>& band_edges) {
    std::vector<WdlCalibrationRow> rows;
    for (std::size_t i = 0; i + 1 < band_edges.size(); ++i) rows.push_back({band_edges[i], band_edges[i + 1]});
    for (const WdlSample& s : samples) {
        auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return s.score >= r.low && s.score < r.high; });
        if (row == rows.end()) continue;
        Probabilities p = probabilities(curve, s);
        ++row->samples;
        (s.outcome > 0 ? row->observed_win : s.outcome < 0 ? row->observed_loss : row->observed_draw) += 1;
        row->predicted_win += p.win, row->predicted_loss += p.loss, row->predicted_draw += 1 - p.win - p.loss;
    }
    for (WdlCalibrationRow& row : rows) {
        double n = std::max<double>(double(row.samples), 1);
        for (double* x : {&row.observed_win, &row.observed_draw, &row.observed_loss, &row.predicted_win,
                          &row.predicted_draw, &row.predicted_loss})
            *x /= n;
    }
    return rows;
}

std::string wdl_table_text(const WdlFitResult& result, const std::string& provenance) {
    const WdlCurve& c = result.curve;
    std::ostringstream text;
    text << "# The win/draw/loss model behind UCI_ShowWDL, written once for the native library (lib/tools/\n"
            "# gen_tables.py writes search/wdl_model.h, used by search/wdl.cpp) and the Java reference\n"
            "# (WdlModel). Written by `augur fit-wdl` (docs/WDL.md): edit by fitting again. Integers: centipawns.\n"
            "#\n"
         << "# " << provenance << "\n"
         << "# " << result.samples << " positions (wins " << result.wins << ", draws " << result.draws << ", losses "
         << result.losses << "); mean log-loss " << result.loss << " (" << result.start_loss << " at the start).\n"
         << "\n"
            "// The side to move wins with probability 1 / (1 + exp((center - score) / spread)) and loses\n"
            "// with 1 / (1 + exp((center + score) / spread)); the rest is the draw. score is the search score\n"
            "// in centipawns from the side to move's view, and center and spread change linearly with the\n"
            "// material on the board, counted as pawn 1, knight and bishop 3, rook 5, queen 9 for both sides\n"
            "// (at most wdl_material_max): center = center_base + center_per_material * material /\n"
            "// wdl_material_max, spread the same way.\n"
         << "wdl_center_base: int = " << std::lround(c.center_base) << "\n"
         << "wdl_center_per_material: int = " << std::lround(c.center_per_material) << "\n"
         << "wdl_spread_base: int = " << std::lround(c.spread_base) << "\n"
         << "wdl_spread_per_material: int = " << std::lround(c.spread_per_material) << "\n"
         << "wdl_material_max: int = " << c.material_max << "\n";
    return text.str();
}

}  // namespace augur::training
