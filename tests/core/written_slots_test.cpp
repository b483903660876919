// WrittenSlots (lib/core/written_slots.h): the slots marked, and only those,
// are handed back once each, in order, and then forgotten.
#include <catch2/catch.hpp>

#include <vector>

#include "core/written_slots.h"

using namespace augur;

namespace {

std::vector<std::size_t> emptied(WrittenSlots& slots) {
    std::vector<std::size_t> out;
    slots.empty_marked([&](std::size_t slot) { out.push_back(slot); });
    return out;
}

}  // namespace

TEST_CASE("WrittenSlots hands back each marked slot once, then none", "[core][written_slots]") {
    WrittenSlots slots(200);
    CHECK(emptied(slots).empty());
    for (std::size_t slot : {130u, 0u, 63u, 64u, 199u, 130u}) slots.mark(slot);
    CHECK(emptied(slots) == std::vector<std::size_t>{0, 63, 64, 130, 199});
    CHECK(emptied(slots).empty());
}

TEST_CASE("WrittenSlots marking all stays within the table", "[core][written_slots]") {
    WrittenSlots slots(70);  // the last word has bits beyond slot 69
    slots.mark_all();
    std::vector<std::size_t> all = emptied(slots);
    REQUIRE(all.size() == 70);
    CHECK(all.front() == 0);
    CHECK(all.back() == 69);
    CHECK(emptied(slots).empty());
}
