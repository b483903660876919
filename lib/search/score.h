// Search scores: centipawns from the side to move's view, with mate scores at
// the top of the range. MATE - n means "mate in n plies from the root". Just
// below them, TB_WIN - n means "a tablebase win reached n plies from the root"
// (won, but no distance to mate known); no evaluation comes near either range.
#pragma once

namespace augur {

constexpr int MAX_PLY = 128;
constexpr int SCORE_INFINITE = 32001;
constexpr int SCORE_MATE = 32000;
constexpr int SCORE_MATE_IN_MAX_PLY = SCORE_MATE - MAX_PLY;
constexpr int SCORE_DRAW = 0;
constexpr int SCORE_NONE = 32002;  // "no score", never a search result

constexpr int SCORE_TB_WIN = SCORE_MATE_IN_MAX_PLY - 1;
constexpr int SCORE_TB_WIN_IN_MAX_PLY = SCORE_TB_WIN - MAX_PLY;

constexpr int mated_in(int ply) { return -SCORE_MATE + ply; }
constexpr int mate_in(int ply) { return SCORE_MATE - ply; }
constexpr int tb_win_in(int ply) { return SCORE_TB_WIN - ply; }
constexpr int tb_loss_in(int ply) { return -SCORE_TB_WIN + ply; }
constexpr bool is_mate_score(int score) { return score >= SCORE_MATE_IN_MAX_PLY || score <= -SCORE_MATE_IN_MAX_PLY; }
// A mate or a tablebase win or loss: the game's result, not an evaluation.
constexpr bool is_decisive_score(int score) {
    return score >= SCORE_TB_WIN_IN_MAX_PLY || score <= -SCORE_TB_WIN_IN_MAX_PLY;
}
constexpr bool is_tablebase_score(int score) { return is_decisive_score(score) && !is_mate_score(score); }

// Mate and tablebase scores are stored relative to the storing node, and converted back.
constexpr int score_to_tt(int score, int ply) {
    return score >= SCORE_TB_WIN_IN_MAX_PLY ? score + ply : score <= -SCORE_TB_WIN_IN_MAX_PLY ? score - ply : score;
}
constexpr int score_from_tt(int score, int ply) {
    return score >= SCORE_TB_WIN_IN_MAX_PLY ? score - ply : score <= -SCORE_TB_WIN_IN_MAX_PLY ? score + ply : score;
}

// A table mate that the fifty-move rule forbids: it lies more plies from the probing node
// than the rule leaves (99 - rule50). Such a score was made on another path (the table keeps
// mate distances relative to the storing node, and cycles stretch them), so it is neither a
// mate nor an evaluation; trusting it lets the engine chase a phantom win into a draw.
constexpr bool is_mate_beyond_fifty_move_rule(int tt_score, int rule50) {
    return is_mate_score(tt_score) && SCORE_MATE - (tt_score > 0 ? tt_score : -tt_score) > 99 - rule50;
}

// A tablebase win as centipawns for a GUI: 20000 less the plies to reach it
// (above any evaluation, below XBoard's mate scores); other scores unchanged.
constexpr int TB_WIN_CENTIPAWNS = 20000;
constexpr int displayed_centipawns(int score) {
    if (!is_tablebase_score(score)) return score;
    return score > 0 ? TB_WIN_CENTIPAWNS - (SCORE_TB_WIN - score) : -TB_WIN_CENTIPAWNS + (SCORE_TB_WIN + score);
}

// Moves to mate (positive: we mate, negative: we are mated), as UCI "score mate" prints it.
constexpr int mate_in_moves(int score) {
    return score > 0 ? (SCORE_MATE - score + 1) / 2 : -(SCORE_MATE + score) / 2;
}

}  // namespace augur
