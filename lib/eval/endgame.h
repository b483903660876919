// The endgame layer: what is known about an ending from its material.
//
// One table (endgame.cpp, ENDGAME_TABLE) lists every known ending by its
// material signature ("KBNvK": the strong side's pieces, 'v', the weak side's;
// kings included, both colours matched) or, for a family of signatures such as
// "mating material against a bare king", by a test on the piece counts. Each
// entry is a small named function of one of three kinds:
//   dead        no sequence of legal moves can mate (KvK, KNvK, KBvK, bishops
//               all on one square colour) or no forced win exists and the
//               defending king is away from the edge (KNNvK): the value is 0;
//   evaluation  a known ending whose value the function gives instead of the
//               general terms, growing with progress towards the win (the
//               defending king driven to the edge or the bishop's corner, the
//               kings close, the pawn advanced; KPvK exactly, from a bitbase);
//   scaling     by how much (in 64ths, SCALE_NORMAL = unchanged) to shrink the
//               endgame half of the general terms when the strong side is ahead.
// A scaling function only shrinks the score, never to 0, so the search still
// sees which side is better and can find the wins the rule does not know about
// (KNNvKN, for instance, has mates although it is mostly drawn). The one scale
// of 0 is for a side with a bare king, which can never win. Every entry is
// checked position by position against the Syzygy tables in tests/eval.
//
// Any evaluator consults the layer before its own terms (see evaluator.h):
// classify_endgame() looks the position up, in table order: the first dead or
// evaluation entry that matches decides the value; otherwise, for each colour,
// the first scaling entry that matches gives the scale for that colour ahead.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "core/position.h"
#include "eval/score.h"

namespace augur {

enum class EndgameRule : int {
    None,
    // Dead draws (evaluate() returns 0).
    BareKings,           // KvK
    LoneMinor,           // KNvK, KBvK
    KnnkCentre,          // KNNvK, defending king off the edge
    SameColourBishops,   // only bishops besides the kings, all on one square colour
    WrongBishop,         // bishops and rook pawns vs a bare king in the corner the bishops cannot reach
    // Known endings: an evaluation function gives the value.
    Kbnk,                // KBNvK: drive the king to a corner of the bishop's colour
    Kpk,                 // KPvK: exact, from the bitbase
    Kxk,                 // mating material against a bare king: edge, kings close
    Kqkr,                // KQvKR: edge, kings close, the rook away from its king
    Kqkn,                // KQvKN: the same against a knight
    Kqkp,                // KQvKP: the kings close to the pawn (not the fortress below)
    Krkb,                // KRvKB: mostly drawn; a small edge, the defending king at the edge
    Krkn,                // KRvKN: the same, and the knight away from its king
    Krkp,                // KRvKP: won unless the pawn is far, its king beside it and the strong king far
    // Scaling: the side ahead cannot or can rarely win.
    NoPieces,            // the side has a bare king (it can never mate)
    SingleMinor,         // the side has one minor and no pawns (KNvKP, KBvKN, KNvKN...)
    KnnkEdge,            // KNNvK with the defending king on the edge
    TwoKnights,          // two knights and nothing else against pawnless material
    RookVsMinor,         // KRvKN, KRvKB where krkb and krkn decline (an unsettled placement)
    RookVsTwoMinors,     // KRvKNN/KBN/KBB and the two minors' side in the same ending
    BishopsVsBishop,     // KBBvKB (not all bishops on one colour)
    ExtraMinor,          // pawnless, equal majors, the side is only a minor up (KRBvKR)
    OppositeBishops,     // only opposite-coloured bishops and pawns
    KqkpFortress,        // KQvKP: rook or bishop pawn on the seventh, its king beside it
    WrongBishopNear,     // bishops and rook pawns vs a bare king nearer the corner than the pawns, not in it
    PawnsBlocked,        // pawns on one file vs a bare king standing in front of them
    KrpkrFront,          // KRPvKR: the defending king in front of the pawn
    KbpkbBlock,          // KBPvKB, same-coloured bishops: the defending king or bishop stops the pawn
    KbpknBlock,          // KBPvKN: the defending king in front of the pawn, off the bishop's colour
    KqkrpFortress,       // KQvKRP: the rook guarded by the pawn, the defending king behind them
    Count
};
constexpr int ENDGAME_RULE_NB = int(EndgameRule::Count);

const char* endgame_rule_name(EndgameRule rule);

enum class EndgameKind { Dead, Evaluation, Scaling };

// What the layer needs of a position: the pieces by colour and type (index 0
// unused) and the side to move. Tests build it directly, without a Position,
// to check millions of placements quickly.
struct PieceSet {
    Bitboard by[COLOR_NB][PIECE_TYPE_NB] = {};
    Color to_move = WHITE;

    static PieceSet of(const Position& pos);
};

// The material signature: pawns to queens of each colour.
struct Material {
    std::array<std::array<int, PIECE_TYPE_NB>, COLOR_NB> count = {};

    static Material of(const PieceSet& pieces);
    // "KRPvKB": White's pieces first.
    std::string name() const;
};

// One line of the table, for the documentation and the tests.
struct EndgameEntryInfo {
    EndgameRule rule;
    EndgameKind kind;
    const char* material;  // the signatures, strong side first, or the family in words
};
std::span<const EndgameEntryInfo> endgame_entries();

struct EndgameVerdict {
    bool dead = false;
    // A known ending: value_white (White's view, |v| < 20000) replaces the
    // general terms; rule names the evaluation function for both colours.
    bool known = false;
    int value_white = 0;
    // The rule and scale that apply when colour c is the side ahead.
    std::array<EndgameRule, COLOR_NB> rule = {EndgameRule::None, EndgameRule::None};
    std::array<int, COLOR_NB> scale = {SCALE_NORMAL, SCALE_NORMAL};
};

EndgameVerdict classify_endgame(const PieceSet& pieces);
inline EndgameVerdict classify_endgame(const Position& pos) { return classify_endgame(PieceSet::of(pos)); }

}  // namespace augur
