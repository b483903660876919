// Datagen: training data from self-play, the engine against itself, several
// games at once. Each game starts from a random opening (random legal moves
// from the start position or from a position of an opening file), every move
// is a search with a soft node limit, and every searched position is kept with
// its score, the move played (the search's best move) and the game's result.
//
// Reproducibility: game i's opening comes from a generator seeded by the seed
// and i alone, and both engines start every game with cleared tables, so with
// Threads=1 and node limits a game is a pure function of (seed, i, options).
// Records are written in game order whatever the concurrency, so the file is
// the same for every -concurrency, byte for byte.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "play/adjudication.h"
#include "play/openings.h"
#include "play/player.h"
#include "training/training_file.h"

namespace augur {

struct DatagenConfig {
    std::uint64_t soft_nodes = 5000;  // per move: no new iteration once a search has visited this many nodes
    int random_plies = 8;             // random legal moves after the start (or the opening file's position)
    int opening_score_limit = 400;    // openings whose first search scores beyond +/- this are discarded
    std::vector<play::Opening> openings;  // empty: the standard start position
    bool chess960 = false;                // read the openings' castling rights the Chess960 way
    int concurrency = 1;                  // games played at once, one thread each
    std::uint64_t seed = 1;
    std::uint64_t games = 0;      // stop after this many games (0: no limit)
    std::uint64_t positions = 0;  // or once this many positions are written (0: no limit)
    std::vector<play::OptionSetting> engine_options;  // for both engines (Threads, Hash, ...)
    play::AdjudicationRules adjudication;
};

// Counts so far; reported after every game written.
struct DatagenProgress {
    std::uint64_t games = 0;               // games whose positions were written
    std::uint64_t positions = 0;           // records written
    std::uint64_t discarded_openings = 0;  // openings scored beyond the limit, or ended before play
    // Games a player forfeited, which in self-play is a bug; their positions are not written.
    std::uint64_t illegal_moves = 0;       // forfeits by an illegal move (or none at all)
    std::uint64_t other_forfeits = 0;      // forfeits on time, by a player that stalled or could not start
    std::uint64_t plies = 0;               // moves played by the engines, searched or not kept
    std::uint64_t tablebase_adjudications = 0;  // games the tablebase rule ended (written)
    std::int64_t elapsed_ms = 0;
    std::uint64_t positions_per_second() const;
};

struct DatagenOutcome {
    bool ok = false;
    std::string error;  // when not ok: a bad engine option, an opening that cannot be played, ...
    DatagenProgress totals;
};

using DatagenListener = std::function<void(const DatagenProgress&)>;

// A game a player forfeited (on time, by an illegal move, a crash or a stall):
// its positions are not training data.
bool is_forfeit(play::Termination termination);

// The searched positions of a finished game, each with its search's score and
// move and the game's result: every move that is not an opening move and has a
// score. What datagen writes, and what `augur match -dataout` keeps of a match.
std::vector<TrainingRecord> training_records_of(const play::GameRecord& record);

// Plays games and writes their positions until the game or position target is
// reached (at least one must be set) or *stop is set. The listener runs after
// each game is written, on one of the worker threads, one call at a time.
DatagenOutcome run_datagen(const DatagenConfig& config, TrainingFileWriter& writer,
                           const DatagenListener& listener = {}, const std::atomic<bool>* stop = nullptr);

}  // namespace augur
