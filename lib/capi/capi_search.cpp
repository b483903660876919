// C entry points for searching: limits in, callbacks during, a result out,
// synchronously (augur_engine_search) or on the engine's own thread
// (augur_engine_start, then augur_engine_wait).
//
// A synchronous search runs on a replica of the engine's game, and an
// asynchronous one on the engine's own copy, so the handle's position stays as
// it was whatever happens in the search. The host's callbacks are reached
// through one bridge object that turns the engine's listener and tracer events
// into the C structures; it catches whatever a callback throws.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include "capi/engine_handle.h"
#include "capi/struct_size.h"
#include "search/score.h"
#include "search/wdl.h"

using augur::Move;
using augur::capi::check_size;
using augur::capi::engine_guarded;
using augur::capi::fail;
using augur::capi::null_argument;

static_assert(augur::SCORE_MATE == AUGUR_SCORE_MATE);
static_assert(augur::SCORE_INFINITE == AUGUR_SCORE_INFINITE);
static_assert(augur::MAX_PLY == AUGUR_MAX_PLY);
static_assert(augur::SCORE_MATE_IN_MAX_PLY == AUGUR_SCORE_MATE_BOUND);
static_assert(augur::SCORE_TB_WIN == AUGUR_SCORE_TB_WIN);
static_assert(augur::SCORE_TB_WIN_IN_MAX_PLY == AUGUR_SCORE_TB_WIN_BOUND);
static_assert(Move::null().raw() == AUGUR_MOVE_NULL);
static_assert(int(augur::BOUND_UPPER) == AUGUR_BOUND_UPPER);
static_assert(int(augur::BOUND_LOWER) == AUGUR_BOUND_LOWER);
static_assert(int(augur::BOUND_EXACT) == AUGUR_BOUND_EXACT);

namespace augur::capi {
thread_local CallbackScope current_callback;
}  // namespace augur::capi

