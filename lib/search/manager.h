// SearchManager: the main thread's duties in a search, apart from the tree.
//
// One manager leads the main thread's SearchWorker through a search: it runs
// the clock and the ponderhit, reports root lines, iterations and the move
// being searched to the listener, decides after each iteration whether to go
// on, holds infinite and ponder searches until they are released, and makes
// the result from the worker's root moves. At a limited strength (strength.h)
// it caps the nodes, searches more lines than it reports and draws the move
// from them. Lazy SMP helpers are led by a
// HelperManager (worker.h) and only fill the shared table.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "search/root_move.h"
#include "search/search.h"
#include "search/strength.h"
#include "search/time_manager.h"
#include "search/worker.h"

namespace augur {

class SearchManager final : public WorkerManager {
public:
    // on_currmove is reported only after this long, so that short searches stay quiet.
    static constexpr std::int64_t CURRMOVE_DELAY_MS = 1000;
    // A timed search stops once it has found a mate (for either side) this many
    // plies within the iteration depth (a deeper search could find a shorter one).
    static constexpr int MATE_STOP_DEPTH_MARGIN = 2;

    explicit SearchManager(const TranspositionTable& tt) : tt_(tt) {}
    SearchManager(const SearchManager&) = delete;
    SearchManager& operator=(const SearchManager&) = delete;

    SearchSettings& settings() { return settings_; }
    const SearchSettings& settings() const { return settings_; }
    void set_listener(SearchListener* listener) { listener_ = listener; }
    // The owner's stop flag, which ends an infinite or ponder search (null: none).
    void set_stop_flag(const std::atomic<bool>* flag) { owner_stop_ = flag; }
    // The owner's ponderhit flag: once set, a ponder search starts its clock (null: none).
    void set_ponderhit_flag(const std::atomic<bool>* flag) { ponderhit_flag_ = flag; }

    // Seeds the draw of a move at a limited strength (0: a seed from the clock).
    void seed_random(std::uint64_t seed);

    // Searches pos with worker as the main thread and returns the result (with
    // the worker's statistics only; the caller adds its helpers').
    SearchResult search(SearchWorker& worker, Position& pos, const SearchLimits& limits);
    // Gives back the lines kept from the last search's last iteration.
    void release_search_state() { last_lines_ = {}; }

    std::size_t line_count(std::size_t root_moves) const override;
    int max_depth(const SearchLimits& limits) const override;
    int next_depth(int depth, int) const override { return depth; }
    bool poll() override;
    void on_root_line(const SearchWorker& worker, int depth, int score, Bound bound, const std::vector<Move>& pv,
                      int line) override;
    void on_root_move(Move move, int number, int depth) override;
    bool on_iteration(const SearchWorker& worker, int depth) override;

private:
    void check_ponderhit();
    bool stop_requested() const;
    void hold_until_released();
    std::int64_t elapsed_ms() const;
    std::chrono::steady_clock::time_point clock_now() const;
    SearchResult make_result(const SearchWorker& worker, const Position& pos);
    bool plays_helper_lines(const SearchWorker& worker) const;
    bool helper_reached_depth_limit() const;
    void adopt_deeper_helper_line(const SearchWorker& worker, const Position& pos, SearchResult& result);
    void play_at_strength(const SearchWorker& worker, const Position& pos, SearchResult& result);
    Move expected_reply(const Position& pos, const std::vector<Move>& pv) const;
    static int best_move_node_share(const std::vector<RootMove>& root_moves);
    std::size_t reported_lines(std::size_t root_moves) const;
    void report(const SearchWorker& worker, int depth, int score, Bound bound, const std::vector<Move>& pv, int line,
                bool iteration_done);

    const TranspositionTable& tt_;
    SearchSettings settings_;
    SearchListener* listener_ = nullptr;
    const std::atomic<bool>* owner_stop_ = nullptr;
    const std::atomic<bool>* ponderhit_flag_ = nullptr;

    StrengthRandom random_;

    // Per-search state.
    SearchLimits limits_;
    std::vector<RootMove> last_lines_;  // the lines of the last completed iteration, best first
    std::chrono::steady_clock::time_point start_;
    const SearchWorker* clock_worker_ = nullptr;  // the searching main thread, for NodesTime
    TimeManager time_;
};

}  // namespace augur
