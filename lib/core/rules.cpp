#include "core/rules.h"

#include "core/movegen.h"

namespace augur {

GameStatus game_status(const Position& pos) {
    if (count_legal_moves(pos) == 0) return pos.in_check() ? GameStatus::Checkmate : GameStatus::Stalemate;
    if (pos.is_insufficient_material()) return GameStatus::InsufficientMaterial;
    if (pos.is_fifty_move_draw()) return GameStatus::FiftyMoveRule;
    if (pos.is_threefold_repetition()) return GameStatus::ThreefoldRepetition;
    return GameStatus::Ongoing;
}

const char* game_status_name(GameStatus status) {
    switch (status) {
    case GameStatus::Ongoing: return "ongoing";
    case GameStatus::Checkmate: return "checkmate";
    case GameStatus::Stalemate: return "stalemate";
    case GameStatus::ThreefoldRepetition: return "threefold repetition";
    case GameStatus::FiftyMoveRule: return "fifty-move rule";
    case GameStatus::InsufficientMaterial: return "insufficient material";
    }
    return "unknown";
}

}  // namespace augur
