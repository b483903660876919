// eval_bench: nanoseconds per evaluate() over a position suite.
//
//   eval_bench [EPD file] [rounds]
// Defaults: $AUGUR_SHARED_DATA/tactical/wac_arasan_revised.epd plus
// perft/perft-marcel.epd, 200 rounds. Reports the time with a warm pawn hash
// (what the search sees most of the time), without a pawn hash, and for
// breakdown(). The checksum makes the work observable and pins the result.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "eval/evaluate.h"
#include "test_util.h"

using namespace augur;

namespace {

template <class F>
double time_ns_per_call(std::size_t calls, F&& run) {
    auto start = std::chrono::steady_clock::now();
    run();
    auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    return double(ns) / double(calls);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> fens;
    if (argc > 1) {
        fens = test::load_fens_from(argv[1]);
    } else {
        for (const char* f : {"tactical/wac_arasan_revised.epd", "perft/perft-marcel.epd"})
            for (auto& fen : test::load_fens(f)) fens.push_back(fen);
    }
    int rounds = argc > 2 ? std::atoi(argv[2]) : 200;
    std::vector<std::unique_ptr<test::Board>> boards;
    for (const std::string& fen : fens) {
        try {
            boards.push_back(std::make_unique<test::Board>(fen));
        } catch (...) {
        }
    }
    if (boards.empty()) {
        std::fprintf(stderr, "no positions (set AUGUR_SHARED_DATA or give an EPD file)\n");
        return 1;
    }
    std::size_t calls = boards.size() * std::size_t(rounds);
    long long checksum = 0;

    HandCraftedEvaluator hashed, unhashed(0);
    for (auto& b : boards) checksum += hashed.evaluate(b->pos);  // warm the pawn hash
    double warm = time_ns_per_call(calls, [&] {
        for (int r = 0; r < rounds; ++r)
            for (auto& b : boards) checksum += hashed.evaluate(b->pos);
    });
    double cold = time_ns_per_call(calls, [&] {
        for (int r = 0; r < rounds; ++r)
            for (auto& b : boards) checksum += unhashed.evaluate(b->pos);
    });
    std::size_t bd_calls = boards.size() * std::size_t(std::max(1, rounds / 10));
    double bd = time_ns_per_call(bd_calls, [&] {
        for (int r = 0; r < std::max(1, rounds / 10); ++r)
            for (auto& b : boards) checksum += hashed.breakdown(b->pos).total;
    });
    std::printf("positions %zu, rounds %d\n", boards.size(), rounds);
    std::printf("evaluate, pawn hash hit : %7.1f ns\n", warm);
    std::printf("evaluate, no pawn hash  : %7.1f ns\n", cold);
    std::printf("breakdown               : %7.1f ns\n", bd);
    std::printf("checksum %lld\n", checksum);
    return 0;
}
