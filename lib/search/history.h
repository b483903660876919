// Move-ordering memory of one search thread: two killer moves per ply, a
// butterfly history (side, from, to) of quiet moves that caused cutoffs, the
// continuation history (the same for a quiet move after a given previous move:
// piece and destination of both), the counter-move to each previous move, and
// a capture history (piece, destination, captured type); and the correction
// history, which is not about moves: how far searches of positions with a given
// pawn structure, given material, given placing of either side's pieces, and
// given last two moves came out from their static evaluation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <span>

#include "core/position.h"
#include "core/types.h"
#include "core/written_slots.h"
#include "core/zeroed_array.h"
#include "search/params.h"
#include "search/score.h"

namespace augur {

// A history row for one previous move: an entry per (piece, destination) of the next move.
using PieceToHistory = std::array<std::array<int, SQUARE_NB>, PIECE_NB>;

// Gravity update: entries stay within +-params.history_max, and a bonus moves an
// entry less the closer it already is to the limit.
inline void apply_history_bonus(int& entry, int bonus, const SearchParams& params) {
    entry += bonus - entry * std::abs(bonus) / params.history_max;
}

// The continuation history: a row per previous move (piece, destination),
// 4 MB in zeroed memory; clear() empties only the rows written since the last
// one (WrittenSlots): a short search writes a few dozen.
class ContinuationHistory {
public:
    static constexpr std::size_t ROWS = PIECE_NB * SQUARE_NB;

    ContinuationHistory() : rows_(ROWS) {}

    const PieceToHistory& row(Piece moved, Square to) const { return rows_[index(moved, to)]; }
    // The row to change an entry of: marked as written.
    PieceToHistory& row_to_update(Piece moved, Square to) {
        const std::size_t i = index(moved, to);
        written_.mark(i);
        return rows_[i];
    }
    // Every row, for filling the table by hand (tests): all marked as written.
    std::span<PieceToHistory> all_rows() {
        written_.mark_all();
        return {rows_.get(), ROWS};
    }

    void clear() {
        written_.empty_marked([this](std::size_t i) { rows_[i] = PieceToHistory{}; });
    }

private:
    static std::size_t index(Piece moved, Square to) { return std::size_t(moved) * SQUARE_NB + std::size_t(to); }

    ZeroedArray<PieceToHistory> rows_;
    WrittenSlots written_{ROWS};
};

// What a correction table is keyed by: the pawns or the material.
enum CorrectionKey { PAWN_STRUCTURE, MATERIAL, CORRECTION_KEY_NB };

struct SearchHistory {
    Move killers[MAX_PLY + 2][2] = {};
    int butterfly[COLOR_NB][SQUARE_NB][SQUARE_NB] = {};
    Move counter_moves[PIECE_NB][SQUARE_NB] = {};
    int captures[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB] = {};
    // One correction table per key: an entry per side to move and key slot, in
    // 1/params.correction_grain centipawns.
    static constexpr int CORRECTION_ENTRIES = 16384;  // a power of two
    int corrections[CORRECTION_KEY_NB][COLOR_NB][CORRECTION_ENTRIES] = {};
    ContinuationHistory continuation;

    void clear() {
        clear_killers();
        std::memset(butterfly, 0, sizeof butterfly);
        std::memset(counter_moves, 0, sizeof counter_moves);
        std::memset(captures, 0, sizeof captures);
        std::memset(corrections, 0, sizeof corrections);
        continuation.clear();
    }
    void clear_killers() { std::memset(killers, 0, sizeof killers); }

    int quiet_score(Color side, Move m) const { return butterfly[side][m.from()][m.to()]; }

    void add_killer(int ply, Move m) {
        if (killers[ply][0] == m) return;
        killers[ply][1] = killers[ply][0];
        killers[ply][0] = m;
    }

    void update(Color side, Move m, int bonus, const SearchParams& params) {
        apply_history_bonus(butterfly[side][m.from()][m.to()], bonus, params);
    }

    // The row of the moves that follow `moved` arriving on `to`.
    const PieceToHistory& continuation_row(Piece moved, Square to) const { return continuation.row(moved, to); }
    PieceToHistory& continuation_row_to_update(Piece moved, Square to) { return continuation.row_to_update(moved, to); }

    int& capture_entry(const Position& pos, Move m) {
        return captures[pos.moved_piece(m)][m.to()][captured_type(pos, m)];
    }
    int capture_score(const Position& pos, Move m) const {
        return captures[pos.moved_piece(m)][m.to()][captured_type(pos, m)];
    }

    int& correction_entry(const Position& pos, CorrectionKey key) {
        return corrections[key][pos.side_to_move()][correction_slot(pos, key)];
    }
    int correction_score(const Position& pos, CorrectionKey key) const {
        return corrections[key][pos.side_to_move()][correction_slot(pos, key)];
    }
    static std::size_t correction_slot(const Position& pos, CorrectionKey key) {
        return std::size_t(correction_key(pos, key) & (CORRECTION_ENTRIES - 1));
    }
    static Key correction_key(const Position& pos, CorrectionKey key) {
        switch (key) {
        case PAWN_STRUCTURE: return pos.pawn_key();
        case MATERIAL: return pos.material_key();
        case CORRECTION_KEY_NB: break;
        }
        return 0;
    }

    // What a move takes (a promotion that takes nothing: NO_PIECE_TYPE).
    static PieceType captured_type(const Position& pos, Move m) {
        return m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
    }
};

// What a node orders, reduces and prunes its moves by beyond the butterfly
// history: the continuation rows of the last two moves (null when there was no
// such move, it was a null move, or the table is off), the counter-move to the
// last move, and the capture history (null: off), which adds its entry divided
// by capture_divisor to a capture's MVV-LVA score.
struct NodeHistory {
    const PieceToHistory* continuation[2] = {};
    Move counter_move;
    const SearchHistory* captures = nullptr;
    int capture_divisor = 1;

    // The continuation part of a quiet move's score.
    int continuation_score(const Position& pos, Move m) const {
        int score = 0;
        for (const PieceToHistory* row : continuation)
            if (row) score += (*row)[pos.moved_piece(m)][m.to()];
        return score;
    }
};

}  // namespace augur
