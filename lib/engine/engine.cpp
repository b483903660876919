#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <charconv>
#include <iterator>
#include <stdexcept>
#include <utility>

#include "core/text.h"

namespace augur {

namespace {

// Boolean options: each names one switch in the search features or eval options.
struct FeatureSwitch {
    const char* name;
    bool SearchFeatures::*member;
};
constexpr FeatureSwitch SEARCH_SWITCHES[] = {
    {"TranspositionTable", &SearchFeatures::transposition_table},
    {"AspirationWindows", &SearchFeatures::aspiration_windows},
    {"NullMove", &SearchFeatures::null_move},
    {"CheckExtension", &SearchFeatures::check_extension},
    {"LateMoveReductions", &SearchFeatures::late_move_reductions},
    {"FutilityPruning", &SearchFeatures::futility_pruning},
    {"ReverseFutilityPruning", &SearchFeatures::reverse_futility_pruning},
    {"LateMovePruning", &SearchFeatures::late_move_pruning},
    {"MateDistancePruning", &SearchFeatures::mate_distance_pruning},
    {"SeePruning", &SearchFeatures::see_pruning},
    {"DeltaPruning", &SearchFeatures::delta_pruning},
    {"Killers", &SearchFeatures::killers},
    {"HistoryHeuristic", &SearchFeatures::history},
    {"QuiescenceEvasions", &SearchFeatures::quiescence_checks_evasions},
};
constexpr std::string_view EVAL_PREFIX = "Eval_";
constexpr std::string_view ENDGAME_SCALING = "Eval_EndgameScaling";

std::vector<EngineOption> build_option_list() {
    std::vector<EngineOption> list;
    list.push_back({"Hash", EngineOption::Type::Spin, Engine::DEFAULT_HASH_MB, 1, Engine::MAX_HASH_MB});
    list.push_back({"Clear Hash", EngineOption::Type::Button, 0, 0, 0});
    list.push_back({"Threads", EngineOption::Type::Spin, 1, 1, Engine::MAX_THREADS});
    list.push_back({"MultiPV", EngineOption::Type::Spin, 1, 1, Engine::MAX_MULTIPV});
    list.push_back({"Move Overhead", EngineOption::Type::Spin, Engine::DEFAULT_MOVE_OVERHEAD_MS, 0,
                    Engine::MAX_MOVE_OVERHEAD_MS});
    list.push_back({"Ponder", EngineOption::Type::Check, 0, 0, 0});
    for (const FeatureSwitch& s : SEARCH_SWITCHES) list.push_back({s.name, EngineOption::Type::Check, 1, 0, 0});
    for (int t = 0; t < EVAL_TERM_NB; ++t)
        list.push_back({std::string(EVAL_PREFIX) + eval_term_name(EvalTerm(t)), EngineOption::Type::Check, 1, 0, 0});
    list.push_back({std::string(ENDGAME_SCALING), EngineOption::Type::Check, 1, 0, 0});
    return list;
}

// The evaluation term of an "Eval_<term>" option name in any capitalisation, as
// the protocols match option names; nullopt for any other name.
std::optional<EvalTerm> eval_term_of_option(std::string_view name) {
    for (int t = 0; t < EVAL_TERM_NB; ++t) {
        std::string option_name = std::string(EVAL_PREFIX) + eval_term_name(EvalTerm(t));
        if (equal_ignoring_case(name, option_name)) return EvalTerm(t);
    }
    return std::nullopt;
}

// A whole number in [min, max], or nullopt.
std::optional<int> parse_spin(std::string_view value, int min, int max) {
    int number = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec != std::errc() || end != value.data() + value.size() || number < min || number > max) return std::nullopt;
    return number;
}

void add_stats(SearchStats& total, const SearchStats& more) {
    total.nodes += more.nodes;
    total.qnodes += more.qnodes;
    total.fail_highs += more.fail_highs;
    total.fail_highs_first += more.fail_highs_first;
    total.tt_probes += more.tt_probes;
    total.tt_hits += more.tt_hits;
    total.tt_cutoffs += more.tt_cutoffs;
    total.seldepth = std::max(total.seldepth, more.seldepth);
}

}  // namespace

