// Search scores: centipawns from the side to move's view, with mate scores at
// the top of the range. MATE - n means "mate in n plies from the root".
#pragma once

namespace augur {

constexpr int MAX_PLY = 128;
constexpr int SCORE_INFINITE = 32001;
constexpr int SCORE_MATE = 32000;
constexpr int SCORE_MATE_IN_MAX_PLY = SCORE_MATE - MAX_PLY;
constexpr int SCORE_DRAW = 0;
constexpr int SCORE_NONE = 32002;  // "no score", never a search result

constexpr int mated_in(int ply) { return -SCORE_MATE + ply; }
constexpr int mate_in(int ply) { return SCORE_MATE - ply; }
constexpr bool is_mate_score(int score) { return score >= SCORE_MATE_IN_MAX_PLY || score <= -SCORE_MATE_IN_MAX_PLY; }

// Mate scores are stored relative to the storing node, and converted back.
constexpr int score_to_tt(int score, int ply) {
    return score >= SCORE_MATE_IN_MAX_PLY ? score + ply : score <= -SCORE_MATE_IN_MAX_PLY ? score - ply : score;
}
constexpr int score_from_tt(int score, int ply) {
    return score >= SCORE_MATE_IN_MAX_PLY ? score - ply : score <= -SCORE_MATE_IN_MAX_PLY ? score + ply : score;
}

// Moves to mate (positive: we mate, negative: we are mated), as UCI "score mate" prints it.
constexpr int mate_in_moves(int score) {
    return score > 0 ? (SCORE_MATE - score + 1) / 2 : -(SCORE_MATE + score) / 2;
}

}  // namespace augur
