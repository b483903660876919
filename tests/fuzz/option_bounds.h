// Bounds on what a fuzzed input may ask of the engine. A session or the C ABI
// must take any request, but the fuzzer must not spend minutes on one it made
// legitimately (`go depth 60`, `go perft 12`, Hash 65536), nor open arbitrary
// files: the targets rewrite those requests to small ones first. Used by the
// C ABI target and session_script.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace augur::fuzz {

// Largest values the targets keep.
constexpr unsigned long long MAX_PERFT_DEPTH = 2;
// XBoard: the depth limit a script starts with (and has again after each
// `new`, which lifts it), and the largest an `sd` keeps. A search of depth 1
// costs a few dozen nodes; the fuzzer reaches deeper ones by writing `sd`.
constexpr unsigned long long SEARCH_DEPTH = 1;
constexpr unsigned long long MAX_SEARCH_DEPTH = 3;
// UCI: the node limit of a `go` that names none, and the largest a `go nodes N`
// keeps. Deeper searches (aspiration, ProbCut, IIR start at depth 4-5) need
// the larger one, which the fuzzer reaches by writing `nodes`.
constexpr unsigned long long SEARCH_NODES = 100;
constexpr unsigned long long MAX_SEARCH_NODES = 1000;
constexpr unsigned long long MAX_HASH_MB = 4;
constexpr unsigned long long MAX_THREADS = 2;
// The Hash of the targets' engines at the start of every input. Each input
// starts from an emptied table; emptying the default 16 MB took most of an
// input's time under the sanitizers and coverage, a 1 MB table a sixteenth.
constexpr const char* INPUT_HASH_MB = "1";

// A plain decimal number as the protocols write them (any number of digits:
// one too large for 64 bits counts as the largest), or nullopt.
std::optional<unsigned long long> plain_number(std::string_view text);
// text, or cap if text is a number above cap (separators around it ignored, as the sessions ignore them).
std::string capped(std::string_view text, unsigned long long cap);
// The value an option may take in a fuzzed script or call: Hash and Threads
// capped, EvalFile only a plain file name in the working directory and
// SyzygyPath only such names (separated by ':'), so that no table is looked
// for outside it (nullopt: do not set it).
std::optional<std::string> bounded_option(std::string_view name, std::string_view value);
// text without its '/' characters: a path that stays in the working directory (or its parent).
std::string without_slashes(std::string_view text);

}  // namespace augur::fuzz
