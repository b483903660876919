// Engine: one independent engine instance, the unit a host creates. It owns
// its transposition table, evaluators (with pawn hashes), searchers, threads
// and options, so that many engines can live in one process without sharing
// anything: there is no global mutable state.
//
// Options are set by name, as UCI's setoption and the C ABI do. They are the
// rows of scope engine of lib/engine/options.table (engine_options()): "Hash",
// "Threads", "MultiPV", "Move Overhead", "Ponder", the evaluation ("Eval":
// hce or nnue, with the network of "EvalFile"), one switch per search feature
// ("NullMove", ...) and one per evaluation term ("Eval_mobility", ...).
// A change of value empties what the table says it makes stale.
//
// A search runs either synchronously on the caller's thread (search()) or
// asynchronously on the engine's own thread (start(), then wait()); either
// way its helper threads (Threads > 1) run on threads the engine keeps.
//
// Thread-safety contract:
// - stop(), ponderhit(), wait() and searching() may be called from any thread
//   at any time, also while a search runs (the one way to drive a search from
//   several threads).
// - Everything else (start, search, set_option, new_game, clear_hash,
//   evaluate, ...) must be called from one thread at a time, never at the same
//   time as each other. start(), search(), set_option(), new_game() and
//   clear_hash() first stop a running asynchronous search and wait for it.
// - Listener callbacks run on the searching thread (the engine's thread for
//   start()); they may call stop(), ponderhit() and searching(), but not
//   wait() or the functions that wait (a search cannot wait for itself).
// - Different engines are fully independent and may be used from different
//   threads at once.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/game.h"
#include "engine/bench_positions.h"
#include "engine/options.h"
#include "engine/worker_thread.h"
#include "eval/evaluate.h"
#include "eval/nnue/network.h"
#include "search/manager.h"
#include "search/search.h"
#include "search/worker.h"
#include "search/tt.h"

namespace augur {

// Makes the evaluator of one search thread (see eval/evaluator.h).
using EvaluatorFactory = std::function<std::unique_ptr<Evaluator>()>;

class Engine {
public:
    static constexpr int MAX_THREADS = MAX_SEARCH_THREADS;

    Engine();
    ~Engine();  // stops a running search and joins the engine's threads
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    static std::span<const OptionSpec> option_list() { return engine_options(); }
    // Sets an option (name in any capitalisation); on failure returns the
    // reason and changes nothing. A new value empties what the option's spec
    // says it makes stale; a button always does.
    std::optional<std::string> set_option(std::string_view name, std::string_view value);
    // The current value of an option as text (nullopt for an unknown name or a button).
    std::optional<std::string> option_value(std::string_view name) const;
    // Every option's current value as text, in option_list() order (a button's
    // is its empty default): a whole configuration in one look, to save or compare.
    std::span<const std::string> option_values() const { return option_values_; }

    // The numbers of the search (search_params.table) and of its time
    // management (time_params.table), by the tables' names: not options a GUI
    // shows, but what a tuner varies between engines of one process. On failure
    // (an unknown name, a value out of range) returns the reason and changes nothing.
    std::optional<std::string> set_search_param(std::string_view name, int value);
    std::optional<int> search_param(std::string_view name) const;

    // Chooses the evaluation this engine searches with, the hand-crafted one
    // until this is called: the factory makes one evaluator per search thread,
    // each then given the Eval_* switches. Stops a running search first.
    void set_evaluator(EvaluatorFactory factory);

    // Forgets everything learned: table, histories, pawn hashes.
    void new_game();
    void clear_hash();

    // Searches the game's current position (its moves count for repetition) on
    // the caller's thread, with the helper threads of the Threads option (one
    // thread when a tracer is set: the trace is of one search tree).
    SearchResult search(Game& game, const SearchLimits& limits, SearchListener* listener = nullptr,
                        SearchTracer* tracer = nullptr);

    // Starts searching a copy of game (the caller may change its game at once)
    // on the engine's thread and returns. The listener, if any, must live until
    // the search ends; its on_finish (or, if the search failed, on_error) is
    // called last, on the engine's thread.
    void start(const Game& game, const SearchLimits& limits, SearchListener* listener = nullptr);
    // Asks the running search to stop; it returns its best move soon (well
    // under 50 ms). Without a running search it does nothing.
    void stop();
    // The ponder move was played: a search started with limits.ponder now runs
    // on the clock, counted from this moment.
    void ponderhit();
    // Waits for the search started by start() to end and returns its result (the
    // last result at once when none is running). An exception thrown by a
    // listener during that search ended it and is rethrown here, once.
    SearchResult wait();
    // True from start() until the search has ended (after on_finish returned).
    bool searching() const;
    // Stops a running asynchronous search and waits until it has ended; an
    // error of that search stays for wait() to report. Not from a listener.
    void stop_and_wait();

