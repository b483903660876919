#include "eval/eval_terms.h"

#include <algorithm>

#include "eval/eval_trace.h"

namespace augur::detail {

namespace {

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

// What the term functions share: inputs, the attack maps built as pieces are
// visited, and the king-attack tallies.
template <class Sink>
struct Context {
    const Position& pos;
    const EvalWeights& w;
    const PawnEntry& pawns;
    Sink& t;
    Bitboard occupied = 0;
    Bitboard attacked[COLOR_NB] = {};       // every square attacked by any piece of that colour
    Bitboard attacked_by[COLOR_NB][PIECE_TYPE_NB] = {};  // the same by piece type
    Bitboard mobility_area[COLOR_NB] = {};  // not own pieces, not attacked by enemy pawns
    Bitboard king_zone[COLOR_NB] = {};      // the king's square and its neighbours
    int king_attackers[COLOR_NB] = {};
    int king_attack_units[COLOR_NB] = {};
};

template <class Sink>
void material_and_pst(Context<Sink>& x, Color c) {
    for (int pt = PAWN; pt <= KING; ++pt) {
        Bitboard b = x.pos.pieces(c, PieceType(pt));
        x.t.add(EvalTerm::Material, c, x.w.material[pt], popcount(b));
        while (b) x.t.add(EvalTerm::PieceSquare, c, x.w.pst[pt][relative_square(c, pop_lsb(b))]);
    }
}

const Score& mobility_score(const EvalWeights& w, PieceType pt, int squares) {
    switch (pt) {
    case KNIGHT: return w.knight_mobility[squares];
    case BISHOP: return w.bishop_mobility[squares];
    case ROOK: return w.rook_mobility[squares];
    default: return w.queen_mobility[squares];
    }
}

template <class Sink>
void knight_terms(Context<Sink>& x, Color c, Square s) {
    x.t.add(EvalTerm::KnightTropism, c, x.w.knight_tropism[distance(s, x.pos.king_square(~c))]);
    int r = relative_rank(c, rank_of(s));
    // An outpost on ranks 4-6 that no enemy pawn can ever chase away.
    if (r >= 3 && r <= 5 && !(x.pos.pieces(~c, PAWN) & pawn_masks::attack_span(c, s))) {
        bool supported = x.pos.pieces(c, PAWN) & pawn_attacks(~c, s);
        x.t.add(EvalTerm::KnightOutpost, c, supported ? x.w.knight_outpost_supported : x.w.knight_outpost);
    }
}

template <class Sink>
void bishop_terms(Context<Sink>& x, Color c, Square s) {
    // A bishop that took the a7 (h7) pawn gets shut in by ...b6 (...g6).
    struct Trap { Square bishop, pawn; int kind; };
    static constexpr Trap TRAPS[] = {{SQ_A7, SQ_B6, 0}, {SQ_H7, SQ_G6, 0}, {SQ_A6, SQ_B5, 1}, {SQ_H6, SQ_G5, 1}};
    for (const Trap& trap : TRAPS)
        if (s == relative_square(c, trap.bishop) && x.pos.piece_on(relative_square(c, trap.pawn)) == make_piece(~c, PAWN))
            x.t.add(EvalTerm::TrappedBishop, c, x.w.trapped_bishop[trap.kind]);
}

// Rooks and queens on the 7th rank are strong when they attack pawns there or
// cut the enemy king off on the 8th.
template <class Sink>
bool on_seventh(const Context<Sink>& x, Color c, Square s) {
    if (relative_rank(c, rank_of(s)) != 6) return false;
    return relative_rank(c, rank_of(x.pos.king_square(~c))) == 7 ||
           (x.pos.pieces(~c, PAWN) & rank_bb(relative_rank(c, 6)));
}

template <class Sink>
void rook_terms(Context<Sink>& x, Color c, Square s) {
    Bitboard file = file_bb(file_of(s));
    if (!(x.pos.pieces(PAWN) & file)) x.t.add(EvalTerm::RookFile, c, x.w.rook_open_file);
    else if (!(x.pos.pieces(c, PAWN) & file)) x.t.add(EvalTerm::RookFile, c, x.w.rook_half_open_file);
    if (on_seventh(x, c, s)) x.t.add(EvalTerm::MajorOnSeventh, c, x.w.rook_on_seventh);
}

template <class Sink>
void pieces(Context<Sink>& x, Color c) {
    for (int p = KNIGHT; p <= QUEEN; ++p) {
        PieceType pt = PieceType(p);
        for (Bitboard b = x.pos.pieces(c, pt); b;) {
            Square s = pop_lsb(b);
            Bitboard att = attacks(pt, s, x.occupied);
            x.attacked[c] |= att;
            x.attacked_by[c][pt] |= att;
            x.t.add(EvalTerm::Mobility, c, mobility_score(x.w, pt, popcount(att & x.mobility_area[c])));
            if (Bitboard hits = att & x.king_zone[~c]) {
                ++x.king_attackers[c];
                x.king_attack_units[c] += x.w.king_attack_weight[pt] * popcount(hits);
            }
            if (pt == KNIGHT) knight_terms(x, c, s);
            else if (pt == BISHOP) bishop_terms(x, c, s);
            else if (pt == ROOK) rook_terms(x, c, s);
            else if (on_seventh(x, c, s)) x.t.add(EvalTerm::MajorOnSeventh, c, x.w.queen_on_seventh);
        }
    }
    Bitboard bishops = x.pos.pieces(c, BISHOP);
    if ((bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES)) x.t.add(EvalTerm::BishopPair, c, x.w.bishop_pair);
}

// Pawn shield: on the king's file and each neighbouring file, how far ahead of
// the king the nearest own pawn stands.
template <class Sink>
void king_shield(Context<Sink>& x, Color c) {
    Square k = x.pos.king_square(c);
    Bitboard ours = x.pos.pieces(c, PAWN);
    int f = file_of(k);
    for (int ff = std::max(0, f - 1); ff <= std::min(7, f + 1); ++ff) {
        Bitboard front = ours & pawn_masks::forward_file(c, make_square(ff, rank_of(k)));
        int index = 2;
        if (front) {
            Square nearest = c == WHITE ? lsb(front) : msb(front);
            int d = c == WHITE ? rank_of(nearest) - rank_of(k) : rank_of(k) - rank_of(nearest);
            index = d <= 2 ? d - 1 : 2;
        }
        x.t.add(EvalTerm::KingShield, c, x.w.king_shield[index]);
    }
}

// The squares from which a piece of colour c could give check next move that
// the enemy does not attack (nor c occupies), by the checking piece's type.
template <class Sink>
void safe_checks(Context<Sink>& x, Color c) {
    const Square k = x.pos.king_square(~c);
    const Bitboard safe = ~x.pos.pieces(c) & ~x.attacked[~c];
    const Bitboard diagonal = attacks(BISHOP, k, x.occupied), straight = attacks(ROOK, k, x.occupied);
    const Bitboard from[PIECE_TYPE_NB] = {0, 0, attacks(KNIGHT, k, x.occupied), diagonal, straight, diagonal | straight, 0};
    for (int pt = KNIGHT; pt <= QUEEN; ++pt)
        if (int n = popcount(from[pt] & x.attacked_by[c][pt] & safe))
            x.t.add(EvalTerm::KingAttack, c, x.w.king_safe_check[pt], n);
}

// King attack bonus for colour c (the attacker); units and scale are never
// negative, so the division by 8 truncates the same way in C++ and Java.
template <class Sink>
void king_attack(Context<Sink>& x, Color c) {
    int n = std::min(x.king_attackers[c], 7);
    x.t.add_fraction(EvalTerm::KingAttack, c, x.w.king_attack_scale[n], x.king_attack_units[c], 8);
    safe_checks(x, c);
}

template <class Sink>
void passed_pawns(Context<Sink>& x, Color c) {
    Square ours = x.pos.king_square(c), theirs = x.pos.king_square(~c);
    for (Bitboard b = x.pawns.passed[c]; b;) {
        Square s = pop_lsb(b);
        int r = relative_rank(c, rank_of(s));
        x.t.add(EvalTerm::PassedPawn, c, x.w.passed_rank[r]);
        Square stop = s + pawn_push(c);
        x.t.add(EvalTerm::PassedKingDistance, c, x.w.passed_enemy_king_distance[r], distance(stop, theirs));
        x.t.add(EvalTerm::PassedKingDistance, c, x.w.passed_own_king_distance[r], -distance(stop, ours));
        Bitboard path = pawn_masks::forward_file(c, s);
        if (!(path & x.occupied) && !(path & x.attacked[~c]))
            x.t.add(EvalTerm::PassedFreePath, c, x.w.passed_free_path[r]);
    }
}

// Every square of b moved one rank toward colour c's enemy.
Bitboard pushed(Color c, Bitboard b) { return c == WHITE ? shift<NORTH>(b) : shift<SOUTH>(b); }

// One threat weight per enemy piece type among the victims.
template <class Sink>
void add_threats(Context<Sink>& x, Color c, const Score (&weights)[PIECE_TYPE_NB], Bitboard victims) {
    for (int pt = PAWN; pt <= QUEEN; ++pt)
        if (int n = popcount(victims & x.pos.pieces(~c, PieceType(pt)))) x.t.add(EvalTerm::Threats, c, weights[pt], n);
}

// Colour c's threats against the enemy's pieces: what a lesser piece attacks,
// what nothing defends, and what a pawn could attack with one safe step.
template <class Sink>
void threats(Context<Sink>& x, Color c) {
    const Position& pos = x.pos;
    const Color them = ~c;
    const Bitboard targets = pos.pieces(them) & ~pos.pieces(them, KING);
    const Bitboard pieces = targets & ~pos.pieces(them, PAWN);
    const Bitboard unguarded_by_pawns = targets & ~x.attacked_by[them][PAWN];

    add_threats(x, c, x.w.threat_by_pawn, pieces & x.attacked_by[c][PAWN]);
    const Bitboard by_minor = x.attacked_by[c][KNIGHT] | x.attacked_by[c][BISHOP];
    add_threats(x, c, x.w.threat_by_minor, by_minor & (unguarded_by_pawns | pos.pieces(them, ROOK, QUEEN)));
    add_threats(x, c, x.w.threat_by_rook, x.attacked_by[c][ROOK] & (unguarded_by_pawns | pos.pieces(them, QUEEN)));
    if (int n = popcount(pieces & x.attacked[c] & ~x.attacked[them])) x.t.add(EvalTerm::Threats, c, x.w.hanging_piece, n);

    // One or two steps to an empty square no enemy pawn attacks, which we
    // defend or the enemy does not attack.
    const Bitboard empty = ~x.occupied;
    const Bitboard third_rank = rank_bb(relative_rank(c, 2));
    Bitboard pushes = pushed(c, pos.pieces(c, PAWN)) & empty;
    pushes |= pushed(c, pushes & third_rank) & empty;
    pushes &= ~x.attacked_by[them][PAWN] & (x.attacked[c] | ~x.attacked[them]);
    const Bitboard push_attacks = c == WHITE ? pawn_attacks_bb<WHITE>(pushes) : pawn_attacks_bb<BLACK>(pushes);
    if (int n = popcount(push_attacks & pieces & ~x.attacked_by[c][PAWN]))
        x.t.add(EvalTerm::Threats, c, x.w.threat_by_pawn_push, n);
}

}  // namespace

int game_phase(const Position& pos) {
    int phase = popcount(pos.pieces(KNIGHT, BISHOP)) + 2 * popcount(pos.pieces(ROOK)) + 4 * popcount(pos.pieces(QUEEN));
    return std::min(phase, PHASE_MAX);
}

template <class Sink>
void compute_terms(const Position& pos, const EvalWeights& w, const PawnEntry& pawns, Sink& out) {
    Context<Sink> x{pos, w, pawns, out};
    x.occupied = pos.pieces();
    const Bitboard pawn_att[COLOR_NB] = {pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN)),
                                         pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN))};
    for (Color c : {WHITE, BLACK}) {
        Square k = pos.king_square(c);
        x.mobility_area[c] = ~pos.pieces(c) & ~pawn_att[~c];
        x.king_zone[c] = king_attacks(k) | square_bb(k);
        x.attacked[c] = pawn_att[c] | king_attacks(k);
        x.attacked_by[c][PAWN] = pawn_att[c];
        x.attacked_by[c][KING] = king_attacks(k);
    }
    for (Color c : {WHITE, BLACK}) {
        material_and_pst(x, c);
        pieces(x, c);
        king_shield(x, c);
        for (int i = 0; i < PAWN_TERM_NB; ++i) out.add_cached(PAWN_TERMS[i], c, pawns.terms[i][c]);
    }
    // These need both colours' complete attack maps.
    for (Color c : {WHITE, BLACK}) {
        king_attack(x, c);
        passed_pawns(x, c);
        threats(x, c);
    }
    out.add(EvalTerm::Tempo, pos.side_to_move(), w.tempo);
}

template void compute_terms(const Position&, const EvalWeights&, const PawnEntry&, TermScores&);
template void compute_terms(const Position&, const EvalWeights&, const PawnEntry&, EvalTrace&);

}  // namespace augur::detail