namespace {

// The earlier layouts of the structures that have grown since; their sizes
// are still accepted. Later fields then keep the defaults of the *_INIT macros.
// The 0.1.0 layouts:
struct LimitsV1 {
    size_t struct_size;
    int depth;
    uint64_t nodes;
};
struct CallbacksV1 {
    size_t struct_size;
    void* user;
    augur_pv_fn on_pv;
    augur_pv_fn on_iteration;
    augur_trace_enter_fn on_trace_enter;
    augur_trace_leave_fn on_trace_leave;
};
// The callbacks as on_finish was added after 0.1.0, before on_currmove.
struct CallbacksV2 {
    CallbacksV1 v1;
    augur_finish_fn on_finish;
};
// The result as it was up to 0.2.0, before tbhits: it ended at pv.
constexpr std::size_t RESULT_0_2_SIZE = offsetof(augur_search_result, tbhits);
static_assert(offsetof(augur_search_limits, mate) == sizeof(LimitsV1), "fields may only be appended");
static_assert(offsetof(augur_search_callbacks, on_finish) == sizeof(CallbacksV1), "fields may only be appended");
static_assert(offsetof(augur_search_callbacks, on_currmove) == sizeof(CallbacksV2), "fields may only be appended");

int mate_moves(int score) { return augur::is_mate_score(score) ? augur::mate_in_moves(score) : 0; }

// Copies up to AUGUR_MAX_PV moves; returns how many.
std::size_t copy_pv(const std::vector<Move>& pv, augur_move* out) {
    std::size_t length = std::min<std::size_t>(pv.size(), AUGUR_MAX_PV);
    for (std::size_t i = 0; i < length; ++i) out[i] = pv[i].raw();
    return length;
}

// A structure of an accepted size, completed with the defaults of init.
template <class Struct>
Struct complete(const Struct* given, Struct init) {
    std::memcpy(&init, given, given->struct_size);
    init.struct_size = sizeof init;
    return init;
}

// Copies a result into the caller's structure, as many bytes as its
// struct_size says (an accepted size): an older host's memory past its
// structure stays untouched, and struct_size keeps the caller's value.
void write_result(const augur_search_result& full, augur_search_result* out) {
    const std::size_t size = out->struct_size;
    std::memcpy(static_cast<void*>(out), &full, size);
    out->struct_size = size;
}

int out_of_range(const augur_engine& e, std::string_view field, long long value, std::string_view rule) {
    return fail(e, AUGUR_E_INVALID_ARGUMENT, "limits->" + std::string(field) + " is " + std::to_string(value),
                "; it must be " + std::string(rule));
}

// Reads and checks the host's limits (NULL: none) into the engine's.
int read_limits(const augur_engine& e, const augur_search_limits* given, augur::SearchLimits& out) {
    if (!given) return AUGUR_OK;
    if (int status = check_size(e, "limits", *given, {sizeof(LimitsV1)})) return status;
    const augur_search_limits l = complete(given, augur_search_limits(AUGUR_SEARCH_LIMITS_INIT));
    if (l.depth < 0) return out_of_range(e, "depth", l.depth, "0 (no limit) or more");
    if (l.mate < 0) return out_of_range(e, "mate", l.mate, "0 (no limit) or more");
    if (l.moves_to_go < 0) return out_of_range(e, "moves_to_go", l.moves_to_go, "0 (sudden death) or more");
    if (l.movetime_ms < 0) return out_of_range(e, "movetime_ms", l.movetime_ms, "0 (none) or more");
    if (l.time_left_ms < -1) return out_of_range(e, "time_left_ms", l.time_left_ms, "-1 (no clock) or more");
    if (l.increment_ms < 0) return out_of_range(e, "increment_ms", l.increment_ms, "0 or more");
    if (l.search_moves_count > AUGUR_MAX_MOVES)
        return out_of_range(e, "search_moves_count", (long long)l.search_moves_count,
                            "at most AUGUR_MAX_MOVES (256)");
    if (l.search_moves_count > 0 && !l.search_moves) return null_argument(e, "limits->search_moves");

    const augur::Position& root = e.game->position();
    out.search_moves.clear();
    for (std::size_t i = 0; i < l.search_moves_count; ++i) {
        Move m(l.search_moves[i]);
        if (!root.is_legal(m))
            return fail(e, AUGUR_E_ILLEGAL_MOVE, "limits->search_moves[" + std::to_string(i) + "] (code ",
                        std::to_string(l.search_moves[i]) + ") is not a legal move in the engine's position");
        out.search_moves.push_back(m);
    }
    out.depth = l.depth;
    out.nodes = l.nodes;
    out.mate = l.mate;
    out.infinite = l.infinite != 0;
    out.ponder = l.ponder != 0;
    out.time.time_left_ms = l.time_left_ms;
    out.time.increment_ms = l.increment_ms;
    out.time.moves_to_go = l.moves_to_go;
    out.time.move_time_ms = l.movetime_ms;
    return AUGUR_OK;
}

int read_callbacks(const augur_engine& e, const augur_search_callbacks* given, augur_search_callbacks& out) {
    out = AUGUR_SEARCH_CALLBACKS_INIT;
    if (!given) return AUGUR_OK;
    if (int status = check_size(e, "callbacks", *given, {sizeof(CallbacksV1), sizeof(CallbacksV2)})) return status;
    out = complete(given, augur_search_callbacks(AUGUR_SEARCH_CALLBACKS_INIT));
    return AUGUR_OK;
}

// Relays search events to the host's callbacks. A callback that throws stops
// the search: the exception is held back here, never unwound through the
// search, later callbacks (but on_finish) are skipped, and the entry point
// (augur_engine_search or augur_engine_wait) reports it once the search has
// ended. For an asynchronous search the bridge also files the result in the
// handle's record as the search ends.
class CallbackBridge final : public augur::SearchListener, public augur::SearchTracer {
public:
    CallbackBridge(const augur_search_callbacks& callbacks, augur_engine& handle, bool async)
        : callbacks_(callbacks),
          handle_(handle),
          async_(async),
          root_material_(augur::wdl_material(handle.game->position())) {}

    bool tracing() const { return callbacks_.on_trace_enter || callbacks_.on_trace_leave; }
    bool failed() const { return failure_[0] != '\0'; }
    const char* failure() const { return failure_; }

    // Nodes at the end of the last completed iteration over those at the end
    // of the one before.
    double ebf() const {
        if (iterations_ < 2 || previous_iteration_nodes_ == 0) return 0.0;
        return double(last_iteration_nodes_) / double(previous_iteration_nodes_);
    }

    void on_pv(const augur::PvInfo& info) override { report(callbacks_.on_pv, info); }

    void on_iteration(const augur::PvInfo& info) override {
        if (info.multipv == 1) {  // MultiPV reports every line; the iteration counts once
            ++iterations_;
            previous_iteration_nodes_ = last_iteration_nodes_;
            last_iteration_nodes_ = info.nodes;
        }
        report(callbacks_.on_iteration, info);
    }

