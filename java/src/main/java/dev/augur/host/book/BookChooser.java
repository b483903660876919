package dev.augur.host.book;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Picks the book move to play in a position. WEIGHTED_RANDOM plays each move with a probability
 * proportional to its weight, which gives variety while following the book's preferences;
 * BEST always plays the heaviest move (the first in file order among equals), for reproducible
 * games. Moves of weight 0 are never chosen under either policy: books use weight 0 to keep a
 * known move without recommending it.
 *
 * <p>A chooser is as thread-safe as its random generator; the book itself is immutable.
 */
public final class BookChooser {
    /** How to choose among a position's book moves. */
    public enum Policy { WEIGHTED_RANDOM, BEST }

    private final PolyglotBook book;
    private final Policy policy;
    private final RandomGenerator random;

    public BookChooser(PolyglotBook book, Policy policy, RandomGenerator random) {
        this.book = Objects.requireNonNull(book, "book");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.random = Objects.requireNonNull(random, "random");
    }

    public Policy policy() {
        return policy;
    }

    /** The entry to play in the position with this Polyglot key; empty when none may be played. */
    public Optional<BookEntry> choose(long key) {
        List<BookEntry> entries = book.entries(key); // heaviest first, file order among equals
        long total = 0;
        for (BookEntry entry : entries) {
            total += entry.weight();
        }
        if (total == 0) {
            return Optional.empty();
        }
        return Optional.of(policy == Policy.BEST ? entries.get(0) : weightedPick(entries, total));
    }

    private BookEntry weightedPick(List<BookEntry> entries, long total) {
        long ticket = random.nextLong(total);
        for (BookEntry entry : entries) {
            ticket -= entry.weight();
            if (ticket < 0) {
                return entry;
            }
        }
        throw new AssertionError("the ticket is below the total weight");
    }
}
