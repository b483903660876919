#include "search/tt.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>

#include "search/score.h"

namespace augur {

TranspositionTable::TranspositionTable(std::size_t size_mb) { resize(size_mb); }

void TranspositionTable::resize(std::size_t size_mb) {
    std::size_t buckets = std::max<std::size_t>(1, size_mb * 1024 * 1024 / sizeof(Bucket));
    buckets = std::size_t(1) << (63 - std::countl_zero(std::uint64_t(buckets)));  // round down to 2^n
    const std::size_t old_buckets = buckets_ ? mask_ + 1 : 0;
    buckets_.reset();  // give the old table back first: old and new need not fit at once
    generation_ = 0;
    written_.store(false, std::memory_order_relaxed);
    try {
        buckets_ = ZeroedArray<Bucket>(buckets);
    } catch (const std::bad_alloc&) {
        // Keep a table of the old size (empty now), so that the engine stays usable: the
        // memory it held was just given back. A first table has no old size to keep.
        if (old_buckets > 0) buckets_ = ZeroedArray<Bucket>(old_buckets);
        throw;
    }
    mask_ = buckets - 1;
}

// Zero bytes are an empty bucket (see allocate_zeroed), and no search runs
// while the table is cleared: one memset.
void TranspositionTable::clear() {
    if (written_.load(std::memory_order_relaxed))
        std::memset(static_cast<void*>(buckets_.get()), 0, (mask_ + 1) * sizeof(Bucket));
    written_.store(false, std::memory_order_relaxed);
    generation_ = 0;
}

TTHit TranspositionTable::probe(Key key, int ply, int rule50) const {
    const Bucket& bucket = buckets_[key & mask_];
    for (const Slot& slot : bucket.slots) {
        Snapshot s = read(slot);
        if (s.entry.empty() || s.key != key) continue;
        const TTEntry& e = s.entry;
        if (is_mate_beyond_fifty_move_rule(e.score, rule50))
            return TTHit{true, Move(e.move), e.score > 0 ? SCORE_TB_WIN : -SCORE_TB_WIN, e.eval, UNTRUSTED_DEPTH,
                         e.bound()};
        return TTHit{true, Move(e.move), score_from_tt(e.score, ply), e.eval, e.depth - 1, e.bound()};
    }
    return TTHit{};
}

void TranspositionTable::store(Key key, int ply, int score, Bound bound, int depth, Move move, int eval) {
    if (!written_.load(std::memory_order_relaxed)) written_.store(true, std::memory_order_relaxed);
    Bucket& bucket = buckets_[key & mask_];
    Slot* target = nullptr;
    for (Slot& slot : bucket.slots) {
        Snapshot s = read(slot);
        if (!s.entry.empty() && s.key == key) {
            // Keep a deeper entry of this search unless the new result is exact.
            if (bound != BOUND_EXACT && age(s.entry) == 0 && s.entry.depth - 1 > depth) return;
            if (!move) move = Move(s.entry.move);  // keep the old best move rather than lose it
            target = &slot;
            break;
        }
    }
    if (!target) {
        int target_worth = 0;
        for (Slot& slot : bucket.slots) {
            TTEntry e = read(slot).entry;
            if (e.empty()) {
                target = &slot;
                break;
            }
            int worth = e.depth - 8 * age(e);
            if (!target || worth < target_worth) {
                target = &slot;
                target_worth = worth;
            }
        }
    }
    TTEntry e;
    e.move = move.raw();
    e.score = std::int16_t(score_to_tt(score, ply));
    e.eval = std::int16_t(eval);
    e.depth = std::uint8_t(std::clamp(depth, 0, 254) + 1);
    e.generation_bound = std::uint8_t((generation_ << 2) | bound);
    std::uint64_t data = e.pack();
    target->check.store(key ^ data, std::memory_order_relaxed);
    target->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    int used = 0;
    std::size_t n = std::min<std::size_t>(1000, mask_ + 1);
    for (std::size_t i = 0; i < n; ++i)
        for (const Slot& slot : buckets_[i].slots) {
            TTEntry e = read(slot).entry;
            used += !e.empty() && age(e) == 0;
        }
    return int(used * 1000 / (n * ENTRIES_PER_BUCKET));
}

}  // namespace augur
