// SPSA: the gains' schedule, the two engines of a trial within the bounds,
// the same seed giving the same run, convergence on a game whose best value is
// known, bad settings refused, and real iterations between Augur engines.
#include <catch2/catch.hpp>

#include <cmath>

#include "play/spsa.h"

using namespace augur::play;

namespace {

SpsaParameter parameter(std::string name, double value, double min, double max, double c, double r = 0.002) {
    SpsaParameter p;
    p.name = std::move(name);
    p.value = value;
    p.min = min;
    p.max = max;
    p.c_end = c;
    p.r_end = r;
    return p;
}

SpsaSchedule schedule(int iterations) {
    SpsaSchedule s;
    s.iterations = iterations;
    return s;
}

// A game between two values of one number whose best value is `best`: the
// value nearer to it wins more often (a logistic in the difference of their
// squared distances), drawn from a fixed generator.
class QuadraticGame {
public:
    QuadraticGame(double best, std::uint64_t seed) : best_(best), random_(seed) {}

    // Wins minus losses of a pair of games, plus against minus.
    double pair(int plus, int minus) {
        const double edge = (std::pow(minus - best_, 2) - std::pow(plus - best_, 2)) / 400.0;
        const double p_plus = 1 / (1 + std::exp(-edge));
        double result = 0;
        for (int game = 0; game < 2; ++game) {
            const double u = double(random_.below(1'000'000)) / 1'000'000;
            result += u < p_plus ? 1 : -1;
        }
        return result;
    }

private:
    double best_;
    SplitMix64 random_;
};

}  // namespace

TEST_CASE("SPSA's gains reach c and r at the last iteration and fall before it", "[spsa]") {
    SpsaTuner tuner({parameter("x", 50, 0, 100, 4, 0.002)}, schedule(1000), 1);
    CHECK(tuner.perturbation(0, 1000) == Approx(4));
    CHECK(tuner.step(0, 1000) / std::pow(tuner.perturbation(0, 1000), 2) == Approx(0.002));
    CHECK(tuner.perturbation(0, 1) == Approx(4 * std::pow(1000.0, 0.101)));
    for (int k = 1; k < 1000; k += 111) {
        CHECK(tuner.perturbation(0, k) > tuner.perturbation(0, k + 1));
        CHECK(tuner.step(0, k) > tuner.step(0, k + 1));
    }
}

TEST_CASE("A trial's two engines lie the perturbation either side of the estimate, within the bounds", "[spsa]") {
    SpsaTuner tuner({parameter("x", 50, 0, 100, 10), parameter("y", 2, 0, 100, 10)}, schedule(100), 7);
    int plus_higher = 0;
    for (int k = 1; k <= 100; ++k) {
        SpsaTuner::Trial t = tuner.next_trial();
        REQUIRE(t.iteration == k);
        const double c = tuner.perturbation(0, k);
        CHECK(t.plus[0] == std::lround(50 + t.signs[0] * c));
        CHECK(t.minus[0] == std::lround(50 - t.signs[0] * c));
        // y starts at 2: the side below 0 is cut at the bound.
        CHECK(std::min(t.plus[1], t.minus[1]) == 0);
        CHECK(std::max(t.plus[1], t.minus[1]) == std::lround(2 + tuner.perturbation(1, k)));
        plus_higher += t.signs[0] > 0;
        tuner.report(t, 0);
    }
    CHECK(plus_higher > 30);  // both signs come up
    CHECK(plus_higher < 70);
    CHECK(tuner.parameters()[0].value == 50);  // no score, no step
}

TEST_CASE("A won trial moves the estimate toward the plus engine, clamped to the range", "[spsa]") {
    SpsaTuner tuner({parameter("x", 50, 0, 100, 5, 0.01)}, schedule(10), 3);
    SpsaTuner::Trial t = tuner.next_trial();
    tuner.report(t, 2);  // plus won both games
    const double expected = 50 + tuner.step(0, 1) / tuner.perturbation(0, 1) * 2 * t.signs[0];
    CHECK(tuner.parameters()[0].value == Approx(expected));
    CHECK((tuner.parameters()[0].value - 50) * t.signs[0] > 0);
    for (int k = 2; k <= 10; ++k) {
        SpsaTuner::Trial next = tuner.next_trial();
        tuner.report(next, 1000 * next.signs[0]);  // always toward higher values
    }
    CHECK(tuner.parameters()[0].value == 100);
}

