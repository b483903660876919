#include "core/movegen.h"

namespace augur {

namespace {

// The generator reports moves to a sink: ListSink writes them out, CountSink
// only counts them, so perft's leaves cost a few popcounts.
struct ListSink {
    Move* cur;

    void add(Move m) { *cur++ = m; }
    void add_from(Square from, Bitboard targets) {
        while (targets) *cur++ = Move(from, pop_lsb(targets));
    }
    // Moves to each target from target - offset (set-wise pawn moves).
    void add_shifted(Bitboard targets, int offset) {
        while (targets) {
            Square to = pop_lsb(targets);
            *cur++ = Move(to - offset, to);
        }
    }
    void add_promotions_shifted(Bitboard targets, int offset) {
        while (targets) {
            Square to = pop_lsb(targets);
            add_promotions(to - offset, to);
        }
    }
    void add_promotions_from(Square from, Bitboard targets) {
        while (targets) add_promotions(from, pop_lsb(targets));
    }

private:
    void add_promotions(Square from, Square to) {
        for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) *cur++ = Move(from, to, PROMOTION, pt);
    }
};

struct CountSink {
    std::size_t count = 0;

    void add(Move) { ++count; }
    void add_from(Square, Bitboard targets) { count += std::size_t(popcount(targets)); }
    void add_shifted(Bitboard targets, int) { count += std::size_t(popcount(targets)); }
    void add_promotions_shifted(Bitboard targets, int) { count += 4 * std::size_t(popcount(targets)); }
    void add_promotions_from(Square, Bitboard targets) { count += 4 * std::size_t(popcount(targets)); }
};

// Everything the piece generators share about the side to move.
template <Color Us>
struct GenContext {
    const Position& pos;
    Square king;
    Bitboard occupied;
    Bitboard enemies;
    Bitboard pinned;
    Bitboard target;  // legal destinations for non-king moves given the check state

    explicit GenContext(const Position& p)
        : pos(p), king(p.king_square(Us)), occupied(p.pieces()), enemies(p.pieces(~Us)),
          pinned(p.blockers_for_king(Us) & p.pieces(Us)),
          target((p.checkers() ? between_bb(king, lsb(p.checkers())) : ~Bitboard(0)) & ~p.pieces(Us)) {}

    // Is s attacked by the enemy when the king no longer stands on its square?
    bool attacked_without_king(Square s) const {
        constexpr Color Them = ~Us;
        Bitboard occ = occupied ^ square_bb(king);
        return (pawn_attacks(Us, s) & pos.pieces(Them, PAWN)) || (knight_attacks(s) & pos.pieces(Them, KNIGHT)) ||
               (king_attacks(s) & pos.pieces(Them, KING)) ||
               (bishop_attacks(s, occ) & pos.pieces(Them, BISHOP, QUEEN)) ||
               (rook_attacks(s, occ) & pos.pieces(Them, ROOK, QUEEN));
    }
};

template <GenType T>
Bitboard select_targets(Bitboard legal, Bitboard enemies, Bitboard occupied) {
    if constexpr (T == GenType::Noisy) return legal & enemies;
    if constexpr (T == GenType::Quiet) return legal & ~occupied;
    return legal;
}

template <Color Us, GenType T, class Sink>
void generate_king_moves(const GenContext<Us>& ctx, Sink& sink) {
    Bitboard targets = select_targets<T>(king_attacks(ctx.king) & ~ctx.pos.pieces(Us), ctx.enemies, ctx.occupied);
    Bitboard safe = 0;
    while (targets) {
        Square to = pop_lsb(targets);
        if (!ctx.attacked_without_king(to)) safe |= square_bb(to);
    }
    sink.add_from(ctx.king, safe);
}

template <Color Us, GenType T, class Sink>
void generate_pawn_moves(const GenContext<Us>& ctx, Sink& sink) {
    constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
    constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
    constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
    constexpr Bitboard Rank7 = rank_bb(relative_rank(Us, 6));
    constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, 2));

    const Position& pos = ctx.pos;
    Bitboard empty = ~ctx.occupied;
    Bitboard captures = ctx.enemies & ctx.target;
    Bitboard pushes = empty & ctx.target;
    Bitboard pawns = pos.pieces(Us, PAWN);
    Bitboard free_pawns = pawns & ~ctx.pinned;

    // Free pawns, set-wise.
    Bitboard movers = free_pawns & ~Rank7;
    if constexpr (T != GenType::Noisy) {
        Bitboard single = shift<Up>(movers) & empty;
        Bitboard twice = shift<Up>(single & Rank3) & pushes;
        sink.add_shifted(single & ctx.target, Up);
        sink.add_shifted(twice, 2 * Up);
    }
    if constexpr (T != GenType::Quiet) {
        sink.add_shifted(shift<UpWest>(movers) & captures, UpWest);
        sink.add_shifted(shift<UpEast>(movers) & captures, UpEast);
        Bitboard promoters = free_pawns & Rank7;
        sink.add_promotions_shifted(shift<Up>(promoters) & pushes, Up);
        sink.add_promotions_shifted(shift<UpWest>(promoters) & captures, UpWest);
        sink.add_promotions_shifted(shift<UpEast>(promoters) & captures, UpEast);
    }

    // Pinned pawns move only along the line through their king.
    for (Bitboard b = pawns & ctx.pinned; b;) {
        Square from = pop_lsb(b);
        Bitboard line = line_bb(ctx.king, from);
        Bitboard single = shift<Up>(square_bb(from)) & empty;
        Bitboard quiet = (single | (shift<Up>(single & Rank3) & empty)) & pushes & line;
        Bitboard taking = pawn_attacks(Us, from) & captures & line;
        if (square_bb(from) & Rank7) {
            if constexpr (T != GenType::Quiet) sink.add_promotions_from(from, quiet | taking);
        } else {
            if constexpr (T != GenType::Noisy) sink.add_from(from, quiet);
            if constexpr (T != GenType::Quiet) sink.add_from(from, taking);
        }
    }

    if constexpr (T != GenType::Quiet) {
        Square ep = pos.ep_square();
        if (ep != SQ_NONE) {
            for (Bitboard b = pawn_attacks(~Us, ep) & pawns; b;) {
                Move m(pop_lsb(b), ep, EN_PASSANT);
                if (pos.legal(m)) sink.add(m);
            }
        }
    }
}

