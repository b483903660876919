// SearchWorker: one search thread's state and its tree search.
//
// A worker owns what one thread needs to search: the stack, the move-ordering
// history (kept between searches), the PV table, counters, the root-move
// records and the iterative deepening over them, with the principal variation
// search and the quiescence search below. The table and the evaluator are
// passed in (the table may be shared by several workers, the evaluator may not).
//
// What is not the tree is its manager's (WorkerManager): the main thread's
// worker is led by the SearchManager (clock, stop decision, reports, result),
// a Lazy SMP helper's by a HelperManager. The worker asks its manager at fixed
// points and never asks which thread it is, so the node search has no
// main-thread branches.
//
// With one thread, a fixed table size and depth or node limits, a search is a
// pure function of (position and its history, options, table contents): no
// clocks, floating point or addresses influence which nodes are visited.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/position.h"
#include "search/history.h"
#include "search/params.h"
#include "search/root_move.h"
#include "search/search.h"
#include "search/tt.h"

namespace augur {

class Evaluator;
class SearchWorker;

// What a worker asks of the one who leads its thread. Called on the worker's thread.
class WorkerManager {
public:
    virtual ~WorkerManager() = default;
    // How many MultiPV lines to search, given the number of root moves (>= 1).
    virtual std::size_t line_count(std::size_t root_moves) const = 0;
    // The deepest iteration to search.
    virtual int max_depth(const SearchLimits& limits) const = 0;
    // The iteration to search after depth - 1 (at most max_depth).
    virtual int next_depth(int depth, int max_depth) const = 0;
    // Every SearchWorker::POLL_INTERVAL_NODES nodes: true stops the search.
    virtual bool poll() = 0;
    // The root's best line changed, or an aspiration search failed (bound).
    virtual void on_root_line(const SearchWorker& worker, int depth, int score, Bound bound,
                              const std::vector<Move>& pv, int line) = 0;
    // The worker starts searching root move number (1-based) of iteration depth.
    virtual void on_root_move(Move move, int number, int depth) = 0;
    // An iteration completed (root_moves() holds its lines): true ends the search.
    virtual bool on_iteration(const SearchWorker& worker, int depth) = 0;
};

// The manager of a Lazy SMP helper: no clock, no reports; it spreads the
// helpers over two depths and leaves the end of the search to the main thread.
class HelperManager final : public WorkerManager {
public:
    explicit HelperManager(SearchShared& shared) : shared_(shared) {}
    std::size_t line_count(std::size_t) const override { return 1; }
    // Helpers ignore the depth limit: they keep filling the table for the main
    // thread's last iteration until it is done.
    int max_depth(const SearchLimits&) const override { return MAX_PLY - 1; }
    int next_depth(int depth, int max_depth) const override;
    bool poll() override { return false; }
    void on_root_line(const SearchWorker&, int, int, Bound, const std::vector<Move>&, int) override {}
    void on_root_move(Move, int, int) override {}
    bool on_iteration(const SearchWorker& worker, int depth) override;

private:
    SearchShared& shared_;
};

class SearchWorker {
public:
    // Nodes between two polls: the manager's clock and ponderhit, the node
    // total of all threads, and how often a thread publishes its node count.
    // About a millisecond of search: far below the stop latency we promise.
    static constexpr int POLL_INTERVAL_NODES = 1024;

    SearchWorker(TranspositionTable& tt, Evaluator& evaluator);
    SearchWorker(const SearchWorker&) = delete;
    SearchWorker& operator=(const SearchWorker&) = delete;

    SearchFeatures& features() { return features_; }
    const SearchFeatures& features() const { return features_; }
    SearchParams& params() { return params_; }
    const SearchParams& params() const { return params_; }
    // The evaluation to search with, from the next search on (it must outlive them).
    void set_evaluator(Evaluator& evaluator) { evaluator_ = &evaluator; }
    void set_tracer(SearchTracer* tracer) { tracer_ = tracer; }
    void clear_history() { history_.clear(); }
    // Gives back what the last search left behind (its root moves and lines),
    // which the next search makes afresh: an idle engine holds nothing of it.
    void release_search_state();
    void set_tablebases(const TablebaseSettings& settings) { tablebases_ = settings; }
    // The owner's stop flag, checked besides the one in SearchLimits (null: none).
    void set_stop_flag(const std::atomic<bool>* flag) { owner_stop_ = flag; }
    // Joins a multi-threaded search (null: search alone) as thread thread_id.
    void set_shared(SearchShared* shared, int thread_id) {
        shared_ = shared;
        thread_id_ = thread_id;
    }
    // The limits of the current (or last) search.
    const SearchLimits& limits() const { return limits_; }
    // The threads' shared state (null: searching alone).
    const SearchShared* shared() const { return shared_; }

    // Searches pos (whose StateInfo chain is the game history) within limits,
    // led by manager; returns once stopped or when the manager ends the search.
    // The caller calls tt.new_search() first (once for all threads). pos is
    // left as it was found.
    void search(Position& pos, const SearchLimits& limits, WorkerManager& manager);

