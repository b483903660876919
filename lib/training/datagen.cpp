#include "training/datagen.h"

#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/rules.h"
#include "play/game_runner.h"

namespace augur {

namespace {

// Openings tried for one game before the run gives up: every one of them was
// decided at once or scored beyond the limit, so the settings cannot work.
constexpr int MAX_OPENING_TRIES = 1000;

// The hard node limit per move, as a multiple of the soft one: a bound on an
// iteration that explodes, far beyond what an ordinary iteration takes.
constexpr std::uint64_t HARD_NODE_FACTOR = 10;

// A game's generator: a function of the run's seed and the game's index only.
play::SplitMix64 game_random(std::uint64_t seed, std::uint64_t game_index) {
    play::SplitMix64 mixer(seed ^ (0x9E3779B97F4A7C15ULL * (game_index + 1)));
    return play::SplitMix64(mixer.next());
}

TrainingRecord::Result training_result(play::GameResult result) {
    switch (result) {
        case play::GameResult::WhiteWins: return TrainingRecord::Result::WhiteWins;
        case play::GameResult::BlackWins: return TrainingRecord::Result::BlackWins;
        case play::GameResult::Draw: break;
    }
    return TrainingRecord::Result::Draw;
}

// What one game leaves for the writer.
struct GameOutput {
    std::vector<TrainingRecord> records;
    std::uint64_t discarded_openings = 0;
    std::uint64_t plies = 0;
    std::optional<play::Termination> forfeit;  // how a player lost by failing, if one did
    bool tablebase_adjudicated = false;
    std::string error;  // the run cannot go on
};

// One worker's pair of engines, White and Black.
struct EnginePair {
    std::unique_ptr<play::EnginePlayer> players[COLOR_NB];
};

class DatagenRun {
public:
    DatagenRun(const DatagenConfig& config, TrainingFileWriter& writer, const DatagenListener& listener,
               const std::atomic<bool>* stop)
        : config_(config), writer_(writer), listener_(listener), external_stop_(stop),
          started_(std::chrono::steady_clock::now()) {
        limits_.soft_nodes = config.soft_nodes;
        limits_.nodes = config.soft_nodes * HARD_NODE_FACTOR;
    }

    DatagenOutcome run() {
        std::vector<std::thread> workers;
        for (int i = 1; i < config_.concurrency; ++i) workers.emplace_back([this] { work(); });
        work();
        for (auto& w : workers) w.join();
        DatagenOutcome outcome;
        outcome.ok = error_.empty();
        outcome.error = error_;
        outcome.totals = progress_;
        return outcome;
    }

private:
    bool stopping() const { return done_.load() || (external_stop_ && external_stop_->load()); }

    void work() {
        EnginePair engines;
        for (Color c : {WHITE, BLACK}) {
            auto created = play::EnginePlayer::create(c == WHITE ? "Augur (white)" : "Augur (black)",
                                                      config_.engine_options);
            if (!created.player) return finish_with_error("engine option: " + created.error);
            engines.players[c] = std::move(created.player);
        }
        while (!stopping()) {
            std::uint64_t index = next_game_++;
            if (config_.games && index >= config_.games) return;
            submit(index, play_one_game(engines, index));
        }
    }

    // A random opening: the base position (start or from the file), then
    // random legal moves. Empty when the moves led to the end of the game.
    std::optional<play::Opening> random_opening(EnginePair& engines, play::SplitMix64& random, std::string& error) const {
        play::Opening opening;
        if (!config_.openings.empty()) opening = config_.openings[random.below(config_.openings.size())];
        std::string fen = opening.fen.empty() ? std::string(Position::START_FEN) : opening.fen;
        auto created = Game::from_fen(fen, config_.chess960);
        if (!created.game) {
            error = "opening " + fen + ": " + created.error;
            return std::nullopt;
        }
        Game& game = *created.game;
        for (const std::string& move : opening.moves) {
            if (!game.play_uci(move, &error)) {
                error = "opening " + fen + ", move " + move + ": " + error;
                return std::nullopt;
            }
        }
        for (int ply = 0; ply < config_.random_plies; ++ply) {
            MoveList<GenType::All> moves(game.position());
            if (moves.empty()) return std::nullopt;
            Move m = moves[random.below(moves.size())];
            opening.moves.push_back(move_to_uci(game.position(), m));
            game.play(m);
        }
        if (game_status(game.position()) != GameStatus::Ongoing) return std::nullopt;
        // The first search decides whether the opening is balanced enough.
        play::Player& mover = *engines.players[game.position().side_to_move()];
        (void)mover.new_game(config_.chess960);
        play::MoveRequest request{game, limits_};
        play::MoveReply reply = mover.play(request);
        if (reply.failure != play::PlayerFailure::None || !reply.has_score ||
            std::abs(reply.score) > config_.opening_score_limit)
            return std::nullopt;
        return opening;
    }

