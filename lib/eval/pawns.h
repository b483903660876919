// Pawn-structure evaluation and the pawn hash table.
//
// The structure terms (isolated, doubled, backward, connected, supported) and
// the set of passed pawns depend on the pawns alone, so they are cached by
// pawn key. Scores are stored per colour for every structure term whatever the
// options say (options are applied later), so the table never needs clearing
// when options change; it is cleared when the weights change. A table of size
// 0 disables caching: every probe computes afresh into a scratch entry.
// The table belongs to a HandCraftedEvaluator (one per search thread); it is not shared.
#pragma once

#include <cstddef>

#include "core/position.h"
#include "core/written_slots.h"
#include "core/zeroed_array.h"
#include "eval/terms.h"
#include "eval/weights.h"

namespace augur {

// The structure terms cached in a PawnEntry, in this order.
constexpr EvalTerm PAWN_TERMS[] = {EvalTerm::IsolatedPawn, EvalTerm::DoubledPawn, EvalTerm::BackwardPawn,
                                   EvalTerm::ConnectedPawn, EvalTerm::SupportedPawn};
constexpr int PAWN_TERM_NB = 5;

struct PawnEntry {
    Key key = 0;
    bool used = false;  // the pawnless structure has key 0, so key alone cannot mark an empty slot
    Bitboard passed[COLOR_NB] = {};
    Score terms[PAWN_TERM_NB][COLOR_NB] = {};
};

// Computes the entry for the pawns of pos (key and used are set too).
void evaluate_pawns(const Position& pos, const EvalWeights& w, PawnEntry& e);
// The same, except that the structure terms go to trace, not to e.terms.
class EvalTrace;
void trace_pawns(const Position& pos, const EvalWeights& w, PawnEntry& e, EvalTrace& trace);

// The entries live in zeroed memory, whose all-zero bytes are an empty entry
// (key 0, not used, no terms), and clear() empties only the entries written
// since the last one (WrittenSlots).
class PawnHashTable {
public:
    // entries is rounded down to a power of two; 0 disables the table.
    explicit PawnHashTable(std::size_t entries);
    const PawnEntry& probe(const Position& pos, const EvalWeights& w);
    void clear();
    std::size_t size() const { return size_; }

private:
    ZeroedArray<PawnEntry> table_;
    std::size_t size_ = 0;
    WrittenSlots written_{0};
    PawnEntry scratch_;
};

// Masks shared with the piece terms.
namespace pawn_masks {
// Squares in front of s (from c's side) on the same file.
Bitboard forward_file(Color c, Square s);
// Squares in front of s on the adjacent files: where enemy pawns could attack s from.
Bitboard attack_span(Color c, Square s);
// forward_file | attack_span: no enemy pawn here means a passed pawn.
Bitboard passed_span(Color c, Square s);
Bitboard adjacent_files(int file);
}  // namespace pawn_masks

}  // namespace augur
