#include "move_judge.h"

#include <cstdlib>
#include <utility>

#include "core/movegen.h"
#include "eval/endgame.h"

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

std::optional<bool> brings_zeroing_nearer(const syzygy::TableHandle& tables, Position& pos, Move move) {
    if (pos.is_capture(move) || type_of(pos.moved_piece(move)) == PAWN) return true;
    std::optional<int> before = syzygy::probe_dtz(tables, pos);
    if (!before) return std::nullopt;
    StateInfo st;
    pos.do_move(move, st);
    const bool mate = pos.checkers() && count_legal_moves(pos) == 0;
    std::optional<int> after = mate ? std::nullopt : syzygy::probe_dtz(tables, pos);
    pos.undo_move(move);
    if (mate) return true;
    if (!after) return std::nullopt;
    return std::abs(*after) < std::abs(*before);
}

std::string default_tables_dir() {
    const char* dir = std::getenv("AUGUR_SHARED_DATA");
    return std::string(dir ? dir : "tests/data") + "/tablebases/syzygy";
}

std::string material_class(const Position& pos) {
    Material material = Material::of(PieceSet::of(pos));
    if (pos.side_to_move() == BLACK) std::swap(material.count[WHITE], material.count[BLACK]);  // name() puts White first
    return material.name();
}

}  // namespace augur::endgame