    void on_currmove(Move move, int number, int depth) override {
        if (!callbacks_.on_currmove || failed()) return;
        guard([&] { callbacks_.on_currmove(callbacks_.user, move.raw(), number, depth); });
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

    // The search ended with found: on_finish hears of it (even after a failed
    // callback: it is the one callback every search makes), then an
    // asynchronous search files it for augur_engine_wait.
    void on_finish(const augur::SearchResult& found) override {
        augur_search_result result = to_c(found);
        if (callbacks_.on_finish) guard([&] { callbacks_.on_finish(callbacks_.user, &result); });
        if (!async_) return;
        std::lock_guard lock(handle_.async.mutex);
        handle_.async.result = result;
        handle_.async.has_result = true;
        handle_.async.failure_pending = failed();
        if (failed()) augur::capi::set_error(handle_.async.failure, failure_);
    }

    // An asynchronous search failed (the engine's wait() rethrows why).
    void on_error(const std::exception_ptr&) override {
        if (callbacks_.on_finish) guard([&] { callbacks_.on_finish(callbacks_.user, nullptr); });
    }

    augur_search_result to_c(const augur::SearchResult& found) const {
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
        r.ebf = ebf();
        r.pv_length = copy_pv(found.pv, r.pv);
        r.tbhits = found.stats.tb_hits;
        r.tbprobes = found.stats.tb_probes;
        return r;
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
        c.multipv = info.multipv;
        c.hashfull = info.hashfull;
        augur::WdlPermille wdl = augur::wdl_permille(info.score, root_material_);
        c.wdl_win = wdl.win;
        c.wdl_draw = wdl.draw;
        c.wdl_loss = wdl.loss;
        c.tbhits = info.tb_hits;
        guard([&] { callback(callbacks_.user, &c); });
    }

    // Runs a host callback: marks the thread as inside a callback of this
    // engine (so that it cannot call back into it) and catches what it throws.
    template <class Call>
    void guard(Call&& call) noexcept {
        using augur::capi::current_callback;
        const augur::capi::CallbackScope outer = current_callback;
        current_callback = {&handle_, async_};
        try {
            call();
        } catch (const std::exception& e) {
            stop_with(e.what());
        } catch (...) {
            stop_with("an exception that is not a std::exception");
        }
        current_callback = outer;
    }

    void stop_with(const char* what) noexcept {
        if (failed()) return;  // keep the first
        std::size_t length = std::min(std::strlen(what), sizeof failure_ - 1);
        std::memcpy(failure_, what, length);
        failure_[length] = '\0';
        if (length == 0) std::strcpy(failure_, "?");  // keep failed() true for an empty what()
        handle_.engine->stop();
    }

    augur_search_callbacks callbacks_;
    augur_engine& handle_;
    bool async_;
    int root_material_;  // for the win/draw/loss of the reported scores
    char failure_[160] = {};
    int iterations_ = 0;
    std::uint64_t previous_iteration_nodes_ = 0;
    std::uint64_t last_iteration_nodes_ = 0;
};

constexpr std::string_view CALLBACK_THREW = "a search callback threw an exception, so the search was stopped: ";

int search(augur_engine& e, const augur_search_limits* limits, const augur_search_callbacks* callbacks,
           augur_search_result* result) {
    if (!result) return null_argument(e, "result");
    if (int status = check_size(e, "result", *result, {RESULT_0_2_SIZE})) return status;
    augur::SearchLimits search_limits;
    if (int status = read_limits(e, limits, search_limits)) return status;
    augur_search_callbacks relayed;
    if (int status = read_callbacks(e, callbacks, relayed)) return status;

    // The search plays moves on the game it is given; a replica keeps the
    // handle's game intact even if the search ends by an exception.
    augur::Game::Created replica = e.game->replay(e.game->position().is_chess960());
    if (!replica.game) return fail(e, AUGUR_E_INTERNAL, "internal error: ", replica.error);

    CallbackBridge bridge(relayed, e, false);
    augur::SearchResult found =
        e.engine->search(*replica.game, search_limits, &bridge, bridge.tracing() ? &bridge : nullptr);
    bridge.on_finish(found);

    if (bridge.failed()) return fail(e, AUGUR_E_INTERNAL, CALLBACK_THREW, bridge.failure());
    write_result(bridge.to_c(found), result);
    return AUGUR_OK;
}

int start(augur_engine& e, const augur_search_limits* limits, const augur_search_callbacks* callbacks) {
    augur::SearchLimits search_limits;
    if (int status = read_limits(e, limits, search_limits)) return status;
    augur_search_callbacks relayed;
    if (int status = read_callbacks(e, callbacks, relayed)) return status;
    if (relayed.on_trace_enter || relayed.on_trace_leave)
        return fail(e, AUGUR_E_INVALID_ARGUMENT, "augur_engine_start does not trace; ",
                    "trace with augur_engine_search");

    // The previous search's bridge may go only once that search has ended.
    e.engine->stop_and_wait();
    {
        std::lock_guard lock(e.async.mutex);
        e.async.failure_pending = false;  // superseded, never to be reported
    }
    e.async_listener = std::make_unique<CallbackBridge>(relayed, e, true);
    e.engine->start(*e.game, search_limits, e.async_listener.get());
    std::lock_guard lock(e.async.mutex);
    e.async.started = true;
    return AUGUR_OK;
}

int wait(augur_engine& e, augur_search_result* result) {
    if (result) {
        if (int status = check_size(e, "result", *result, {RESULT_0_2_SIZE})) return status;
    }
    try {
        e.engine->wait();
    } catch (const std::bad_alloc&) {
        return fail(e, AUGUR_E_OUT_OF_MEMORY, "the search ran out of memory");
    } catch (const std::exception& error) {
        return fail(e, AUGUR_E_INTERNAL, "the search failed: ", error.what());
    }
    std::unique_lock lock(e.async.mutex);
    if (!e.async.started) return fail(e, AUGUR_E_INVALID_ARGUMENT, "no search was started with augur_engine_start");
    if (e.async.failure_pending) {
        e.async.failure_pending = false;
        augur::capi::ErrorBuffer why;
        std::memcpy(why, e.async.failure, sizeof why);
        lock.unlock();
        return fail(e, AUGUR_E_INTERNAL, CALLBACK_THREW, why);
    }
    if (!e.async.has_result) return fail(e, AUGUR_E_INTERNAL, "internal error: the search left no result");
    if (result) write_result(e.async.result, result);
    return AUGUR_OK;
}

// For the search controls, which run beside other calls on the handle: they
// must not touch its message, and nothing may escape them.
template <class Body>
int control(const augur_engine* engine, Body&& body) noexcept {
    if (!engine) return AUGUR_E_INVALID_ARGUMENT;
    try {
        return body(*engine);
    } catch (...) {
        return AUGUR_E_INTERNAL;  // std::mutex failing: nothing a host can do, nothing to record
    }
}

}  // namespace

extern "C" {

int augur_engine_search(augur_engine* engine, const augur_search_limits* limits,
                        const augur_search_callbacks* callbacks, augur_search_result* result) {
    return engine_guarded(engine, [&](augur_engine& e) -> int { return search(e, limits, callbacks, result); });
}

int augur_engine_start(augur_engine* engine, const augur_search_limits* limits,
                       const augur_search_callbacks* callbacks) {
    return engine_guarded(engine, [&](augur_engine& e) -> int { return start(e, limits, callbacks); });
}

int augur_engine_wait(augur_engine* engine, augur_search_result* result) {
    // Not guarded: it may run beside another call on the handle, so it leaves
    // the message alone unless it fails.
    if (!engine) return AUGUR_E_INVALID_ARGUMENT;
    if (augur::capi::in_callback_of(*engine)) return AUGUR_E_INVALID_ARGUMENT;  // would wait for itself
    try {
        return wait(*engine, result);
    } catch (const std::bad_alloc&) {
        return fail(*engine, AUGUR_E_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception& error) {
        return fail(*engine, AUGUR_E_INTERNAL, "internal error: ", error.what());
    } catch (...) {
        return fail(*engine, AUGUR_E_INTERNAL, "internal error: unknown exception");
    }
}

int augur_engine_stop(augur_engine* engine) {
    return control(engine, [](const augur_engine& e) {
        e.engine->stop();
        return AUGUR_OK;
    });
}

int augur_engine_ponderhit(augur_engine* engine) {
    return control(engine, [](const augur_engine& e) {
        e.engine->ponderhit();
        return AUGUR_OK;
    });
}

int augur_engine_is_searching(const augur_engine* engine, int* searching) {
    return control(engine, [&](const augur_engine& e) {
        if (!searching) return AUGUR_E_INVALID_ARGUMENT;
        *searching = e.engine->searching() ? 1 : 0;
        return AUGUR_OK;
    });
}

int augur_engine_nodes_searched(const augur_engine* engine, uint64_t* nodes) {
    return control(engine, [&](const augur_engine& e) {
        if (!nodes) return AUGUR_E_INVALID_ARGUMENT;
        *nodes = e.engine->nodes_searched();
        return AUGUR_OK;
    });
}

}  // extern "C"
