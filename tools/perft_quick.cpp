#include <cstdio>
#include <chrono>
#include <cstdlib>
#include "core/perft.h"
#include "core/notation.h"
using namespace augur;
int main(int argc, char** argv) {
  StateInfo st; Position pos;
  auto err = pos.set_fen(argc > 2 ? argv[2] : Position::START_FEN, st);
  if (err) { std::printf("error: %s\n", err->c_str()); return 1; }
  int d = std::atoi(argv[1]);
  auto t0 = std::chrono::steady_clock::now();
  auto n = perft(pos, d);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%llu nodes %.3f s %.1f Mnps\n", (unsigned long long)n, s, n / s / 1e6);
}
