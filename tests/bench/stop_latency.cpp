// Stop latency benchmark: the time from Engine::stop() to the search's result
// being available (wait() returning), for searches stopped at a random moment
// 1-300 ms after they started, on the bench positions. Infinite and ponder
// searches alternate (a GUI stops both), with 1 thread and with N threads.
// Prints the median, 90th and 99th percentile and the worst case per thread count.
//     build/tests/bench/stop_latency [--trials 200] [--threads 2] [--seed 1]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"

using namespace augur;

namespace {

using Clock = std::chrono::steady_clock;

// The latency of one stop, in microseconds.
std::int64_t stop_once(Engine& engine, std::string_view fen, bool ponder, int delay_ms) {
    auto created = Game::from_fen(fen);
    SearchLimits limits;
    limits.infinite = !ponder;
    limits.ponder = ponder;
    engine.new_game();
    engine.start(*created.game, limits);
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    auto stop_time = Clock::now();
    engine.stop();
    engine.wait();
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - stop_time).count();
}

void report(int threads, std::vector<std::int64_t> latencies) {
    std::sort(latencies.begin(), latencies.end());
    auto at = [&](double fraction) { return latencies[std::size_t(fraction * double(latencies.size() - 1))]; };
    std::printf("%d thread(s), %zu stops: median %lld us, p90 %lld us, p99 %lld us, max %lld us\n", threads,
                latencies.size(), (long long)at(0.5), (long long)at(0.9), (long long)at(0.99),
                (long long)latencies.back());
    std::fflush(stdout);
}

int int_arg(int argc, char** argv, const char* name, int fallback, int min, int max) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0) return std::clamp(std::atoi(argv[i + 1]), min, max);
    return fallback;
}

}  // namespace

int main(int argc, char** argv) {
    const int trials = int_arg(argc, argv, "--trials", 200, 1, 100000);
    const int threads = int_arg(argc, argv, "--threads", 2, 1, Engine::MAX_THREADS);
    std::mt19937 random(unsigned(int_arg(argc, argv, "--seed", 1, 0, 1 << 30)));
    std::uniform_int_distribution<int> delay(1, 300);
    const auto& positions = bench_positions();

    for (int thread_count : {1, threads}) {
        Engine engine;
        engine.set_option("Threads", std::to_string(thread_count));
        std::vector<std::int64_t> latencies;
        for (int trial = 0; trial < trials; ++trial) {
            std::string_view fen = positions[std::size_t(trial) % positions.size()];
            latencies.push_back(stop_once(engine, fen, trial % 2 == 1, delay(random)));
        }
        report(thread_count, latencies);
        if (threads == 1) break;
    }
}
