package dev.augur.host;

/**
 * How often pondering guessed the opponent's move: a hit when the move pondered on came, a miss
 * when another did. Counted by the session thread and read by anyone (tests, reports).
 */
public final class PonderStats {
    private int hits;
    private int misses;

    synchronized void hit() {
        hits++;
    }

    synchronized void miss() {
        misses++;
    }

    public synchronized int hits() {
        return hits;
    }

    public synchronized int misses() {
        return misses;
    }

    /** Hits plus misses: the ponder searches the opponent's move decided. */
    public synchronized int total() {
        return hits + misses;
    }

    /** "hits/total", e.g. "3/5". */
    public synchronized String summary() {
        return hits + "/" + (hits + misses);
    }

    /** The hit rate in percent, 0 before any ponder search was decided. */
    public synchronized int hitPercent() {
        int total = hits + misses;
        return total == 0 ? 0 : hits * 100 / total;
    }
}
