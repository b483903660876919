#include "core/perft.h"

#include "core/movegen.h"

namespace augur {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos);
    std::uint64_t nodes = 0;
    StateInfo st;
    for (Move m : MoveList<>(pos)) {
        pos.do_move(m, st);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth <= 0) return result;
    StateInfo st;
    for (Move m : MoveList<>(pos)) {
        pos.do_move(m, st);
        result.emplace_back(m, perft(pos, depth - 1));
        pos.undo_move(m);
    }
    return result;
}

}  // namespace augur
