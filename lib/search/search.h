// The search: iterative deepening over a fail-soft principal variation search
// with a quiescence search, reporting through a listener.
//
// A Searcher is one search thread's state and keeps its move-ordering history
// between searches; the transposition table and evaluator are passed in (the
// table may be shared by several Searchers, the evaluator may not). With one
// thread, a fixed table size and depth or node limits, a search is a pure
// function of (position and its history, options, table contents): no clocks,
// floating point or addresses influence which nodes are visited. Clearing the
// table and history gives a fresh start.
//
// Lazy SMP: several Searchers search the same root at once, sharing only the
// table and a SearchShared. The main one runs the clock, reports to the
// listener, decides when to stop and gives the result; helpers only fill the
// table, starting some iterations a ply deeper to spread the work.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <vector>

#include "search/time_manager.h"

#include "core/position.h"
#include "search/history.h"
#include "search/params.h"
#include "search/score.h"
#include "search/tt.h"

namespace augur {

class Evaluator;

struct SearchLimits {
    int depth = 0;            // 0: no depth limit (MAX_PLY - 1)
    std::uint64_t nodes = 0;  // 0: no node limit; the search stops once this many nodes were visited (all threads)
    int mate = 0;             // moves; 0: none. Stop once a mate in at most this many moves is found
    std::vector<Move> search_moves;  // search only these root moves (illegal ones ignored); empty: all
    // No depth, time or mate limit: the search runs until stopped. With infinite
    // or ponder the search never returns by itself (not even after a mate or at
    // the maximum depth) until stop, or for ponder until ponderhit.
    bool infinite = false;
    bool ponder = false;      // pondering: the clock is ignored until ponderhit
    TimeControl time;         // the side to move's clock and/or a fixed time per move
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
    std::uint64_t nodes = 0;   // all threads
    std::int64_t time_ms = 0;
    std::vector<Move> pv;
    int multipv = 1;           // 1-based index of the line (MultiPV); lines are sorted best first
    int hashfull = 0;          // permille of the table written by this search
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

struct SearchResult;

class SearchListener {
public:
    virtual ~SearchListener() = default;
    // The root's best line changed (a new best move, or a final aspiration bound).
    virtual void on_pv(const PvInfo&) {}
    // An iteration finished with this principal variation (with MultiPV, once
    // per line, best first).
    virtual void on_iteration(const PvInfo&) {}
    // The main thread starts searching a root move (number is 1-based), reported
    // only once the search has run for a second.
    virtual void on_currmove(Move /*move*/, int /*number*/, int /*depth*/) {}
    // A search started with Engine::start ended (after its last on_pv and
    // on_iteration); called on the engine's thread.
    virtual void on_finish(const SearchResult&) {}
    // A search started with Engine::start failed (out of memory, or a listener
    // threw): called instead of on_finish, on the engine's thread, so that the
    // listener hears of every search's end exactly once. Engine::wait rethrows
    // the error.
    virtual void on_error(const std::exception_ptr&) {}
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

inline constexpr int MAX_SEARCH_THREADS = 256;

// What the threads of one search share besides the table. The engine resets it
// before each search (before any thread starts) and sets `stop` once the main
// thread is done. Every member is atomic and none is ever reallocated, so that
// another thread may read the node counts while a search runs.
struct SearchShared {
    std::atomic<bool> stop{false};
    std::atomic<int> thread_count{0};
    std::atomic<std::uint64_t> nodes[MAX_SEARCH_THREADS];  // per thread, published every few nodes
    std::atomic<int> searching_depth[MAX_PLY + 1];  // threads inside an iteration of each depth

    void reset(int threads);
    // The nodes all threads have published so far (behind by at most
    // Searcher::POLL_INTERVAL_NODES per thread).
    std::uint64_t published_nodes() const;
};

// Settings of a search that come from engine options rather than from the limits.
struct SearchSettings {
    int multipv = 1;            // root lines to search and report (main thread only)
    int move_overhead_ms = 30;  // kept aside per move for the lag to the clock
};

class Searcher {
public:
    // Nodes between two checks of the clock, the ponderhit flag and the node
    // total of all threads; also how often a thread publishes its node count.
    // About a millisecond of search: far below the stop latency we promise.
    static constexpr int POLL_INTERVAL_NODES = 1024;
    // on_currmove is reported only after this long, so that short searches stay quiet.
    static constexpr std::int64_t CURRMOVE_DELAY_MS = 1000;
    // A timed search stops once it has found a mate (for either side) this many
    // plies within the iteration depth (a deeper search could find a shorter one).
    static constexpr int MATE_STOP_DEPTH_MARGIN = 2;

