// The transposition table, against the specification in tt.h: round trips,
// mate scores stored relative to the node, replacement within a bucket,
// aging by search generation, and the rules for rewriting the same key.
#include <catch2/catch.hpp>

#include "search/score.h"
#include "search/tt.h"

using namespace augur;

namespace {

// A 1 MB table: 16384 buckets, so keys k + i * 16384 share a bucket.
struct SmallTable {
    TranspositionTable tt{1};
    Key stride() const { return Key(tt.bucket_count()); }
    Key key(int bucket, int i) const { return Key(bucket) + Key(i + 1) * stride() * 977; }
};

const Move MOVE_A(SQ_E2, SQ_E4);
const Move MOVE_B(SQ_G1, SQ_F3);

}  // namespace

TEST_CASE("TT size rounds down to a power of two buckets", "[search][tt]") {
    TranspositionTable tt(1);
    CHECK(tt.bucket_count() == 1024 * 1024 / 64);
    tt.resize(3);
    CHECK(tt.bucket_count() == 2 * 1024 * 1024 / 64);
    tt.resize(16);
    CHECK(tt.bucket_count() == 16 * 1024 * 1024 / 64);
}

TEST_CASE("TT store and probe round trip", "[search][tt]") {
    SmallTable t;
    Key k = t.key(5, 0);
    CHECK_FALSE(t.tt.probe(k, 0, 0).found);
    t.tt.store(k, 3, 123, BOUND_LOWER, 7, MOVE_A, -45);
    TTHit hit = t.tt.probe(k, 3, 0);
    REQUIRE(hit.found);
    CHECK(hit.move == MOVE_A);
    CHECK(hit.score == 123);
    CHECK(hit.eval == -45);
    CHECK(hit.depth == 7);
    CHECK(hit.bound == BOUND_LOWER);
    // Ordinary scores do not depend on the probing ply.
    CHECK(t.tt.probe(k, 11, 0).score == 123);
    // Another key in the same bucket is not found.
    CHECK_FALSE(t.tt.probe(t.key(5, 1), 3, 0).found);
    // Depth 0 (quiescence) is a real entry, not an empty one.
    t.tt.store(t.key(6, 0), 0, -7, BOUND_UPPER, 0, Move::none(), SCORE_NONE);
    TTHit q = t.tt.probe(t.key(6, 0), 0, 0);
    REQUIRE(q.found);
    CHECK(q.depth == 0);
    CHECK(q.eval == SCORE_NONE);
    CHECK_FALSE(q.move);
    // clear() forgets everything.
    t.tt.clear();
    CHECK_FALSE(t.tt.probe(k, 3, 0).found);
}

TEST_CASE("TT mate scores are stored relative to the node", "[search][tt]") {
    SmallTable t;
    Key k = t.key(9, 0);
    // Found at ply 4: we mate 10 plies from the root, i.e. 6 plies from here.
    t.tt.store(k, 4, mate_in(10), BOUND_EXACT, 6, MOVE_A, 0);
    CHECK(t.tt.probe(k, 4, 0).score == mate_in(10));
    CHECK(t.tt.probe(k, 2, 0).score == mate_in(8));
    CHECK(t.tt.probe(k, 0, 0).score == mate_in(6));
    CHECK(t.tt.probe(k, 7, 0).score == mate_in(13));
    // Being mated: 9 plies from the root at ply 5, 4 plies from here.
    Key m = t.key(9, 1);
    t.tt.store(m, 5, mated_in(9), BOUND_UPPER, 3, MOVE_B, 0);
    CHECK(t.tt.probe(m, 5, 0).score == mated_in(9));
    CHECK(t.tt.probe(m, 1, 0).score == mated_in(5));
    CHECK(t.tt.probe(m, 0, 0).score == mated_in(4));
    // The extremes fit the 16-bit field: mate at the deepest ply.
    Key e = t.key(9, 2);
    t.tt.store(e, MAX_PLY - 1, mated_in(MAX_PLY - 1), BOUND_EXACT, 1, Move::none(), 0);
    CHECK(t.tt.probe(e, 0, 0).score == mated_in(0));
    t.tt.store(e, MAX_PLY - 1, mate_in(MAX_PLY), BOUND_EXACT, 1, Move::none(), 0);
    CHECK(t.tt.probe(e, MAX_PLY - 1, 0).score == mate_in(MAX_PLY));
    // score_to_tt and score_from_tt are inverse for every ply.
    for (int ply = 0; ply < MAX_PLY; ++ply)
        for (int s : {mate_in(ply + 1), mated_in(ply + 2), 0, 250, -31000 + 200, SCORE_MATE_IN_MAX_PLY - 1})
            CHECK(score_from_tt(score_to_tt(s, ply), ply) == s);
}

