package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The table's geometry, packing, mate-score conversion and replacement rule, against the
 * specification in lib/search/tt.h. Keys that share a bucket differ by a multiple of the
 * bucket count.
 */
class TranspositionTableTest {
    private static final long KEY = 0x1234_5678_9ABC_DEF0L;

    private static TTHit probe(TranspositionTable tt, long key, int ply) {
        return probe(tt, key, ply, 0);
    }

    private static TTHit probe(TranspositionTable tt, long key, int ply, int rule50) {
        TTHit hit = new TTHit();
        tt.probe(key, ply, rule50, hit);
        return hit;
    }

    @Test
    void bucketCountIsTheHashSizeOverSixtyFourBytesRoundedDownToAPowerOfTwo() {
        assertEquals(16384, TranspositionTable.bucketCountFor(1));
        assertEquals(262144, TranspositionTable.bucketCountFor(16));
        assertEquals(262144, TranspositionTable.bucketCountFor(24));  // 393216 rounds down
        assertEquals(1L << 20, TranspositionTable.bucketCountFor(65));
        assertEquals(1L << 30, TranspositionTable.bucketCountFor(65536));
        assertEquals(262144, new TranspositionTable(16).bucketCount());
        assertThrows(IllegalArgumentException.class, () -> new TranspositionTable(0));
        assertThrows(IllegalArgumentException.class, () -> new TranspositionTable(TranspositionTable.MAX_SIZE_MB + 1));
    }