    Searcher(TranspositionTable& tt, Evaluator& evaluator);
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    SearchFeatures& features() { return features_; }
    const SearchFeatures& features() const { return features_; }
    SearchParams& params() { return params_; }
    const SearchParams& params() const { return params_; }
    SearchSettings& settings() { return settings_; }
    const SearchSettings& settings() const { return settings_; }
    // The evaluation to search with, from the next search on (it must outlive them).
    void set_evaluator(Evaluator& evaluator) { evaluator_ = &evaluator; }
    void set_listener(SearchListener* listener) { listener_ = listener; }
    void set_tracer(SearchTracer* tracer) { tracer_ = tracer; }
    void clear_history() { history_.clear(); }
    // The owner's stop flag, checked besides the one in SearchLimits (null: none).
    void set_stop_flag(const std::atomic<bool>* flag) { owner_stop_ = flag; }
    // The owner's ponderhit flag: once set, a ponder search starts its clock (null: none).
    void set_ponderhit_flag(const std::atomic<bool>* flag) { ponderhit_flag_ = flag; }
    // Joins a multi-threaded search (null: search alone); thread 0 is the main thread.
    void set_shared(SearchShared* shared, int thread_id) {
        shared_ = shared;
        thread_id_ = thread_id;
    }

    // Searches pos (whose StateInfo chain is the game history) within limits.
    // The caller calls tt.new_search() first (once for all threads). A helper
    // thread (id > 0) returns when SearchShared::stop is set; its result only
    // carries its statistics.
    SearchResult search(Position& pos, const SearchLimits& limits);

private:
    struct Stack;
    // A node being searched: its window on entry, for the trace of its result.
    struct NodeScope {
        Searcher* searcher;
        const Stack* ss;
        int alpha;
        int beta;
        int leave(int score) const;
    };
    NodeScope enter_node(const Position& pos, Stack* ss, int depth, int alpha, int beta);
    // One root line of MultiPV: its principal variation and score.
    struct RootLine {
        std::vector<Move> pv;
        int score = 0;
    };

    bool is_main() const { return thread_id_ == 0; }
    void begin_search(const Position& pos, const SearchLimits& limits);
    void iterate(Position& pos, Stack* ss);
    bool search_lines(Position& pos, Stack* ss, int depth);
    int next_depth(int depth, int max_depth) const;
    bool iteration_ends_search(int depth);
    void hold_until_released();
    SearchResult make_result(int completed_depth) const;
    bool root_move_allowed(Move m) const;

    template <bool PvNode>
    int negamax(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node);
    template <bool PvNode>
    int quiescence(Position& pos, Stack* ss, int alpha, int beta, int depth);
    int search_root_window(Position& pos, Stack* ss, int alpha, int beta, int depth);
    int aspiration(Position& pos, Stack* ss, int depth, int previous_score);
    int evaluate(const Position& pos);
    void make_move(Position& pos, Move m, StateInfo& st);
    void undo_move(Position& pos, Move m);
    void make_null_move(Position& pos, StateInfo& st);
    void undo_null_move(Position& pos);
    static bool is_draw(const Position& pos, int ply, bool in_check);
    TTHit probe_tt(const Position& pos, int ply);
    static bool tt_decides(const TTHit& hit, int depth, int alpha, int beta);
    bool should_stop();
    void poll();
    bool stop_requested() const;
    std::uint64_t total_nodes() const;
    void publish_nodes();
    std::int64_t elapsed_ms() const;
    void update_root_best(int score, int beta, Move m);
    void update_quiet_history(const Position& pos, Stack* ss, Move best, int depth, const Move* quiets, int count);
    void report_pv(int depth, int score, Bound bound, const std::vector<Move>& pv, bool iteration_done, int multipv);
    void start_root_move(Move m, int number);
    int reduction(int depth, int move_number, bool improving) const;
    void trace_enter(const Stack* ss, int depth, int alpha, int beta, Key key);
    void trace_leave(int score, int alpha, int beta, Move best);

    TranspositionTable& tt_;
    Evaluator* evaluator_;
    SearchFeatures features_;
    SearchParams params_;
    SearchSettings settings_;
    SearchHistory history_;
    SearchListener* listener_ = nullptr;
    SearchTracer* tracer_ = nullptr;
    const std::atomic<bool>* owner_stop_ = nullptr;
    const std::atomic<bool>* ponderhit_flag_ = nullptr;
    SearchShared* shared_ = nullptr;
    int thread_id_ = 0;

    // Per-search state.
    SearchLimits limits_;
    SearchStats stats_;
    bool stopped_ = false;
    int poll_countdown_ = POLL_INTERVAL_NODES;
    int root_depth_ = 0;
    std::chrono::steady_clock::time_point start_;
    TimeManager time_;
    Move pv_table_[MAX_PLY + 1][MAX_PLY + 1] = {};
    int pv_length_[MAX_PLY + 1] = {};
    std::vector<Move> root_moves_;     // the legal root moves the search may play
    bool root_restricted_ = false;     // root_moves_ is a subset (searchmoves)
    std::vector<RootLine> lines_;      // MultiPV lines, best first after each iteration
    std::size_t pv_index_ = 0;         // the line being searched
    std::vector<Move> root_excluded_;  // best moves of the lines before pv_index_
    std::vector<Move> root_pv_;        // the current line's best so far
    int root_best_score_ = 0;
    int best_move_changes_ = 0;        // in the current iteration (main thread, first line)
    int completed_depth_ = 0;
    Move first_root_move_;             // the first root move searched: played if none was completed
};

}  // namespace augur
