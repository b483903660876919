// What a search takes and gives: limits, statistics, reported lines, the node
// trace, the listener, the result, and what the threads of one search share.
//
// The search itself is split in two (docs/ARCHITECTURE.md): a SearchWorker
// (worker.h) per thread holds the tree search and its per-thread state, and
// the SearchManager (manager.h) leads the main thread's worker: clock, stop,
// reports and result. Lazy SMP: several workers search the same root at once,
// sharing only the table and a SearchShared; helpers only fill the table,
// starting some iterations a ply deeper to spread the work.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <vector>

#include "core/position.h"
#include "search/params.h"
#include "search/score.h"
#include "search/strength.h"
#include "search/time_manager.h"
#include "search/tt.h"
#include "tablebase/syzygy.h"

namespace augur {

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
    std::uint64_t tb_probes = 0;      // tablebase probes tried, root ranking included
    std::uint64_t tb_hits = 0;        // ... that found a value
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
    std::uint64_t tb_hits = 0; // tablebase probes that found a value, all threads
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
// thread is done. The counters are atomic and never reallocated, so that
// another thread may read the node counts while a search runs; the helpers'
// deepest line is behind a lock.
struct SearchShared {
    // The deepest iteration a helper completed: its depth, the score and line it found.
    struct HelperLine {
        int depth = 0;
        int score = 0;
        std::vector<Move> pv;
    };

    std::atomic<bool> stop{false};
    std::atomic<int> thread_count{0};
    std::atomic<std::uint64_t> nodes[MAX_SEARCH_THREADS];    // per thread, published every few nodes
    std::atomic<std::uint64_t> tb_hits[MAX_SEARCH_THREADS];  // per thread, published with the nodes
    std::atomic<int> searching_depth[MAX_PLY + 1];  // threads inside an iteration of each depth
    std::atomic<int> helper_depth{0};               // helper_line's depth, readable without the lock

    void reset(int threads);
    // The nodes all threads have published so far (behind by at most
    // SearchWorker::POLL_INTERVAL_NODES per thread).
    std::uint64_t published_nodes() const;
    // A helper completed an iteration: kept when it is deeper than any before.
    void offer_helper_line(int depth, int score, const std::vector<Move>& pv);
    HelperLine deepest_helper_line() const;
    // Gives back the deepest line's memory once the search is over.
    void release_helper_line();

private:
    mutable std::mutex helper_line_mutex_;
    HelperLine helper_line_;
};

// How a search uses the Syzygy tables (the options SyzygyPath, SyzygyProbeDepth,
// SyzygyProbeLimit and Syzygy50MoveRule).
struct TablebaseSettings {
    syzygy::TableHandle tables;  // none loaded: no probes
    int probe_depth = 1;         // probe inside the tree from this remaining depth on
    int probe_limit = 7;         // probe positions of at most this many pieces
    bool rule50 = true;          // a win the fifty-move rule draws counts as a draw
};

// Settings of a search that come from engine options rather than from the limits.
struct SearchSettings {
    int multipv = 1;            // root lines to report (and search; main thread only)
    int move_overhead_ms = 30;  // kept aside per move for the lag to the clock
    int nodes_time = 0;         // nodes that count as one millisecond of the clock (0: the real clock)
    StrengthSettings strength;  // play at a chosen strength (strength.h)
    TimeParams time_params;     // the time management's numbers (time_params.table)
};

}  // namespace augur
