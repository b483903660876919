// Match statistics: the pentanomial Elo, nElo, LOS and the SPRT log-likelihood
// ratio, against values worked out by hand and values fastchess gives for the
// same counts.
#include <catch2/catch.hpp>

#include <cmath>

#include "play/match_stats.h"

using namespace augur::play;
using Catch::Detail::Approx;

namespace {

// fastchess's Stats(LL, LD, WL, DD, WD, WW) as Ptnml(0-2): WL and DD both score one point.
std::array<int, 5> ptnml(int ll, int ld, int wl, int dd, int wd, int ww) { return {ll, ld, wl + dd, wd, ww}; }

}  // namespace

TEST_CASE("Games and pairs count from the first engine's view", "[stats]") {
    MatchCounts counts;
    counts.add_game(2);
    counts.add_game(0);
    counts.add_pair(2, 0);
    counts.add_game(1);
    counts.add_game(1);
    counts.add_pair(1, 1);
    counts.add_game(2);
    counts.add_game(1);
    counts.add_pair(2, 1);
    CHECK(counts.games() == 6);
    CHECK(counts.wins == 2);
    CHECK(counts.losses == 1);
    CHECK(counts.draws == 3);
    CHECK(counts.points() == 3.5);
    CHECK(counts.pairs() == 3);
    CHECK(counts.pentanomial == std::array<int, 5>{0, 0, 2, 1, 0});
}

TEST_CASE("Pentanomial Elo worked by hand", "[stats]") {
    // Four pairs: two of 1 point, two of 1.5. Score s = 0.625 per game; the pair
    // scores' variance v = 0.5 * 0.125^2 * 2 = 1/64, per pair 1/256 (sd 1/16).
    //   Elo  = 400 log10(0.625 / 0.375)                          = 88.74
    //   95 % interval of s: 0.625 -/+ 1.96 / 16 = [0.50250, 0.74750]
    //   Elo error = (Elo(0.7475) - Elo(0.5025)) / 2 = (188.54 - 1.74) / 2 = 93.40
    //   nElo = 0.125 / sqrt(2/64) * 800 / ln 10 = 0.7071 * 347.44  = 245.67
    //   nElo error = 1.96 / 16 / sqrt(2/64) * 347.44              = 240.76
    //   LOS = Phi(0.125 / (1/16)) = Phi(2)                          = 0.97725
    auto e = pentanomial_elo({0, 0, 2, 2, 0});
    REQUIRE(e.valid);
    CHECK(e.score == Approx(0.625));
    CHECK(e.elo == Approx(88.74).margin(0.01));
    CHECK(e.elo_error == Approx(93.40).margin(0.01));
    CHECK(e.nelo == Approx(245.67).margin(0.01));
    CHECK(e.nelo_error == Approx(240.76).margin(0.01));
    CHECK(e.los == Approx(0.97725).margin(1e-5));

    auto even = pentanomial_elo({3, 5, 9, 5, 3});
    CHECK(even.elo == Approx(0).margin(1e-9));
    CHECK(even.nelo == Approx(0).margin(1e-9));
    CHECK(even.los == Approx(0.5));

    CHECK_FALSE(pentanomial_elo({0, 0, 0, 0, 0}).valid);
}

TEST_CASE("Pentanomial Elo and LLR match fastchess", "[stats][sprt]") {
    // The counts of fastchess's own Elo tests (app/tests/elo_test.cpp), and what
    // fastchess computes for them: printed by its EloPentanomial and SPRT
    // classes (normalized model, alpha = beta = 0.05, elo0 = 0, elo1 = 2),
    // compiled from its source (commit 74deac23) with a ten-line driver under
    // /tmp that prints diff(), error(), nEloDiff(), nEloError(), los() and
    // getLLR(stats, true) to four decimals.
    struct Case {
        std::array<int, 5> counts;
        double elo, elo_error, nelo, nelo_error, los_percent, llr;
    };
    Sprt sprt(0, 2, 0.05, 0.05);
    for (const Case& c : {
             Case{ptnml(34, 54, 31, 32, 64, 75), 55.5798, 27.6534, 57.9356, 28.2754, 100.00, 0.5349},
             Case{ptnml(332, 433, 457, 41, 333, 334), -8.6427, 10.3342, -9.1729, 10.9605, 5.05, -0.6496},
             Case{ptnml(7895, 8757, 5485, 200, 568, 9999), -21.0435, 2.9453, -19.0128, 2.6545, 0.00, -21.6158},
         }) {
        auto e = pentanomial_elo(c.counts);
        CHECK(e.elo == Approx(c.elo).margin(0.0001));
        CHECK(e.elo_error == Approx(c.elo_error).margin(0.0001));
        CHECK(e.nelo == Approx(c.nelo).margin(0.0001));
        CHECK(e.nelo_error == Approx(c.nelo_error).margin(0.0001));
        CHECK(e.los * 100 == Approx(c.los_percent).margin(0.005));
        CHECK(sprt.llr(c.counts) == Approx(c.llr).margin(0.0002));
    }
}

TEST_CASE("SPRT bounds and decisions", "[stats][sprt]") {
    CHECK(Sprt::check(0, 10, 0.05, 0.05).empty());
    CHECK_FALSE(Sprt::check(10, 0, 0.05, 0.05).empty());
    CHECK_FALSE(Sprt::check(0, 0, 0.05, 0.05).empty());
    CHECK_FALSE(Sprt::check(0, 10, 0, 0.05).empty());
    CHECK_FALSE(Sprt::check(0, 10, 0.05, 1).empty());
    CHECK_FALSE(Sprt::check(0, 10, 0.6, 0.5).empty());

    Sprt sprt(0, 10, 0.05, 0.05);
    // ln(0.05 / 0.95) and ln(0.95 / 0.05).
    CHECK(sprt.lower_bound() == Approx(-2.944439).margin(1e-6));
    CHECK(sprt.upper_bound() == Approx(2.944439).margin(1e-6));
    CHECK(sprt.decide(2.95) == Sprt::Decision::AcceptH1);
    CHECK(sprt.decide(-2.95) == Sprt::Decision::AcceptH0);
    CHECK(sprt.decide(0.5) == Sprt::Decision::Continue);
}

TEST_CASE("SPRT LLR: symmetric by hand, and as fastchess computes it", "[stats][sprt]") {
    // With hypotheses symmetric about 0 and symmetric counts, neither is more
    // likely: the LLR is exactly 0.
    CHECK(Sprt(-5, 5, 0.05, 0.05).llr({10, 40, 100, 40, 10}) == Approx(0).margin(1e-6));
    // A stronger first engine favours H1, a weaker one H0.
    CHECK(Sprt(0, 5, 0.05, 0.05).llr({10, 30, 100, 50, 10}) > 0);
    CHECK(Sprt(0, 5, 0.05, 0.05).llr({10, 50, 100, 30, 10}) < 0);

    // The counts of fastchess's normalized pentanomial SPRT tests
    // (app/tests/sprt_test.cpp, which check 2.25, 3.01 and 111.82 to 1 %), with
    // the LLRs the driver above prints for them.
    CHECK(Sprt(0, 2, 0.05, 0.05).llr(ptnml(365, 16618, 36029, 200, 16974, 390)) == Approx(2.2504).margin(0.0002));
    CHECK(Sprt(-1.75, 0.25, 0.05, 0.05).llr(ptnml(127, 4883, 10311, 401, 5150, 104)) == Approx(3.0102).margin(0.0002));
    CHECK(Sprt(0, 5, 0.05, 0.05).llr(ptnml(0, 0, 0, 0, 0, 5550)) == Approx(111.7976).margin(0.0002));
}