// A helper thread of Lazy SMP: its own evaluator (pawn hash), worker
// (history, killers, stack) with its manager, and copy of the game, sharing
// the engine's table.
struct Engine::Helper {
    Helper(TranspositionTable& tt, const SearchShared& shared, std::unique_ptr<Evaluator> own_evaluator)
        : evaluator(std::move(own_evaluator)), worker(tt, *evaluator), manager(shared) {}
    std::unique_ptr<Evaluator> evaluator;
    SearchWorker worker;
    HelperManager manager;
    std::unique_ptr<Game> game;
    WorkerThread thread;  // last: joined before the rest goes
};

Engine::Engine()
    : tt_(DEFAULT_HASH_MB),
      evaluator_factory_([] { return std::make_unique<HandCraftedEvaluator>(); }),
      evaluator_(new_evaluator()),
      worker_(tt_, *evaluator_),
      manager_(tt_) {
    worker_.set_stop_flag(&stop_);
    manager_.set_stop_flag(&stop_);
    manager_.set_ponderhit_flag(&ponderhit_);
    manager_.settings().move_overhead_ms = DEFAULT_MOVE_OVERHEAD_MS;
}

Engine::~Engine() { stop_and_wait(); }

std::unique_ptr<Evaluator> Engine::new_evaluator() const {
    std::unique_ptr<Evaluator> evaluator = evaluator_factory_();
    if (!evaluator) throw std::logic_error("the evaluator factory made no evaluator");
    evaluator->set_options(eval_options_);
    return evaluator;
}

void Engine::set_evaluator(EvaluatorFactory factory) {
    stop_and_wait();
    std::unique_ptr<Evaluator> evaluator = factory();
    if (!evaluator) throw std::logic_error("the evaluator factory made no evaluator");
    evaluator_factory_ = std::move(factory);
    evaluator->set_options(eval_options_);
    evaluator_ = std::move(evaluator);
    worker_.set_evaluator(*evaluator_);
    helpers_.clear();  // made again, with the new evaluator, by the next search that needs them
}

EvalBreakdown Engine::eval_breakdown(const Position& pos) const {
    HandCraftedEvaluator hand_crafted(0);  // without a pawn hash: the same values
    hand_crafted.set_options(eval_options_);
    return hand_crafted.breakdown(pos);
}

const std::vector<EngineOption>& Engine::option_list() {
    static const std::vector<EngineOption> list = build_option_list();
    return list;
}

std::optional<std::string> Engine::set_option(std::string_view name, std::string_view value) {
    stop_and_wait();
    if (equal_ignoring_case(name, "Hash")) {
        auto mb = parse_spin(value, 1, MAX_HASH_MB);
        if (!mb) return "Hash must be a whole number of MB from 1 to " + std::to_string(MAX_HASH_MB);
        tt_.resize(std::size_t(*mb));
        hash_mb_ = *mb;
        return std::nullopt;
    }
    if (equal_ignoring_case(name, "Threads")) {
        auto threads = parse_spin(value, 1, MAX_THREADS);
        if (!threads) return "Threads must be a whole number from 1 to " + std::to_string(MAX_THREADS);
        threads_ = *threads;
        return std::nullopt;
    }
    if (equal_ignoring_case(name, "MultiPV")) {
        auto lines = parse_spin(value, 1, MAX_MULTIPV);
        if (!lines) return "MultiPV must be a whole number from 1 to " + std::to_string(MAX_MULTIPV);
        manager_.settings().multipv = *lines;
        return std::nullopt;
    }
    if (equal_ignoring_case(name, "Move Overhead")) {
        auto ms = parse_spin(value, 0, MAX_MOVE_OVERHEAD_MS);
        if (!ms) return "Move Overhead must be a whole number of ms from 0 to " + std::to_string(MAX_MOVE_OVERHEAD_MS);
        manager_.settings().move_overhead_ms = *ms;
        return std::nullopt;
    }
    if (equal_ignoring_case(name, "Ponder")) {
        std::optional<bool> on = parse_bool(value);
        if (!on) return "option Ponder takes true or false";
        ponder_ = *on;
        return std::nullopt;
    }
    if (equal_ignoring_case(name, "Clear Hash")) {
        clear_hash();
        return std::nullopt;
    }
    for (const EngineOption& option : option_list()) {
        if (option.type != EngineOption::Type::Check || !equal_ignoring_case(name, option.name)) continue;
        std::optional<bool> on = parse_bool(value);
        if (!on) return "option " + option.name + " takes true or false";
        for (const FeatureSwitch& s : SEARCH_SWITCHES)
            if (option.name == s.name) worker_.features().*s.member = *on;
        if (option.name == ENDGAME_SCALING) eval_options_.endgame_scaling = *on;
        else if (auto term = eval_term_of_option(option.name)) eval_options_.set(*term, *on);
        evaluator_->set_options(eval_options_);
        return std::nullopt;
    }
    return "unknown option '" + std::string(name.substr(0, 60)) + "'";
}

