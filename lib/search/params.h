// Search feature switches and every tunable search number, in one place.
//
// Each feature can be switched off so that a change can be measured with and
// without it, and so that the Java reference can be compared profile by profile.
// All numbers are integers: the search has no floating point anywhere.
#pragma once

namespace augur {

struct SearchFeatures {
    bool transposition_table = true;
    bool aspiration_windows = true;
    bool null_move = true;
    bool check_extension = true;
    bool late_move_reductions = true;
    bool futility_pruning = true;
    bool reverse_futility_pruning = true;
    bool late_move_pruning = true;
    bool mate_distance_pruning = true;
    bool see_pruning = true;          // skip losing captures in quiescence, prune them at low depth
    bool delta_pruning = true;
    bool killers = true;
    bool history = true;
    bool quiescence_checks_evasions = true;  // full evasions when in check inside quiescence
};

struct SearchParams {
    // Aspiration windows: start at +-aspiration_delta around the last score, and
    // widen by half again (plus the delta) after each fail, until full width.
    int aspiration_min_depth = 5;
    int aspiration_delta = 15;

    // Null move: reduction = null_base_reduction + depth / null_depth_divisor, plus one
    // more when eval exceeds beta by null_eval_margin.
    int null_min_depth = 2;
    int null_base_reduction = 3;
    int null_depth_divisor = 4;
    int null_eval_margin = 200;

    // Reverse futility: at depth <= rfp_max_depth, cut if eval - rfp_margin * depth >= beta.
    int rfp_max_depth = 7;
    int rfp_margin = 80;

    // Futility: at depth <= futility_max_depth, skip quiet moves when
    // eval + futility_base + futility_margin * depth <= alpha.
    int futility_max_depth = 6;
    int futility_base = 60;
    int futility_margin = 90;

    // Late move pruning: at depth <= lmp_max_depth, stop trying quiets after
    // lmp_base + depth * depth moves (halved when not improving).
    int lmp_max_depth = 8;
    int lmp_base = 3;

    // SEE pruning in the main search at depth <= see_max_depth:
    // captures below -see_capture_margin * depth, quiets below -see_quiet_margin * depth.
    int see_max_depth = 8;
    int see_capture_margin = 90;
    int see_quiet_margin = 50;

    // Late move reductions: from lmr_min_depth, after lmr_min_moves moves. In
    // 1/256 plies the reduction is lmr_base + log2(depth) * log2(moves) / lmr_divisor,
    // with log2 in 1/256 units too; one more ply when not improving.
    int lmr_min_depth = 3;
    int lmr_min_moves = 2;
    int lmr_base = 192;      // 0.75 ply
    int lmr_divisor = 1024;  // log2 * log2 / 4
    int lmr_history_divisor = 8192;

    // Quiescence delta pruning: skip captures that cannot lift alpha even with this margin.
    int delta_margin = 200;

    // History: bonus = min(history_max_bonus, depth * depth), scaled by gravity toward history_max.
    int history_max = 16384;
    int history_max_bonus = 1600;
};

}  // namespace augur