TEST_CASE("TT mates beyond the fifty-move rule come back untrusted", "[search][tt]") {
    SmallTable t;
    // A mate 90 plies from the storing node, found at ply 10.
    Key k = t.key(12, 0);
    t.tt.store(k, 10, mate_in(100), BOUND_EXACT, 9, MOVE_A, 17);
    // With the counter at 9, 99 - 9 = 90 plies remain: the mate can still be played.
    TTHit reachable = t.tt.probe(k, 10, 9);
    CHECK(reachable.score == mate_in(100));
    CHECK(reachable.depth == 9);
    // At 10, it cannot: the hit keeps its move and evaluation, scores the best non-mate win
    // and carries a depth no search asks for, so it never cuts or replaces a search.
    TTHit beyond = t.tt.probe(k, 10, 10);
    REQUIRE(beyond.found);
    CHECK(beyond.move == MOVE_A);
    CHECK(beyond.eval == 17);
    CHECK(beyond.score == SCORE_TB_WIN);
    CHECK_FALSE(is_mate_score(beyond.score));
    CHECK(beyond.depth == TranspositionTable::UNTRUSTED_DEPTH);
    CHECK(beyond.bound == BOUND_EXACT);
    // Being mated likewise: a loss 100 plies away is never a mate, whatever the counter.
    Key m = t.key(12, 1);
    t.tt.store(m, 0, mated_in(100), BOUND_UPPER, 4, MOVE_B, 0);
    CHECK(t.tt.probe(m, 0, 0).score == -SCORE_TB_WIN);
    CHECK(t.tt.probe(m, 0, 0).depth == TranspositionTable::UNTRUSTED_DEPTH);
    // Scores that are not mates are untouched by the counter.
    Key o = t.key(12, 2);
    t.tt.store(o, 3, 250, BOUND_LOWER, 5, MOVE_A, 0);
    CHECK(t.tt.probe(o, 3, 99).score == 250);
    CHECK(t.tt.probe(o, 3, 99).depth == 5);
    t.tt.store(o, 3, tb_win_in(120), BOUND_LOWER, 5, MOVE_A, 0);
    CHECK(t.tt.probe(o, 3, 99).score == tb_win_in(120));
}

TEST_CASE("is_mate_beyond_fifty_move_rule", "[search][tt]") {
    CHECK_FALSE(is_mate_beyond_fifty_move_rule(mate_in(99), 0));
    CHECK(is_mate_beyond_fifty_move_rule(mate_in(100), 0));
    CHECK_FALSE(is_mate_beyond_fifty_move_rule(mated_in(1), 98));
    CHECK(is_mate_beyond_fifty_move_rule(mated_in(2), 98));
    CHECK_FALSE(is_mate_beyond_fifty_move_rule(SCORE_TB_WIN, 99));
    CHECK_FALSE(is_mate_beyond_fifty_move_rule(0, 99));
}