std::optional<std::string> Engine::option_value(std::string_view name) const {
    if (equal_ignoring_case(name, "Hash")) return std::to_string(hash_mb_);
    if (equal_ignoring_case(name, "Threads")) return std::to_string(threads_);
    if (equal_ignoring_case(name, "MultiPV")) return std::to_string(manager_.settings().multipv);
    if (equal_ignoring_case(name, "Move Overhead")) return std::to_string(manager_.settings().move_overhead_ms);
    if (equal_ignoring_case(name, "Ponder")) return ponder_ ? "true" : "false";
    for (const FeatureSwitch& s : SEARCH_SWITCHES)
        if (equal_ignoring_case(name, s.name))
            return worker_.features().*s.member ? "true" : "false";
    if (equal_ignoring_case(name, ENDGAME_SCALING)) return eval_options_.endgame_scaling ? "true" : "false";
    if (auto term = eval_term_of_option(name)) return eval_options_.enabled(*term) ? "true" : "false";
    return std::nullopt;
}

void Engine::new_game() {
    stop_and_wait();
    tt_.clear();
    worker_.clear_history();
    evaluator_->clear();
    for (auto& helper : helpers_) {
        helper->worker.clear_history();
        helper->evaluator->clear();
    }
}

void Engine::clear_hash() {
    stop_and_wait();
    tt_.clear();
}

// ---------------------------------------------------------------------------
// Searching

SearchResult Engine::search(Game& game, const SearchLimits& limits, SearchListener* listener, SearchTracer* tracer) {
    stop_and_wait();
    stop_.store(false);
    ponderhit_.store(false);
    return run_search(game, limits, listener, tracer);
}

SearchResult Engine::run_search(Game& game, const SearchLimits& limits, SearchListener* listener, SearchTracer* tracer) {
    struct Attach {  // detaches the callbacks however the search ends
        Engine& engine;
        ~Attach() {
            engine.manager_.set_listener(nullptr);
            engine.worker_.set_tracer(nullptr);
        }
    } attach{*this};
    manager_.set_listener(listener);
    worker_.set_tracer(tracer);
    tt_.new_search();
    if (tracer || threads_ == 1) {
        // Alone, but sharing the node count for nodes_searched().
        shared_.reset(1);
        worker_.set_shared(&shared_, 0);
        return manager_.search(worker_, game.position(), limits);
    }
    return search_with_helpers(game, limits);
}

// Lazy SMP: the helpers search copies of the game until the main thread is done.
SearchResult Engine::search_with_helpers(Game& game, const SearchLimits& limits) {
    prepare_helpers(std::size_t(threads_ - 1));
    shared_.reset(threads_);
    worker_.set_shared(&shared_, 0);

    struct StopHelpers {  // also when the main search ends by an exception
        Engine& engine;
        ~StopHelpers() {
            engine.shared_.stop.store(true);
            for (auto& helper : engine.helpers_) helper->thread.wait_idle();
        }
    };
    SearchResult result;
    {
        StopHelpers stopper{*this};
        for (auto& helper : helpers_) {
            Game::Created copy = game.replay(game.position().is_chess960());
            if (!copy.game) throw std::logic_error("cannot replay the game: " + copy.error);
            helper->game = std::move(copy.game);
            Helper* h = helper.get();
            h->thread.run([h, limits] { h->worker.search(h->game->position(), limits, h->manager); });
        }
        result = manager_.search(worker_, game.position(), limits);
    }
    for (auto& helper : helpers_) add_stats(result.stats, helper->worker.stats());
    return result;
}

