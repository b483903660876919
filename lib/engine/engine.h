// Engine: one independent engine instance, the unit a host creates. It owns
// its transposition table, evaluator (with pawn hash), searcher and options,
// so that many engines can live in one process without sharing anything.
//
// Options are set by name, as UCI's setoption and the C ABI do: "Hash" (MB),
// one boolean per search feature ("NullMove", ...) and one per evaluation term
// ("Eval_Mobility", ...). In this version the search runs synchronously on the
// caller's thread; stop() may be called from any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "eval/evaluate.h"
#include "search/search.h"
#include "search/tt.h"

namespace augur {

// Description of one option, for UCI's option list and the C ABI.
struct EngineOption {
    enum class Type { Check, Spin, Button };
    std::string name;
    Type type = Type::Check;
    int default_value = 0;  // check: 0/1
    int min = 0, max = 0;   // spin only
};

class Engine {
public:
    static constexpr int DEFAULT_HASH_MB = 16;
    static constexpr int MAX_HASH_MB = 65536;

    Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    static const std::vector<EngineOption>& option_list();
    // Sets an option; on failure returns the reason and changes nothing.
    std::optional<std::string> set_option(std::string_view name, std::string_view value);
    // The current value of an option as text (nullopt for an unknown name).
    std::optional<std::string> option_value(std::string_view name) const;

    // Forgets everything learned: table, history, pawn hash.
    void new_game();
    void clear_hash() { tt_.clear(); }

    // Searches the game's current position (its moves count for repetition).
    SearchResult search(Game& game, const SearchLimits& limits, SearchListener* listener = nullptr,
                        SearchTracer* tracer = nullptr);
    // Asks a running search to stop; callable from any thread.
    void stop() { stop_.store(true); }

    EvalBreakdown eval_breakdown(const Position& pos) { return evaluator_.breakdown(pos); }
    int evaluate(const Position& pos) { return evaluator_.evaluate(pos); }
    int hashfull() const { return tt_.hashfull(); }

private:
    TranspositionTable tt_;
    Evaluator evaluator_;
    Searcher searcher_;
    int hash_mb_ = DEFAULT_HASH_MB;
    std::atomic<bool> stop_{false};
};

// The bench: a fixed list of positions searched to a fixed depth with a cleared
// table each, whose total node count fingerprints the search.
struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nps() const { return time_ms > 0 ? nodes * 1000 / std::uint64_t(time_ms) : nodes * 1000; }
};
constexpr int DEFAULT_BENCH_DEPTH = 11;
const std::vector<std::string_view>& bench_positions();
using BenchProgress = std::function<void(std::size_t index, std::string_view fen, const SearchResult&)>;
// Runs the bench on engine (its table is cleared before every position).
BenchResult run_bench(Engine& engine, int depth, const BenchProgress& progress = {});

}  // namespace augur
