// The C handles behind augur_position and augur_engine, and the one place where
// C entry points turn C++ failures into status codes.
//
// Every entry point that takes a handle runs its work through guarded(): the
// handle's message is cleared, the work runs, and any exception becomes
// AUGUR_E_OUT_OF_MEMORY or AUGUR_E_INTERNAL with a message. Nothing thrown
// inside the library can reach the C caller.
#pragma once

#include <cstddef>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "augur/augur.h"
#include "core/game.h"

namespace augur::capi {

// The message of a handle's last call. A fixed array rather than a std::string:
// recording "out of memory" must not need memory.
using ErrorBuffer = char[256];

// Records first + second as the message, truncated to fit and with any invalid
// UTF-8 (user text can be echoed in messages) replaced by '?'.
void set_error(ErrorBuffer& error, std::string_view first, std::string_view second = {}) noexcept;

}  // namespace augur::capi

struct augur_position {
    std::unique_ptr<augur::Game> game;    // never null in a handle given out
    bool chess960_mode = false;               // force Chess960 for positions set later
    mutable augur::capi::ErrorBuffer error = {};
};

namespace augur::capi {

// Any handle with a mutable `error` member.
template <class Handle>
int fail(const Handle& handle, int status, std::string_view first, std::string_view second = {}) noexcept {
    set_error(handle.error, first, second);
    return status;
}

// For a NULL pointer parameter, named in the message.
template <class Handle>
int null_argument(const Handle& handle, std::string_view name) noexcept {
    return fail(handle, AUGUR_E_INVALID_ARGUMENT, name, " must not be NULL");
}

// Copies text with its terminating NUL into buf, or reports that it does not fit.
template <class Handle>
int write_text(const Handle& handle, std::string_view text, char* buf, std::size_t size) {
    if (!buf) return null_argument(handle, "buf");
    if (text.size() >= size) {
        if (size > 0) buf[0] = '\0';
        return fail(handle, AUGUR_E_BUFFER_TOO_SMALL,
                    "buffer of " + std::to_string(size) + " bytes is too small; " + std::to_string(text.size() + 1),
                    " are needed");
    }
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    return AUGUR_OK;
}

// Runs body(*handle) for an entry point; see the file comment.
template <class Handle, class Body>
int guarded(Handle* handle, Body&& body) noexcept {
    if (!handle) return AUGUR_E_INVALID_ARGUMENT;
    handle->error[0] = '\0';
    try {
        return body(*handle);
    } catch (const std::bad_alloc&) {
        return fail(*handle, AUGUR_E_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception& e) {
        return fail(*handle, AUGUR_E_INTERNAL, "internal error: ", e.what());
    } catch (...) {
        return fail(*handle, AUGUR_E_INTERNAL, "internal error: unknown exception");
    }
}

// The body of an augur_*_create function: a new Handle, completed by
// init(handle) (a status), stored in *out only on success. No handle exists yet
// to hold a message, so failures are bare status codes.
template <class Handle, class Init>
int create_handle(Handle** out, Init&& init) noexcept {
    if (!out) return AUGUR_E_INVALID_ARGUMENT;
    *out = nullptr;
    try {
        auto handle = std::make_unique<Handle>();
        if (int status = init(*handle); status != AUGUR_OK) return status;
        *out = handle.release();
        return AUGUR_OK;
    } catch (const std::bad_alloc&) {
        return AUGUR_E_OUT_OF_MEMORY;
    } catch (...) {
        return AUGUR_E_INTERNAL;
    }
}

}  // namespace augur::capi