    // What the last search found, for its manager.
    // The records of the legal root moves it could play (empty: none).
    const std::vector<RootMove>& root_moves() const { return root_moves_; }
    // The best line: the first line of the last completed iteration, or that of
    // the stopped iteration where it already found something better; a search
    // stopped before any root move was done has only the first root move it
    // searched (the first of the root move ordering), with score 0.
    struct BestLine {
        std::vector<Move> pv;
        int score = 0;
    };
    BestLine best_line() const;
    int completed_depth() const { return completed_depth_; }
    const SearchStats& stats() const { return stats_; }
    // Times the best move of the first line changed in the current iteration.
    int best_move_changes() const { return best_move_changes_; }
    // The nodes of every thread, as far as they have published them.
    std::uint64_t total_nodes() const;
    // The same for tablebase hits.
    std::uint64_t total_tb_hits() const;
    // The score to show for a root line starting with first: the tables' score
    // when they ranked the root (unless the search found a mate).
    int displayed_score(Move first, int score) const;
    void publish_nodes();

private:
    struct Stack;
    // A node being searched: its window on entry, for the trace of its result.
    struct NodeScope {
        SearchWorker* worker;
        const Stack* ss;
        int alpha;
        int beta;
        int leave(int score) const;
    };
    NodeScope enter_node(const Position& pos, Stack* ss, int depth, int alpha, int beta);

    void begin_search(const Position& pos, const SearchLimits& limits);
    void iterate(Position& pos, Stack* ss);
    bool search_lines(Position& pos, Stack* ss, int depth);
    void finish_iteration();
    bool root_move_allowed(Move m) const;
    void rank_root_by_tablebases(const Position& pos);
    bool probe_tablebases(const Position& pos, Stack* ss, int depth, int alpha, int beta, int& score);
    RootMove& root_move(Move m);  // m must be one of root_moves_

    template <bool PvNode>
    int negamax(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node);
    template <bool PvNode>
    int quiescence(Position& pos, Stack* ss, int alpha, int beta, int depth);
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
    void start_root_move(Move m, int number);
    void update_root_best(int score, int beta, Move m);
    NodeHistory history_for_node(const Stack* ss);
    NodeHistory capture_ordering() const;
    int quiet_history(const Position& pos, const NodeHistory& node, Move m) const;
    int history_bonus(int depth) const;
    void update_quiet_history(const Position& pos, Stack* ss, Move best, int depth, const Move* quiets, int count);
    void update_quiet_entries(const Position& pos, const Stack* ss, Move m, int bonus);
    void update_capture_history(const Position& pos, Move best, int depth, const Move* noisies, int count);
    // The table move's singular extension (-1 to 2 plies), or a multi-cut
    // cutoff score (SCORE_NONE: none).
    struct SingularVerdict {
        int extension;
        int cutoff;
    };
    bool is_singular_candidate(const Position& pos, const Stack* ss, const TTHit& hit, int depth) const;
    SingularVerdict singular_verdict(Position& pos, Stack* ss, const TTHit& hit, int depth, int beta, bool pv_node,
                                     bool cut_node);
    int probcut(Position& pos, Stack* ss, const TTHit& hit, int depth, int beta, int eval, bool cut_node);
    int correction_table_count() const;
    int corrected_eval(const Position& pos, int raw_eval) const;
    void update_correction(const Position& pos, const Stack* ss, int depth, int best_score, Bound bound, int raw_eval);
    int reduction(int depth, int move_number, bool improving) const;
    int quiet_reduction(int depth, int move_number, bool improving, int history_score) const;
    int quiet_prune_depth(int depth, int quiet_reduction) const;
    void trace_enter(const Stack* ss, int depth, int alpha, int beta, Key key);
    void trace_leave(int score, int alpha, int beta, Move best);

    TranspositionTable& tt_;
    Evaluator* evaluator_;
    SearchFeatures features_;
    SearchParams params_;
    SearchHistory history_;
    SearchTracer* tracer_ = nullptr;
    const std::atomic<bool>* owner_stop_ = nullptr;
    SearchShared* shared_ = nullptr;
    int thread_id_ = 0;
    TablebaseSettings tablebases_;

    // Per-search state.
    WorkerManager* manager_ = nullptr;
    SearchLimits limits_;
    SearchStats stats_;
    bool stopped_ = false;
    int poll_countdown_ = POLL_INTERVAL_NODES;
    int root_depth_ = 0;
    Move pv_table_[MAX_PLY + 1][MAX_PLY + 1] = {};
    int pv_length_[MAX_PLY + 1] = {};
    std::vector<RootMove> root_moves_;  // the legal root moves the search may play
    bool root_restricted_ = false;      // root_moves_ is a subset (searchmoves, or the tables' best)
    bool root_in_tablebases_ = false;   // the tables ranked the root moves
    int tb_probe_pieces_ = 0;           // probe positions of at most this many pieces inside the tree
    std::size_t line_count_ = 1;        // MultiPV lines: the first records after an iteration
    std::size_t pv_index_ = 0;          // the line being searched
    std::vector<Move> line_leaders_;    // the best moves of the lines done in this iteration
    std::vector<Move> root_pv_;         // the current line's best so far
    int root_best_score_ = 0;
    int best_move_changes_ = 0;         // in the current iteration (first line)
    int completed_depth_ = 0;
    Move first_root_move_;              // the first root move searched: played if none was done
};

}  // namespace augur
