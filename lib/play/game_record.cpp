#include "play/game_record.h"

namespace augur::play {

const char* termination_name(Termination t) {
    switch (t) {
    case Termination::Checkmate: return "checkmate";
    case Termination::Stalemate: return "stalemate";
    case Termination::ThreefoldRepetition: return "threefold repetition";
    case Termination::FiftyMoveRule: return "fifty-move rule";
    case Termination::InsufficientMaterial: return "insufficient material";
    case Termination::ResignAdjudication: return "resign adjudication";
    case Termination::DrawAdjudication: return "draw adjudication";
    case Termination::TablebaseAdjudication: return "tablebase adjudication";
    case Termination::TimeForfeit: return "time forfeit";
    case Termination::IllegalMove: return "illegal move";
    case Termination::Disconnected: return "disconnected";
    case Termination::Stalled: return "stalled";
    }
    return "unknown";
}

const char* result_text(GameResult r) {
    switch (r) {
    case GameResult::WhiteWins: return "1-0";
    case GameResult::BlackWins: return "0-1";
    case GameResult::Draw: return "1/2-1/2";
    }
    return "*";
}

}  // namespace augur::play
