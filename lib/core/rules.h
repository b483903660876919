// Game-ending rules: mate, stalemate and the automatic or claimable draws.
#pragma once

#include "core/position.h"

namespace augur {

enum class GameStatus {
    Ongoing,
    Checkmate,             // the side to move is mated
    Stalemate,
    ThreefoldRepetition,   // the position occurred for the third time
    FiftyMoveRule,         // 100 plies without a capture or pawn move
    InsufficientMaterial,  // no sequence of legal moves can end in mate
};

// Mate and stalemate take precedence over the draw rules (a mate on the 100th
// ply still wins).
GameStatus game_status(const Position& pos);

const char* game_status_name(GameStatus status);

}  // namespace augur