TEST_CASE("TT replacement prefers empty, then the least worth entry", "[search][tt]") {
    SmallTable t;
    const int b = 77;
    // Fill the bucket: depths 5, 3, 7, 9.
    int depths[4] = {5, 3, 7, 9};
    for (int i = 0; i < 4; ++i) t.tt.store(t.key(b, i), 0, i, BOUND_EXACT, depths[i], MOVE_A, 0);
    for (int i = 0; i < 4; ++i) CHECK(t.tt.probe(t.key(b, i), 0, 0).found);
    // A fifth key replaces the shallowest (depth 3), even when itself shallower.
    t.tt.store(t.key(b, 4), 0, 4, BOUND_EXACT, 1, MOVE_A, 0);
    CHECK(t.tt.probe(t.key(b, 4), 0, 0).found);
    CHECK_FALSE(t.tt.probe(t.key(b, 1), 0, 0).found);
    CHECK(t.tt.probe(t.key(b, 0), 0, 0).found);
    CHECK(t.tt.probe(t.key(b, 2), 0, 0).found);
    CHECK(t.tt.probe(t.key(b, 3), 0, 0).found);
    // Now the depth-1 entry is the least worth.
    t.tt.store(t.key(b, 5), 0, 5, BOUND_EXACT, 20, MOVE_A, 0);
    CHECK_FALSE(t.tt.probe(t.key(b, 4), 0, 0).found);
    CHECK(t.tt.probe(t.key(b, 5), 0, 0).found);
    // Ties go to the first entry of the bucket.
    SmallTable u;
    for (int i = 0; i < 4; ++i) u.tt.store(u.key(b, i), 0, i, BOUND_EXACT, 4, MOVE_A, 0);
    u.tt.store(u.key(b, 4), 0, 0, BOUND_EXACT, 4, MOVE_A, 0);
    CHECK_FALSE(u.tt.probe(u.key(b, 0), 0, 0).found);
    CHECK(u.tt.probe(u.key(b, 1), 0, 0).found);
    // Other buckets are untouched.
    CHECK_FALSE(t.tt.probe(t.key(b + 1, 0), 0, 0).found);
}

TEST_CASE("TT aging: old entries lose worth by 8 per search", "[search][tt]") {
    SmallTable t;
    const int b = 300;
    int depths[4] = {12, 11, 14, 13};
    for (int i = 0; i < 4; ++i) t.tt.store(t.key(b, i), 0, 0, BOUND_EXACT, depths[i], MOVE_A, 0);
    t.tt.new_search();
    // Worths now 4, 3, 6, 5: the depth-11 entry goes.
    t.tt.store(t.key(b, 4), 0, 0, BOUND_EXACT, 6, MOVE_A, 0);
    CHECK_FALSE(t.tt.probe(t.key(b, 1), 0, 0).found);
    // Worths 4, 6 (new, depth 6, age 0), 6, 5: the old depth-12 entry goes,
    // not the shallower entry of this search.
    t.tt.store(t.key(b, 5), 0, 0, BOUND_EXACT, 3, MOVE_A, 0);
    CHECK_FALSE(t.tt.probe(t.key(b, 0), 0, 0).found);
    CHECK(t.tt.probe(t.key(b, 4), 0, 0).found);
    CHECK(t.tt.probe(t.key(b, 5), 0, 0).found);
    // Worth compares across generations: depth - 8 * age.
    t.tt.new_search();
    t.tt.new_search();
    // Ages: key 2 (d14) and 3 (d13) age 3 -> worth -10, -11; key 4 (d6) and 5 (d3) age 2 -> -10, -13.
    t.tt.store(t.key(b, 6), 0, 0, BOUND_EXACT, 1, MOVE_A, 0);
    CHECK_FALSE(t.tt.probe(t.key(b, 5), 0, 0).found);
    CHECK(t.tt.probe(t.key(b, 2), 0, 0).found);
}

TEST_CASE("TT aging wraps after the generation cycle", "[search][tt]") {
    SmallTable t;
    const int b = 400;
    t.tt.store(t.key(b, 0), 0, 0, BOUND_EXACT, 30, MOVE_A, 0);  // ages, then looks current again
    for (int i = 0; i < TranspositionTable::GENERATION_CYCLE; ++i) t.tt.new_search();
    // Same generation again: a same-key non-exact shallower store is refused.
    t.tt.store(t.key(b, 0), 0, 99, BOUND_LOWER, 2, MOVE_B, 0);
    CHECK(t.tt.probe(t.key(b, 0), 0, 0).depth == 30);
}

