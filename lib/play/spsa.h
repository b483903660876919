// SPSA (simultaneous perturbation stochastic approximation) over the search's
// numbers, in the form engine testers use (Fishtest, OpenBench): each
// iteration moves every parameter at once by +-c_k (a random sign each), plays
// the engine with theta + c_k * delta against the one with theta - c_k * delta
// for a few game pairs, and moves theta along delta by a_k / c_k times the
// first engine's wins minus losses. The gains fall as c_k = c / k^gamma and
// a_k = a / (A + k)^alpha, with c and a chosen per parameter so that at the
// last iteration N the perturbation is c_end and a_N / c_N^2 is r_end
// (A = N / 10). Engines take integers: the two points are rounded, theta is not.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "play/match_runner.h"
#include "play/openings.h"

namespace augur::play {

struct SpsaParameter {
    std::string name;   // as in lib/search/search_params.table or time_params.table
    double value = 0;   // the start, then the current estimate
    double min = 0, max = 0;
    double c_end = 1;   // the perturbation at the last iteration
    double r_end = 0.002;  // a_N / c_N^2 at the last iteration
};

// Where a tuning stands after an iteration: what going on from there needs.
struct SpsaCheckpoint {
    int iterations_done = 0;
    int games = 0;                   // played in those iterations
    std::uint64_t random_state = 0;  // the signs' generator
    std::vector<double> values;      // the estimate, in the parameters' order
};

struct SpsaSchedule {
    int iterations = 1000;
    double alpha = 0.602;
    double gamma = 0.101;
    double stability_fraction = 0.1;  // A = this * iterations
};

// What is wrong with the parameters or the schedule, or empty.
std::string check_spsa(const std::vector<SpsaParameter>& parameters, const SpsaSchedule& schedule);

class SpsaTuner {
public:
    // The two engines of one iteration, value for value in the parameters' order.
    struct Trial {
        int iteration = 0;  // 1-based
        std::vector<int> plus, minus;
        std::vector<int> signs;  // delta: +1 or -1 per parameter
    };

    // parameters and schedule must pass check_spsa.
    SpsaTuner(std::vector<SpsaParameter> parameters, SpsaSchedule schedule, std::uint64_t seed);

    // The next iteration's two engines.
    Trial next_trial();
    // The trial's outcome: the plus engine's points minus the minus engine's
    // (wins minus losses). Trials are reported in the order they were made.
    void report(const Trial& trial, double plus_minus_points);

    const std::vector<SpsaParameter>& parameters() const { return parameters_; }
    int iterations_done() const { return done_; }
    // The state after the reported iterations, with the games they took; a
    // tuner of the same parameters and schedule that restores it goes on
    // exactly as this one would.
    SpsaCheckpoint checkpoint(int games) const;
    void restore(const SpsaCheckpoint& checkpoint);
    // The perturbation and the step of parameter i at iteration k (1-based).
    double perturbation(std::size_t i, int k) const;
    double step(std::size_t i, int k) const;

private:
    std::vector<SpsaParameter> parameters_;
    SpsaSchedule schedule_;
    SplitMix64 random_;
    int made_ = 0;
    int done_ = 0;
};

struct SpsaSettings {
    // The match of one iteration: engines[0] becomes the plus engine and
    // engines[1] the minus engine (each keeps its own options and limits), and
    // `rounds` game pairs are played from the next openings of the sequence.
    MatchSettings match;
    std::vector<SpsaParameter> parameters;
    SpsaSchedule schedule;
    std::uint64_t seed = 1;
    std::optional<SpsaCheckpoint> resume;  // go on from here instead of the start
    int stop_after = 0;                    // stop after this iteration (0: the schedule's last)
};

class SpsaObserver {
public:
    virtual ~SpsaObserver() = default;
    // Each game of an iteration as it is counted, never two at once (the
    // match's on_game_finished); first_is_white tells which is the plus engine.
    virtual void on_game_finished(const FinishedGame&) {}
    // After each iteration, with its games (the plus engine's view) and the
    // estimate after its step.
    virtual void on_iteration(const SpsaTuner::Trial& trial, const MatchCounts& games,
                              const std::vector<SpsaParameter>& now) = 0;
    // After each iteration: the state to go on from, should the run stop here.
    virtual void on_checkpoint(const SpsaCheckpoint&) {}
};

struct SpsaOutcome {
    std::vector<SpsaParameter> parameters;  // the final estimate
    int iterations = 0;  // done in all, those of a resumed run's checkpoint included
    int games = 0;       // the same
    std::string error;  // set when a match could not run
};

// Runs the iterations of the schedule, one match after another (each match
// plays its pairs at the settings' concurrency), from the first or the one
// after settings.resume, to the last or settings.stop_after.
SpsaOutcome run_spsa(const SpsaSettings& settings, SpsaObserver& observer);

}  // namespace augur::play
