// C entry points for the Syzygy tablebases: the same tables and probes as the
// search's (lib/tablebase), for hosts that probe outside a search.
#include <algorithm>
#include <string>
#include <vector>

#include "capi/handle.h"
#include "tablebase/syzygy.h"

using augur::Move;
using augur::capi::create_handle;
using augur::capi::fail;
using augur::capi::guarded;
using augur::capi::null_argument;
namespace syzygy = augur::syzygy;

static_assert(int(syzygy::Wdl::Loss) == AUGUR_TB_LOSS);
static_assert(int(syzygy::Wdl::BlessedLoss) == AUGUR_TB_BLESSED_LOSS);
static_assert(int(syzygy::Wdl::Draw) == AUGUR_TB_DRAW);
static_assert(int(syzygy::Wdl::CursedWin) == AUGUR_TB_CURSED_WIN);
static_assert(int(syzygy::Wdl::Win) == AUGUR_TB_WIN);

struct augur_tablebase {
    syzygy::TableHandle tables;  // empty until loaded
    mutable augur::capi::ErrorBuffer error = {};
};

extern "C" {

int augur_tablebase_create(augur_tablebase** out) {
    return create_handle(out, [](augur_tablebase&) { return AUGUR_OK; });
}

void augur_tablebase_destroy(augur_tablebase* tables) { delete tables; }

const char* augur_tablebase_last_error(const augur_tablebase* tables) {
    return tables ? tables->error : "tables is NULL";
}

int augur_tablebase_load(augur_tablebase* tables, const char* paths) {
    return guarded(tables, [&](augur_tablebase& t) -> int {
        if (!paths) return null_argument(t, "paths");
        if (auto error = syzygy::load(paths, t.tables)) return fail(t, AUGUR_E_INVALID_ARGUMENT, *error);
        return AUGUR_OK;
    });
}

int augur_tablebase_max_pieces(const augur_tablebase* tables, int* pieces) {
    return guarded(tables, [&](const augur_tablebase& t) -> int {
        if (!pieces) return null_argument(t, "pieces");
        *pieces = t.tables.max_pieces;
        return AUGUR_OK;
    });
}

int augur_tablebase_probe_wdl(const augur_tablebase* tables, const augur_position* pos, int* found, int* wdl) {
    return guarded(tables, [&](const augur_tablebase& t) -> int {
        if (!pos) return null_argument(t, "pos");
        if (!found) return null_argument(t, "found");
        const std::optional<syzygy::Wdl> value = syzygy::probe_wdl(t.tables, pos->game->position());
        if (value && !wdl) return null_argument(t, "wdl");
        *found = value.has_value();
        if (value) *wdl = int(*value);
        return AUGUR_OK;
    });
}

int augur_tablebase_rank_root_moves(const augur_tablebase* tables, const augur_position* pos, int rule50,
                                    augur_tablebase_move* out, size_t capacity, size_t* count) {
    return guarded(tables, [&](const augur_tablebase& t) -> int {
        if (!pos) return null_argument(t, "pos");
        if (!count) return null_argument(t, "count");
        if (rule50 != 0 && rule50 != 1)
            return fail(t, AUGUR_E_INVALID_ARGUMENT, "rule50 must be 0 or 1, not ", std::to_string(rule50));
        if (!out && capacity > 0) return null_argument(t, "out");
        const std::vector<syzygy::RankedMove> ranked =
            syzygy::rank_root_moves(t.tables, pos->game->position(), rule50 == 1);
        if (ranked.size() > capacity) {
            *count = ranked.size();
            return fail(t, AUGUR_E_BUFFER_TOO_SMALL,
                        "room for " + std::to_string(capacity) + " moves; " + std::to_string(ranked.size()),
                        " are needed");
        }
        std::ranges::transform(ranked, out, [](const syzygy::RankedMove& r) {
            return augur_tablebase_move{r.move.raw(), r.rank, int(r.wdl)};
        });
        *count = ranked.size();
        return AUGUR_OK;
    });
}

}  // extern "C"
