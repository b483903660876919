package dev.augur.reference.eval;

/**
 * The evaluation terms, in the native order (lib/eval/terms.h), with their stable names.
 *
 * <p>Every term is a separate, additive contribution per colour. Switching a term off removes
 * exactly its contribution: it is still computed but not added, so the others never change.
 * The names are the identifiers of the C ABI, the {@code eval} command and the engine options.
 */
public enum EvalTerm {
    MATERIAL("material"),
    PIECE_SQUARE("piece_square"),
    MOBILITY("mobility"),
    KNIGHT_TROPISM("knight_tropism"),
    ROOK_FILE("rook_file"),
    PASSED_PAWN("passed_pawn"),
    PASSED_KING_DISTANCE("passed_king_distance"),
    PASSED_FREE_PATH("passed_free_path"),
    ISOLATED_PAWN("isolated_pawn"),
    DOUBLED_PAWN("doubled_pawn"),
    BACKWARD_PAWN("backward_pawn"),
    CONNECTED_PAWN("connected_pawn"),
    SUPPORTED_PAWN("supported_pawn"),
    MAJOR_ON_SEVENTH("major_on_seventh"),
    KING_SHIELD("king_shield"),
    KING_ATTACK("king_attack"),
    BISHOP_PAIR("bishop_pair"),
    KNIGHT_OUTPOST("knight_outpost"),
    TRAPPED_BISHOP("trapped_bishop"),
    TEMPO("tempo"),
    THREATS("threats");

    /** The number of terms (EVAL_TERM_NB). */
    public static final int COUNT = values().length;

    private static final EvalTerm[] VALUES = values();

    private final String id;

    EvalTerm(String id) {
        this.id = id;
    }

    /** The stable name, e.g. "piece_square". */
    public String id() {
        return id;
    }

    public static EvalTerm of(int index) {
        return VALUES[index];
    }

    /** The term with the given stable name, or null. */
    public static EvalTerm fromId(String id) {
        for (EvalTerm term : VALUES) {
            if (term.id.equals(id)) {
                return term;
            }
        }
        return null;
    }
}
