#include "scripted_player.h"

#include <chrono>
#include <thread>

#include "core/notation.h"

namespace augur::play::test {

MoveReply ScriptedPlayer::play(MoveRequest& request) {
    last_deadline_ms_ = request.deadline_ms;
    last_time_left_ms_[WHITE] = request.time_left_ms[WHITE];
    last_time_left_ms_[BLACK] = request.time_left_ms[BLACK];
    last_moves_to_go_ = request.moves_to_go;
    MoveReply reply;
    if (next_ >= script_.size()) {
        reply.failure = PlayerFailure::Stalled;
        reply.error = "ran out of script";
        return reply;
    }
    const ScriptedMove& scripted = script_[next_++];
    if (scripted.sleep_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(scripted.sleep_ms));
    reply.move_text = scripted.uci;
    reply.move = parse_uci_move(request.game.position(), scripted.uci);
    reply.score = scripted.score;
    reply.has_score = scripted.has_score;
    reply.depth = 1;
    reply.failure = scripted.failure;
    if (scripted.failure != PlayerFailure::None) reply.error = "failed on purpose";
    return reply;
}

std::vector<ScriptedMove> moves_of(std::initializer_list<const char*> uci, int score) {
    std::vector<ScriptedMove> moves;
    for (const char* m : uci) moves.push_back({m, score});
    return moves;
}

}  // namespace augur::play::test
