package dev.augur.host.book;

import java.util.Optional;

/** The result of a game as PGN writes it in the Result tag and as the movetext's last token. */
public enum GameResult {
    WHITE_WINS("1-0"), BLACK_WINS("0-1"), DRAW("1/2-1/2"), UNKNOWN("*");

    private final String pgn;

    GameResult(String pgn) {
        this.pgn = pgn;
    }

    public String pgn() {
        return pgn;
    }

    /** The result a PGN token names, if it names one. */
    public static Optional<GameResult> parse(String token) {
        for (GameResult result : values()) {
            if (result.pgn.equals(token)) {
                return Optional.of(result);
            }
        }
        return Optional.empty();
    }
}
