// nnue_dump: the native half of the Java network cross-check.
//
//   nnue_dump NETWORK [--every N] FILE [[--every N] FILE]...
//
// Evaluates every sampled position of the files (as eval_dump samples them)
// with the network file NETWORK, and every position one legal move later,
// through the native NnueEvaluator's hooks (the incremental path, SIMD where
// built). dev.augur.reference.eval.NativeNnueReferenceTest evaluates the same
// positions with the Java NnueEvaluator and compares them number for number.
// One line per position:
//
//   FEN | V | UCI V UCI V ...
//
// with the moves in move-code order. Each value is also checked against the
// scalar from-scratch evaluation; a difference stops the dump with status 1.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "eval/nnue/nnue_evaluator.h"
#include "test_util.h"

using namespace augur;

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: nnue_dump NETWORK [--every N] FILE...\n");
        return 2;
    }
    nnue::NetworkLoad load = nnue::load_network_file(argv[1]);
    if (!load.network) {
        std::fprintf(stderr, "nnue_dump: %s\n", load.error.c_str());
        return 1;
    }
    nnue::NnueEvaluator evaluator(load.network);
    bool agree = true;
    auto evaluate = [&](const Position& pos) {
        int value = evaluator.evaluate(pos);
        agree &= value == nnue::evaluate_from_scratch(*load.network, pos);
        return value;
    };
    int status = test::for_each_sampled_fen(argc - 1, argv + 1, "nnue_dump", [&](const std::string& fen) {
        test::Board board(fen);
        Position& pos = board.pos;
        evaluator.on_search_start(pos);
        std::string line = fen + " | " + std::to_string(evaluate(pos)) + " |";
        MoveList<> list(pos);
        std::vector<Move> moves(list.begin(), list.end());
        std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
        for (Move m : moves) {
            StateInfo st;
            std::string uci = move_to_uci(pos, m);
            evaluator.on_move(pos, m);
            pos.do_move(m, st);
            line += " " + uci + " " + std::to_string(evaluate(pos));
            pos.undo_move(m);
            evaluator.on_undo_move(pos, m);
        }
        std::printf("%s\n", line.c_str());
        if (!agree) std::fprintf(stderr, "nnue_dump: incremental and from-scratch values differ at %s\n", fen.c_str());
        return agree;
    });
    return status;
}