TEST_CASE("TT rewriting the same key", "[search][tt]") {
    SmallTable t;
    Key k = t.key(1000, 0);
    t.tt.store(k, 0, 50, BOUND_EXACT, 10, MOVE_A, 17);
    // Shallower, not exact, same search: kept.
    t.tt.store(k, 0, 60, BOUND_LOWER, 4, MOVE_B, 18);
    TTHit hit = t.tt.probe(k, 0, 0);
    CHECK(hit.depth == 10);
    CHECK(hit.score == 50);
    CHECK(hit.move == MOVE_A);
    // Shallower but exact: overwritten.
    t.tt.store(k, 0, 70, BOUND_EXACT, 4, MOVE_B, 19);
    hit = t.tt.probe(k, 0, 0);
    CHECK(hit.depth == 4);
    CHECK(hit.score == 70);
    CHECK(hit.move == MOVE_B);
    // Equal depth, not exact: overwritten (only a deeper entry is kept).
    t.tt.store(k, 0, 80, BOUND_UPPER, 4, MOVE_A, 20);
    CHECK(t.tt.probe(k, 0, 0).score == 80);
    // A store without a move keeps the old move.
    t.tt.store(k, 0, 90, BOUND_UPPER, 5, Move::none(), 21);
    hit = t.tt.probe(k, 0, 0);
    CHECK(hit.score == 90);
    CHECK(hit.move == MOVE_A);
    // From an older search, a deeper entry is overwritten by a shallower bound.
    t.tt.store(k, 0, 100, BOUND_EXACT, 20, MOVE_A, 0);
    t.tt.new_search();
    t.tt.store(k, 0, 110, BOUND_LOWER, 2, MOVE_B, 0);
    hit = t.tt.probe(k, 0, 0);
    CHECK(hit.depth == 2);
    CHECK(hit.score == 110);
    // A rewrite never duplicates the key in the bucket: fill the rest and
    // check that the other three keys are all still there.
    for (int i = 1; i < 4; ++i) t.tt.store(t.key(1000, i), 0, i, BOUND_EXACT, 50, MOVE_A, 0);
    for (int i = 0; i < 4; ++i) CHECK(t.tt.probe(t.key(1000, i), 0, 0).found);
}

TEST_CASE("TT hashfull counts entries of the current search", "[search][tt]") {
    TranspositionTable tt(1);
    CHECK(tt.hashfull() == 0);
    for (Key b = 0; b < 1000; ++b) tt.store(b, 0, 0, BOUND_EXACT, 1, Move::none(), 0);
    CHECK(tt.hashfull() == 250);
    for (Key b = 0; b < 1000; ++b) tt.store(b + tt.bucket_count(), 0, 0, BOUND_EXACT, 1, Move::none(), 0);
    CHECK(tt.hashfull() == 500);
    tt.new_search();
    CHECK(tt.hashfull() == 0);
    tt.clear();
    CHECK(tt.hashfull() == 0);
}

TEST_CASE("TT clear empties what was stored, every time", "[search][tt]") {
    SmallTable t;
    const Key k = t.key(9, 0);
    t.tt.clear();  // nothing stored yet: stays empty
    CHECK_FALSE(t.tt.probe(k, 0, 0).found);
    for (int round = 0; round < 3; ++round) {
        t.tt.store(k, 0, 50 + round, BOUND_EXACT, 4, MOVE_A, 0);
        REQUIRE(t.tt.probe(k, 0, 0).found);
        t.tt.clear();
        CHECK_FALSE(t.tt.probe(k, 0, 0).found);
    }
    t.tt.store(k, 0, 7, BOUND_EXACT, 4, MOVE_A, 0);
    t.tt.resize(2);  // a new table is empty, and so is it after a clear
    CHECK_FALSE(t.tt.probe(k, 0, 0).found);
    t.tt.store(k, 0, 7, BOUND_EXACT, 4, MOVE_A, 0);
    t.tt.clear();
    CHECK_FALSE(t.tt.probe(k, 0, 0).found);
}
