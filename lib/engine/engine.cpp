#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <charconv>
#include <iterator>
#include <stdexcept>
#include <utility>

#include "eval/nnue/default_network.h"
#include "eval/nnue/nnue_evaluator.h"

namespace augur {

namespace {

void add_stats(SearchStats& total, const SearchStats& more) {
    total.nodes += more.nodes;
    total.qnodes += more.qnodes;
    total.fail_highs += more.fail_highs;
    total.fail_highs_first += more.fail_highs_first;
    total.tt_probes += more.tt_probes;
    total.tt_hits += more.tt_hits;
    total.tt_cutoffs += more.tt_cutoffs;
    total.tb_probes += more.tb_probes;
    total.tb_hits += more.tb_hits;
    total.seldepth = std::max(total.seldepth, more.seldepth);
}

}  // namespace

// A helper thread of Lazy SMP: its own evaluator (pawn hash), worker
// (history, killers, stack) with its manager, and copy of the game, sharing
// the engine's table.
struct Engine::Helper {
    Helper(TranspositionTable& tt, SearchShared& shared, std::unique_ptr<Evaluator> own_evaluator)
        : evaluator(std::move(own_evaluator)), worker(tt, *evaluator), manager(shared) {}
    std::unique_ptr<Evaluator> evaluator;
    SearchWorker worker;
    HelperManager manager;
    std::unique_ptr<Game> game;
    WorkerThread thread;  // last: joined before the rest goes
};

namespace {

const OptionSpec& engine_option(std::string_view name) {
    const OptionSpec* spec = find_option(engine_options(), name);
    if (!spec) throw std::logic_error("options.table has no engine option " + std::string(name));
    return *spec;
}

int default_number(std::string_view name) {
    return parse_option_value(engine_option(name), engine_option(name).default_value).number;
}

}  // namespace

Engine::Engine()
    : tt_(std::size_t(default_number("Hash"))),
      evaluator_factory_([] { return std::make_unique<HandCraftedEvaluator>(); }),
      evaluator_(new_evaluator()),
      worker_(tt_, *evaluator_),
      manager_(tt_) {
    worker_.set_stop_flag(&stop_);
    manager_.set_stop_flag(&stop_);
    manager_.set_ponderhit_flag(&ponderhit_);
    for (const OptionSpec& spec : engine_options()) {
        option_values_.emplace_back(spec.default_value);
        if (spec.target != OptionTarget::Hash) (void)apply_option(spec, parse_option_value(spec, spec.default_value));
    }
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

namespace {

// The values a search parameter may take without breaking the search: those
// divided by stay positive, the aspiration window grows (by half of itself
// after each fail), the singular test's depth ((depth - 1) / 2) is at least 1,
// a game lasts at least one more move, and a product of two parameters (a
// history entry times a bonus) fits an int.
constexpr int LARGEST_SEARCH_PARAM = 32767;

int smallest_search_param(std::string_view name) {
    if (name == "se_min_depth") return 3;
    if (name == "aspiration_delta") return 2;
    for (std::string_view divided_by : {"divisor", "grain", "total", "history_max", "plies_per_move"})
        if (name.find(divided_by) != std::string_view::npos) return 1;
    for (std::string_view horizon : {"sudden_death_moves", "sudden_death_min_moves", "max_moves_horizon"})
        if (name == horizon) return 1;
    return 0;
}

}  // namespace

int* Engine::find_search_param(std::string_view name) {
    if (int* param = worker_.params().find(name)) return param;
    return manager_.settings().time_params.find(name);
}

const int* Engine::find_search_param(std::string_view name) const {
    if (const int* param = worker_.params().find(name)) return param;
    return manager_.settings().time_params.find(name);
}

std::optional<std::string> Engine::set_search_param(std::string_view name, int value) {
    stop_and_wait();
    int* param = find_search_param(name);
    if (!param) return "unknown search parameter '" + std::string(name.substr(0, 60)) + "'";
    const int smallest = smallest_search_param(name);
    if (value < smallest || value > LARGEST_SEARCH_PARAM)
        return "search parameter " + std::string(name) + " must be " + std::to_string(smallest) + ".." +
               std::to_string(LARGEST_SEARCH_PARAM) + ", not " + std::to_string(value);
    *param = value;
    return std::nullopt;
}

std::optional<int> Engine::search_param(std::string_view name) const {
    const int* param = find_search_param(name);
    return param ? std::optional<int>(*param) : std::nullopt;
}

std::optional<std::string> Engine::set_option(std::string_view name, std::string_view value) {
    stop_and_wait();
    const OptionSpec* spec = find_option(engine_options(), name);
    if (!spec) return "unknown option '" + std::string(name.substr(0, 60)) + "'";
    OptionValue parsed = parse_option_value(*spec, value);
    if (!parsed.error.empty()) return parsed.error;
    std::string& current = option_values_[std::size_t(spec - engine_options().data())];
    bool changed = spec->type == OptionType::Button || parsed.text != current;
    if (std::optional<std::string> error = apply_option(*spec, parsed)) return error;
    current = parsed.text;
    if (changed) clear_stale(spec->clears);
    return std::nullopt;
}

// Puts a checked value into effect, or returns why it cannot be and changes
// nothing (a network file that does not load, a SyzygyPath without tables; a
// new Hash size may throw std::bad_alloc, leaving the old table).
std::optional<std::string> Engine::apply_option(const OptionSpec& spec, const OptionValue& value) {
    switch (spec.target) {
    case OptionTarget::Hash:
        tt_.resize(std::size_t(value.number));
        break;
    case OptionTarget::Threads:
        threads_ = value.number;
        // Helpers beyond the new count go now, with their megabytes of tables,
        // rather than at the next search with helpers (which may never come).
        if (helpers_.size() > std::size_t(threads_ - 1)) helpers_.resize(std::size_t(threads_ - 1));
        break;
    case OptionTarget::MultiPV:
        manager_.settings().multipv = value.number;
        break;
    case OptionTarget::MoveOverhead:
        manager_.settings().move_overhead_ms = value.number;
        break;
    case OptionTarget::NodesTime:
        manager_.settings().nodes_time = value.number;
        break;
    case OptionTarget::LimitStrength:
        manager_.settings().strength.limited = value.on;
        break;
    case OptionTarget::Elo:
        manager_.settings().strength.elo = value.number;
        break;
    case OptionTarget::RandomSeed:
        manager_.seed_random(std::uint64_t(value.number));
        break;
    case OptionTarget::SyzygyPath:
        if (auto error = syzygy::load(value.text, tablebases_.tables)) return "SyzygyPath: " + *error;
        worker_.set_tablebases(tablebases_);
        break;
    case OptionTarget::SyzygyProbeDepth:
        tablebases_.probe_depth = value.number;
        worker_.set_tablebases(tablebases_);
        break;
    case OptionTarget::SyzygyProbeLimit:
        tablebases_.probe_limit = value.number;
        worker_.set_tablebases(tablebases_);
        break;
    case OptionTarget::Syzygy50MoveRule:
        tablebases_.rule50 = value.on;
        worker_.set_tablebases(tablebases_);
        break;
    case OptionTarget::SearchFeature:
        worker_.features().*spec.feature = value.on;
        break;
    case OptionTarget::EvalTerm:
        eval_options_.set(spec.term, value.on);
        evaluator_->set_options(eval_options_);
        break;
    case OptionTarget::EndgameScaling:
        eval_options_.endgame_scaling = value.on;
        evaluator_->set_options(eval_options_);
        break;
    case OptionTarget::EvalFile:
        return load_eval_file(value.text);
    case OptionTarget::Eval:
        return choose_evaluation(value.text == "nnue");
    case OptionTarget::ClearHash:  // its spec clears the table
    case OptionTarget::Ponder:     // informational: the value is kept, nothing else
    case OptionTarget::Session:    // not an engine option
        break;
    }
    return std::nullopt;
}

// An empty path goes back to the built-in network.
std::optional<std::string> Engine::load_eval_file(const std::string& path) {
    if (path.empty()) {
        network_.reset();
    } else {
        nnue::NetworkLoad load = nnue::load_network_file(path);
        if (!load.network) return load.error;
        network_ = std::move(load.network);
    }
    if (uses_network_) install_evaluator();
    return std::nullopt;
}

std::optional<std::string> Engine::choose_evaluation(bool network) {
    if (network != uses_network_) {
        uses_network_ = network;
        install_evaluator();
    }
    return std::nullopt;
}

// One evaluator per search thread; the network is shared by all of them, read-only.
void Engine::install_evaluator() {
    if (uses_network_)
        set_evaluator([network = network_ ? network_ : nnue::default_network()] {
            return std::make_unique<nnue::NnueEvaluator>(network);
        });
    else
        set_evaluator([] { return std::make_unique<HandCraftedEvaluator>(); });
}

void Engine::clear_stale(OptionClears clears) {
    switch (clears) {
    case OptionClears::HashTable:
        tt_.clear();
        break;
    case OptionClears::PawnTable:
        evaluator_->clear();
        for (auto& helper : helpers_) helper->evaluator->clear();
        break;
    case OptionClears::Nothing:
        break;
    }
}

std::optional<std::string> Engine::option_value(std::string_view name) const {
    const OptionSpec* spec = find_option(engine_options(), name);
    if (!spec || spec->type == OptionType::Button) return std::nullopt;
    return option_values_[std::size_t(spec - engine_options().data())];
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
    searches_begun_.fetch_add(1, std::memory_order_relaxed);
    return run_search(game, limits, listener, tracer);
}

SearchResult Engine::run_search(Game& game, const SearchLimits& limits, SearchListener* listener, SearchTracer* tracer) {
    struct Attach {  // detaches the callbacks and gives back the search's state however it ends
        Engine& engine;
        ~Attach() {
            engine.manager_.set_listener(nullptr);
            engine.worker_.set_tracer(nullptr);
            engine.release_search_state();
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

// What a finished search leaves in the workers (root moves, lines, the helpers'
// copies of the game) goes, so that an idle engine holds nothing of it: the
// next search makes it afresh, and a host counting its allocations sees every
// search give back what it took.
void Engine::release_search_state() {
    worker_.release_search_state();
    manager_.release_search_state();
    shared_.release_helper_line();
    for (auto& helper : helpers_) {
        helper->worker.release_search_state();
        helper->game.reset();
    }
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
        worker.set_tablebases(tablebases_);
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
    searches_begun_.fetch_add(1, std::memory_order_relaxed);
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
    async_game_.reset();  // as release_search_state(): the copy served this search alone
    {
        std::lock_guard lock(mutex_);
        last_result_ = std::move(result);
        // Handed over, not shared: the thread that takes it from wait() holds
        // the exception's last reference, so it is destroyed there and never
        // by this thread while the waiter still reads it (ThreadSanitizer
        // cannot see the reference count inside the uninstrumented libstdc++).
        async_error_ = std::move(error);
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