void Engine::prepare_helpers(std::size_t count) {
    helpers_.resize(std::min(helpers_.size(), count));
    while (helpers_.size() < count) helpers_.push_back(std::make_unique<Helper>(tt_, shared_, new_evaluator()));
    for (std::size_t i = 0; i < helpers_.size(); ++i) {
        SearchWorker& worker = helpers_[i]->worker;
        worker.features() = worker_.features();
        worker.params() = worker_.params();
        worker.set_stop_flag(&stop_);
        worker.set_shared(&shared_, int(i) + 1);
        helpers_[i]->evaluator->set_options(eval_options_);
    }
}

void Engine::start(const Game& game, const SearchLimits& limits, SearchListener* listener) {
    stop_and_wait();
    Game::Created copy = game.replay(game.position().is_chess960());
    if (!copy.game) throw std::logic_error("cannot replay the game: " + copy.error);
    async_game_ = std::move(copy.game);
    stop_.store(false);
    ponderhit_.store(false);
    {
        std::lock_guard lock(mutex_);
        searching_ = true;
        async_error_ = nullptr;
    }
    if (!engine_thread_) {
        engine_thread_ = std::make_unique<WorkerThread>();
        engine_thread_id_.store(engine_thread_->id());
    }
    engine_thread_->run([this, limits, listener] { run_async(limits, listener); });
}

// The job of the engine's thread: search, tell the listener, then wake the waiters.
void Engine::run_async(const SearchLimits& limits, SearchListener* listener) {
    SearchResult result;
    std::exception_ptr error;
    bool finished = false;  // on_finish was called (even if it then threw)
    try {
        result = run_search(*async_game_, limits, listener, nullptr);
        finished = true;
        if (listener) listener->on_finish(result);
    } catch (...) {
        error = std::current_exception();
    }
    if (error && !finished && listener) {
        try {
            listener->on_error(error);
        } catch (...) {
            // The first error is the one wait() reports.
        }
    }
    {
        std::lock_guard lock(mutex_);
        last_result_ = std::move(result);
        async_error_ = error;
        searching_ = false;
    }
    finished_.notify_all();
}

void Engine::stop() { stop_.store(true); }

void Engine::ponderhit() { ponderhit_.store(true); }

bool Engine::searching() const {
    std::lock_guard lock(mutex_);
    return searching_;
}

SearchResult Engine::wait() {
    std::unique_lock lock(mutex_);
    // On the engine's own thread (a listener) waiting would never end.
    if (!on_engine_thread()) finished_.wait(lock, [this] { return !searching_; });
    if (async_error_) std::rethrow_exception(std::exchange(async_error_, nullptr));
    return last_result_;
}

void Engine::wait_until_idle() {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [this] { return !searching_; });
}

void Engine::stop_and_wait() {
    if (!searching()) return;
    if (on_engine_thread())
        throw std::logic_error("an engine function that waits for the search was called from its listener");
    stop();
    wait_until_idle();
}

// ---------------------------------------------------------------------------
// Bench

const std::vector<std::string_view>& bench_positions() {
    static const std::vector<std::string_view> positions(std::begin(BENCH_POSITIONS), std::end(BENCH_POSITIONS));
    return positions;
}

BenchResult run_bench(Engine& engine, int depth, const BenchProgress& progress) {
    BenchResult total;
    const auto& positions = bench_positions();
    for (std::size_t i = 0; i < positions.size(); ++i) {
        auto created = Game::from_fen(positions[i]);
        engine.new_game();
        SearchLimits limits;
        limits.depth = depth;
        SearchResult result = engine.search(*created.game, limits);
        total.nodes += result.stats.nodes;
        total.time_ms += result.time_ms;
        if (progress) progress(i, positions[i], result);
    }
    return total;
}

}  // namespace augur
