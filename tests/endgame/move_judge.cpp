#include "move_judge.h"

#include "core/bitboard.h"
#include "core/movegen.h"

namespace augur::endgame {

const char* verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::Kept: return "kept";
        case Verdict::Lost: return "lost";
        case Verdict::NotAWin: return "not a win";
        case Verdict::NotInTables: return "not in the tables";
    }
    return "?";
}

namespace {

// The defender's result after the move, which the tables may not know for a
// position without moves: mate and stalemate are read off the board.
Verdict judge_reply_position(const syzygy::TableHandle& tables, const Position& after) {
    if (count_legal_moves(after) == 0) return after.checkers() ? Verdict::Kept : Verdict::Lost;
    auto wdl = syzygy::probe_outcome(tables, after, /*rule50=*/false);
    if (!wdl) return Verdict::NotInTables;
    return *wdl == syzygy::Wdl::Loss ? Verdict::Kept : Verdict::Lost;
}

}  // namespace

std::optional<Verdict> not_judgeable(const syzygy::TableHandle& tables, const Position& pos) {
    auto wdl = syzygy::probe_outcome(tables, pos, /*rule50=*/false);
    if (!wdl) return Verdict::NotInTables;
    if (*wdl != syzygy::Wdl::Win) return Verdict::NotAWin;
    return std::nullopt;
}

Verdict judge_move(const syzygy::TableHandle& tables, Position& pos, Move move) {
    if (auto why = not_judgeable(tables, pos)) return *why;
    StateInfo st;
    pos.do_move(move, st);
    Verdict verdict = judge_reply_position(tables, pos);
    pos.undo_move(move);
    return verdict;
}

std::string material_class(const Position& pos) {
    auto side = [&](Color c) {
        std::string letters = "K";
        for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT, PAWN})
            letters.append(std::size_t(popcount(pos.pieces(c, pt))), " PNBRQ"[pt]);
        return letters;
    };
    return side(pos.side_to_move()) + "v" + side(~pos.side_to_move());
}

}  // namespace augur::endgame
