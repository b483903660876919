#include "protocol/xboard_output.h"

#include "core/movegen.h"
#include "core/notation.h"
#include "core/rules.h"
#include "protocol/search_output.h"
#include "search/score.h"

namespace augur {

namespace {

constexpr int XBOARD_MATE = 100000;

std::int64_t elapsed_ms(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int xboard_score(int score) {
    if (!is_mate_score(score)) return displayed_centipawns(score);
    int moves = mate_in_moves(score);
    return moves > 0 ? XBOARD_MATE + moves : -XBOARD_MATE + moves;
}

std::string thinking_line(const Position& root, const PvInfo& info) {
    std::string text = std::to_string(info.depth) + ' ' + std::to_string(xboard_score(info.score)) + ' ' +
                       std::to_string(info.time_ms / 10) + ' ' + std::to_string(info.nodes);
    for (const std::string& move : line_to_uci(root, info.pv)) text += ' ' + move;
    return text;
}

std::optional<std::string> result_claim(const Position& pos) {
    switch (game_status(pos)) {
    case GameStatus::Ongoing:
        return std::nullopt;
    case GameStatus::Checkmate:
        return pos.side_to_move() == BLACK ? "1-0 {White mates}" : "0-1 {Black mates}";
    case GameStatus::Stalemate:
        return "1/2-1/2 {Draw by stalemate}";
    case GameStatus::ThreefoldRepetition:
        return "1/2-1/2 {Draw by repetition}";
    case GameStatus::FiftyMoveRule:
        return "1/2-1/2 {Draw by fifty-move rule}";
    case GameStatus::InsufficientMaterial:
        return "1/2-1/2 {Draw by insufficient material}";
    }
    return std::nullopt;
}

XBoardSearchListener::XBoardSearchListener(LineWriter& out, const Position& root, const std::atomic<bool>& post,
                                           std::shared_ptr<SessionEvents> events, int search_id)
    : out_(out), post_(post), events_(std::move(events)), search_id_(search_id), root_moves_(int(count_legal_moves(root))) {
    root_.copy_from(root, root_state_);
}

void XBoardSearchListener::report(const PvInfo& info) {
    {
        std::lock_guard lock(stats_mutex_);
        depth_ = info.depth;
    }
    // Lines that are only a bound (a fail high or low) would show the GUI a
    // score the search has not established; xboard has no way to mark them.
    if (info.bound != BOUND_EXACT || info.multipv > 1 || !post_.load()) return;
    out_.line(thinking_line(root_, info));
}

void XBoardSearchListener::on_currmove(Move m, int number, int depth) {
    std::vector<std::string> move = line_to_uci(root_, {m});
    std::lock_guard lock(stats_mutex_);
    depth_ = depth;
    move_number_ = number;
    current_move_ = move.empty() ? "" : move[0];
}

void XBoardSearchListener::on_finish(const SearchResult& result) {
    SessionEvent event;
    event.kind = SessionEvent::Kind::SearchDone;
    event.search_id = search_id_;
    event.result = result;
    events_->push(std::move(event));
}

std::string XBoardSearchListener::stat01(std::uint64_t nodes) const {
    std::lock_guard lock(stats_mutex_);
    std::string text = "stat01: " + std::to_string(elapsed_ms(start_) / 10) + ' ' + std::to_string(nodes) + ' ' +
                       std::to_string(depth_) + ' ' + std::to_string(std::max(root_moves_ - move_number_, 0)) + ' ' +
                       std::to_string(root_moves_);
    if (!current_move_.empty()) text += ' ' + current_move_;
    return text;
}

}  // namespace augur
