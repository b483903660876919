#include "play/match_runner.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "play/game_runner.h"

namespace augur::play {

namespace {

struct GameJob {
    int index = 0;
    Opening opening;
};

// Hands out games in order and collects their results: the one place where
// the workers meet, under one mutex.
class Schedule {
public:
    Schedule(const MatchSettings& settings, MatchObserver& observer)
        : settings_(settings), observer_(observer),
          openings_(settings.openings.empty() ? std::vector<Opening>{Opening{}} : settings.openings, settings.order,
                    settings.seed, settings.opening_start) {
        if (settings.sprt) {
            const SprtSettings& s = *settings.sprt;
            state_.sprt.emplace(s.elo0, s.elo1, s.alpha, s.beta);
        }
    }

    std::optional<GameJob> next() {
        std::lock_guard lock(mutex_);
        if (stop_.load() || next_index_ >= settings_.total_games()) return std::nullopt;
        int index = next_index_++;
        bool new_opening = settings_.games_per_round == 1 || index % 2 == 0;
        if (new_opening) current_opening_ = openings_.next();
        return GameJob{index, current_opening_};
    }

    void finish(const GameJob& job, const PlayedGame& played) {
        std::lock_guard lock(mutex_);
        if (stop_.load() || played.aborted) return;  // decided already: later games do not count
        if (!played.ok) {
            error_ = "game " + std::to_string(job.index + 1) + ": " + played.error;
            stop_ = true;
            return;
        }
        FinishedGame finished;
        finished.number = job.index + 1;
        finished.round = job.index / settings_.games_per_round + 1;
        finished.first_is_white = job.index % 2 == 0;
        finished.record = played.record;
        count(finished);
        observer_.on_game_finished(finished, state_);
        if (state_.decision != Sprt::Decision::Continue) stop_ = true;
    }

    const std::atomic<bool>* stop_flag() const { return &stop_; }
    MatchOutcome outcome() const { return {state_, error_}; }

private:
    void count(const FinishedGame& game) {
        const GameRecord& record = game.record;
        int white_half = record.white_half_points();
        int first_half = game.first_is_white ? white_half : 2 - white_half;
        state_.counts.add_game(first_half);
        count_forfeit(game);
        count_adjudication(record.termination);

        int pair = (game.number - 1) / 2;
        auto partner = pending_pairs_.find(pair);
        if (partner == pending_pairs_.end()) {
            pending_pairs_[pair] = first_half;
            return;
        }
        state_.counts.add_pair(partner->second, first_half);
        pending_pairs_.erase(partner);
        if (state_.sprt) {
            state_.llr = state_.sprt->llr(state_.counts.pentanomial);
            state_.decision = state_.sprt->decide(state_.llr);
        }
    }

    void count_forfeit(const FinishedGame& game) {
        const GameRecord& record = game.record;
        if (record.result == GameResult::Draw) return;
        bool white_lost = record.result == GameResult::BlackWins;
        int loser = white_lost == game.first_is_white ? 0 : 1;
        ForfeitCounts& f = state_.forfeits[loser];
        switch (record.termination) {
        case Termination::TimeForfeit: ++f.time; break;
        case Termination::IllegalMove: ++f.illegal; break;
        case Termination::Disconnected: ++f.disconnected; break;
        case Termination::Stalled: ++f.stalled; break;
        default: break;
        }
    }

    void count_adjudication(Termination termination) {
        AdjudicationCounts& a = state_.adjudications;
        switch (termination) {
        case Termination::ResignAdjudication: ++a.resign; break;
        case Termination::DrawAdjudication: ++a.draw; break;
        case Termination::TablebaseAdjudication: ++a.tablebase; break;
        default: break;
        }
    }

