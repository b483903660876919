#include "play/adjudication.h"

#include <algorithm>
#include <cstdlib>

#include "core/bitboard.h"
#include "core/text.h"
#include "search/score.h"

namespace augur::play {

void Adjudicator::record(Color mover, bool has_score, int score, bool irreversible) {
    if (!has_score) {
        losing_moves_[mover] = 0;
        quiet_plies_ = 0;
        return;
    }
    bool mate = is_mate_score(score);
    bool losing = mate ? score < 0 : score <= -rules_.resign.score_cp;
    losing_moves_[mover] = losing ? losing_moves_[mover] + 1 : 0;

    if (irreversible) quiet_plies_ = 0;
    bool near_zero = !mate && std::abs(score) <= rules_.draw.score_cp;
    quiet_plies_ = near_zero ? quiet_plies_ + 1 : 0;
}

bool Adjudicator::resigns(Color c) const {
    return rules_.resign.enabled && losing_moves_[c] >= rules_.resign.move_count;
}

bool Adjudicator::draw_agreed(int full_move) const {
    return rules_.draw.enabled && full_move >= rules_.draw.move_number && quiet_plies_ >= 2 * rules_.draw.move_count;
}

std::optional<GameResult> Adjudicator::tablebase_result(const Position& pos) const {
    const TablebaseRule& rule = rules_.tablebase;
    if (!rule.enabled()) return std::nullopt;
    int max_pieces = rule.max_pieces > 0 ? std::min(rule.max_pieces, rule.tables.max_pieces) : rule.tables.max_pieces;
    if (popcount(pos.pieces()) > max_pieces) return std::nullopt;
    std::optional<syzygy::Wdl> wdl = syzygy::probe_outcome(rule.tables, pos, !rule.ignore_rule50);
    if (!wdl) return std::nullopt;
    // Without the rule's counter probe_outcome can still say cursed: the win stands.
    bool won = *wdl == syzygy::Wdl::Win || (rule.ignore_rule50 && *wdl == syzygy::Wdl::CursedWin);
    bool lost = *wdl == syzygy::Wdl::Loss || (rule.ignore_rule50 && *wdl == syzygy::Wdl::BlessedLoss);
    if (!won && !lost) {
        if (rule.results == TablebaseResults::WinLoss) return std::nullopt;
        return GameResult::Draw;
    }
    if (rule.results == TablebaseResults::Draw) return std::nullopt;
    Color winner = won ? pos.side_to_move() : ~pos.side_to_move();
    return winner == WHITE ? GameResult::WhiteWins : GameResult::BlackWins;
}

std::string check_tablebase_sharing(const TablebaseRule& rule, const std::string& engine_name,
                                    const std::vector<OptionSetting>& options) {
    if (!rule.enabled()) return {};
    std::string engine_path;  // the last setting is the one in effect
    for (const auto& [name, value] : options)
        if (equal_ignoring_case(name, "SyzygyPath")) engine_path = value;
    if (engine_path.empty() || engine_path == rule.tables.path) return {};
    return "engine " + engine_name + ": SyzygyPath '" + engine_path + "' differs from the adjudication's tables '" +
           rule.tables.path + "'; one process holds one set of Syzygy tables, so give both the same paths";
}

}  // namespace augur::play
