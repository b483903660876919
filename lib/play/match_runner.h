// The match: two engines play rounds of games from a list of openings, on
// several threads at once, and the statistics are kept as the games finish.
//
// Game g (0-based) is the (g % 2 + 1)-th game of pair g / 2; the first engine
// has White in even games. With two games a round both games of a pair start
// from the same opening (colours swapped); with one, every game takes the next
// opening. Openings are assigned in game order, so a match is the same set of
// games whatever the concurrency, and with node or depth limits (and one
// search thread per engine) the same games move for move.
//
// Every game gets fresh players (its own two Engine instances, or engine
// processes), so nothing learned in one game leaks into another. With an SPRT,
// the match stops at the first decision: games still running are aborted and
// not counted. The observer hears of every finished game, one at a time.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "play/adjudication.h"
#include "play/engine_spec.h"
#include "play/game_record.h"
#include "play/match_stats.h"
#include "play/openings.h"

namespace augur::play {

struct SprtSettings {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

struct MatchSettings {
    EngineSpec engines[2];
    std::vector<Opening> openings;  // empty: every game from the standard start position
    OpeningOrder order = OpeningOrder::Sequential;
    std::size_t opening_start = 0;  // openings to skip first
    std::uint64_t seed = 1;
    int rounds = 1;
    int games_per_round = 2;        // 1 or 2
    int concurrency = 1;
    bool chess960 = false;
    std::int64_t time_margin_ms = 0;
    AdjudicationRules adjudication;
    std::optional<SprtSettings> sprt;

    int total_games() const { return rounds * games_per_round; }
};

// Games an engine lost by failing rather than by play.
struct ForfeitCounts {
    int time = 0, illegal = 0, disconnected = 0, stalled = 0;
    int total() const { return time + illegal + disconnected + stalled; }
};

// Games the adjudication rules ended, by rule.
struct AdjudicationCounts {
    int resign = 0, draw = 0, tablebase = 0;
};

struct MatchState {
    MatchCounts counts;              // the first engine's view
    ForfeitCounts forfeits[2];       // per engine
    AdjudicationCounts adjudications;
    std::optional<Sprt> sprt;
    double llr = 0;
    Sprt::Decision decision = Sprt::Decision::Continue;
};

struct FinishedGame {
    int number = 0;  // 1-based, in schedule order (games may finish out of order)
    int round = 0;   // 1-based
    bool first_is_white = true;
    GameRecord record;
};

class MatchObserver {
public:
    virtual ~MatchObserver() = default;
    // Called once per counted game, never for two games at once, with the
    // state including that game.
    virtual void on_game_finished(const FinishedGame& game, const MatchState& state) = 0;
};

struct MatchOutcome {
    MatchState state;
    std::string error;  // set when the match could not run (a player could not be made)
};

// Checks the settings (options, limits, counts, in-process engines' tables
// beside the tablebase rule's) without playing: the error, or empty.
std::string check_match_settings(const MatchSettings& settings);

MatchOutcome run_match(const MatchSettings& settings, MatchObserver& observer);

}  // namespace augur::play
