package dev.augur.reference.eval;

import dev.augur.reference.Position;

/**
 * The pawn hash: pawn-structure entries indexed by the low bits of the pawn key, exactly like
 * the native PawnHashTable. It only caches (results never depend on it); a size of 0 disables
 * it and every probe computes afresh into a scratch entry. One table per HandCraftedEvaluator.
 */
public final class PawnHashTable {
    private final PawnEntry[] table;
    private final PawnEntry scratch = new PawnEntry();

    /** entries is rounded down to a power of two; 0 disables the table. */
    public PawnHashTable(int entries) {
        if (entries < 0) {
            throw new IllegalArgumentException("negative pawn hash size " + entries);
        }
        table = new PawnEntry[entries == 0 ? 0 : Integer.highestOneBit(entries)];
        for (int i = 0; i < table.length; i++) {
            table[i] = new PawnEntry();
        }
    }

    PawnEntry probe(Position pos, EvalWeights w) {
        if (table.length == 0) {
            scratch.compute(pos, w);
            return scratch;
        }
        long key = pos.pawnKey();
        PawnEntry e = table[(int) (key & (table.length - 1))];
        if (!e.used || e.key != key) {
            e.compute(pos, w);
        }
        return e;
    }

    public void clear() {
        for (PawnEntry e : table) {
            e.clear();
        }
    }

    public int size() {
        return table.length;
    }
}
