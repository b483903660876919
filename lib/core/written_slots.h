// WrittenSlots: which slots of a table were written since it was last emptied,
// a bit each, so that emptying the table touches only those. The pawn hash and
// the continuation history keep one: after a short search nearly all of their
// megabytes are still empty, and pages never written are never touched.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace augur {

class WrittenSlots {
public:
    explicit WrittenSlots(std::size_t slots) : slots_(slots), words_((slots + 63) / 64) {}

    void mark(std::size_t slot) { words_[slot / 64] |= std::uint64_t(1) << (slot % 64); }
    void mark_all() {
        for (std::uint64_t& word : words_) word = ~std::uint64_t(0);
    }
    // Calls empty(slot) for every slot marked, then unmarks them all.
    template <class Empty>
    void empty_marked(Empty&& empty) {
        for (std::size_t word = 0; word < words_.size(); ++word) {
            for (std::uint64_t bits = words_[word]; bits; bits &= bits - 1) {
                const std::size_t slot = word * 64 + std::size_t(std::countr_zero(bits));
                if (slot < slots_) empty(slot);
            }
            words_[word] = 0;
        }
    }

private:
    std::size_t slots_;
    std::vector<std::uint64_t> words_;
};

}  // namespace augur
