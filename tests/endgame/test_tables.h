// The Syzygy tables endgame_tests reads (move_judge.h's default_tables_dir),
// loaded once; the test that first asks fails if they cannot be.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "move_judge.h"

namespace augur::endgame::test {

inline const syzygy::TableHandle& tables() {
    static const syzygy::TableHandle handle = [] {
        syzygy::TableHandle h;
        auto err = syzygy::load(default_tables_dir(), h);
        INFO((err ? *err : std::string()));
        REQUIRE_FALSE(err);
        return h;
    }();
    return handle;
}

}  // namespace augur::endgame::test