    @Test
    void storedFieldsComeBackAsStored() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(KEY, 3, -123, Bound.LOWER, 7, 0x1234, 45);
        TTHit hit = probe(tt, KEY, 3);
        assertTrue(hit.found);
        assertEquals(0x1234, hit.move);
        assertEquals(-123, hit.score);
        assertEquals(45, hit.eval);
        assertEquals(7, hit.depth);
        assertEquals(Bound.LOWER, hit.bound);
        assertFalse(probe(tt, KEY ^ 1, 3).found);
        assertFalse(probe(tt, KEY + tt.bucketCount(), 3).found, "same bucket, other key");
    }

    @Test
    void depthIsClampedToZeroTo254AndAMissingEvalSurvivesTheSixteenBitField() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(KEY, 0, 10, Bound.UPPER, -3, 0, Scores.NONE);
        TTHit hit = probe(tt, KEY, 0);
        assertEquals(0, hit.depth);
        assertEquals(Scores.NONE, hit.eval, "in-check nodes store no evaluation");
        tt.store(KEY + 2, 0, -32000, Bound.UPPER, 1, 0, -19999);
        assertEquals(-32000, probe(tt, KEY + 2, 0).score);
        assertEquals(-19999, probe(tt, KEY + 2, 0).eval);
        tt.store(KEY + 1, 0, 10, Bound.EXACT, 400, 0, 0);
        assertEquals(254, probe(tt, KEY + 1, 0).depth);
    }

    @Test
    void mateScoresAreStoredRelativeToTheNodeAndConvertedBackAtTheProbingPly() {
        TranspositionTable tt = new TranspositionTable(1);
        // Mate in 9 plies from the root, found at ply 4: mate in 5 from the node.
        tt.store(KEY, 4, Scores.mateIn(9), Bound.EXACT, 5, 0, 0);
        assertEquals(Scores.mateIn(9), probe(tt, KEY, 4).score);
        assertEquals(Scores.mateIn(7), probe(tt, KEY, 2).score, "the same node two plies nearer the root");
        tt.store(KEY + 1, 6, Scores.matedIn(10), Bound.UPPER, 5, 0, 0);
        assertEquals(Scores.matedIn(10), probe(tt, KEY + 1, 6).score);
        assertEquals(Scores.matedIn(5), probe(tt, KEY + 1, 1).score);
        tt.store(KEY + 2, 6, 500, Bound.EXACT, 5, 0, 0);
        assertEquals(500, probe(tt, KEY + 2, 1).score, "ordinary scores are not adjusted");
    }

    @Test
    void aMateBeyondTheFiftyMoveRuleComesBackUntrustedWithItsMove() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(KEY, 10, Scores.mateIn(100), Bound.EXACT, 9, 0x1234, 17);  // 90 plies from the node
        assertEquals(Scores.mateIn(100), probe(tt, KEY, 10, 9).score, "90 plies remain at counter 9");
        assertEquals(9, probe(tt, KEY, 10, 9).depth);
        TTHit beyond = probe(tt, KEY, 10, 10);
        assertTrue(beyond.found);
        assertEquals(0x1234, beyond.move);
        assertEquals(17, beyond.eval);
        assertEquals(Scores.TB_WIN, beyond.score);
        assertEquals(TranspositionTable.UNTRUSTED_DEPTH, beyond.depth);
        assertEquals(Bound.EXACT, beyond.bound);
        tt.store(KEY + 1, 0, Scores.matedIn(100), Bound.UPPER, 4, 0, 0);
        assertEquals(-Scores.TB_WIN, probe(tt, KEY + 1, 0, 0).score);
        tt.store(KEY + 2, 3, 250, Bound.LOWER, 5, 0, 0);
        assertEquals(250, probe(tt, KEY + 2, 3, 99).score, "not a mate: the counter does not matter");
        assertEquals(5, probe(tt, KEY + 2, 3, 99).depth);
        assertFalse(Scores.isMateBeyondFiftyMoveRule(Scores.mateIn(99), 0));
        assertTrue(Scores.isMateBeyondFiftyMoveRule(Scores.mateIn(100), 0));
        assertFalse(Scores.isMateBeyondFiftyMoveRule(Scores.matedIn(1), 98));
        assertTrue(Scores.isMateBeyondFiftyMoveRule(Scores.matedIn(2), 98));
        assertFalse(Scores.isMateBeyondFiftyMoveRule(Scores.TB_WIN, 99));
    }

    @Test
    void aDeeperEntryOfThisSearchSurvivesAShallowerBoundButNotAnExactScore() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(KEY, 0, 50, Bound.LOWER, 8, 0x0111, 1);
        tt.store(KEY, 0, 60, Bound.UPPER, 3, 0x0222, 2);
        assertEquals(50, probe(tt, KEY, 0).score);
        assertEquals(8, probe(tt, KEY, 0).depth);
        tt.store(KEY, 0, 70, Bound.EXACT, 3, 0x0333, 3);
        assertEquals(70, probe(tt, KEY, 0).score);
        assertEquals(3, probe(tt, KEY, 0).depth);
    }

    @Test
    void aDeeperEntryOfAnEarlierSearchIsOverwrittenAndAnEmptyMoveKeepsTheOldOne() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(KEY, 0, 50, Bound.LOWER, 8, 0x0111, 1);
        tt.newSearch();
        tt.store(KEY, 0, 60, Bound.UPPER, 3, 0, 2);
        TTHit hit = probe(tt, KEY, 0);
        assertEquals(60, hit.score);
        assertEquals(3, hit.depth);
        assertEquals(0x0111, hit.move, "the old best move is kept when the new result has none");
    }

    @Test
    void aFullBucketReplacesTheEntryOfLeastWorthTheFirstOnTies() {
        TranspositionTable tt = new TranspositionTable(1);
        long step = tt.bucketCount();
        int[] depths = {5, 2, 9, 2};
        for (int i = 0; i < 4; i++) {
            tt.store(KEY + i * step, 0, i, Bound.EXACT, depths[i], 0, 0);
        }
        tt.store(KEY + 4 * step, 0, 4, Bound.EXACT, 1, 0, 0);
        assertFalse(probe(tt, KEY + step, 0).found, "the first of the two shallowest goes");
        assertTrue(probe(tt, KEY + 3 * step, 0).found);
        assertTrue(probe(tt, KEY + 4 * step, 0).found);
        // A search later every old entry has lost 8 of its worth (stored depth + 1 - 8 * age).
        tt.newSearch();
        tt.store(KEY + 5 * step, 0, 5, Bound.EXACT, 0, 0, 0);
        assertFalse(probe(tt, KEY + 4 * step, 0).found, "old depth 1: worth 2 - 8");
        tt.store(KEY + 6 * step, 0, 6, Bound.EXACT, 0, 0, 0);
        assertFalse(probe(tt, KEY + 3 * step, 0).found, "old depth 2: worth 3 - 8");
        tt.store(KEY + 7 * step, 0, 7, Bound.EXACT, 0, 0, 0);
        assertFalse(probe(tt, KEY, 0).found, "old depth 5: worth 6 - 8");
        // Now the old depth-9 entry (worth 10 - 8 = 2) outweighs the new depth-0 ones (worth 1),
        // and of those the first in the bucket goes: the one that took the first slot.
        tt.store(KEY + 8 * step, 0, 8, Bound.EXACT, 0, 0, 0);
        assertTrue(probe(tt, KEY + 2 * step, 0).found);
        assertFalse(probe(tt, KEY + 7 * step, 0).found);
        assertTrue(probe(tt, KEY + 5 * step, 0).found);
        assertTrue(probe(tt, KEY + 6 * step, 0).found);
    }

    @Test
    void clearEmptiesTheTableAndRestartsTheGenerations() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.newSearch();
        tt.store(KEY, 0, 1, Bound.EXACT, 1, 0, 0);
        assertTrue(tt.hashfull() >= 0);
        tt.clear();
        assertFalse(probe(tt, KEY, 0).found);
        assertEquals(0, tt.generation());
        for (int i = 0; i < TranspositionTable.GENERATION_CYCLE; i++) {
            tt.newSearch();
        }
        assertEquals(0, tt.generation(), "generations cycle modulo 64");
    }

    @Test
    void hashfullCountsEntriesOfThisSearchInTheFirstThousandBuckets() {
        TranspositionTable tt = new TranspositionTable(1);
        for (int i = 0; i < 1000; i++) {
            tt.store(i, 0, 0, Bound.EXACT, 1, 0, 0);
            tt.store(i + tt.bucketCount(), 0, 0, Bound.EXACT, 1, 0, 0);
        }
        assertEquals(500, tt.hashfull());
        tt.newSearch();
        assertEquals(0, tt.hashfull());
    }
}
