// C entry points for searching: limits in, callbacks during, a result out.
//
// The search runs on a replica of the engine's game, so the handle's position
// stays as it was whatever happens in the search, and the host's callbacks are
// reached through one bridge object that turns the engine's listener and
// tracer events into the C structures.
#include <algorithm>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include "capi/engine_handle.h"
#include "search/score.h"

using augur::Move;
using augur::capi::engine_guarded;
using augur::capi::fail;
using augur::capi::null_argument;

static_assert(augur::SCORE_MATE == AUGUR_SCORE_MATE);
static_assert(augur::SCORE_INFINITE == AUGUR_SCORE_INFINITE);
static_assert(augur::MAX_PLY == AUGUR_MAX_PLY);
static_assert(augur::SCORE_MATE_IN_MAX_PLY == AUGUR_SCORE_MATE_BOUND);
static_assert(Move::null().raw() == AUGUR_MOVE_NULL);
static_assert(int(augur::BOUND_UPPER) == AUGUR_BOUND_UPPER);
static_assert(int(augur::BOUND_LOWER) == AUGUR_BOUND_LOWER);
static_assert(int(augur::BOUND_EXACT) == AUGUR_BOUND_EXACT);

namespace {

int mate_moves(int score) { return augur::is_mate_score(score) ? augur::mate_in_moves(score) : 0; }

// Copies up to AUGUR_MAX_PV moves; returns how many.
std::size_t copy_pv(const std::vector<Move>& pv, augur_move* out) {
    std::size_t length = std::min<std::size_t>(pv.size(), AUGUR_MAX_PV);
    for (std::size_t i = 0; i < length; ++i) out[i] = pv[i].raw();
    return length;
}

// Every structure of the search begins with struct_size. This version knows
// one layout of each; a later one will also accept the sizes of older ones.
template <class Struct>
int check_size(const augur_engine& e, std::string_view name, const Struct& s) {
    if (s.struct_size == sizeof(Struct)) return AUGUR_OK;
    return fail(e, AUGUR_E_INVALID_ARGUMENT,
                std::string(name) + "->struct_size is " + std::to_string(s.struct_size) + "; this library expects ",
                std::to_string(sizeof(Struct)) + " (set it to sizeof the structure)");
}

// Relays search events to the host's callbacks. A callback that throws stops
// the search: the exception is held back here, never unwound through the
// search, and the entry point reports it once the search has returned.
class CallbackBridge final : public augur::SearchListener, public augur::SearchTracer {
public:
    CallbackBridge(const augur_search_callbacks& callbacks, augur::Engine& engine)
        : callbacks_(callbacks), engine_(engine) {}

    bool tracing() const { return callbacks_.on_trace_enter || callbacks_.on_trace_leave; }
    bool failed() const { return failure_[0] != '\0'; }
    const char* failure() const { return failure_; }
    int completed_iterations() const { return iterations_; }

    // Nodes at the end of the last completed iteration over those at the end
    // of the one before.
    double ebf() const {
        if (iterations_ < 2 || previous_iteration_nodes_ == 0) return 0.0;
        return double(last_iteration_nodes_) / double(previous_iteration_nodes_);
    }

    void on_pv(const augur::PvInfo& info) override { report(callbacks_.on_pv, info); }

    void on_iteration(const augur::PvInfo& info) override {
        ++iterations_;
        previous_iteration_nodes_ = last_iteration_nodes_;
        last_iteration_nodes_ = info.nodes;
        report(callbacks_.on_iteration, info);
    }

    void on_enter(const augur::TraceNode& node) override {
        if (!callbacks_.on_trace_enter || failed()) return;
        augur_trace_node c{node.ply, node.depth, node.alpha, node.beta, node.key, node.move.raw()};
        guard([&] { callbacks_.on_trace_enter(callbacks_.user, &c); });
    }

    void on_leave(const augur::TraceResult& result) override {
        if (!callbacks_.on_trace_leave || failed()) return;
        augur_trace_result c{result.score, int(result.bound), result.best_move.raw()};
        guard([&] { callbacks_.on_trace_leave(callbacks_.user, &c); });
    }

private:
    void report(augur_pv_fn callback, const augur::PvInfo& info) {
        if (!callback || failed()) return;
        augur_move moves[AUGUR_MAX_PV];
        augur_pv_info c{};
        c.depth = info.depth;
        c.seldepth = info.seldepth;
        c.score_cp = info.score;
        c.mate = mate_moves(info.score);
        c.bound = int(info.bound);
        c.nodes = info.nodes;
        c.time_ms = info.time_ms;
        c.pv_length = copy_pv(info.pv, moves);
        c.pv = moves;
        guard([&] { callback(callbacks_.user, &c); });
    }

