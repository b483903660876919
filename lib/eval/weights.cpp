#include "eval/weights.h"

#include <algorithm>

namespace augur {

namespace {

// 0 on the a/h file (or 1st/8th rank), 3 on the d/e file (4th/5th rank).
constexpr int centrality(int x) { return x < 4 ? x : 7 - x; }

// Piece-square tables follow four principles, not any other engine's numbers:
// pieces want the centre (knights most, queens least in the middlegame),
// pawns want to advance and to occupy the centre, rooks want the 7th rank, and
// the king hides behind its pawns in a corner in the middlegame but walks to
// the centre in the endgame.
Score pst_value(PieceType pt, int file, int rank) {
    const int fc = centrality(file), rc = centrality(rank), centre = fc + rc;  // 0..6
    switch (pt) {
    case PAWN: {
        if (rank == 0 || rank == 7) return {};
        int mg = 3 * (rank - 1);
        if (fc == 3 && (rank == 3 || rank == 4)) mg += 10;  // d4/e4, d5/e5
        if (fc == 2 && (rank == 2 || rank == 3)) mg += 4;   // c3/f3, c4/f4
        if (fc == 3 && rank == 1) mg -= 6;                  // unmoved centre pawns block the bishops
        return {mg, 5 * (rank - 1)};
    }
    case KNIGHT: return {6 * centre - 22 - (rank == 0 ? 6 : 0), 5 * centre - 18};
    case BISHOP: return {3 * centre - 9 - (rank == 0 ? 5 : 0), 3 * centre - 9};
    case ROOK: return {(fc >= 2 ? 4 : 0) + (rank == 6 ? 12 : 0), rank == 6 ? 8 : 0};
    case QUEEN: return {2 * centre - 6, 4 * centre - 12};
    case KING: {
        static constexpr int FILE_SHELTER[4] = {18, 24, 4, -10};  // by file centrality
        return {FILE_SHELTER[fc] - 15 * std::min(rank, 4), 9 * centre - 27};
    }
    default: return {};
    }
}

// Mobility: a piece with fewer than `neutral` squares loses 2*k per missing
// square; above it gains k per square, and half that beyond 8 extra squares.
template <int N>
void fill_mobility(Score (&table)[N], int neutral, Score k) {
    for (int n = 0; n < N; ++n) {
        int d = n - neutral;
        int steps = d < 0 ? 2 * d : std::min(d, 8) + std::max(0, d - 8) / 2;
        table[n] = k * steps;
    }
}

template <int N>
void fill(Score (&table)[N], const int (&mg)[N], const int (&eg)[N]) {
    for (int i = 0; i < N; ++i) table[i] = {mg[i], eg[i]};
}

EvalWeights make_defaults() {
    EvalWeights w{};
    w.material[PAWN] = {85, 100};
    w.material[KNIGHT] = {325, 290};
    w.material[BISHOP] = {345, 305};
    w.material[ROOK] = {470, 520};
    w.material[QUEEN] = {990, 950};

    for (int pt = PAWN; pt <= KING; ++pt)
        for (int s = 0; s < 64; ++s) w.pst[pt][s] = pst_value(PieceType(pt), s & 7, s >> 3);

    fill_mobility(w.knight_mobility, 4, {4, 4});
    fill_mobility(w.bishop_mobility, 6, {4, 4});
    fill_mobility(w.rook_mobility, 6, {2, 4});
    fill_mobility(w.queen_mobility, 10, {1, 2});

    for (int d = 0; d < 8; ++d) w.knight_tropism[d] = Score{3, 1} * std::max(0, 5 - d);

    w.rook_open_file = {28, 10};
    w.rook_half_open_file = {13, 6};
    w.rook_on_seventh = {18, 26};
    w.queen_on_seventh = {6, 18};

    // Relative rank:         0  1  2   3   4   5    6  7
    fill(w.passed_rank, {0, 3, 6, 14, 30, 55, 90, 0}, {0, 8, 12, 24, 44, 75, 115, 0});
    fill(w.passed_enemy_king_distance, {0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 2, 4, 8, 12, 16, 0});
    fill(w.passed_own_king_distance, {0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 1, 2, 4, 6, 8, 0});
    fill(w.passed_free_path, {0, 0, 0, 2, 4, 8, 12, 0}, {0, 0, 2, 5, 12, 25, 45, 0});

    w.isolated_pawn = {-10, -12};
    w.doubled_pawn = {-8, -20};
    w.backward_pawn = {-8, -8};
    fill(w.connected_pawn, {0, 3, 4, 7, 14, 28, 45, 0}, {0, 2, 3, 6, 12, 25, 40, 0});
    fill(w.supported_pawn, {0, 0, 5, 6, 10, 20, 35, 0}, {0, 0, 3, 5, 8, 15, 25, 0});

    w.king_shield[0] = {14, 0};
    w.king_shield[1] = {6, 0};
    w.king_shield[2] = {-16, 0};
    w.king_attack_weight[KNIGHT] = 2;
    w.king_attack_weight[BISHOP] = 2;
    w.king_attack_weight[ROOK] = 3;
    w.king_attack_weight[QUEEN] = 5;
    fill(w.king_attack_scale, {0, 2, 10, 16, 22, 26, 28, 30}, {0, 0, 2, 3, 4, 4, 4, 4});

    w.bishop_pair = {28, 50};
    w.knight_outpost = {14, 8};
    w.knight_outpost_supported = {24, 14};
    w.trapped_bishop[0] = {-90, -80};
    w.trapped_bishop[1] = {-40, -30};
    w.tempo = {14, 6};
    return w;
}

}  // namespace

const EvalWeights& default_weights() {
    static const EvalWeights weights = make_defaults();
    return weights;
}

}  // namespace augur
