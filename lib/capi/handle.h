// The C handle behind augur_position, and the one place where C entry points
// turn C++ failures into status codes.
//
// Every entry point that takes a handle runs its work through guarded(): the
// handle's message is cleared, the work runs, and any exception becomes
// AUGUR_E_OUT_OF_MEMORY or AUGUR_E_INTERNAL with a message. Nothing thrown
// inside the library can reach the C caller.
#pragma once

#include <exception>
#include <memory>
#include <new>
#include <string_view>

#include "augur/augur.h"
#include "core/game.h"

struct augur_position {
    std::unique_ptr<augur::Game> game;    // never null in a handle given out
    bool chess960_mode = false;               // force Chess960 for positions set later
    // The message of the last call. A fixed array rather than a std::string:
    // recording "out of memory" must not need memory.
    mutable char error[256] = {};
};

namespace augur::capi {

// Records first + second as the handle's message, truncated to fit and with
// any invalid UTF-8 (user text can be echoed in messages) replaced by '?'.
void set_error(const augur_position& pos, std::string_view first, std::string_view second = {}) noexcept;

inline int fail(const augur_position& pos, int status, std::string_view first, std::string_view second = {}) noexcept {
    set_error(pos, first, second);
    return status;
}

// For a NULL pointer parameter, named in the message.
inline int null_argument(const augur_position& pos, std::string_view name) noexcept {
    return fail(pos, AUGUR_E_INVALID_ARGUMENT, name, " must not be NULL");
}

// Runs body(*pos) for an entry point; see the file comment.
template <class Handle, class Body>
int guarded(Handle* pos, Body&& body) noexcept {
    if (!pos) return AUGUR_E_INVALID_ARGUMENT;
    pos->error[0] = '\0';
    try {
        return body(*pos);
    } catch (const std::bad_alloc&) {
        return fail(*pos, AUGUR_E_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception& e) {
        return fail(*pos, AUGUR_E_INTERNAL, "internal error: ", e.what());
    } catch (...) {
        return fail(*pos, AUGUR_E_INTERNAL, "internal error: unknown exception");
    }
}

}  // namespace augur::capi