    template <class Call>
    void guard(Call&& call) noexcept {
        try {
            call();
        } catch (const std::exception& e) {
            stop_with(e.what());
        } catch (...) {
            stop_with("an exception that is not a std::exception");
        }
    }

    void stop_with(const char* what) noexcept {
        std::size_t length = std::min(std::strlen(what), sizeof failure_ - 1);
        std::memcpy(failure_, what, length);
        failure_[length] = '\0';
        if (length == 0) std::strcpy(failure_, "?");  // keep failed() true for an empty what()
        engine_.stop();
    }

    augur_search_callbacks callbacks_;
    augur::Engine& engine_;
    char failure_[160] = {};
    int iterations_ = 0;
    std::uint64_t previous_iteration_nodes_ = 0;
    std::uint64_t last_iteration_nodes_ = 0;
};

augur_search_result to_c(const augur::SearchResult& found, const CallbackBridge& bridge) {
    augur_search_result r{};
    r.struct_size = sizeof r;
    r.best_move = found.best_move.raw();
    r.ponder_move = found.ponder_move.raw();
    r.score_cp = found.score;
    r.mate = mate_moves(found.score);
    r.depth = found.depth;
    r.seldepth = found.stats.seldepth;
    r.nodes = found.stats.nodes;
    r.qnodes = found.stats.qnodes;
    r.fail_highs = found.stats.fail_highs;
    r.fail_highs_first = found.stats.fail_highs_first;
    r.tt_probes = found.stats.tt_probes;
    r.tt_hits = found.stats.tt_hits;
    r.tt_cutoffs = found.stats.tt_cutoffs;
    r.time_ms = found.time_ms;
    r.ebf = bridge.ebf();
    r.pv_length = copy_pv(found.pv, r.pv);
    return r;
}

int search(augur_engine& e, const augur_search_limits* limits, const augur_search_callbacks* callbacks,
           augur_search_result* result) {
    if (!result) return null_argument(e, "result");
    if (int status = check_size(e, "result", *result)) return status;

    augur::SearchLimits search_limits;
    if (limits) {
        if (int status = check_size(e, "limits", *limits)) return status;
        if (limits->depth < 0)
            return fail(e, AUGUR_E_INVALID_ARGUMENT, "limits->depth is " + std::to_string(limits->depth),
                        "; it must be 0 (no limit) or more");
        search_limits.depth = limits->depth;
        search_limits.nodes = limits->nodes;
    }
    augur_search_callbacks relayed = AUGUR_SEARCH_CALLBACKS_INIT;
    if (callbacks) {
        if (int status = check_size(e, "callbacks", *callbacks)) return status;
        relayed = *callbacks;
    }

    // The search plays moves on the game it is given; a replica keeps the
    // handle's game intact even if the search ends by an exception.
    augur::Game::Created replica = e.game->replay(e.game->position().is_chess960());
    if (!replica.game) return fail(e, AUGUR_E_INTERNAL, "internal error: ", replica.error);

    CallbackBridge bridge(relayed, *e.engine);
    struct Searching {
        bool& flag;
        explicit Searching(bool& f) : flag(f) { flag = true; }
        ~Searching() { flag = false; }
    } searching(e.searching);
    augur::SearchResult found =
        e.engine->search(*replica.game, search_limits, &bridge, bridge.tracing() ? &bridge : nullptr);

    if (bridge.failed())
        return fail(e, AUGUR_E_INTERNAL, "a search callback threw an exception, so the search was stopped: ",
                    bridge.failure());
    *result = to_c(found, bridge);
    return AUGUR_OK;
}

}  // namespace

extern "C" {

int augur_engine_search(augur_engine* engine, const augur_search_limits* limits,
                        const augur_search_callbacks* callbacks, augur_search_result* result) {
    return engine_guarded(engine, [&](augur_engine& e) -> int { return search(e, limits, callbacks, result); });
}

int augur_engine_stop(augur_engine* engine) {
    // Not guarded: it runs beside a search on another thread, so it must not
    // touch the handle's message or anything else the search thread writes.
    if (!engine) return AUGUR_E_INVALID_ARGUMENT;
    engine->engine->stop();
    return AUGUR_OK;
}

}  // extern "C"
