#include "play/match_stats.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace augur::play {

namespace {

constexpr double Z95 = 1.959963984540054;  // the two-sided 95 % quantile of the normal distribution
constexpr double NELO_SCALE = 800.0 / std::numbers::ln10;
constexpr std::array<double, 5> PAIR_SCORES = {0.0, 0.25, 0.5, 0.75, 1.0};  // per game, of a pair's points

double score_to_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

struct Moments {
    double mean = 0, variance = 0;
};

Moments moments(const std::array<double, 5>& p) {
    Moments m;
    for (std::size_t i = 0; i < 5; ++i) m.mean += p[i] * PAIR_SCORES[i];
    for (std::size_t i = 0; i < 5; ++i) m.variance += p[i] * (PAIR_SCORES[i] - m.mean) * (PAIR_SCORES[i] - m.mean);
    return m;
}

// The root of a function that falls from +infinity to -infinity on (low, high),
// by bisection: slower than fastchess's ITP method, but as exact and simpler.
template <typename F>
double falling_root(F f, double low, double high) {
    for (int i = 0; i < 200 && high - low > 1e-15 * std::max(1.0, std::abs(low)); ++i) {
        double mid = (low + high) / 2;
        if (f(mid) > 0) low = mid;
        else high = mid;
    }
    return (low + high) / 2;
}

// The most likely distribution over the pair scores, given the observed
// frequencies, among those whose normalised score (mu - 1/2) / sigma is t
// (Van den Bergh, section 4.1): a fixed-point iteration, each step solving for
// the Lagrange multiplier.
std::array<double, 5> most_likely_with_t(const std::array<double, 5>& observed, double t) {
    std::array<double, 5> p;
    p.fill(0.2);
    for (int iteration = 0; iteration < 1000; ++iteration) {
        Moments m = moments(p);
        double sigma = std::sqrt(m.variance);
        std::array<double, 5> phi;
        for (std::size_t i = 0; i < 5; ++i) {
            double z = (PAIR_SCORES[i] - m.mean) / sigma;
            phi[i] = PAIR_SCORES[i] - 0.5 - 0.5 * t * sigma * (1 + z * z);
        }
        double lowest = *std::min_element(phi.begin(), phi.end());
        double highest = *std::max_element(phi.begin(), phi.end());
        if (lowest >= 0 || highest <= 0) break;  // no multiplier keeps every probability positive
        auto slope = [&](double theta) {
            double sum = 0;
            for (std::size_t i = 0; i < 5; ++i) sum += observed[i] * phi[i] / (1 + theta * phi[i]);
            return sum;
        };
        double theta = falling_root(slope, -1 / highest, -1 / lowest);
        double change = 0;
        for (std::size_t i = 0; i < 5; ++i) {
            double next = observed[i] / (1 + theta * phi[i]);
            change = std::max(change, std::abs(next - p[i]));
            p[i] = next;
        }
        if (change < 1e-9) break;
    }
    return p;
}

}  // namespace

int MatchCounts::pairs() const {
    int total = 0;
    for (int count : pentanomial) total += count;
    return total;
}

void MatchCounts::add_game(int half_points) {
    if (half_points == 2) ++wins;
    else if (half_points == 0) ++losses;
    else ++draws;
}

void MatchCounts::add_pair(int first_half_points, int second_half_points) {
    ++pentanomial[first_half_points + second_half_points];
}

EloEstimate pentanomial_elo(const std::array<int, 5>& pentanomial) {
    EloEstimate estimate;
    double pairs = 0;
    for (int count : pentanomial) pairs += count;
    if (pairs == 0) return estimate;
    std::array<double, 5> p;
    for (std::size_t i = 0; i < 5; ++i) p[i] = pentanomial[i] / pairs;
    Moments m = moments(p);
    double per_pair = m.variance / pairs;
    double upper = m.mean + Z95 * std::sqrt(per_pair), lower = m.mean - Z95 * std::sqrt(per_pair);
    auto nelo = [&](double score) { return (score - 0.5) / std::sqrt(2 * m.variance) * NELO_SCALE; };

    estimate.valid = true;
    estimate.score = m.mean;
    estimate.elo = score_to_elo(m.mean);
    estimate.elo_error = (score_to_elo(upper) - score_to_elo(lower)) / 2;
    estimate.nelo = nelo(m.mean);
    estimate.nelo_error = (nelo(upper) - nelo(lower)) / 2;
    estimate.los = (1 - std::erf(-(m.mean - 0.5) / std::sqrt(2 * per_pair))) / 2;
    return estimate;
}

std::string Sprt::check(double elo0, double elo1, double alpha, double beta) {
    if (!(elo0 < elo1)) return "elo0 must be less than elo1";
    if (!(alpha > 0 && alpha < 1)) return "alpha must be between 0 and 1";
    if (!(beta > 0 && beta < 1)) return "beta must be between 0 and 1";
    if (!(alpha + beta < 1)) return "alpha + beta must be less than 1";
    return {};
}

Sprt::Sprt(double elo0, double elo1, double alpha, double beta)
    : elo0_(elo0), elo1_(elo1), lower_(std::log(beta / (1 - alpha))), upper_(std::log((1 - beta) / alpha)) {}

double Sprt::llr(const std::array<int, 5>& pentanomial) const {
    // Empty cells get a thousandth of a pair, as in fastchess, so that the
    // likelihoods stay finite. A win and a loss count as two draws.
    std::array<double, 5> counts;
    double total = 0;
    for (std::size_t i = 0; i < 5; ++i) {
        counts[i] = pentanomial[i] == 0 ? 1e-3 : pentanomial[i];
        total += counts[i];
    }
    std::array<double, 5> observed;
    for (std::size_t i = 0; i < 5; ++i) observed[i] = counts[i] / total;
    // A game pair's normalised Elo is sqrt(2) times a game's.
    double t0 = std::numbers::sqrt2 * elo0_ / NELO_SCALE, t1 = std::numbers::sqrt2 * elo1_ / NELO_SCALE;
    auto p0 = most_likely_with_t(observed, t0), p1 = most_likely_with_t(observed, t1);
    double mean_log_ratio = 0;
    for (std::size_t i = 0; i < 5; ++i) mean_log_ratio += observed[i] * (std::log(p1[i]) - std::log(p0[i]));
    return total * mean_log_ratio;
}

Sprt::Decision Sprt::decide(double llr) const {
    if (llr >= upper_) return Decision::AcceptH1;
    if (llr <= lower_) return Decision::AcceptH0;
    return Decision::Continue;
}

}  // namespace augur::play
