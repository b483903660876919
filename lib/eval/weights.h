// EvalWeights: every number the evaluation multiplies, in one table.
//
// Scores are {middlegame, endgame} pairs in centipawns, from the point of view of
// the side that owns the feature (the evaluator subtracts Black's from White's).
// Square tables are written for White with a1 = 0; Black reads them through
// flip_rank(). Tables indexed by "rank" use the owner's relative rank (0 = own back
// rank). An automatic tuner can read and write this struct as a whole: it is a
// plain aggregate of ints, with no derived data cached anywhere else (the
// evaluator copies it and clears its pawn hash on set_weights()).
#pragma once

#include "core/types.h"
#include "eval/score.h"

namespace augur {

struct EvalWeights {
    // Material, indexed by PieceType (the king's entry stays 0).
    Score material[PIECE_TYPE_NB];
    // Piece-square tables, indexed by PieceType and square (White's view).
    Score pst[PIECE_TYPE_NB][64];

    // Mobility by the number of reachable squares not occupied by own pieces
    // and not attacked by enemy pawns.
    Score knight_mobility[9];
    Score bishop_mobility[14];
    Score rook_mobility[15];
    Score queen_mobility[28];

    // Knight tropism, by king distance (Chebyshev) from the knight to the enemy king.
    Score knight_tropism[8];

    Score rook_open_file;       // no pawns on the rook's file
    Score rook_half_open_file;  // only enemy pawns on it
    Score rook_on_seventh;      // on the relative 7th with the enemy king on the 8th or pawns on the 7th
    Score queen_on_seventh;

    // Passed pawns, by relative rank (1..6 used).
    Score passed_rank[8];
    // Endgame race: per square of king distance to the pawn's stop square, by rank.
    Score passed_enemy_king_distance[8];  // bonus per square the enemy king is away
    Score passed_own_king_distance[8];    // penalty per square our king is away
    // The squares up to promotion are empty and not attacked by the enemy.
    Score passed_free_path[8];

    Score isolated_pawn;
    Score doubled_pawn;   // per pawn standing behind an own pawn on its file
    Score backward_pawn;
    Score connected_pawn[8];  // a phalanx: an own pawn beside it, by relative rank
    Score supported_pawn[8];  // defended by an own pawn, by relative rank

    // King shelter, per file of the king and its neighbours: the nearest own
    // pawn in front of the king is one square ahead [0], two ahead [1], or
    // further or absent [2].
    Score king_shield[3];
    // King attack: each piece that attacks squares of the enemy king zone (the
    // king's square and its neighbours) adds weight[type] * attacked zone
    // squares to a unit count; the bonus is units * scale[attackers] / 8.
    int king_attack_weight[PIECE_TYPE_NB];
    Score king_attack_scale[8];

    Score bishop_pair;
    Score knight_outpost;            // relative ranks 4-6, no enemy pawn can ever attack it
    Score knight_outpost_supported;  // the same, defended by an own pawn
    Score trapped_bishop[2];         // [0]: a7 with an enemy pawn on b6 (or h7/g6); [1]: a6/b5, h6/g5
    Score tempo;                     // for the side to move
};

// The built-in weights, designed by simple principles (see weights.cpp).
const EvalWeights& default_weights();

}  // namespace augur
