// Text reports of the engine that both front ends print (UCI session and
// command line): the evaluation breakdown and the bench.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/position.h"
#include "engine/engine.h"
#include "eval/evaluate.h"

namespace augur {

// One row per evaluation term: what White and Black score (middlegame and
// endgame halves) and the term's share of the final value in centipawns from
// White's view; then the phase, the endgame scale and rule, and the total from
// White's and from the side to move's view. The finals add up to the total.
// When the engine evaluates with the network (Eval nnue), its value follows.
void write_eval(std::ostream& out, const Position& pos, const EvalBreakdown& breakdown,
                std::optional<int> network_value = std::nullopt);

// A bench depth ("" gives DEFAULT_BENCH_DEPTH); nullopt with the reason in *error if bad.
std::optional<int> parse_bench_depth(std::string_view text, std::string* error);

// Runs the bench on engine, printing "position i/n: <fen>  nodes N  bestmove X"
// as each position finishes and, as the very last line, "N nodes N nps": the
// form OpenBench and similar testers read the node-count signature from.
void write_bench(std::ostream& out, Engine& engine, int depth);

}  // namespace augur
