// The search: iterative deepening over a fail-soft principal variation search
// with a quiescence search, on one thread, reporting through a listener.
//
// A Searcher belongs to one engine instance and keeps its move-ordering
// history between searches; the transposition table and evaluator are the
// engine's and are passed in. With one thread, a fixed table size and depth or
// node limits, a search is a pure function of (position and its history,
// options, table contents): no clocks, floating point or addresses influence
// which nodes are visited. Clearing the table and history gives a fresh start.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/position.h"
#include "search/history.h"
#include "search/params.h"
#include "search/score.h"
#include "search/tt.h"

namespace augur {

class Evaluator;

struct SearchLimits {
    int depth = 0;            // 0: no depth limit (MAX_PLY - 1)
    std::uint64_t nodes = 0;  // 0: no node limit; the search stops once this many nodes were visited
    const std::atomic<bool>* stop = nullptr;  // set from another thread to stop the search
};

struct SearchStats {
    std::uint64_t nodes = 0;          // every node, quiescence included
    std::uint64_t qnodes = 0;         // quiescence nodes
    std::uint64_t fail_highs = 0;     // beta cutoffs in the main search
    std::uint64_t fail_highs_first = 0;  // ... of which on the first move searched
    std::uint64_t tt_probes = 0;
    std::uint64_t tt_hits = 0;
    std::uint64_t tt_cutoffs = 0;
    int seldepth = 0;
};

// One principal variation reported at the root.
struct PvInfo {
    int depth = 0;
    int seldepth = 0;
    int score = 0;          // centipawns or a mate score (see score.h)
    Bound bound = BOUND_EXACT;  // LOWER: fail high (score is a lower bound), UPPER: fail low
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<Move> pv;
};

// Node trace events for the equivalence checks; on_enter/on_leave pair up.
struct TraceNode {
    int ply;
    int depth;  // 0 and below: quiescence
    int alpha;
    int beta;
    Key key;
    Move move;  // the move that led here (none at the root, null for a null move)
};
struct TraceResult {
    int score;
    Bound bound;
    Move best_move;
};

class SearchListener {
public:
    virtual ~SearchListener() = default;
    // The root's best line changed (a new best move, or a final aspiration bound).
    virtual void on_pv(const PvInfo&) {}
    // An iteration finished with this principal variation.
    virtual void on_iteration(const PvInfo&) {}
};

class SearchTracer {
public:
    virtual ~SearchTracer() = default;
    virtual void on_enter(const TraceNode&) = 0;
    virtual void on_leave(const TraceResult&) = 0;
};

struct SearchResult {
    Move best_move;
    Move ponder_move;
    int score = 0;
    int depth = 0;  // last completed iteration
    std::vector<Move> pv;
    SearchStats stats;
    std::int64_t time_ms = 0;
};

class Searcher {
public:
    Searcher(TranspositionTable& tt, Evaluator& evaluator);

    SearchFeatures& features() { return features_; }
    const SearchFeatures& features() const { return features_; }
    SearchParams& params() { return params_; }
    void set_listener(SearchListener* listener) { listener_ = listener; }
    void set_tracer(SearchTracer* tracer) { tracer_ = tracer; }
    void clear_history() { history_.clear(); }
    // The owner's stop flag, checked besides the one in SearchLimits (null: none).
    void set_stop_flag(const std::atomic<bool>* flag) { owner_stop_ = flag; }

    // Searches pos (whose StateInfo chain is the game history) within limits.
    SearchResult search(Position& pos, const SearchLimits& limits);

private:
    struct Stack;
    template <bool PvNode>
    int negamax(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node);
    template <bool PvNode>
    int quiescence(Position& pos, Stack* ss, int alpha, int beta, int depth);
    int search_root_window(Position& pos, Stack* ss, int alpha, int beta, int depth);
    int aspiration(Position& pos, Stack* ss, int depth, int previous_score);
    int evaluate(const Position& pos);
    static bool is_draw(const Position& pos, int ply, bool in_check);
    TTHit probe_tt(const Position& pos, int ply);
    static bool tt_decides(const TTHit& hit, int depth, int alpha, int beta);
    bool should_stop();
    void update_quiet_history(const Position& pos, Stack* ss, Move best, int depth, const Move* quiets, int count);
    void report_pv(int depth, int score, Bound bound, const std::vector<Move>& pv, bool iteration_done);
    int reduction(int depth, int move_number, bool improving) const;
    void trace_enter(const Stack* ss, int depth, int alpha, int beta, Key key);
    void trace_leave(int score, int alpha, int beta, Move best);

    TranspositionTable& tt_;
    Evaluator& evaluator_;
    SearchFeatures features_;
    SearchParams params_;
    SearchHistory history_;
    SearchListener* listener_ = nullptr;
    SearchTracer* tracer_ = nullptr;
    const std::atomic<bool>* owner_stop_ = nullptr;

    // Per-search state.
    SearchLimits limits_;
    SearchStats stats_;
    bool stopped_ = false;
    int root_depth_ = 0;
    std::chrono::steady_clock::time_point start_;
    Move pv_table_[MAX_PLY + 1][MAX_PLY + 1] = {};
    int pv_length_[MAX_PLY + 1] = {};
    std::vector<Move> root_pv_;
    int root_best_score_ = 0;
};

}  // namespace augur
