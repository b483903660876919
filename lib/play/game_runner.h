// The game loop: one game between two players from a start position, with
// real clocks, the rules of chess (mate, stalemate, threefold repetition over
// the whole game, fifty moves, insufficient material), optional adjudication,
// and a record of every move.
//
// A player that fails loses the game, which is scored and recorded rather than
// aborted: a move over its time (beyond the margin), an illegal move, an engine
// process that died or stopped answering. Only a setup that cannot start (a bad
// FEN or opening move) is an error. With node or depth limits, one search
// thread per engine and no clock, a game is a pure function of its setup and
// the engines' options: the loop itself uses no randomness.
//
// play_game runs on the caller's thread and never prints; any number of games
// may run at once on different threads with different players.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "play/adjudication.h"
#include "play/game_record.h"
#include "play/play_limits.h"
#include "play/player.h"

namespace augur::play {

struct GameSetup {
    std::string fen;                         // empty: the standard start position
    std::vector<std::string> opening_moves;  // UCI moves played from fen before the players move
    bool chess960 = false;                   // Chess960 castling (X-FEN or Shredder-FEN start)
    PlayLimits limits[2];                    // for White and Black
    std::int64_t time_margin_ms = 0;         // overruns up to this long are forgiven
    // Without a clock: how long a move may take before its player counts as
    // stalled (only a player that waits for something external can stall).
    std::int64_t stall_timeout_ms = 60000;
    AdjudicationRules adjudication;
    // Set from another thread to end the game before the next move (a match
    // that has reached its decision); the game is then reported as aborted.
    const std::atomic<bool>* abort = nullptr;
};

struct PlayedGame {
    bool ok = false;       // false: the setup was bad and no game was played
    std::string error;     // why, when not ok
    bool aborted = false;  // ended by GameSetup::abort: the record has no result
    GameRecord record;
};

PlayedGame play_game(Player& white, Player& black, const GameSetup& setup);

}  // namespace augur::play
