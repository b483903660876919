package dev.augur.host;

import dev.augur.Move;
import dev.augur.host.book.BookChooser;
import dev.augur.host.book.BookEntry;
import dev.augur.host.book.PolyglotBook;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The opening book as the host plays it: the settings the GUI gives (OwnBook, BookFile,
 * BookPolicy, BookDepth, BookMisses), the book file, and the state of one game.
 *
 * <p>Before the engine searches a move of a game the session asks {@link #probe}; a book move is
 * played at once. A position the book cannot answer is a miss; after {@code BookMisses}
 * consecutive misses the game has left the book and it is not probed again until the next game
 * (a transposition back into the book is rare, and each probe of a large book costs a search of
 * the key). Beyond move {@code BookDepth} the book is not asked at all.
 *
 * <p>Used by the session thread only.
 */
final class HostBook {
    /** How to pick among a position's book moves, by the option's words. */
    enum Policy {
        BEST("best", BookChooser.Policy.BEST),
        WEIGHTED("weighted", BookChooser.Policy.WEIGHTED_RANDOM);

        final String word;
        final BookChooser.Policy chooserPolicy;

        Policy(String word, BookChooser.Policy chooserPolicy) {
            this.word = word;
            this.chooserPolicy = chooserPolicy;
        }

        static Policy of(String word) throws CommandException {
            for (Policy policy : values()) {
                if (policy.word.equals(word.toLowerCase(Locale.ROOT))) return policy;
            }
            throw new CommandException("book policy '" + Words.printable(word) + "' is not best or weighted");
        }
    }

    static final int DEFAULT_DEPTH = 20;
    static final int MAX_DEPTH = 1000;
    static final int DEFAULT_MISSES = 2;
    static final int MAX_MISSES = 100;

    private final SplittableRandom random = new SplittableRandom();
    private boolean enabled;
    private String file = "";
    private Policy policy = Policy.WEIGHTED;
    private int depth = DEFAULT_DEPTH;
    private int missesToLeave = DEFAULT_MISSES;

    private PolyglotBook book; // null: no file set
    private BookChooser chooser;
    private int consecutiveMisses;
    private boolean leftBook;

    void setEnabled(boolean on) {
        enabled = on;
    }

    boolean enabled() {
        return enabled;
    }

    /** Opens the book now, so that a bad file is reported when it is named; "" closes it. */
    void setFile(String path) throws CommandException {
        if (path.isEmpty()) {
            file = "";
            book = null;
            chooser = null;
            return;
        }
        try {
            book = PolyglotBook.open(Path.of(path));
        } catch (IOException | InvalidPathException e) {
            throw new CommandException("cannot read book " + Words.printable(path, 200) + ": "
                    + Words.printable(String.valueOf(e.getMessage()), 200));
        }
        file = path;
        chooser = new BookChooser(book, policy.chooserPolicy, random);
    }

    String file() {
        return file;
    }

    void setPolicy(Policy newPolicy) {
        policy = newPolicy;
        if (book != null) chooser = new BookChooser(book, policy.chooserPolicy, random);
    }

    Policy policy() {
        return policy;
    }

    void setDepth(int moves) {
        depth = moves;
    }

    void setMissesToLeave(int misses) {
        missesToLeave = misses;
    }

    /** A new game starts in the book again. */
    void newGame() {
        consecutiveMisses = 0;
        leftBook = false;
    }

    /** True once this game has left the book. */
    boolean leftBook() {
        return leftBook;
    }

    /** Whether probing can find anything: on, with a file, still in the book. */
    boolean active() {
        return enabled && chooser != null && !leftBook;
    }

    /**
     * The book move for the side to move in pos, if the book has one that is legal there.
     * Counts a miss otherwise; a hit clears the count.
     */
    Optional<Move> probe(HostGame pos) {
        if (!active() || pos.fullmoveNumber() > depth) return Optional.empty();
        Optional<BookEntry> entry = chooser.choose(pos.key());
        // An entry whose move is not legal here is a key collision or a broken book: a miss.
        Move move = entry.isEmpty() ? null
                : Games.legalMove(pos, entry.get().from(), entry.get().to(), entry.get().promotion());
        if (move == null) {
            if (++consecutiveMisses >= missesToLeave) leftBook = true;
            return Optional.empty();
        }
        consecutiveMisses = 0;
        return Optional.of(move);
    }
}
