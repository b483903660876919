package dev.augur.reference.search;

/**
 * What a transposition table probe found, already converted for use at the probing ply (the
 * port of TTHit in lib/search/tt.h). Mutable and reused, one per ply, so that probing allocates
 * nothing.
 */
public final class TTHit {
    public boolean found;
    public int move;
    public int score;
    /** The stored static evaluation, as the 16-bit field holds it. */
    public int eval;
    public int depth;
    public int bound;

    void clear() {
        found = false;
        move = 0;
        score = 0;
        eval = 0;
        depth = 0;
        bound = Bound.NONE;
    }
}
