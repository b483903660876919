// The C handle behind augur_engine: an engine instance, the game it searches
// and the state of its asynchronous searches.
#pragma once

#include <memory>
#include <mutex>

#include "capi/handle.h"
#include "core/game.h"
#include "engine/engine.h"

struct augur_engine {
    // What the last asynchronous search left for augur_engine_wait. Written by
    // the engine's thread as a search ends, read by any thread: under mutex.
    struct AsyncRecord {
        std::mutex mutex;
        bool started = false;     // augur_engine_start succeeded at least once
        bool has_result = false;  // a search started that way has ended with a result
        augur_search_result result{};
        bool failure_pending = false;  // a callback threw; reported by one augur_engine_wait
        augur::capi::ErrorBuffer failure = {};
    };

    // The callbacks of the running (or last) asynchronous search. Declared
    // before engine so that it outlives the engine's thread, which calls it.
    std::unique_ptr<augur::SearchListener> async_listener;
    std::unique_ptr<augur::Engine> engine;  // never null in a handle given out
    std::unique_ptr<augur::Game> game;      // never null in a handle given out
    AsyncRecord async;
    mutable augur::capi::ErrorBuffer error = {};
};

namespace augur::capi {

// The engine whose search callback the calling thread is running, if any: a
// callback may not call back into its engine except for the search controls.
struct CallbackScope {
    const augur_engine* engine = nullptr;
    bool async = false;  // on the engine's thread, beside the handle's owner
};
extern thread_local CallbackScope current_callback;

// The option at index of the engine's list, or nullptr after recording on e
// why there is none.
const OptionSpec* option_at(const augur_engine& e, std::size_t index);
// The C description of an option.
augur_option_info describe_option(const OptionSpec& option);
// The evaluation breakdown of e's position (stops e's search first).
augur_eval_breakdown eval_breakdown_of(augur_engine& e);

inline bool in_callback_of(const augur_engine& e) { return current_callback.engine == &e; }

// guarded() for entry points on an engine: also refuses calls made from a
// search callback of that engine, which would pull the game from under the
// search (or wait for the search from inside it). A refusal on the engine's
// own thread records no message: the owner thread may be writing its own.
template <class Handle, class Body>
int engine_guarded(Handle* engine, Body&& body) noexcept {
    if (engine && in_callback_of(*engine)) {
        if (current_callback.async) return AUGUR_E_INVALID_ARGUMENT;
        return fail(*engine, AUGUR_E_INVALID_ARGUMENT,
                    "the engine is searching; a search callback may call only augur_engine_stop, "
                    "augur_engine_ponderhit and augur_engine_is_searching on it");
    }
    return guarded(engine, [&](Handle& e) -> int { return body(e); });
}

}  // namespace augur::capi
