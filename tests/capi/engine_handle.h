// An augur_engine owned by a test: created (the test fails if that fails),
// destroyed at the end of the scope, and usable wherever the C API takes an
// augur_engine*. Shared by the C API test files.
#pragma once

#include <augur/augur.h>

#include <utility>

#include <catch2/catch.hpp>

namespace augur_test {

class Engine {
public:
    Engine() { REQUIRE(augur_engine_create(&engine_) == AUGUR_OK); }
    explicit Engine(const char* fen) : Engine() {
        REQUIRE(augur_engine_set_position(engine_, fen, nullptr, 0) == AUGUR_OK);
    }
    ~Engine() { augur_engine_destroy(engine_); }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;
    operator augur_engine*() const { return engine_; }
    // Gives up ownership (for tests that destroy the engine themselves).
    augur_engine* release() { return std::exchange(engine_, nullptr); }

private:
    augur_engine* engine_ = nullptr;
};

}  // namespace augur_test
