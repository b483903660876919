#include "search/see.h"

namespace augur {

bool see_ge(const Position& pos, Move m, int threshold) {
    if (m.kind() == CASTLING) return threshold <= 0;
    Square from = m.from(), to = m.to();
    int captured = m.kind() == EN_PASSANT ? SEE_VALUE[PAWN] : SEE_VALUE[type_of(pos.piece_on(to))];

    // balance: what the mover has won so far, minus the threshold.
    int balance = captured - threshold;
    if (balance < 0) return false;  // even a free capture is not enough
    balance -= SEE_VALUE[type_of(pos.piece_on(from))];
    if (balance >= 0) return true;  // even losing the capturer is enough

    Bitboard occupied = pos.pieces() ^ square_bb(from) ^ square_bb(to);
    if (m.kind() == EN_PASSANT) occupied ^= square_bb(to - pawn_push(pos.side_to_move()));
    Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
    Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
    Color side = ~pos.side_to_move();

    // Sides alternate; `balance` is kept from the view of the side to capture
    // next, negated each turn. The side that cannot capture profitably loses.
    for (;;) {
        Bitboard ours = attackers & pos.pieces(side);
        if (pos.pinners(~side) & occupied) ours &= ~pos.blockers_for_king(side);
        if (!ours) break;

        PieceType pt = PAWN;
        while (!(ours & pos.pieces(pt))) pt = PieceType(pt + 1);
        // Capturing with the king into remaining enemy attackers is illegal.
        if (pt == KING && (attackers & pos.pieces(~side))) break;

        Square sq = lsb(ours & pos.pieces(pt));
        occupied ^= square_bb(sq);
        // Uncover sliders behind the capturer.
        if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occupied) & diagonal;
        if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occupied) & straight;
        attackers &= occupied;

        side = ~side;
        balance = -balance - 1 - SEE_VALUE[pt];
        if (balance >= 0) {
            // The side that just captured is ahead even if it loses the capturer:
            // unless it captured with the king into a defended square (handled above).
            break;
        }
    }
    // `side` is now the side that could not (or need not) continue: the mover wins
    // when that is the opponent.
    return side != pos.side_to_move();
}

}  // namespace augur
