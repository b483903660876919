package dev.augur.host.book;

import dev.augur.reference.Piece;
import dev.augur.reference.Position;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds a Polyglot book from games by statistics.
 *
 * <p>For every position of a game up to the maximum ply, the move played there is counted once
 * per game (a move repeated in one game is still one game's evidence) together with the result
 * for the side that played it. A move's score is 2 per win plus 1 per draw of the mover, as in
 * Polyglot's own make-book: it grows with both popularity and success, so a move played often
 * with fair results outweighs a rare lucky one. An unfinished game ("*") scores as a draw.
 *
 * <p>A move enters the book when it was played in at least {@code minGames} games, scored at
 * least {@code minScorePercent} percent (score / (2 * games)) and belongs to the selected
 * colours. Its weight is its score, scaled down by one common factor when the largest score
 * exceeds 65535, so that the proportions between all moves survive; a kept move never gets
 * weight 0 (which Polyglot readers treat as "never play"): a move that only lost gets weight 1,
 * and {@code --min-score} is the way to drop such moves.
 *
 * <p>With the same options, the books are those of Debian polyglot's make-book but for two
 * choices: polyglot counts a move again whenever a game repeats its position (we count games),
 * and it drops moves that scored 0 (we keep them with weight 1).
 *
 * <p>A game is replayed in full before any of it is counted: one illegal or ambiguous move
 * makes the whole score doubtful, results included, so such a game is skipped and counted.
 */
public final class BookBuilder {
    /** Which side's moves go into the book. */
    public enum Colours { BOTH, WHITE, BLACK }

    /** The build settings; the defaults are those of Polyglot's make-book. */
    public record Options(int minGames, int maxPly, int minScorePercent, Colours colours) {
        public static final Options DEFAULT = new Options(3, 1024, 0, Colours.BOTH);

        public Options {
            if (minGames < 1) {
                throw new IllegalArgumentException("the minimum number of games must be at least 1, not " + minGames);
            }
            if (maxPly < 1) {
                throw new IllegalArgumentException("the maximum ply must be at least 1, not " + maxPly);
            }
            if (minScorePercent < 0 || minScorePercent > 100) {
                throw new IllegalArgumentException("the minimum score must be a percentage 0..100, not " + minScorePercent);
            }
            if (colours == null) {
                throw new IllegalArgumentException("colours must not be null");
            }
        }
    }

    /** What the games say about one move in one position, from the mover's side. */
    public record MoveStatistics(int games, int wins, int draws, int losses) {
        /** 2 per win, 1 per draw. */
        public int score() {
            return 2 * wins + draws;
        }

        /** The score as a percentage of the maximum, 2 per game. */
        public double scorePercent() {
            return games == 0 ? 0 : 50.0 * score() / games;
        }

        MoveStatistics plus(int moverPoints) {
            return new MoveStatistics(games + 1, wins + (moverPoints == 2 ? 1 : 0),
                draws + (moverPoints == 1 ? 1 : 0), losses + (moverPoints == 0 ? 1 : 0));
        }
    }

    /** A move (raw Polyglot code) in a position (Polyglot key). */
    private record KeyMove(long key, int move) {}

    private record Played(KeyMove keyMove, int mover) {}

    private final Options options;
    private final Map<KeyMove, MoveStatistics> statistics = new HashMap<>();
    private int gamesAdded;
    private int gamesSkipped;
    private int warningCount;
    private final List<String> warnings = new ArrayList<>();

    public BookBuilder(Options options) {
        this.options = options;
    }

    public Options options() {
        return options;
    }

    /** Reads every game of reader; the reader counts the games it skips for syntax faults. */
    public void addAll(PgnReader reader) throws IOException {
        PgnGame game;
        while ((game = reader.next()) != null) {
            addGame(game);
        }
    }

    /** Adds one game; false (and counted as skipped, with a warning) when it cannot be replayed. */
    public boolean addGame(PgnGame game) {
        String variant = game.tag("Variant");
        if (!variant.isEmpty() && !variant.equalsIgnoreCase("standard")) {
            return skip(game, "variant \"" + variant + "\" is not standard chess");
        }
        List<Played> played = new ArrayList<>();
        try {
            Position pos = game.startPosition();
            for (int ply = 0; ply < game.moves().size(); ply++) {
                String san = game.moves().get(ply);
                int move = San.parse(pos, san);
                if (ply < options.maxPly() && wanted(pos.sideToMove())) {
                    played.add(new Played(new KeyMove(pos.key(), BookMoves.polyglotMove(move)), pos.sideToMove()));
                }
                pos.makeMove(move);
            }
        } catch (IllegalArgumentException e) { // a bad FEN tag or a bad move (SanException)
            return skip(game, e.getMessage());
        }
        record(played, game.result());
        gamesAdded++;
        return true;
    }

    private boolean wanted(int colour) {
        return options.colours() == Colours.BOTH
            || (options.colours() == Colours.WHITE) == (colour == Piece.WHITE);
    }

    private void record(List<Played> played, GameResult result) {
        Set<KeyMove> seen = new HashSet<>();
        for (Played p : played) {
            if (seen.add(p.keyMove())) {
                int points = moverPoints(result, p.mover());
                statistics.merge(p.keyMove(), new MoveStatistics(0, 0, 0, 0).plus(points),
                    (old, one) -> old.plus(points));
            }
        }
    }

    /** 2 for a win of the mover, 1 for a draw or an unfinished game, 0 for a loss. */
    private static int moverPoints(GameResult result, int mover) {
        return switch (result) {
            case WHITE_WINS -> mover == Piece.WHITE ? 2 : 0;
            case BLACK_WINS -> mover == Piece.BLACK ? 2 : 0;
            case DRAW, UNKNOWN -> 1;
        };
    }

    private boolean skip(PgnGame game, String why) {
        gamesSkipped++;
        warningCount++;
        if (warnings.size() < PgnReader.MAX_WARNINGS) {
            warnings.add(game.description() + " skipped: " + why);
        }
        return false;
    }

    public int gamesAdded() {
        return gamesAdded;
    }

    /** Games skipped here (illegal moves, bad FEN, variants); not those the reader skipped. */
    public int gamesSkipped() {
        return gamesSkipped;
    }

    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    public int warningCount() {
        return warningCount;
    }

    /** The distinct positions in which some recorded move was played. */
    public int positionsSeen() {
        Set<Long> keys = new HashSet<>();
        for (KeyMove keyMove : statistics.keySet()) {
            keys.add(keyMove.key());
        }
        return keys.size();
    }

    /** The statistics of a move (raw Polyglot code) in a position, if it was recorded. */
    public Optional<MoveStatistics> statistics(long key, int polyglotMove) {
        return Optional.ofNullable(statistics.get(new KeyMove(key, polyglotMove)));
    }

    /** The book's entries in file order, filtered and weighted as the class comment says. */
    public List<BookEntry> build() {
        Map<KeyMove, MoveStatistics> kept = new HashMap<>();
        int maxScore = 0;
        for (Map.Entry<KeyMove, MoveStatistics> e : statistics.entrySet()) {
            MoveStatistics s = e.getValue();
            // score / (2 games) >= pct / 100, in integers
            if (s.games() >= options.minGames() && 100L * s.score() >= 2L * options.minScorePercent() * s.games()) {
                kept.put(e.getKey(), s);
                maxScore = Math.max(maxScore, s.score());
            }
        }
        List<BookEntry> entries = new ArrayList<>(kept.size());
        for (Map.Entry<KeyMove, MoveStatistics> e : kept.entrySet()) {
            int weight = weight(e.getValue().score(), maxScore);
            entries.add(new BookEntry(e.getKey().key(), e.getKey().move(), weight, 0));
        }
        entries.sort(BookWriter.FILE_ORDER);
        return entries;
    }

    /** score itself when every score fits in 16 bits, else scaled by 65535 / maxScore; never 0. */
    static int weight(int score, int maxScore) {
        long scaled = maxScore <= 0xFFFF ? score : (long) score * 0xFFFF / maxScore;
        return (int) Math.max(1, scaled);
    }

    /** The distinct keys of a list of entries. */
    public static int positionCount(List<BookEntry> entries) {
        Set<Long> keys = new LinkedHashSet<>();
        for (BookEntry entry : entries) {
            keys.add(entry.key());
        }
        return keys.size();
    }
}
