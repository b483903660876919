package dev.augur;

/** Whether a game goes on, and why not; mate and stalemate take precedence over the draw rules. */
public enum GameStatus {
    ONGOING,
    /** The side to move is mated. */
    CHECKMATE,
    STALEMATE,
    /** The position occurs for the third time. */
    THREEFOLD_REPETITION,
    /** 100 plies without a capture or pawn move. */
    FIFTY_MOVE_RULE,
    /** No sequence of legal moves can end in mate. */
    INSUFFICIENT_MATERIAL;

    static GameStatus of(int code) {
        return values()[code];
    }
}
