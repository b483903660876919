#include "eval/pawns.h"

#include <bit>
#include <type_traits>

#include "eval/eval_trace.h"

namespace augur {

namespace {

struct Masks {
    Bitboard forward_file[COLOR_NB][SQUARE_NB] = {};
    Bitboard attack_span[COLOR_NB][SQUARE_NB] = {};
    Bitboard adjacent_files[8] = {};

    constexpr Masks() {
        for (int f = 0; f < 8; ++f)
            adjacent_files[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
        for (int s = 0; s < SQUARE_NB; ++s) {
            int f = s & 7, r = s >> 3;
            for (int r2 = 0; r2 < 8; ++r2) {
                Bitboard rank = rank_bb(r2);
                Color ahead_of = r2 > r ? WHITE : BLACK;  // for whom rank r2 lies ahead of s
                if (r2 == r) continue;
                forward_file[ahead_of][s] |= rank & file_bb(f);
                attack_span[ahead_of][s] |= rank & adjacent_files[f];
            }
        }
    }
};

constexpr Masks masks{};

// Sums the structure terms into a PawnEntry, in PAWN_TERMS order.
struct PawnEntrySink {
    PawnEntry& e;
    void add(EvalTerm t, Color c, const Score& weight) {
        for (int i = 0; i < PAWN_TERM_NB; ++i)
            if (PAWN_TERMS[i] == t) e.terms[i][c] += weight;
    }
};

// Adds the structure terms of colour c to sink and returns its passed pawns.
template <class Sink>
Bitboard evaluate_side(Color c, Bitboard ours, Bitboard theirs, const EvalWeights& w, Sink& sink) {
    Bitboard passed = 0;
    for (Bitboard b = ours; b;) {
        Square s = pop_lsb(b);
        int f = file_of(s), r = relative_rank(c, rank_of(s));
        Bitboard neighbours = ours & masks.adjacent_files[f];
        bool is_supported = ours & pawn_attacks(~c, s);
        if (!neighbours) sink.add(EvalTerm::IsolatedPawn, c, w.isolated_pawn);
        if (ours & masks.forward_file[c][s]) sink.add(EvalTerm::DoubledPawn, c, w.doubled_pawn);
        else if (!(theirs & (masks.forward_file[c][s] | masks.attack_span[c][s])))
            passed |= square_bb(s);  // the rear pawn of a doubled pair is not passed
        if (neighbours & rank_bb(rank_of(s))) sink.add(EvalTerm::ConnectedPawn, c, w.connected_pawn[r]);
        if (is_supported) sink.add(EvalTerm::SupportedPawn, c, w.supported_pawn[r]);
        // Backward: no neighbour level with or behind it that could advance to
        // support it, and its stop square is held by an enemy pawn.
        Square stop = s + pawn_push(c);
        if (neighbours && !(neighbours & ~masks.attack_span[c][s]) && (theirs & pawn_attacks(c, stop)))
            sink.add(EvalTerm::BackwardPawn, c, w.backward_pawn);
    }
    return passed;
}

template <class Sink>
void evaluate_pawns_into(const Position& pos, const EvalWeights& w, PawnEntry& e, Sink& sink) {
    Bitboard white = pos.pieces(WHITE, PAWN), black = pos.pieces(BLACK, PAWN);
    e.key = pos.pawn_key();
    e.used = true;
    e.passed[WHITE] = evaluate_side(WHITE, white, black, w, sink);
    e.passed[BLACK] = evaluate_side(BLACK, black, white, w, sink);
}

}  // namespace

namespace pawn_masks {
Bitboard forward_file(Color c, Square s) { return masks.forward_file[c][s]; }
Bitboard attack_span(Color c, Square s) { return masks.attack_span[c][s]; }
Bitboard passed_span(Color c, Square s) { return masks.forward_file[c][s] | masks.attack_span[c][s]; }
Bitboard adjacent_files(int file) { return masks.adjacent_files[file]; }
}  // namespace pawn_masks

void evaluate_pawns(const Position& pos, const EvalWeights& w, PawnEntry& e) {
    for (auto& term : e.terms) term[WHITE] = term[BLACK] = Score{};
    PawnEntrySink sink{e};
    evaluate_pawns_into(pos, w, e, sink);
}

void trace_pawns(const Position& pos, const EvalWeights& w, PawnEntry& e, EvalTrace& trace) {
    evaluate_pawns_into(pos, w, e, trace);
}

static_assert(std::is_trivially_copyable_v<PawnEntry>, "PawnHashTable keeps its entries in zeroed memory");

PawnHashTable::PawnHashTable(std::size_t entries) {
    if (!entries) return;
    size_ = std::bit_floor(entries);
    table_ = ZeroedArray<PawnEntry>(size_);
    written_ = WrittenSlots(size_);
}

const PawnEntry& PawnHashTable::probe(const Position& pos, const EvalWeights& w) {
    if (!table_) {
        evaluate_pawns(pos, w, scratch_);
        return scratch_;
    }
    Key key = pos.pawn_key();
    const std::size_t index = key & (size_ - 1);
    PawnEntry& e = table_[index];
    if (!e.used || e.key != key) {
        evaluate_pawns(pos, w, e);
        written_.mark(index);
    }
    return e;
}

void PawnHashTable::clear() {
    written_.empty_marked([this](std::size_t index) { table_[index] = PawnEntry{}; });
}

}  // namespace augur