TEST_CASE("SPSA finds the best value of a game that has one, the same way for the same seed", "[spsa]") {
    auto run = [](std::uint64_t seed) {
        SpsaTuner tuner({parameter("x", 20, 0, 200, 8, 0.02)}, schedule(2000), seed);
        QuadraticGame game(120, seed + 100);
        for (int k = 0; k < 2000; ++k) {
            SpsaTuner::Trial t = tuner.next_trial();
            tuner.report(t, game.pair(t.plus[0], t.minus[0]));
        }
        return tuner.parameters()[0].value;
    };
    const double first = run(5);
    INFO("estimate " << first);
    CHECK(std::abs(first - 120) < 15);
    CHECK(run(5) == first);
    CHECK(std::abs(run(6) - 120) < 15);
}

TEST_CASE("SPSA settings that cannot work are refused", "[spsa]") {
    CHECK(check_spsa({}, schedule(10)) == "no parameter to tune");
    CHECK(check_spsa({parameter("x", 5, 0, 10, 1)}, schedule(0)).find("iterations") != std::string::npos);
    CHECK(check_spsa({parameter("x", 5, 10, 0, 1)}, schedule(10)).find("min must be below max") != std::string::npos);
    CHECK(check_spsa({parameter("x", 50, 0, 10, 1)}, schedule(10)).find("start") != std::string::npos);
    CHECK(check_spsa({parameter("x", 5, 0, 10, 0)}, schedule(10)).find("c must be") != std::string::npos);
    CHECK(check_spsa({parameter("x", 5, 0, 10, 20)}, schedule(10)).find("c must be") != std::string::npos);
    CHECK(check_spsa({parameter("x", 5, 0, 10, 1, -1)}, schedule(10)).find("r must be") != std::string::npos);
    CHECK(check_spsa({parameter("x", 5, 0, 10, 1), parameter("x", 5, 0, 10, 1)}, schedule(10)).find("twice") !=
          std::string::npos);
    CHECK(check_spsa({parameter("x", 5, 0, 10, 1)}, schedule(10)).empty());
}

namespace {

class Iterations final : public SpsaObserver {
public:
    void on_iteration(const SpsaTuner::Trial& trial, const MatchCounts& games,
                      const std::vector<SpsaParameter>& now) override {
        trials.push_back(trial);
        game_counts.push_back(games.games());
        estimates.push_back(now[0].value);
    }
    std::vector<SpsaTuner::Trial> trials;
    std::vector<int> game_counts;
    std::vector<double> estimates;
};

SpsaSettings engine_settings() {
    SpsaSettings settings;
    for (EngineSpec& e : settings.match.engines) {
        e.limits.nodes = 300;
        e.options = {{"Hash", "1"}};
    }
    settings.match.engines[0].name = "plus";
    settings.match.engines[1].name = "minus";
    settings.match.rounds = 1;
    settings.match.games_per_round = 2;
    settings.parameters = {parameter("lmr_base", 192, 64, 512, 64, 0.002)};
    settings.schedule = schedule(3);
    settings.seed = 11;
    return settings;
}

}  // namespace

TEST_CASE("run_spsa plays a game pair an iteration between the two engines it sets up", "[spsa][engine]") {
    Iterations seen;
    SpsaOutcome outcome = run_spsa(engine_settings(), seen);
    REQUIRE(outcome.error.empty());
    CHECK(outcome.iterations == 3);
    CHECK(outcome.games == 6);
    REQUIRE(seen.trials.size() == 3);
    for (int games : seen.game_counts) CHECK(games == 2);
    CHECK(outcome.parameters[0].value == seen.estimates.back());
    CHECK(outcome.parameters[0].value >= 64);
    CHECK(outcome.parameters[0].value <= 512);

    // The same settings play the same games (node limits, one thread): the same estimates.
    Iterations again;
    run_spsa(engine_settings(), again);
    CHECK(again.estimates == seen.estimates);
}

TEST_CASE("run_spsa reports an engine that cannot take a parameter", "[spsa][engine]") {
    Iterations seen;
    SpsaSettings unknown = engine_settings();
    unknown.parameters[0].name = "no_such_parameter";
    SpsaOutcome outcome = run_spsa(unknown, seen);
    CHECK(outcome.error.find("unknown search parameter 'no_such_parameter'") != std::string::npos);
    CHECK(seen.trials.empty());

    SpsaSettings external = engine_settings();
    external.match.engines[1].command = "/bin/false";
    outcome = run_spsa(external, seen);
    CHECK(outcome.error.find("only be set on an Augur engine") != std::string::npos);
}