    const MatchSettings& settings_;
    MatchObserver& observer_;
    std::mutex mutex_;
    OpeningSequence openings_;
    Opening current_opening_;
    int next_index_ = 0;
    std::map<int, int> pending_pairs_;  // pair -> first engine's half points in its finished game
    MatchState state_;
    std::atomic<bool> stop_{false};
    std::string error_;
};

GameSetup setup_for(const MatchSettings& settings, const GameJob& job, const std::atomic<bool>* abort) {
    GameSetup setup;
    setup.fen = job.opening.fen;
    setup.opening_moves = job.opening.moves;
    setup.chess960 = settings.chess960;
    bool first_white = job.index % 2 == 0;
    setup.limits[WHITE] = settings.engines[first_white ? 0 : 1].limits;
    setup.limits[BLACK] = settings.engines[first_white ? 1 : 0].limits;
    setup.time_margin_ms = settings.time_margin_ms;
    setup.adjudication = settings.adjudication;
    setup.abort = abort;
    return setup;
}

// An engine that could not be made for this game (an engine process that did
// not start this time): it loses the game, and the match goes on.
class UnavailablePlayer final : public Player {
public:
    UnavailablePlayer(std::string name, std::string error) : name_(std::move(name)), error_(std::move(error)) {}
    const std::string& name() const override { return name_; }
    std::optional<std::string> new_game(bool) override { return error_; }
    MoveReply play(MoveRequest&) override { return {}; }  // never asked: new_game failed

private:
    std::string name_, error_;
};

PlayedGame play_job(const MatchSettings& settings, const GameJob& job, const std::atomic<bool>* abort) {
    CreatedPlayer players[2] = {create_player(settings.engines[0]), create_player(settings.engines[1])};
    for (int i = 0; i < 2; ++i) {
        if (!players[i].player)
            players[i].player = std::make_unique<UnavailablePlayer>(settings.engines[i].name, players[i].error);
    }
    bool first_white = job.index % 2 == 0;
    Player& white = *players[first_white ? 0 : 1].player;
    Player& black = *players[first_white ? 1 : 0].player;
    return play_game(white, black, setup_for(settings, job, abort));
}

}  // namespace

std::string check_match_settings(const MatchSettings& settings) {
    for (const EngineSpec& spec : settings.engines) {
        if (spec.name.empty()) return "every engine needs a name";
        if (!spec.limits.any()) return "engine " + spec.name + " has no limit (tc=, st=, nodes= or depth=)";
        if (spec.limits.nodes_time && !spec.limits.timed()) return "engine " + spec.name + ": nodestime= needs a clock (tc= or st=)";
        if (!spec.command.empty()) continue;  // a process of its own: its tables are its own
        if (std::string error = check_tablebase_sharing(settings.adjudication.tablebase, spec.name, spec.options);
            !error.empty())
            return error;
    }
    if (settings.rounds < 1) return "rounds must be at least 1";
    if (settings.games_per_round != 1 && settings.games_per_round != 2) return "games must be 1 or 2";
    if (settings.concurrency < 1) return "concurrency must be at least 1";
    if (settings.sprt) {
        const SprtSettings& s = *settings.sprt;
        if (std::string error = Sprt::check(s.elo0, s.elo1, s.alpha, s.beta); !error.empty()) return "sprt: " + error;
    }
    return {};
}

MatchOutcome run_match(const MatchSettings& settings, MatchObserver& observer) {
    if (std::string error = check_match_settings(settings); !error.empty()) return {{}, error};
    // Make each player once first: a bad option or an engine that does not
    // start is one clear error, not a forfeit in every game.
    for (const EngineSpec& spec : settings.engines) {
        if (CreatedPlayer probe = create_player(spec); !probe.player) return {{}, "engine " + spec.name + ": " + probe.error};
    }
    Schedule schedule(settings, observer);
    auto work = [&] {
        while (auto job = schedule.next()) schedule.finish(*job, play_job(settings, *job, schedule.stop_flag()));
    };
    int threads = std::min(settings.concurrency, settings.total_games());
    std::vector<std::thread> workers;
    for (int i = 1; i < threads; ++i) workers.emplace_back(work);
    work();
    for (std::thread& worker : workers) worker.join();
    return schedule.outcome();
}

}  // namespace augur::play