template <Color Us, GenType T, class Sink>
void generate_piece_moves(const GenContext<Us>& ctx, Sink& sink) {
    const Position& pos = ctx.pos;
    Bitboard targets = select_targets<T>(ctx.target, ctx.enemies, ctx.occupied);

    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~ctx.pinned; b;) {
        Square from = pop_lsb(b);
        sink.add_from(from, knight_attacks(from) & targets);
    }
    for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
        Square from = pop_lsb(b);
        Bitboard attacks = bishop_attacks(from, ctx.occupied) & targets;
        if (ctx.pinned & square_bb(from)) attacks &= line_bb(ctx.king, from);
        sink.add_from(from, attacks);
    }
    for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
        Square from = pop_lsb(b);
        Bitboard attacks = rook_attacks(from, ctx.occupied) & targets;
        if (ctx.pinned & square_bb(from)) attacks &= line_bb(ctx.king, from);
        sink.add_from(from, attacks);
    }
}

template <Color Us, class Sink>
void generate_castling(const GenContext<Us>& ctx, Sink& sink) {
    const Position& pos = ctx.pos;
    for (bool king_side : {true, false}) {
        CastlingRight cr = castling_right(Us, king_side);
        if (!pos.can_castle(cr) || (pos.castling_path(cr) & ctx.occupied)) continue;
        Move m(ctx.king, pos.castling_rook_square(cr), CASTLING);
        if (pos.legal(m)) sink.add(m);
    }
}

template <Color Us, GenType T, class Sink>
void generate_legal(const Position& pos, Sink& sink) {
    GenContext<Us> ctx(pos);
    generate_king_moves<Us, T>(ctx, sink);
    if (more_than_one(pos.checkers())) return;  // only the king can answer a double check
    generate_pawn_moves<Us, T>(ctx, sink);
    generate_piece_moves<Us, T>(ctx, sink);
    if constexpr (T != GenType::Noisy)
        if (!pos.checkers()) generate_castling<Us>(ctx, sink);
}

template <GenType T, class Sink>
void generate_for_side(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == WHITE) generate_legal<WHITE, T>(pos, sink);
    else generate_legal<BLACK, T>(pos, sink);
}

}  // namespace

template <GenType T>
Move* generate(const Position& pos, Move* list) {
    ListSink sink{list};
    generate_for_side<T>(pos, sink);
    return sink.cur;
}

template Move* generate<GenType::All>(const Position&, Move*);
template Move* generate<GenType::Noisy>(const Position&, Move*);
template Move* generate<GenType::Quiet>(const Position&, Move*);

std::size_t count_legal_moves(const Position& pos) {
    CountSink sink;
    generate_for_side<GenType::All>(pos, sink);
    return sink.count;
}

}  // namespace augur
