// What an XBoard engine prints about its search and the game: thinking lines,
// `stat01` answers for analysis mode, and result claims.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/position.h"
#include "protocol/line_writer.h"
#include "protocol/session_events.h"
#include "search/search.h"

namespace augur {

// Centipawns, or the protocol's mate convention: 100000 + N for mate in N
// moves, -100000 - N for being mated in N.
int xboard_score(int score);

// "ply score time nodes pv": time in centiseconds, the line in coordinate notation.
std::string thinking_line(const Position& root, const PvInfo& info);

// The result line for a game the rules have ended ("1-0 {White mates}",
// "1/2-1/2 {Draw by repetition}", ...), or nullopt while it goes on.
std::optional<std::string> result_claim(const Position& pos);

// XBoardSearchListener: the listener of one XBoard search. On the engine's
// thread it prints thinking lines (when `post` is on), keeps the figures that
// `.` reports in analysis mode, and when the search ends hands its result to
// the session's event queue: the session, not the search thread, decides what
// to do with it.
class XBoardSearchListener : public SearchListener {
public:
    XBoardSearchListener(LineWriter& out, const Position& root, const std::atomic<bool>& post,
                         std::shared_ptr<SessionEvents> events, int search_id);

    void on_pv(const PvInfo& info) override { report(info); }
    void on_iteration(const PvInfo& info) override { report(info); }
    void on_currmove(Move m, int number, int depth) override;
    void on_finish(const SearchResult& result) override;

    // "stat01: time nodes ply mvleft mvtot mvname" for the search so far; nodes
    // is the engine's live count (Engine::nodes_searched).
    std::string stat01(std::uint64_t nodes) const;

private:
    void report(const PvInfo& info);

    LineWriter& out_;
    StateInfo root_state_;
    Position root_;
    const std::atomic<bool>& post_;
    std::shared_ptr<SessionEvents> events_;
    int search_id_;
    int root_moves_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();

    mutable std::mutex stats_mutex_;  // the figures below are written by the search, read by `.`
    int depth_ = 0;
    int move_number_ = 0;
    std::string current_move_;
};

}  // namespace augur
