#include "play/player.h"

#include <atomic>

namespace augur::play {

SearchLimits search_limits(const MoveRequest& request) {
    SearchLimits limits;
    limits.depth = request.limits.depth;
    limits.nodes = request.limits.nodes;
    Color us = request.game.position().side_to_move();
    if (request.time_left_ms[us] >= 0) {
        limits.time.time_left_ms = request.time_left_ms[us];
        limits.time.increment_ms = request.increment_ms[us];
        limits.time.moves_to_go = request.moves_to_go;
    }
    limits.time.move_time_ms = request.limits.move_time_ms;
    return limits;
}

EnginePlayer::Created EnginePlayer::create(std::string name, const std::vector<OptionSetting>& options,
                                           const std::vector<SearchParamSetting>& search_params) {
    std::unique_ptr<EnginePlayer> player(new EnginePlayer(std::move(name)));
    for (const auto& [option, value] : options) {
        if (auto error = player->engine_.set_option(option, value)) return {nullptr, *error};
    }
    for (const auto& [param, value] : search_params) {
        if (auto error = player->engine_.set_search_param(param, value)) return {nullptr, *error};
    }
    return {std::move(player), {}};
}

std::optional<std::string> EnginePlayer::new_game(bool /*chess960*/) {
    // Chess960 needs no option: castling is read from the game's position.
    engine_.new_game();
    return std::nullopt;
}

namespace {

// Ends a search after the first iteration that finishes with at least this
// many nodes: the next iteration sees the stop flag at its first node.
class SoftNodeLimit final : public SearchListener {
public:
    SoftNodeLimit(std::uint64_t soft_nodes, std::atomic<bool>& stop) : soft_nodes_(soft_nodes), stop_(stop) {}
    void on_iteration(const PvInfo& info) override {
        if (info.nodes >= soft_nodes_) stop_.store(true);
    }

private:
    std::uint64_t soft_nodes_;
    std::atomic<bool>& stop_;
};

}  // namespace

MoveReply EnginePlayer::play(MoveRequest& request) {
    SearchLimits limits = search_limits(request);
    std::atomic<bool> stop{false};
    SoftNodeLimit soft_limit(request.limits.soft_nodes, stop);
    if (request.limits.soft_nodes) limits.stop = &stop;
    SearchResult result = engine_.search(request.game, limits, request.limits.soft_nodes ? &soft_limit : nullptr);
    MoveReply reply;
    reply.move = result.best_move;
    reply.score = result.score;
    reply.has_score = true;
    reply.depth = result.depth;
    reply.nodes = result.stats.nodes;
    if (!reply.move) {
        // The loop only asks in positions with a legal move; a search that
        // returns none is a bug worth scoring rather than crashing on.
        reply.failure = PlayerFailure::IllegalMove;
        reply.error = "the search returned no move";
    }
    return reply;
}

}  // namespace augur::play
