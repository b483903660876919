// GameRecord: everything a finished game leaves behind for statistics, PGN
// and training data: the start, every move with what its player's search
// reported, the result and why the game ended.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace augur::play {

enum class GameResult { WhiteWins, BlackWins, Draw };

enum class Termination {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
    ResignAdjudication,  // the resign rule (adjudication.h)
    DrawAdjudication,    // the draw rule
    TablebaseAdjudication,  // the tablebase rule
    TimeForfeit,
    IllegalMove,
    Disconnected,        // an engine process crashed or quit
    Stalled,             // an engine stopped answering
};

// "checkmate", "loses on time", ...: for progress lines and the PGN.
const char* termination_name(Termination t);
// "1-0", "0-1", "1/2-1/2".
const char* result_text(GameResult r);

struct MoveRecord {
    Move move;
    std::string san;
    bool book = false;  // an opening move, not searched
    bool has_score = false;
    int score = 0;      // the mover's view (search/score.h)
    int depth = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nodes = 0;
};

struct GameRecord {
    std::string white, black;  // player names
    std::string start_fen;     // the position before the first (opening) move
    bool chess960 = false;
    std::vector<MoveRecord> moves;  // opening moves first (book = true)
    GameResult result = GameResult::Draw;
    Termination termination = Termination::Stalemate;
    std::string reason;     // one sentence: "White mates", "Black loses on time"
    std::string final_fen;

    // Points of the side that played White: 1, 0.5 or 0, times two as an integer.
    int white_half_points() const { return result == GameResult::WhiteWins ? 2 : result == GameResult::Draw ? 1 : 0; }
};

}  // namespace augur::play
