// Bounding fuzzed protocol scripts (see option_bounds.h): only the requests
// that would take long or open files are rewritten, line by line; every other
// byte reaches the session as the fuzzer wrote it.
#pragma once

#include <sstream>
#include <string>
#include <string_view>

#include "engine/engine.h"
#include "eval/kpk_bitbase.h"
#include "fuzz_support.h"
#include "option_bounds.h"

namespace augur::fuzz {

// UCI: `go perft N` deeper than MAX_PERFT_DEPTH gets that depth, every other
// `go` keeps at most MAX_SEARCH_NODES nodes or gets SEARCH_NODES appended, Hash
// and Threads are capped, `bench` is dropped and EvalFile may only name a file
// in the working directory.
std::string bounded_uci_script(std::string_view script);
// XBoard: the script starts with `sd SEARCH_DEPTH`, and has it again after
// every `new` (which lifts the limit); `sd` is capped at MAX_SEARCH_DEPTH,
// `memory`, `cores` and the Hash and Threads options are capped, and EvalFile
// is treated as in UCI. Timed searches need no rewriting: the session abandons
// its search at the end of the input, which comes at once.
std::string bounded_xboard_script(std::string_view script);

// How many lines are exactly `word` (UCI `isready`), or `word` and a number
// (XBoard `ping N`), before the first line that mentions quit: the session
// must answer each of them.
int count_requests(std::string_view script, std::string_view word, bool with_number);
// How many output lines start with `prefix` ("readyok", "pong ").
int count_lines_starting(std::string_view output, std::string_view prefix);

// The engine of every input of a session target: made once (with Hash
// INPUT_HASH_MB), since making an engine (its table, threads and search state)
// costs more than most scripts, and put back to that state after each input
// (restore_engine), so that an input never depends on the ones before it and
// a crash it causes happens again when the input is replayed alone.
Engine& reused_engine();
// Stops the engine's search, gives every option its value at the start of an
// input (checked: a value that cannot be restored is a failure) and, if the
// input searched, empties the table, histories and pawn hashes (new_game).
void restore_engine(Engine& engine, bool searched);

// The fuzz target of a session: the input, bounded, is the script a fresh
// Session runs to its end on the reused engine, restored afterwards; every
// request (word, numbered or not) must have been answered by a line starting
// with `answer`.
template <class Session>
void check_session(std::string_view input, std::string (*bound)(std::string_view), std::string_view request,
                   bool numbered, std::string_view answer) {
    std::string script = bound(input);
    Engine& engine = reused_engine();
    const std::uint64_t searches_before = engine.searches_begun();
    std::ostringstream out;
    {
        Session session(out, engine);
        std::istringstream in(script);
        session.run(in);
    }
    restore_engine(engine, engine.searches_begun() != searches_before);
    int asked = count_requests(script, request, numbered);
    int answered = count_lines_starting(out.str(), answer);
    FUZZ_CHECK(answered >= asked, std::string(request) + " " + std::to_string(asked) + " times, " +
                                      std::string(answer) + " " + std::to_string(answered));
}

// Every engine computes the KPvK bitbase first; the targets have it made once,
// before libFuzzer's per-input timeout starts.
inline void prepare_engine_tables() { kpk_bitbase_prepare(); }

}  // namespace augur::fuzz
