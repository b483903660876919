package dev.augur.reference.eval;

/**
 * The endgame layer's entries, in the native order (lib/eval/endgame.h) with its names: first
 * the dead draws, then the known endings an evaluation function values, then the drawish
 * endings that only shrink the endgame half.
 */
public enum EndgameRule {
    NONE("none"),
    // Dead draws: scale 0 for both sides, evaluate() returns 0.
    BARE_KINGS("bare_kings"),
    LONE_MINOR("lone_minor"),
    KNNK_CENTRE("knnk_centre"),
    SAME_COLOUR_BISHOPS("same_colour_bishops"),
    WRONG_BISHOP("wrong_bishop"),
    // Known endings: an evaluation function gives the value.
    KBNK("kbnk"),
    KPK("kpk"),
    KXK("kxk"),
    KQKR("kqkr"),
    KQKN("kqkn"),
    KQKP("kqkp"),
    KRKB("krkb"),
    KRKN("krkn"),
    KRKP("krkp"),
    // Drawish: the side ahead cannot or can rarely win.
    NO_PIECES("no_pieces"),
    SINGLE_MINOR("single_minor"),
    KNNK_EDGE("knnk_edge"),
    TWO_KNIGHTS("two_knights"),
    ROOK_VS_MINOR("rook_vs_minor"),
    ROOK_VS_TWO_MINORS("rook_vs_two_minors"),
    BISHOPS_VS_BISHOP("bishops_vs_bishop"),
    EXTRA_MINOR("extra_minor"),
    OPPOSITE_BISHOPS("opposite_bishops"),
    KQKP_FORTRESS("kqkp_fortress"),
    WRONG_BISHOP_NEAR("wrong_bishop_near"),
    PAWNS_BLOCKED("pawns_blocked"),
    KRPKR_FRONT("krpkr_front"),
    KBPKB_BLOCK("kbpkb_block"),
    KBPKN_BLOCK("kbpkn_block"),
    KQKRP_FORTRESS("kqkrp_fortress");

    private final String id;

    EndgameRule(String id) {
        this.id = id;
    }

    /** The stable name, e.g. "opposite_bishops". */
    public String id() {
        return id;
    }
}
