#include "play/spsa.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace augur::play {

std::string check_spsa(const std::vector<SpsaParameter>& parameters, const SpsaSchedule& schedule) {
    if (parameters.empty()) return "no parameter to tune";
    if (schedule.iterations < 1) return "the iterations must be at least 1";
    if (!(schedule.alpha > 0 && schedule.gamma > 0 && schedule.stability_fraction >= 0))
        return "alpha and gamma must be positive and the stability fraction not negative";
    std::set<std::string> names;
    for (const SpsaParameter& p : parameters) {
        if (!names.insert(p.name).second) return p.name + " is given twice";
        if (!(p.min < p.max)) return p.name + ": min must be below max";
        if (!(p.value >= p.min && p.value <= p.max)) return p.name + ": the start must lie within min..max";
        if (!(p.c_end > 0 && p.c_end <= p.max - p.min)) return p.name + ": c must be positive and at most max - min";
        if (!(p.r_end > 0 && std::isfinite(p.r_end))) return p.name + ": r must be positive";
    }
    return {};
}

SpsaTuner::SpsaTuner(std::vector<SpsaParameter> parameters, SpsaSchedule schedule, std::uint64_t seed)
    : parameters_(std::move(parameters)), schedule_(schedule), random_(seed) {}

double SpsaTuner::perturbation(std::size_t i, int k) const {
    const double n = schedule_.iterations;
    return parameters_[i].c_end * std::pow(n / k, schedule_.gamma);
}

double SpsaTuner::step(std::size_t i, int k) const {
    const double n = schedule_.iterations;
    const double stability = schedule_.stability_fraction * n;
    const double c_last = parameters_[i].c_end;
    const double a_last = parameters_[i].r_end * c_last * c_last;
    return a_last * std::pow((stability + n) / (stability + k), schedule_.alpha);
}

SpsaTuner::Trial SpsaTuner::next_trial() {
    Trial trial;
    trial.iteration = ++made_;
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
        const SpsaParameter& p = parameters_[i];
        const int sign = random_.below(2) ? 1 : -1;
        const double c = perturbation(i, trial.iteration);
        auto engine_value = [&](double x) { return int(std::lround(std::clamp(x, p.min, p.max))); };
        trial.signs.push_back(sign);
        trial.plus.push_back(engine_value(p.value + sign * c));
        trial.minus.push_back(engine_value(p.value - sign * c));
    }
    return trial;
}

SpsaCheckpoint SpsaTuner::checkpoint(int games) const {
    SpsaCheckpoint state{done_, games, random_.state(), {}};
    for (const SpsaParameter& p : parameters_) state.values.push_back(p.value);
    return state;
}

void SpsaTuner::restore(const SpsaCheckpoint& checkpoint) {
    made_ = done_ = checkpoint.iterations_done;
    random_ = SplitMix64(checkpoint.random_state);
    for (std::size_t i = 0; i < parameters_.size(); ++i) parameters_[i].value = checkpoint.values[i];
}

void SpsaTuner::report(const Trial& trial, double plus_minus_points) {
    ++done_;
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
        SpsaParameter& p = parameters_[i];
        const double c = perturbation(i, trial.iteration);
        const double moved = p.value + step(i, trial.iteration) / c * plus_minus_points * trial.signs[i];
        p.value = std::clamp(moved, p.min, p.max);
    }
}

namespace {

// Hands every game of an iteration's match to the tuning's observer.
class GameForwarder final : public MatchObserver {
public:
    explicit GameForwarder(SpsaObserver& observer) : observer_(observer) {}
    void on_game_finished(const FinishedGame& game, const MatchState&) override { observer_.on_game_finished(game); }

private:
    SpsaObserver& observer_;
};

// What is wrong with going on from settings.resume and stopping at
// settings.stop_after, or empty.
std::string check_resume(const SpsaSettings& settings) {
    const int iterations = settings.schedule.iterations;
    if (settings.stop_after < 0 || settings.stop_after > iterations)
        return "the iteration to stop after must be from 1 to the " + std::to_string(iterations) + " iterations";
    if (!settings.resume) return {};
    const SpsaCheckpoint& resume = *settings.resume;
    if (resume.values.size() != settings.parameters.size())
        return "the checkpoint holds " + std::to_string(resume.values.size()) + " values for " +
               std::to_string(settings.parameters.size()) + " parameters";
    if (resume.games < 0) return "the checkpoint's count of games is negative";
    if (resume.iterations_done < 0 || resume.iterations_done >= iterations)
        return "the checkpoint is at iteration " + std::to_string(resume.iterations_done) + " of " +
               std::to_string(iterations) + ": nothing left to run";
    if (settings.stop_after && settings.stop_after <= resume.iterations_done)
        return "the checkpoint is already past iteration " + std::to_string(settings.stop_after);
    for (std::size_t i = 0; i < resume.values.size(); ++i) {
        const SpsaParameter& p = settings.parameters[i];
        if (!(resume.values[i] >= p.min && resume.values[i] <= p.max))
            return p.name + ": the checkpoint's value lies outside min..max";
    }
    return {};
}

std::vector<SearchParamSetting> engine_params(const std::vector<SpsaParameter>& parameters,
                                              const std::vector<int>& values,
                                              std::vector<SearchParamSetting> given) {
    for (std::size_t i = 0; i < parameters.size(); ++i) given.emplace_back(parameters[i].name, values[i]);
    return given;
}

}  // namespace

SpsaOutcome run_spsa(const SpsaSettings& settings, SpsaObserver& observer) {
    SpsaOutcome outcome;
    if (std::string error = check_spsa(settings.parameters, settings.schedule); !error.empty()) {
        outcome.error = error;
        return outcome;
    }
    if (std::string error = check_resume(settings); !error.empty()) {
        outcome.error = error;
        return outcome;
    }
    SpsaTuner tuner(settings.parameters, settings.schedule, settings.seed);
    if (settings.resume) {
        tuner.restore(*settings.resume);
        outcome.games = settings.resume->games;
    }
    GameForwarder forwarder(observer);
    const int last = settings.stop_after ? settings.stop_after : settings.schedule.iterations;
    for (int k = tuner.iterations_done() + 1; k <= last; ++k) {
        SpsaTuner::Trial trial = tuner.next_trial();
        MatchSettings match = settings.match;
        match.sprt.reset();
        match.opening_start += std::size_t(k - 1) * std::size_t(match.rounds);  // a round takes one opening
        match.engines[0].search_params = engine_params(settings.parameters, trial.plus, match.engines[0].search_params);
        match.engines[1].search_params =
            engine_params(settings.parameters, trial.minus, match.engines[1].search_params);
        MatchOutcome played = run_match(match, forwarder);
        if (!played.error.empty()) {
            outcome.error = "iteration " + std::to_string(k) + ": " + played.error;
            break;
        }
        const MatchCounts& games = played.state.counts;
        tuner.report(trial, games.wins - games.losses);
        outcome.games += games.games();
        observer.on_iteration(trial, games, tuner.parameters());
        observer.on_checkpoint(tuner.checkpoint(outcome.games));
    }
    outcome.parameters = tuner.parameters();
    outcome.iterations = tuner.iterations_done();
    return outcome;
}

}  // namespace augur::play
