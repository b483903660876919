// Transposition table: remembers, per position key, the best move, a score with
// its bound, the search depth and the static evaluation.
//
// Layout: a power-of-two number of 64-byte buckets, each holding four 16-byte
// entries; a key maps to bucket (key & (buckets - 1)) and may use any entry of
// it. The full 64-bit key is stored, so a false match needs two positions with
// the same Polyglot key; the move is still verified legal before use.
//
// Sharing: the search threads of one engine share its table without locks.
// An entry is two 64-bit words, each read and written with relaxed atomics (a
// plain load or store on x86-64, so the single-threaded search pays nothing):
// `data` packs move, score, eval, depth and generation/bound, and `check`
// holds key ^ data. Two threads writing one entry at once can leave the words
// of different writes; then check ^ data matches neither key and the entry
// reads as a miss (the "lockless hashing" scheme), so a probe never returns a
// mix of two results.
//
// Replacement, for a key not yet in the bucket: an empty entry if there is
// one, otherwise the entry of lowest "worth" = depth - 8 * age, where age is how
// many searches ago it was written (first such entry on ties). An entry for the
// same key is overwritten unless it is deeper, from this search, and the new
// result is not exact. This is the specification the Java reference copies.
//
// Mate scores are stored relative to the node (plies to mate from here) and
// converted back to root distance on probing, so they stay right when the same
// position is reached at another ply.
//
// Memory: the buckets come from the operating system already zeroed (anonymous
// pages that are zero-filled on first touch), so making or resizing a table
// costs a system call rather than writing every byte: creating an engine does
// not pay for clearing its 16 MB, and pages a search never reaches never
// become resident. A zeroed bucket is four empty entries, so the table behaves
// exactly as one cleared by clear().
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "core/types.h"
#include "core/zeroed_array.h"

namespace augur {

enum Bound : std::uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

// One entry's fields, unpacked from its data word.
struct TTEntry {
    std::uint16_t move = 0;
    std::int16_t score = 0;
    std::int16_t eval = 0;
    std::uint8_t depth = 0;        // stored depth + 1, so 0 marks an empty entry
    std::uint8_t generation_bound = 0;  // generation in the upper 6 bits, Bound in the lower 2

    bool empty() const { return depth == 0; }
    Bound bound() const { return Bound(generation_bound & 3); }
    int generation() const { return generation_bound >> 2; }

    std::uint64_t pack() const {
        return std::uint64_t(move) | std::uint64_t(std::uint16_t(score)) << 16 |
               std::uint64_t(std::uint16_t(eval)) << 32 | std::uint64_t(depth) << 48 |
               std::uint64_t(generation_bound) << 56;
    }
    static TTEntry unpack(std::uint64_t data) {
        return TTEntry{std::uint16_t(data), std::int16_t(std::uint16_t(data >> 16)),
                       std::int16_t(std::uint16_t(data >> 32)), std::uint8_t(data >> 48), std::uint8_t(data >> 56)};
    }
};

// What a probe found, already converted for use at the probing ply.
struct TTHit {
    bool found = false;
    Move move;
    int score = 0;
    int eval = 0;
    int depth = 0;
    Bound bound = BOUND_NONE;
};

class TranspositionTable {
public:
    static constexpr int ENTRIES_PER_BUCKET = 4;
    static constexpr int GENERATION_CYCLE = 64;
    static constexpr int UNTRUSTED_DEPTH = -1000;  // below any depth a search asks for

    // size_mb is rounded down to a power of two number of buckets (at least one).
    explicit TranspositionTable(std::size_t size_mb = 16);
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Throws std::bad_alloc when the memory cannot be had; the table then keeps
    // its old size, emptied.
    void resize(std::size_t size_mb);
    void clear();
    // Called at the start of every search so that older entries age.
    void new_search() { generation_ = (generation_ + 1) % GENERATION_CYCLE; }

    // rule50 is the probing position's fifty-move counter. A stored mate beyond the rule's
    // reach comes back as a hit with its move, the best non-mate win and a depth too small to
    // count (UNTRUSTED_DEPTH): the move still orders the search, the score never cuts.
    TTHit probe(Key key, int ply, int rule50) const;
    void store(Key key, int ply, int score, Bound bound, int depth, Move move, int eval);
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[key & mask_]); }

    // Permille of entries of the first 1000 buckets written by the current search.
    int hashfull() const;
    std::size_t bucket_count() const { return mask_ + 1; }

private:
    struct Slot {
        std::atomic<std::uint64_t> check{0};  // key ^ data
        std::atomic<std::uint64_t> data{0};   // TTEntry::pack()
    };
    static_assert(sizeof(Slot) == 16);
    struct alignas(64) Bucket {
        Slot slots[ENTRIES_PER_BUCKET];
    };
    // A slot's key and fields as one consistent snapshot (its key is only
    // meaningful when the entry is not empty).
    struct Snapshot {
        Key key;
        TTEntry entry;
    };
    static Snapshot read(const Slot& slot) {
        std::uint64_t data = slot.data.load(std::memory_order_relaxed);
        std::uint64_t check = slot.check.load(std::memory_order_relaxed);
        return Snapshot{check ^ data, TTEntry::unpack(data)};
    }
    int age(const TTEntry& e) const { return (GENERATION_CYCLE + generation_ - e.generation()) % GENERATION_CYCLE; }

    // Bucket is an aggregate of atomics whose all-zero bytes are its value-initialized
    // state (empty entries), so zeroed memory is used as an array of them without
    // running constructors, which would touch every page.
    ZeroedArray<Bucket> buckets_;
    std::size_t mask_ = 0;
    int generation_ = 0;
    // Something was stored since the table was made or last cleared: clearing
    // an untouched table (a new engine's, a new game's before any search) is
    // skipped, and so are the page faults of writing zeros to fresh pages.
    // Checked before it is set, so that the searching threads only read it.
    std::atomic<bool> written_{false};
};

}  // namespace augur
