// Lazy SMP time-to-depth benchmark: every bench position searched to a fixed
// depth (fresh table each) with 1 thread and with N threads, alternately, a
// few rounds; prints per-round times and the median speedup. The one-thread
// total node count is the bench fingerprint. --param name=value and --option
// Name=value (engine_flags.h) set both engines alike, e.g. --option
// CorrectionHistory=false.
//     build/tests/bench/smp_bench [--depth 13] [--threads 2] [--rounds 3] [--param name=value]...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "engine_flags.h"

using namespace augur;

namespace {

struct Run {
    std::uint64_t nodes = 0;
    double seconds = 0;
};

Run run_all(Engine& engine, int depth) {
    Run run;
    for (std::string_view fen : bench_positions()) {
        auto created = Game::from_fen(fen);
        engine.new_game();
        SearchLimits limits;
        limits.depth = depth;
        auto start = std::chrono::steady_clock::now();
        SearchResult result = engine.search(*created.game, limits);
        run.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        run.nodes += result.stats.nodes;
    }
    return run;
}

int int_arg(int argc, char** argv, const char* name, int fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0) return std::atoi(argv[i + 1]);
    return fallback;
}

}  // namespace

int main(int argc, char** argv) {
    const int depth = int_arg(argc, argv, "--depth", 13);
    const int threads = int_arg(argc, argv, "--threads", 2);
    const int rounds = int_arg(argc, argv, "--rounds", 3);

    bench::EngineFlags flags;
    for (int i = 1; i + 1 < argc; i += 2)
        if (bench::EngineFlags::is_engine_flag(argv[i]))
            if (auto error = flags.take(argv[i], argv[i + 1])) {
                std::fprintf(stderr, "smp_bench: %s\n", error->c_str());
                return 2;
            }
    Engine single, multi;
    multi.set_option("Threads", std::to_string(threads));
    for (Engine* engine : {&single, &multi})
        if (auto error = flags.apply(*engine)) {
            std::fprintf(stderr, "smp_bench: %s\n", error->c_str());
            return 2;
        }
    std::vector<double> speedups;
    for (int round = 1; round <= rounds; ++round) {
        Run one = run_all(single, depth);
        Run many = run_all(multi, depth);
        double speedup = one.seconds / many.seconds;
        speedups.push_back(speedup);
        std::printf("round %d depth %d: 1 thread %.2f s %llu nodes (%.0f knps) | %d threads %.2f s %llu nodes (%.0f knps) | "
                    "time-to-depth speedup %.2f\n",
                    round, depth, one.seconds, (unsigned long long)one.nodes, one.nodes / one.seconds / 1000, threads,
                    many.seconds, (unsigned long long)many.nodes, many.nodes / many.seconds / 1000, speedup);
        std::fflush(stdout);
    }
    std::sort(speedups.begin(), speedups.end());
    std::printf("median speedup with %d threads: %.2f\n", threads, speedups[speedups.size() / 2]);
}
