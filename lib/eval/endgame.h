// Endgame knowledge: recognisers for dead and drawish material.
//
// The recogniser looks only at the material and, for a few rules, at where the
// bishops and the lone king stand. It answers two questions:
//   dead      no sequence of legal moves can mate (KvK, KNvK, KBvK, bishops all
//             on one square colour) or no forced win exists and the defending king
//             is away from the edge (KNNvK): evaluate() returns exactly 0;
//   scale[c]  by how much (in 64ths, SCALE_NORMAL = unchanged) to shrink the
//             endgame half of the score when colour c is the side ahead.
// A drawish rule only shrinks the score, never to 0, so the search still sees
// which side is better and can find the wins the rule does not know about
// (KNNvKN, for instance, has mates although it is mostly drawn). The one scale
// of 0 is for a side with a bare king, which can never win. The rules are
// checked position by position against the Syzygy tables in tests/eval.
// The scale factors themselves are named constants in endgame.cpp.
#pragma once

#include <array>

#include "core/position.h"
#include "eval/score.h"

namespace augur {

enum class EndgameRule : int {
    None,
    // Dead draws (scale 0 for both sides, evaluate() returns 0).
    BareKings,           // KvK
    LoneMinor,           // KNvK, KBvK
    KnnkCentre,          // KNNvK, defending king off the edge
    SameColourBishops,   // only bishops besides the kings, all on one square colour
    // Drawish: the side ahead cannot or can rarely win.
    NoPieces,            // the side has a bare king (it can never mate)
    SingleMinor,         // the side has one minor and no pawns (KNvKP, KBvKN, KNvKN...)
    KnnkEdge,            // KNNvK with the defending king on the edge
    TwoKnights,          // two knights and nothing else against pawnless material
    RookVsMinor,         // KRvKN, KRvKB
    RookVsTwoMinors,     // KRvKNN/KBN/KBB and the two minors' side in the same ending
    BishopsVsBishop,     // KBBvKB (not all bishops on one colour)
    ExtraMinor,          // pawnless, equal majors, the side is only a minor up (KRBvKR)
    OppositeBishops,     // only opposite-coloured bishops and pawns
    Count
};
constexpr int ENDGAME_RULE_NB = int(EndgameRule::Count);

const char* endgame_rule_name(EndgameRule rule);

// What the recogniser needs of a position: the pieces by colour and type
// (index 0 unused). Tests build it directly, without a Position, to check
// millions of placements quickly.
struct PieceSet {
    Bitboard by[COLOR_NB][PIECE_TYPE_NB] = {};

    static PieceSet of(const Position& pos);
};

struct EndgameVerdict {
    bool dead = false;
    // The rule and scale that apply when colour c is the side ahead.
    std::array<EndgameRule, COLOR_NB> rule = {EndgameRule::None, EndgameRule::None};
    std::array<int, COLOR_NB> scale = {64, 64};
};

EndgameVerdict classify_endgame(const PieceSet& pieces);
inline EndgameVerdict classify_endgame(const Position& pos) { return classify_endgame(PieceSet::of(pos)); }

}  // namespace augur
