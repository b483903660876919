// The C handle behind augur_engine: an engine instance and the game it searches.
#pragma once

#include <memory>

#include "capi/handle.h"
#include "core/game.h"
#include "engine/engine.h"

struct augur_engine {
    std::unique_ptr<augur::Engine> engine;  // never null in a handle given out
    std::unique_ptr<augur::Game> game;      // never null in a handle given out
    // True while augur_engine_search runs, so that a callback calling back into
    // the engine is refused instead of changing what is being searched.
    bool searching = false;
    mutable augur::capi::ErrorBuffer error = {};
};

namespace augur::capi {

// guarded() for entry points on an engine: also refuses calls made from a
// search callback, which would pull the game from under the search.
template <class Handle, class Body>
int engine_guarded(Handle* engine, Body&& body) noexcept {
    return guarded(engine, [&](Handle& e) -> int {
        if (e.searching)
            return fail(e, AUGUR_E_INVALID_ARGUMENT,
                        "the engine is searching; a search callback may call only augur_engine_stop on it");
        return body(e);
    });
}

}  // namespace augur::capi
