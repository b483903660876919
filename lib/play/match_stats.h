// Match statistics as fastchess computes them, for the first engine against
// the second: game counts, and the pentanomial model over game pairs (the two
// games of one opening with colours swapped), which measures what a change is
// worth with the opening's bias removed.
//
// A pair scores 0, 0.5, 1, 1.5 or 2 points; Ptnml(0-2) counts pairs by that
// score (a win and a loss counts with two draws: both are 1 point). From the
// pair scores' mean s and variance v (per pair, halved to a game's scale):
//   Elo   = -400 log10(1/s - 1), its error the 95 % interval of s mapped to Elo;
//   nElo  = (s - 0.5) / sqrt(2 v) * 800 / ln 10, the normalised Elo (how many
//           standard deviations per game a change is worth), error likewise;
//   LOS   = the probability that the true score is above one half.
// Sprt is the sequential probability ratio test on nElo (fastchess's default
// "normalized" model): the log-likelihood ratio of elo1 over elo0, from the
// maximum-likelihood pentanomial distributions with those normalised Elos
// (Van den Bergh, "Comments on Normalized Elo"), against the bounds
// ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace augur::play {

struct MatchCounts {
    int wins = 0, losses = 0, draws = 0;  // games, the first engine's view
    // Pairs by the first engine's points in the pair: 0, 0.5, 1, 1.5, 2.
    std::array<int, 5> pentanomial{};

    int games() const { return wins + losses + draws; }
    int pairs() const;
    double points() const { return wins + 0.5 * draws; }
    // Adds a finished pair from the first engine's half points in each game (0, 1 or 2).
    void add_pair(int first_half_points, int second_half_points);
    // Adds one game (also those of a pair whose other game is still running).
    void add_game(int half_points);
};

struct EloEstimate {
    bool valid = false;  // false with no pairs, or a score of 0 or 1 (Elo infinite)
    double score = 0;    // mean points per game
    double elo = 0, elo_error = 0;
    double nelo = 0, nelo_error = 0;
    double los = 0;  // 0..1
};

// The pentanomial estimate from pair counts.
EloEstimate pentanomial_elo(const std::array<int, 5>& pentanomial);

class Sprt {
public:
    enum class Decision { Continue, AcceptH0, AcceptH1 };

    Sprt(double elo0, double elo1, double alpha, double beta);
    // The reason the parameters are not a test (elo0 >= elo1, alpha or beta
    // outside (0, 1), alpha + beta >= 1), or empty.
    static std::string check(double elo0, double elo1, double alpha, double beta);

    double lower_bound() const { return lower_; }
    double upper_bound() const { return upper_; }
    double elo0() const { return elo0_; }
    double elo1() const { return elo1_; }

    double llr(const std::array<int, 5>& pentanomial) const;
    Decision decide(double llr) const;

private:
    double elo0_, elo1_, lower_, upper_;
};

}  // namespace augur::play