    GameOutput play_one_game(EnginePair& engines, std::uint64_t index) {
        GameOutput out;
        play::SplitMix64 random = game_random(config_.seed, index);
        std::optional<play::Opening> opening;
        for (int tries = 0; !opening; ++tries) {
            if (tries == MAX_OPENING_TRIES) {
                out.error = "no playable opening in " + std::to_string(MAX_OPENING_TRIES) +
                            " tries: every one ended the game or scored beyond the limit";
                return out;
            }
            opening = random_opening(engines, random, out.error);
            if (!out.error.empty()) return out;
            if (!opening) ++out.discarded_openings;
        }

        play::GameSetup setup;
        setup.fen = opening->fen;
        setup.opening_moves = opening->moves;
        setup.chess960 = config_.chess960;
        setup.limits[WHITE] = setup.limits[BLACK] = limits_;
        setup.adjudication = config_.adjudication;
        play::PlayedGame played = play::play_game(*engines.players[WHITE], *engines.players[BLACK], setup);
        if (!played.ok) {
            out.error = played.error;
            return out;
        }
        out.plies = played.record.moves.size() - opening->moves.size();
        if (is_forfeit(played.record.termination)) out.forfeit = played.record.termination;
        else out.records = training_records_of(played.record);
        out.tablebase_adjudicated = played.record.termination == play::Termination::TablebaseAdjudication;
        return out;
    }

    // Writes finished games in index order; a game that finishes early waits
    // for the ones before it.
    void submit(std::uint64_t index, GameOutput output) {
        std::lock_guard lock(mutex_);
        if (!output.error.empty()) return finish_with_error_locked(output.error);
        finished_.emplace(index, std::move(output));
        for (auto it = finished_.find(next_to_write_); it != finished_.end() && !done_;
             it = finished_.find(next_to_write_)) {
            write_game(it->second);
            finished_.erase(it);
            ++next_to_write_;
        }
    }

    void write_game(const GameOutput& game) {
        progress_.discarded_openings += game.discarded_openings;
        progress_.plies += game.plies;
        progress_.tablebase_adjudications += game.tablebase_adjudicated;
        if (game.forfeit) ++(*game.forfeit == play::Termination::IllegalMove ? progress_.illegal_moves
                                                                            : progress_.other_forfeits);
        for (const TrainingRecord& record : game.records) {
            if (config_.positions && progress_.positions == config_.positions) break;
            writer_.write(record);
            ++progress_.positions;
        }
        ++progress_.games;
        progress_.elapsed_ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_).count();
        if ((config_.positions && progress_.positions >= config_.positions) ||
            (config_.games && progress_.games >= config_.games))
            done_ = true;
        if (listener_) listener_(progress_);
    }

    void finish_with_error(const std::string& error) {
        std::lock_guard lock(mutex_);
        finish_with_error_locked(error);
    }
    void finish_with_error_locked(const std::string& error) {
        if (error_.empty()) error_ = error;
        done_ = true;
    }

    const DatagenConfig& config_;
    TrainingFileWriter& writer_;
    const DatagenListener& listener_;
    const std::atomic<bool>* external_stop_;
    std::chrono::steady_clock::time_point started_;
    play::PlayLimits limits_;
    std::atomic<std::uint64_t> next_game_{0};
    std::atomic<bool> done_{false};

    std::mutex mutex_;  // guards everything below
    std::map<std::uint64_t, GameOutput> finished_;
    std::uint64_t next_to_write_ = 0;
    DatagenProgress progress_;
    std::string error_;
};

}  // namespace

bool is_forfeit(play::Termination t) {
    return t == play::Termination::IllegalMove || t == play::Termination::Disconnected ||
           t == play::Termination::Stalled || t == play::Termination::TimeForfeit;
}

std::vector<TrainingRecord> training_records_of(const play::GameRecord& record) {
    std::vector<TrainingRecord> records;
    auto replay = Game::from_fen(record.start_fen, record.chess960).game;
    TrainingRecord::Result result = training_result(record.result);
    for (const play::MoveRecord& move : record.moves) {
        if (!move.book && move.has_score) {
            if (auto packed = TrainingRecord::pack(replay->position(), move.score, move.move, result))
                records.push_back(*packed);
        }
        replay->play(move.move);
    }
    return records;
}

std::uint64_t DatagenProgress::positions_per_second() const {
    return elapsed_ms > 0 ? positions * 1000 / std::uint64_t(elapsed_ms) : 0;
}

DatagenOutcome run_datagen(const DatagenConfig& config, TrainingFileWriter& writer, const DatagenListener& listener,
                           const std::atomic<bool>* stop) {
    if (!config.games && !config.positions) return {false, "datagen needs a number of games or positions", {}};
    if (config.concurrency < 1) return {false, "concurrency must be at least 1", {}};
    if (std::string error = play::check_tablebase_sharing(config.adjudication.tablebase, "Augur", config.engine_options);
        !error.empty())
        return {false, error, {}};
    return DatagenRun(config, writer, listener, stop).run();
}

}  // namespace augur
