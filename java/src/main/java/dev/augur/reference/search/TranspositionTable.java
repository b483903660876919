package dev.augur.reference.search;

/**
 * The transposition table, the port of lib/search/tt.{h,cpp} for one thread: per position key
 * the best move, a score with its bound, the search depth and the static evaluation.
 *
 * <p>Layout, as native: a power-of-two number of 64-byte buckets (the Hash option in MB divided
 * by 64, rounded down to a power of two, at least one), four 16-byte entries each; a key maps
 * to bucket {@code key & (buckets - 1)}. Here an entry is two longs of one array: the full key
 * and the data word, packed bit for bit as native TTEntry::pack():
 *
 * <pre>
 *   bits  0-15  move code
 *   bits 16-31  score (16-bit two's complement, mate scores relative to the storing node)
 *   bits 32-47  static evaluation (16-bit; a missing one, Scores.NONE = 32002, fits)
 *   bits 48-55  depth + 1 (0 marks an empty entry)
 *   bits 56-63  generation (upper 6 bits) and bound (lower 2 bits)
 * </pre>
 *
 * <p>Native keeps key ^ data beside the data for lockless sharing; with one thread that is the
 * key itself, so storing the key behaves identically. Replacement, for a key not yet in the
 * bucket: the first empty entry, otherwise the entry of lowest worth = (depth + 1) - 8 * age,
 * first on ties. An entry for the same key is kept when it is deeper, of this search, and the
 * new result is not exact; otherwise overwritten, keeping its move when the new one has none.
 */
public final class TranspositionTable {
    public static final int ENTRIES_PER_BUCKET = 4;
    public static final int GENERATION_CYCLE = 64;
    /** The depth of an untrusted hit: below any depth a search asks for. */
    public static final int UNTRUSTED_DEPTH = -1000;
    static final int BUCKET_BYTES = 64;
    private static final int LONGS_PER_BUCKET = 2 * ENTRIES_PER_BUCKET;
    /** The largest table one Java array of longs can hold (native accepts up to 65536 MB). */
    public static final int MAX_SIZE_MB = 8192;

    private long[] slots;  // per entry: key, data
    private long mask;
    private int generation;

    public TranspositionTable(int sizeMb) {
        resize(sizeMb);
    }

    /** The bucket count native would use for sizeMb: MB / 64 bytes, rounded down to 2^n, >= 1. */
    public static long bucketCountFor(long sizeMb) {
        long buckets = Math.max(1, sizeMb * 1024 * 1024 / BUCKET_BYTES);
        return Long.highestOneBit(buckets);
    }

    /**
     * Gives the table a new size, emptied, as native TranspositionTable::resize.
     *
     * @throws IllegalArgumentException for a size out of range, or one the JVM cannot allocate:
     *         then the table keeps its old size, emptied, so that the engine searches on
     */
    public void resize(int sizeMb) {
        if (sizeMb < 1 || sizeMb > MAX_SIZE_MB) {
            throw new IllegalArgumentException("the Java table holds 1 to " + MAX_SIZE_MB + " MB, not " + sizeMb);
        }
        long buckets = bucketCountFor(sizeMb);
        long oldBuckets = slots == null ? 0 : mask + 1;
        slots = null;  // give the old table back first: old and new need not fit at once
        generation = 0;
        try {
            slots = allocate(buckets);
        } catch (OutOfMemoryError e) {
            // The memory the old table held was just given back, so a table of its size fits
            // again. A first table has no old size to keep.
            if (oldBuckets == 0) throw e;
            slots = allocate(oldBuckets);
            throw new IllegalArgumentException("out of memory: no room for a table of " + sizeMb
                + " MB; the table keeps its old size, emptied");
        }
        mask = buckets - 1;
    }

    private static long[] allocate(long buckets) {
        return new long[Math.toIntExact(buckets * LONGS_PER_BUCKET)];
    }

    public void clear() {
        java.util.Arrays.fill(slots, 0);
        generation = 0;
    }

    /** Called at the start of every search so that older entries age. */
    public void newSearch() {
        generation = (generation + 1) % GENERATION_CYCLE;
    }

    public long bucketCount() {
        return mask + 1;
    }

    public int generation() {
        return generation;
    }

