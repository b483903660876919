// The evaluation terms, their names, and the options that switch them on and off.
//
// Every term is a separate, additive contribution (a Score per colour). Turning
// a term off removes exactly its contribution: it is still computed but not
// added, so the other terms never change. The names are stable identifiers for
// the C ABI, the `eval` command and engine options ("eval_<name>").
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace augur {

enum class EvalTerm : int {
    Material,
    PieceSquare,
    Mobility,
    KnightTropism,
    RookFile,            // rooks on open and half-open files
    PassedPawn,          // by rank
    PassedKingDistance,  // endgame race of the kings to the passer
    PassedFreePath,      // empty, unattacked path to promotion
    IsolatedPawn,
    DoubledPawn,
    BackwardPawn,
    ConnectedPawn,       // phalanx: an own pawn beside
    SupportedPawn,       // defended by an own pawn
    MajorOnSeventh,
    KingShield,
    KingAttack,
    BishopPair,
    KnightOutpost,
    TrappedBishop,
    Tempo,
    Threats,             // pieces attacked by lesser ones, hanging pieces, pawn pushes that attack
    Count
};
constexpr int EVAL_TERM_NB = int(EvalTerm::Count);

const char* eval_term_name(EvalTerm term);
std::optional<EvalTerm> eval_term_from_name(std::string_view name);

// Which parts of the evaluation run. The default is everything on.
struct EvalOptions {
    std::array<bool, EVAL_TERM_NB> terms;
    // The endgame layer (endgame.h): dead draws, known endings and drawish scale factors.
    bool endgame_scaling = true;

    EvalOptions() { terms.fill(true); }
    bool enabled(EvalTerm t) const { return terms[int(t)]; }
    void set(EvalTerm t, bool on) { terms[int(t)] = on; }
    bool operator==(const EvalOptions&) const = default;
};

}  // namespace augur