    // The hand-crafted evaluation term by term, with this engine's Eval_* switches.
    EvalBreakdown eval_breakdown(const Position& pos) const;
    // The static evaluation the search uses.
    int evaluate(const Position& pos) { return evaluator_->evaluate(pos); }
    // True when the search evaluates with the network (option Eval nnue).
    bool uses_network() const { return uses_network_; }
    int hashfull() const { return tt_.hashfull(); }
    // The nodes of the running search so far (or of the last one), all threads;
    // callable from any thread. Each thread publishes its count every
    // SearchWorker::POLL_INTERVAL_NODES nodes, so this is that much behind.
    std::uint64_t nodes_searched() const { return shared_.published_nodes(); }
    // How many searches this engine has begun, by search() and start() alike:
    // whoever lends the engine out (the fuzz targets reuse one between inputs)
    // can tell whether its table and histories changed meanwhile.
    std::uint64_t searches_begun() const { return searches_begun_.load(std::memory_order_relaxed); }

private:
    struct Helper;  // one Lazy SMP helper thread and its own search state

    SearchResult run_search(Game& game, const SearchLimits& limits, SearchListener* listener, SearchTracer* tracer);
    SearchResult search_with_helpers(Game& game, const SearchLimits& limits);
    void release_search_state();
    void prepare_helpers(std::size_t count);
    void run_async(const SearchLimits& limits, SearchListener* listener);
    void wait_until_idle();
    int* find_search_param(std::string_view name);
    const int* find_search_param(std::string_view name) const;
    std::optional<std::string> apply_option(const OptionSpec& spec, const OptionValue& value);
    std::optional<std::string> load_eval_file(const std::string& path);
    std::optional<std::string> choose_evaluation(bool network);
    void install_evaluator();
    void clear_stale(OptionClears clears);
    bool on_engine_thread() const { return std::this_thread::get_id() == engine_thread_id_.load(); }

    std::unique_ptr<Evaluator> new_evaluator() const;

    TranspositionTable tt_;
    EvalOptions eval_options_;
    std::shared_ptr<const nnue::Network> network_;  // of EvalFile; null: the built-in one
    bool uses_network_ = false;                      // option Eval: nnue
    EvaluatorFactory evaluator_factory_;
    std::unique_ptr<Evaluator> evaluator_;  // the main thread's
    SearchWorker worker_;                   // the main thread's
    SearchManager manager_;                 // leads worker_
    std::vector<std::string> option_values_;  // per engine_options() entry, as parse_option_value writes it
    int threads_ = 1;
    TablebaseSettings tablebases_;  // for every worker
    std::atomic<bool> stop_{false};
    std::atomic<bool> ponderhit_{false};
    std::atomic<std::uint64_t> searches_begun_{0};
    SearchShared shared_;

    // The asynchronous search: its game, and its state under mutex_.
    std::unique_ptr<Game> async_game_;
    mutable std::mutex mutex_;
    std::condition_variable finished_;
    bool searching_ = false;
    SearchResult last_result_;
    std::exception_ptr async_error_;
    std::atomic<std::thread::id> engine_thread_id_{};  // readable without a race, unlike engine_thread_

    // Threads last, so that they are joined before the state they use goes.
    std::vector<std::unique_ptr<Helper>> helpers_;
    std::unique_ptr<WorkerThread> engine_thread_;
};

// The bench: a fixed list of positions searched to a fixed depth with a cleared
// table each, whose total node count fingerprints the search.
struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nps() const { return time_ms > 0 ? nodes * 1000 / std::uint64_t(time_ms) : nodes * 1000; }
};
// BENCH_POSITIONS (lib/engine/bench.table) as a vector.
const std::vector<std::string_view>& bench_positions();
using BenchProgress = std::function<void(std::size_t index, std::string_view fen, const SearchResult&)>;
// Runs the bench on engine (its table is cleared before every position).
BenchResult run_bench(Engine& engine, int depth, const BenchProgress& progress = {});

}  // namespace augur