    private int bucketBase(long key) {
        return (int) (key & mask) * LONGS_PER_BUCKET;
    }

    /**
     * Fills hit with the entry for key, converted for use at ply (hit.found false on a miss).
     * rule50 is the probing position's fifty-move counter: a stored mate beyond the rule's reach
     * comes back with its move, the best non-mate win and {@link #UNTRUSTED_DEPTH}, so that the
     * move still orders the search and the score never cuts, as native.
     */
    public void probe(long key, int ply, int rule50, TTHit hit) {
        int base = bucketBase(key);
        for (int i = base; i < base + LONGS_PER_BUCKET; i += 2) {
            long data = slots[i + 1];
            if (isEmpty(data) || slots[i] != key) {
                continue;
            }
            int stored = score(data);
            boolean untrusted = Scores.isMateBeyondFiftyMoveRule(stored, rule50);
            hit.found = true;
            hit.move = move(data);
            hit.score = untrusted ? (stored > 0 ? Scores.TB_WIN : -Scores.TB_WIN) : Scores.fromTable(stored, ply);
            hit.eval = eval(data);
            hit.depth = untrusted ? UNTRUSTED_DEPTH : storedDepth(data) - 1;
            hit.bound = bound(data);
            return;
        }
        hit.clear();
    }

    public void store(long key, int ply, int score, int bound, int depth, int move, int eval) {
        int base = bucketBase(key);
        int target = -1;
        for (int i = base; i < base + LONGS_PER_BUCKET; i += 2) {
            long data = slots[i + 1];
            if (!isEmpty(data) && slots[i] == key) {
                // Keep a deeper entry of this search unless the new result is exact.
                if (bound != Bound.EXACT && age(data) == 0 && storedDepth(data) - 1 > depth) {
                    return;
                }
                if (move == 0) {
                    move = move(data);  // keep the old best move rather than lose it
                }
                target = i;
                break;
            }
        }
        if (target < 0) {
            target = replacementSlot(base);
        }
        slots[target] = key;
        slots[target + 1] = pack(move, Scores.toTable(score, ply), eval, depth, bound);
    }

    // The first empty entry, otherwise the one of lowest worth (the first on ties).
    private int replacementSlot(int base) {
        int target = -1;
        int targetWorth = 0;
        for (int i = base; i < base + LONGS_PER_BUCKET; i += 2) {
            long data = slots[i + 1];
            if (isEmpty(data)) {
                return i;
            }
            int worth = storedDepth(data) - 8 * age(data);
            if (target < 0 || worth < targetWorth) {
                target = i;
                targetWorth = worth;
            }
        }
        return target;
    }

    private long pack(int move, int tableScore, int eval, int depth, int bound) {
        long storedDepth = Math.max(0, Math.min(depth, 254)) + 1;
        long generationBound = ((generation << 2) | bound) & 0xFF;
        return (move & 0xFFFFL) | (tableScore & 0xFFFFL) << 16 | (eval & 0xFFFFL) << 32 | storedDepth << 48
            | generationBound << 56;
    }

    /** Permille of the entries of the first 1000 buckets written by the current search. */
    public int hashfull() {
        int used = 0;
        long buckets = Math.min(1000, mask + 1);
        for (int i = 0; i < buckets * LONGS_PER_BUCKET; i += 2) {
            long data = slots[i + 1];
            if (!isEmpty(data) && age(data) == 0) {
                used++;
            }
        }
        return (int) (used * 1000 / (buckets * ENTRIES_PER_BUCKET));
    }

    private int age(long data) {
        return (GENERATION_CYCLE + generation - entryGeneration(data)) % GENERATION_CYCLE;
    }

    private static boolean isEmpty(long data) {
        return storedDepth(data) == 0;
    }

    private static int move(long data) {
        return (int) (data & 0xFFFF);
    }

    private static int score(long data) {
        return (short) (data >>> 16);
    }

    private static int eval(long data) {
        return (short) (data >>> 32);
    }

    private static int storedDepth(long data) {
        return (int) ((data >>> 48) & 0xFF);
    }

    private static int bound(long data) {
        return (int) ((data >>> 56) & 3);
    }

    private static int entryGeneration(long data) {
        return (int) ((data >>> 58) & 0x3F);
    }
}
