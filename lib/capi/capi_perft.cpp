// C entry points for perft. Both work on a scratch copy of the position, so
// the handle is not modified even while the count runs.
#include <string>

#include "capi/handle.h"
#include "capi/moves.h"
#include "core/notation.h"
#include "core/perft.h"

using augur::capi::fail;
using augur::capi::guarded;
using augur::capi::null_argument;

namespace {

int check_depth(const augur_position& pos, int depth, int min_depth) {
    if (depth >= min_depth && depth <= AUGUR_PERFT_MAX_DEPTH) return AUGUR_OK;
    return fail(pos, AUGUR_E_INVALID_ARGUMENT,
                "perft depth " + std::to_string(depth) + " is out of range; it must be from " +
                    std::to_string(min_depth) + " to ",
                std::to_string(AUGUR_PERFT_MAX_DEPTH));
}

}  // namespace

extern "C" {

int augur_perft(const augur_position* pos, int depth, uint64_t* nodes) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (!nodes) return null_argument(p, "nodes");
        if (int status = check_depth(p, depth, 0)) return status;
        augur::capi::ScratchPosition scratch(p.game->position());
        *nodes = augur::perft(scratch.pos, depth);
        return AUGUR_OK;
    });
}

int augur_perft_divide(const augur_position* pos, int depth, augur_divide_fn callback, void* user, uint64_t* total) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (!callback) return null_argument(p, "callback");
        if (int status = check_depth(p, depth, 1)) return status;
        augur::capi::ScratchPosition scratch(p.game->position());
        augur::Position& board = scratch.pos;
        uint64_t sum = 0;
        // Counted here rather than by the core's perft_divide so that the host
        // hears of each move as soon as it is done, in the C API's move order.
        for (augur::Move m : augur::capi::SortedMoves(board)) {
            std::string uci = augur::move_to_uci(board, m);
            augur::StateInfo st;
            board.do_move(m, st);
            uint64_t nodes = augur::perft(board, depth - 1);
            board.undo_move(m);
            sum += nodes;
            callback(user, m.raw(), uci.c_str(), nodes);
        }
        if (total) *total = sum;
        return AUGUR_OK;
    });
}

}  // extern "C"
