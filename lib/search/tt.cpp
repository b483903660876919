#include "search/tt.h"

#include <algorithm>

#include "search/score.h"

namespace augur {

TranspositionTable::TranspositionTable(std::size_t size_mb) { resize(size_mb); }

void TranspositionTable::resize(std::size_t size_mb) {
    std::size_t buckets = std::max<std::size_t>(1, size_mb * 1024 * 1024 / sizeof(Bucket));
    buckets = std::size_t(1) << (63 - std::countl_zero(std::uint64_t(buckets)));  // round down to 2^n
    buckets_ = std::make_unique<Bucket[]>(buckets);
    mask_ = buckets - 1;
    generation_ = 0;
}

void TranspositionTable::clear() {
    std::fill(buckets_.get(), buckets_.get() + mask_ + 1, Bucket{});
    generation_ = 0;
}

TTHit TranspositionTable::probe(Key key, int ply) const {
    const Bucket& bucket = buckets_[key & mask_];
    for (const TTEntry& e : bucket.entries) {
        if (e.empty() || e.key != key) continue;
        return TTHit{true, Move(e.move), score_from_tt(e.score, ply), e.eval, e.depth - 1, e.bound()};
    }
    return TTHit{};
}

void TranspositionTable::store(Key key, int ply, int score, Bound bound, int depth, Move move, int eval) {
    Bucket& bucket = buckets_[key & mask_];
    TTEntry* target = nullptr;
    for (TTEntry& e : bucket.entries) {
        if (!e.empty() && e.key == key) {
            // Keep a deeper entry of this search unless the new result is exact.
            if (bound != BOUND_EXACT && age(e) == 0 && e.depth - 1 > depth) return;
            if (!move) move = Move(e.move);  // keep the old best move rather than lose it
            target = &e;
            break;
        }
    }
    if (!target) {
        for (TTEntry& e : bucket.entries) {
            if (e.empty()) {
                target = &e;
                break;
            }
            if (!target || e.depth - 8 * age(e) < target->depth - 8 * age(*target)) target = &e;
        }
    }
    target->key = key;
    target->move = move.raw();
    target->score = std::int16_t(score_to_tt(score, ply));
    target->eval = std::int16_t(eval);
    target->depth = std::uint8_t(std::clamp(depth, 0, 254) + 1);
    target->generation_bound = std::uint8_t((generation_ << 2) | bound);
}

int TranspositionTable::hashfull() const {
    int used = 0;
    std::size_t n = std::min<std::size_t>(1000, mask_ + 1);
    for (std::size_t i = 0; i < n; ++i)
        for (const TTEntry& e : buckets_[i].entries) used += !e.empty() && age(e) == 0;
    return int(used * 1000 / (n * ENTRIES_PER_BUCKET));
}

}  // namespace augur
