// Search feature switches and every tunable search number, in one place.
//
// Each feature can be switched off so that a change can be measured with and
// without it, and so that the Java reference can be compared profile by profile.
// The numbers (SearchParams) are written in search_params.table, from which the
// build generates search/search_params.h and the Java reference's SearchParams;
// the time management's (TimeParams) in time_params.table.
#pragma once

#include <optional>
#include <string_view>

#include "search/search_params.h"
#include "search/time_params.h"

namespace augur {

// The tables' value of a number of the search (search_params.table) or of its
// time management (time_params.table), by its name; nullopt for any other name.
// These are the numbers a tuner sets by name (Engine::set_search_param).
inline std::optional<int> tabled_search_param(std::string_view name) {
    const SearchParams search;
    if (const int* value = search.find(name)) return *value;
    const TimeParams time;
    if (const int* value = time.find(name)) return *value;
    return std::nullopt;
}

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
    bool continuation_history = true;  // quiet ordering and LMR by the last two moves
    bool counter_moves = true;         // the reply that refuted the last move, after the killers
    bool capture_history = true;       // captures ordered by their history besides MVV-LVA
    bool history_pruning = true;       // skip quiets with a bad history at low depth
    bool correction_history = true;    // static eval corrected by the pawn structure's past errors
    bool singular_extensions = true;   // extend a table move far better than the others (multi-cut too)
    bool quiescence_checks_evasions = true;  // full evasions when in check inside quiescence
    bool time_node_share = true;       // on a clock: think longer when the best move took few of the nodes
    // Off by default: not shown to gain in matches (docs/SEARCH.md).
    bool internal_iterative_reduction = false;  // one ply less for a deep node without a table move
    bool probcut = false;              // a capture beating beta by a margin at a shallower depth cuts the node
    bool razoring = false;             // far below alpha near the leaves: quiescence decides
};

}  // namespace augur
