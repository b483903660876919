package dev.augur.data;

/** The result of the game a training position came from, from White's view. */
public enum GameResult {
    BLACK_WINS("0-1"),
    DRAW("1/2-1/2"),
    WHITE_WINS("1-0");

    private final String text;

    GameResult(String text) {
        this.text = text;
    }

    /** The result as PGN writes it. */
    public String text() {
        return text;
    }

    /** White's points from the game: 0, 0.5 or 1. */
    public double whitePoints() {
        return ordinal() / 2.0;
    }
}
