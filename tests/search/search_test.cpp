// The search as a whole: determinism, limits, stopping, the node trace, the
// listener, options, symmetry and the bench fingerprint.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <deque>
#include <optional>
#include <thread>

#include "core/movegen.h"
#include "core/notation.h"
#include "search/movepick.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

// A spread of middlegame and endgame positions (the bench's, which come from
// the CPW perft set and the tactical suites).
std::vector<std::string> sample_fens(std::size_t count) {
    std::vector<std::string> fens;
    const auto& bench = bench_positions();
    for (std::size_t i = 0; i < bench.size() && fens.size() < count; ++i) fens.emplace_back(bench[i]);
    return fens;
}

bool same_result(const SearchResult& a, const SearchResult& b) {
    return a.best_move == b.best_move && a.ponder_move == b.ponder_move && a.score == b.score && a.depth == b.depth &&
           a.pv == b.pv && a.stats.nodes == b.stats.nodes && a.stats.qnodes == b.stats.qnodes &&
           a.stats.seldepth == b.stats.seldepth && a.stats.tt_hits == b.stats.tt_hits;
}

// Every move of the line is legal in turn.
bool line_is_legal(Game& game, const std::vector<Move>& line) {
    std::size_t played = 0;
    bool ok = true;
    for (Move m : line) {
        if (!game.position().is_legal(m)) {
            ok = false;
            break;
        }
        game.play(m);
        ++played;
    }
    while (played--) game.undo();
    return ok;
}

// The ponder move is the line's second move, or with a line of one move none
// or a legal reply to it (from the table).
bool ponder_move_is_consistent(Game& game, const SearchResult& r) {
    if (r.pv.size() > 1) return r.ponder_move == r.pv[1];
    if (!r.ponder_move) return true;
    return line_is_legal(game, {r.best_move, r.ponder_move});
}

}  // namespace

TEST_CASE("Search is deterministic after new_game", "[search][determinism]") {
    Engine engine;
    Engine other;
    for (const std::string& fen : sample_fens(8)) {
        INFO(fen);
        auto game = make_game(fen);
        SearchResult a = search_fresh(engine, *game, 8);
        SearchResult b = search_fresh(engine, *game, 8);
        CHECK(same_result(a, b));
        // Another engine instance in the same process: nothing is shared.
        SearchResult c = search_fresh(other, *game, 8);
        CHECK(same_result(a, c));
        // A node limit cuts the search at the same node every time.
        SearchResult d = search_fresh(engine, *game, 0, 30000);
        SearchResult e = search_fresh(engine, *game, 0, 30000);
        CHECK(same_result(d, e));
        // The game is left as it was found.
        CHECK(game->position().fen() == make_game(fen)->position().fen());
    }
}

TEST_CASE("Search results are legal and consistent", "[search]") {
    Engine engine;
    for (const std::string& fen : sample_fens(24)) {
        INFO(fen);
        auto game = make_game(fen);
        RecordingListener listener;
        engine.new_game();
        SearchLimits limits;
        limits.depth = 7;
        SearchResult r = engine.search(*game, limits, &listener);
        REQUIRE(r.best_move);
        CHECK(game->position().is_legal(r.best_move));
        REQUIRE_FALSE(r.pv.empty());
        CHECK(r.pv[0] == r.best_move);
        CHECK(line_is_legal(*game, r.pv));
        CHECK(ponder_move_is_consistent(*game, r));
        CHECK(r.depth == 7);
        CHECK(r.score > -SCORE_INFINITE);
        CHECK(r.score < SCORE_INFINITE);
        CHECK(r.stats.qnodes <= r.stats.nodes);
        CHECK(r.stats.tt_hits <= r.stats.tt_probes);
        CHECK(r.stats.fail_highs_first <= r.stats.fail_highs);
        CHECK(r.stats.seldepth >= 6);
        // One iteration report per depth, the last one matching the result.
        REQUIRE(listener.iterations.size() == 7);
        for (std::size_t i = 0; i < listener.iterations.size(); ++i) {
            const PvInfo& it = listener.iterations[i];
            CHECK(it.depth == int(i) + 1);
            CHECK(it.bound == BOUND_EXACT);
            CHECK(line_is_legal(*game, it.pv));
            if (i > 0) CHECK(it.nodes >= listener.iterations[i - 1].nodes);
        }
        CHECK(listener.iterations.back().pv == r.pv);
        CHECK(listener.iterations.back().score == r.score);
        CHECK(listener.iterations.back().nodes == r.stats.nodes);
        for (const PvInfo& p : listener.pvs) CHECK(line_is_legal(*game, p.pv));
    }
}

TEST_CASE("A line of one move still names the table's reply to ponder on", "[search][ponder]") {
    // A depth-1 search's line is its move alone; the deeper search before it
    // left the reply to every root move in the table. Hosts ponder on it.
    Engine engine;
    auto game = make_game("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    SearchLimits deep;
    deep.depth = 9;
    engine.search(*game, deep);
    SearchLimits shallow;
    shallow.depth = 1;
    SearchResult r = engine.search(*game, shallow);
    REQUIRE(r.pv.size() == 1);
    REQUIRE(r.ponder_move);
    CHECK(line_is_legal(*game, {r.best_move, r.ponder_move}));
}

namespace {

// The nodes of a fresh search of fen to depth, with late-move, history and
// futility pruning of quiet moves on or off (and check extensions as given).
std::uint64_t nodes_with_quiet_pruning(const char* fen, int depth, bool quiet_pruning, bool check_extension) {
    Engine engine;
    REQUIRE_FALSE(engine.set_option("CheckExtension", check_extension ? "true" : "false"));
    for (const char* name : {"LateMovePruning", "HistoryPruning", "FutilityPruning"})
        REQUIRE_FALSE(engine.set_option(name, quiet_pruning ? "true" : "false"));
    auto game = make_game(fen);
    SearchLimits limits;
    limits.depth = depth;
    return engine.search(*game, limits).stats.nodes;
}

// The three switches change nothing in the first positions' searches and
// change the tree in the others'.
void check_quiet_pruning(std::initializer_list<const char*> unpruned, std::initializer_list<const char*> pruned,
                         int depth, bool check_extension) {
    auto nodes = [&](const char* fen, bool quiet_pruning) {
        return nodes_with_quiet_pruning(fen, depth, quiet_pruning, check_extension);
    };
    for (const char* fen : unpruned) {
        INFO("unpruned " << fen);
        CHECK(nodes(fen, true) == nodes(fen, false));
    }
    for (const char* fen : pruned) {
        INFO("pruned " << fen);
        CHECK(nodes(fen, true) != nodes(fen, false));
    }
}

}  // namespace

TEST_CASE("Against a bare king no quiet move is pruned by late-move, history or futility pruning", "[search]") {
    // Pieces without pawns against a bare king (KBNvK) win by quiet manoeuvres
    // those guesses cut: there the three switches change nothing.
    // Against a knight, and with a pawn (its pushes make the progress), they prune.
    check_quiet_pruning({"8/8/3k4/8/8/8/8/1BNK4 w - - 0 1", "7k/8/8/8/3K4/8/8/2B4N b - - 0 1"},
                        {"8/8/3k4/8/3n4/8/8/1R1K4 w - - 0 1", "8/5k2/8/8/8/p7/3n4/2K5 b - - 0 1"}, 12, true);
}

TEST_CASE("In a pawnless ending the side with less material prunes no quiet move", "[search]") {
    // The knight's side of KRvKN holds by a few quiet moves among many; pruned,
    // they would show the rook's side wins that are not there. A depth-2 search
    // without check extensions prunes quiets at ply 1 only (the root prunes
    // nothing and the leaves are quiescence), so there the three switches
    // change the tree exactly when the side to move at ply 1 prunes.
    // The defender replies at ply 1 in the first two (KRvKN, KQvKN). The side with
    // more material prunes (the knight's side to move at the root), and so does a
    // side with a pawn.
    check_quiet_pruning({"8/8/3k4/8/3n4/8/8/1R1K4 w - - 0 1", "8/2k5/8/1n6/8/8/5K2/6Q1 w - - 0 1"},
                        {"8/8/3k4/8/3n4/8/8/1R1K4 b - - 0 1", "8/8/3k4/8/3n4/6p1/8/1R1K4 w - - 0 1"}, 2, false);
}

TEST_CASE("A position with one legal move is searched and answered", "[search]") {
    Engine engine;
    auto game = make_game("7k/8/8/8/8/8/r7/K6r w - - 0 1");
    REQUIRE(MoveList<>(game->position()).size() == 1);
    SearchResult r = search_fresh(engine, *game, 6);
    CHECK(r.best_move == MoveList<>(game->position())[0]);
}

TEST_CASE("The node limit is respected", "[search][limits]") {
    Engine engine;
    for (const std::string& fen : sample_fens(6)) {
        auto game = make_game(fen);
        for (std::uint64_t limit : {1ULL, 2ULL, 10ULL, 100ULL, 1000ULL, 12345ULL, 100000ULL}) {
            SearchResult r = search_fresh(engine, *game, 0, limit);
            INFO(fen << " limit " << limit << " nodes " << r.stats.nodes);
            // Every node checks the limit, so a stopped search unwinds with at
            // most a couple of extra node entries per ply (re-searches).
            CHECK(r.stats.nodes <= limit + 8);
            CHECK(r.stats.nodes >= std::min<std::uint64_t>(limit, 1));
            REQUIRE(r.best_move);
            CHECK(game->position().is_legal(r.best_move));
            CHECK(line_is_legal(*game, r.pv));
        }
    }
}

TEST_CASE("The depth limit is respected", "[search][limits]") {
    Engine engine;
    auto game = make_game(std::string(bench_positions()[1]));
    for (int depth : {1, 2, 5}) {
        RecordingListener listener;
        engine.new_game();
        SearchLimits limits;
        limits.depth = depth;
        SearchResult r = engine.search(*game, limits, &listener);
        CHECK(r.depth == depth);
        CHECK(listener.iterations.size() == std::size_t(depth));
    }
}

TEST_CASE("A stop flag set from another thread stops the search promptly", "[search][limits][stop]") {
    Engine engine;
    auto game = make_game(std::string(bench_positions()[1]));
    std::atomic<bool> stop{false};
    SearchLimits limits;  // no depth or node limit: only the flag ends it
    limits.stop = &stop;
    engine.new_game();

    std::chrono::steady_clock::time_point stopped_at;
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stopped_at = std::chrono::steady_clock::now();
        stop.store(true);
    });
    SearchResult r = engine.search(*game, limits);
    auto returned_at = std::chrono::steady_clock::now();
    stopper.join();

    auto latency = std::chrono::duration_cast<std::chrono::milliseconds>(returned_at - stopped_at).count();
    INFO("returned " << latency << " ms after the stop, depth " << r.depth << ", nodes " << r.stats.nodes);
    CHECK(latency < 500);
    REQUIRE(r.best_move);
    CHECK(game->position().is_legal(r.best_move));
    CHECK(line_is_legal(*game, r.pv));
    CHECK(r.depth >= 1);
    CHECK(game->position().fen() == make_game(std::string(bench_positions()[1]))->position().fen());
}

TEST_CASE("A flag already set returns at once with a legal move", "[search][limits][stop]") {
    Engine engine;
    auto game = make_game(std::string(bench_positions()[3]));
    std::atomic<bool> stop{true};
    SearchLimits limits;
    limits.stop = &stop;
    SearchResult r = engine.search(*game, limits);
    CHECK(r.stats.nodes <= 3);
    REQUIRE(r.best_move);
    CHECK(game->position().is_legal(r.best_move));
}

// Stopped at the first node below the root, a search has no root move done: it
// plays the first move of the root ordering, which Java computes the same way.
TEST_CASE("A search stopped before any root move was done plays the first of the root ordering",
          "[search][limits][stop]") {
    Engine engine;
    for (const std::string& fen : sample_fens(24)) {
        INFO(fen);
        auto game = make_game(fen);
        // No table move and no history yet: the move picker's first move.
        SearchResult stopped = search_fresh(engine, *game, 0, 1);
        SearchHistory no_history;
        MovePicker picker(game->position(), Move::none(), nullptr, &no_history, true, false);
        CHECK(stopped.best_move == picker.next());
        CHECK(stopped.depth == 0);
        CHECK(stopped.pv == std::vector<Move>{stopped.best_move});

        // After a search, the table's move for the root comes first.
        SearchResult searched = search_depth(engine, *game, 5);
        SearchLimits one_node;
        one_node.nodes = 1;
        CHECK(engine.search(*game, one_node).best_move == searched.best_move);

        // Restricted to searchmoves, the first allowed move of that ordering.
        MoveList<> legal(game->position());
        Move last = legal[legal.size() - 1];
        one_node.search_moves = {last};
        engine.new_game();
        CHECK(engine.search(*game, one_node).best_move == last);
    }
}

TEST_CASE("Engine::stop from another thread stops the search", "[search][limits][stop]") {
    Engine engine;
    auto game = make_game(std::string(bench_positions()[1]));
    // Engine::search clears the flag when it starts, so stop only once the
    // search reports its first iteration.
    struct Started : SearchListener {
        std::atomic<bool> started{false};
        void on_iteration(const PvInfo&) override { started.store(true); }
    } listener;
    engine.new_game();
    std::thread stopper([&] {
        while (!listener.started.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        engine.stop();
    });
    SearchLimits limits;
    limits.nodes = 200'000'000;  // a backstop, far beyond what 100 ms can search
    SearchResult r = engine.search(*game, limits, &listener);
    stopper.join();
    CHECK(r.stats.nodes < 200'000'000);
    REQUIRE(r.best_move);
    CHECK(game->position().is_legal(r.best_move));
}

TEST_CASE("Engine::stop also works when the caller passes its own stop flag", "[search][limits][stop]") {
    // Regression: Engine::search once used the engine's own flag only when
    // limits.stop was null, so a host passing its own flag could not stop the
    // search with Engine::stop(). With a node backstop a failure shows as a
    // search that runs to the backstop.
    Engine engine;
    auto game = make_game(std::string(bench_positions()[1]));
    struct Started : SearchListener {
        std::atomic<bool> started{false};
        void on_iteration(const PvInfo&) override { started.store(true); }
    } listener;
    std::atomic<bool> own{false};
    engine.new_game();
    std::thread stopper([&] {
        while (!listener.started.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        engine.stop();
    });
    SearchLimits limits;
    limits.nodes = 5'000'000;
    limits.stop = &own;
    SearchResult r = engine.search(*game, limits, &listener);
    stopper.join();
    CHECK(r.stats.nodes < 5'000'000);
}

TEST_CASE("The node trace is balanced and matches the nodes", "[search][trace]") {
    Engine engine;
    for (const std::string& fen : sample_fens(6)) {
        INFO(fen);
        auto game = make_game(fen);
        RecordingTracer tracer;
        engine.new_game();
        SearchLimits limits;
        limits.depth = 5;
        SearchResult traced = engine.search(*game, limits, nullptr, &tracer);
        SearchResult plain = search_fresh(engine, *game, 5);
        // Tracing observes; it changes nothing.
        CHECK(same_result(traced, plain));

        REQUIRE_FALSE(tracer.events.empty());
        const auto& first = tracer.events.front();
        REQUIRE(first.enter);
        CHECK(first.node.ply == 0);
        CHECK_FALSE(first.node.move);
        CHECK(first.node.key == game->position().key());

        // Replay the trace on a shadow position: every node's key must be the
        // key reached by the move path from the root, and plies nest.
        Position& shadow = game->position();
        std::deque<StateInfo> states;
        std::vector<Move> path;
        std::uint64_t enters = 0, root_enters = 0;
        int iterations = 0;
        bool keys_ok = true, plies_ok = true, scores_ok = true;
        for (const auto& e : tracer.events) {
            if (e.enter) {
                ++enters;
                if (e.node.ply == 0) {
                    if (!path.empty()) plies_ok = false;
                    ++root_enters;
                    if (e.node.depth > iterations) iterations = e.node.depth;
                    continue;
                }
                if (e.node.ply != int(path.size()) + 1) plies_ok = false;
                states.emplace_back();
                if (e.node.move == Move::null()) shadow.do_null_move(states.back());
                else shadow.do_move(e.node.move, states.back());
                path.push_back(e.node.move);
                if (shadow.key() != e.node.key) keys_ok = false;
                if (e.node.alpha >= e.node.beta) scores_ok = false;
            } else {
                if (e.result.score <= -SCORE_INFINITE || e.result.score >= SCORE_INFINITE) scores_ok = false;
                if (path.empty()) continue;  // leaving a root node
                Move m = path.back();
                path.pop_back();
                if (m == Move::null()) shadow.undo_null_move();
                else shadow.undo_move(m);
                states.pop_back();
            }
        }
        std::uint64_t leaves = tracer.events.size() - enters;
        CHECK(enters == leaves);
        CHECK(path.empty());
        CHECK(enters == traced.stats.nodes);
        CHECK(keys_ok);
        CHECK(plies_ok);
        CHECK(scores_ok);
        CHECK(root_enters >= 5);  // one root node per iteration at least (more with aspiration re-searches)
        CHECK(iterations == 5);
        CHECK(game->position().fen() == make_game(fen)->position().fen());
    }
}

namespace {

// What a trace shows of singular extensions: a singular search is a node
// entered at the ply of the node still open above it (the same position,
// searched again without its table move); when it fails low, the node's next
// child is its table move, extended.
struct SingularTrace {
    int searches = 0;      // singular searches
    int well_formed = 0;   // at (depth - 1) / 2 of their node, on a null window, with its key
    int failed_low = 0;    // the table move is singular
    int extended = 0;      // ... and the node's next child was entered at its own depth or deeper
};

SingularTrace read_singular_searches(const std::vector<RecordingTracer::Event>& events) {
    SingularTrace seen;
    std::vector<TraceNode> open;
    std::vector<std::size_t> awaiting_child;  // indices into open of nodes whose table move is singular
    for (const auto& e : events) {
        if (e.enter) {
            const TraceNode& n = e.node;
            if (!awaiting_child.empty() && awaiting_child.back() + 1 == open.size() && n.ply == open.back().ply + 1) {
                seen.extended += n.depth >= open.back().depth;
                awaiting_child.pop_back();
            }
            if (!open.empty() && n.ply == open.back().ply && n.ply > 0) {
                const TraceNode& node = open.back();
                ++seen.searches;
                seen.well_formed += n.key == node.key && n.depth == (node.depth - 1) / 2 && n.beta == n.alpha + 1;
            }
            open.push_back(n);
        } else {
            const TraceNode left = open.back();
            open.pop_back();
            if (!open.empty() && open.back().ply == left.ply && e.result.score < left.beta) {
                ++seen.failed_low;
                awaiting_child.push_back(open.size() - 1);
            }
            while (!awaiting_child.empty() && awaiting_child.back() >= open.size()) awaiting_child.pop_back();
        }
    }
    return seen;
}

// Searches each of the first `count` sample positions to `depth` from a new
// game and hands each search's node trace to read.
template <class Read>
void trace_sample_searches(Engine& engine, int count, int depth, Read&& read) {
    for (const std::string& fen : sample_fens(count)) {
        auto game = make_game(fen);
        RecordingTracer tracer;
        engine.new_game();
        SearchLimits limits;
        limits.depth = depth;
        engine.search(*game, limits, nullptr, &tracer);
        read(tracer.events);
    }
}

SingularTrace trace_singular_searches(bool singular_extensions, int depth) {
    SingularTrace total;
    Engine engine;
    REQUIRE_FALSE(engine.set_option("SingularExtensions", singular_extensions ? "true" : "false"));
    trace_sample_searches(engine, 4, depth, [&](const std::vector<RecordingTracer::Event>& events) {
        const SingularTrace seen = read_singular_searches(events);
        total.searches += seen.searches;
        total.well_formed += seen.well_formed;
        total.failed_low += seen.failed_low;
        total.extended += seen.extended;
    });
    return total;
}

}  // namespace

TEST_CASE("A singular table move is searched against the others and extended", "[search][singular]") {
    const SingularTrace on = trace_singular_searches(true, 10);
    INFO("singular searches " << on.searches << ", well formed " << on.well_formed << ", failed low "
                              << on.failed_low << ", extended " << on.extended);
    CHECK(on.searches > 0);
    CHECK(on.well_formed == on.searches);
    CHECK(on.failed_low > 0);
    CHECK(on.extended == on.failed_low);

    const SingularTrace off = trace_singular_searches(false, 10);
    CHECK(off.searches == 0);
}

namespace {

// What a trace shows of ProbCut: children of a null-window node entered on the
// null window at the node's beta + probcut_margin. One that reaches it in
// quiescence is searched again at a positive depth (the same move, so the same
// key), and one that reaches it there ends its node at once with its score.
struct ProbCutTrace {
    int tries = 0;             // children on the ProbCut window
    int quiescence_held = 0;   // ... in quiescence, that reached it
    int searched_again = 0;    // ... and were next entered at a positive depth
    int shallow_held = 0;      // ... at a positive depth, that reached it
    int cut = 0;               // ... and their node then left with that score, no other child entered

    ProbCutTrace& operator+=(const ProbCutTrace& o) {
        tries += o.tries;
        quiescence_held += o.quiescence_held;
        searched_again += o.searched_again;
        shallow_held += o.shallow_held;
        cut += o.cut;
        return *this;
    }
};

ProbCutTrace read_probcut_tries(const std::vector<RecordingTracer::Event>& events, int margin) {
    struct Open {
        TraceNode node;
        std::optional<TraceNode> held_in_quiescence;  // the last child, a quiescence try that held
        std::optional<int> cut_score;                 // the last child, a shallow try that held
    };
    ProbCutTrace seen;
    std::vector<Open> open;
    for (const auto& e : events) {
        if (e.enter) {
            if (!open.empty()) {
                Open& parent = open.back();
                if (parent.held_in_quiescence) {
                    const TraceNode& q = *parent.held_in_quiescence;
                    seen.searched_again += e.node.key == q.key && e.node.alpha == q.alpha && e.node.depth > 0;
                    parent.held_in_quiescence.reset();
                }
                parent.cut_score.reset();  // another child: the try did not end the node
            }
            open.push_back({e.node, {}, {}});
            continue;
        }
        const Open left = open.back();
        open.pop_back();
        if (left.cut_score) seen.cut += e.result.score == *left.cut_score;
        if (open.empty()) continue;
        Open& parent = open.back();
        const int probcut_beta = parent.node.beta + margin;
        const bool try_window = parent.node.beta == parent.node.alpha + 1 && left.node.ply == parent.node.ply + 1 &&
                                left.node.alpha == -probcut_beta && left.node.beta == -probcut_beta + 1;
        if (!try_window) continue;
        ++seen.tries;
        if (-e.result.score < probcut_beta) continue;
        if (left.node.depth <= 0) {
            ++seen.quiescence_held;
            parent.held_in_quiescence = left.node;
        } else {
            ++seen.shallow_held;
            parent.cut_score = -e.result.score;
        }
    }
    return seen;
}

// Sums what `read` (events, the number `param`) sees in the sample searches
// with the check option `name` on or off.
template <class Trace, class Read>
Trace trace_with_switch(const std::string& name, bool on, const std::string& param, int depth, Read read) {
    Trace total;
    Engine engine;
    REQUIRE_FALSE(engine.set_option(name, on ? "true" : "false"));
    const int value = *engine.search_param(param);
    trace_sample_searches(engine, 6, depth,
                          [&](const std::vector<RecordingTracer::Event>& events) { total += read(events, value); });
    return total;
}

ProbCutTrace trace_probcut(bool probcut, int depth) {
    return trace_with_switch<ProbCutTrace>("ProbCut", probcut, "probcut_margin", depth, read_probcut_tries);
}

}  // namespace

TEST_CASE("ProbCut tries good captures above beta and cuts on a shallow search", "[search][probcut]") {
    const ProbCutTrace on = trace_probcut(true, 9);
    INFO("tries " << on.tries << ", held in quiescence " << on.quiescence_held << ", searched again "
                  << on.searched_again << ", held shallow " << on.shallow_held << ", cut " << on.cut);
    CHECK(on.tries > 0);
    CHECK(on.quiescence_held > 0);
    CHECK(on.searched_again == on.quiescence_held);
    CHECK(on.shallow_held > 0);
    CHECK(on.cut == on.shallow_held);

    const ProbCutTrace off = trace_probcut(false, 9);
    CHECK(off.tries == 0);
}

namespace {

// What a trace shows of razoring: a null-window node of depth 1 to razor_max_depth
// whose first child is the same position at the same ply in quiescence (depth 0)
// on the node's own window. When that quiescence search does not beat alpha, the
// node ends at once with its score.
struct RazorTrace {
    int tries = 0;        // quiescence entered by a node for itself
    int failed_low = 0;   // ... that did not beat the node's alpha
    int cut = 0;          // ... after which the node left with that score, no other child entered

    RazorTrace& operator+=(const RazorTrace& o) {
        tries += o.tries;
        failed_low += o.failed_low;
        cut += o.cut;
        return *this;
    }
};

RazorTrace read_razor_tries(const std::vector<RecordingTracer::Event>& events, int max_depth) {
    struct Open {
        TraceNode node;
        bool children = false;
        std::optional<int> cut_score;  // the last child, a razoring search that failed low
    };
    RazorTrace seen;
    std::vector<Open> open;
    for (const auto& e : events) {
        if (e.enter) {
            if (!open.empty()) {
                open.back().children = true;
                open.back().cut_score.reset();  // another child: razoring did not end the node
            }
            open.push_back({e.node, false, {}});
            continue;
        }
        const Open left = open.back();
        open.pop_back();
        if (left.cut_score) seen.cut += e.result.score == *left.cut_score;
        if (open.empty()) continue;
        Open& parent = open.back();
        const TraceNode& p = parent.node;
        const bool razor_try = p.beta == p.alpha + 1 && p.depth >= 1 && p.depth <= max_depth &&
                               left.node.ply == p.ply && left.node.key == p.key && left.node.depth == 0 &&
                               left.node.alpha == p.alpha && left.node.beta == p.beta;
        if (!razor_try) continue;
        ++seen.tries;
        if (e.result.score > p.alpha) continue;
        ++seen.failed_low;
        parent.cut_score = e.result.score;
    }
    return seen;
}

RazorTrace trace_razoring(bool razoring, int depth) {
    return trace_with_switch<RazorTrace>("Razoring", razoring, "razor_max_depth", depth, read_razor_tries);
}

}  // namespace

TEST_CASE("Razoring lets quiescence fail a hopeless shallow node low", "[search][razoring]") {
    const RazorTrace on = trace_razoring(true, 9);
    INFO("tries " << on.tries << ", failed low " << on.failed_low << ", cut " << on.cut);
    CHECK(on.tries > 0);
    CHECK(on.failed_low > 0);
    CHECK(on.failed_low < on.tries);  // some tries beat alpha: the node is then searched as usual
    CHECK(on.cut == on.failed_low);

    const RazorTrace off = trace_razoring(false, 9);
    CHECK(off.tries == 0);
}

TEST_CASE("Options: names, values and errors", "[search][options]") {
    Engine engine;
    for (const std::string& name : search_feature_names()) {
        INFO(name);
        const OptionSpec* spec = find_option(Engine::option_list(), name);
        REQUIRE(spec);
        CHECK(spec->type == OptionType::Check);
        CHECK(engine.option_value(name) == spec->default_value);
        CHECK_FALSE(engine.set_option(name, "false"));
        CHECK(engine.option_value(name) == "false");
        CHECK(engine.set_option(name, "maybe").has_value());
        CHECK(engine.option_value(name) == "false");
        CHECK_FALSE(engine.set_option(name, "TRUE"));
        CHECK(engine.option_value(name) == "true");
    }
    // SearchFeatures (params.h) has 24 switches, each needs its row in the option table.
    CHECK(search_feature_names().size() == 24);
    CHECK(engine.set_option("NoSuchOption", "true").has_value());
    CHECK(engine.set_option("Hash", "0").has_value());
    CHECK(engine.set_option("Hash", "abc").has_value());
    CHECK_FALSE(engine.set_option("Hash", "1"));
    CHECK(engine.option_value("Hash") == "1");
}

TEST_CASE("Every feature switched off in turn still gives legal moves", "[search][features]") {
    std::vector<std::string> fens = sample_fens(12);
    for (const std::string& name : search_feature_names()) {
        Engine engine;
        REQUIRE_FALSE(engine.set_option(name, "false"));
        for (const std::string& fen : fens) {
            auto game = make_game(fen);
            SearchResult r = search_fresh(engine, *game, 5);
            INFO(name << "=false " << fen);
            REQUIRE(r.best_move);
            CHECK(game->position().is_legal(r.best_move));
            CHECK(line_is_legal(*game, r.pv));
            CHECK(r.depth == 5);
        }
    }
}

TEST_CASE("Static evaluation is colour symmetric", "[search][symmetry]") {
    Engine engine;
    for (const auto& fen : bench_positions()) {
        auto game = make_game(fen);
        auto mirrored = make_game(mirror_fen(fen));
        INFO(fen << " / " << mirror_fen(fen));
        CHECK(engine.evaluate(game->position()) == engine.evaluate(mirrored->position()));
    }
}

TEST_CASE("Pure alpha-beta value: colour symmetric, independent of move ordering", "[search][symmetry]") {
    // With every pruning, reduction and the table off, the root value is the
    // exact minimax value of a tree that does not depend on move order, so the
    // colour-flipped position, aspiration windows, killers and history must
    // all give the same score.
    auto pure = [](Engine& e, bool ordering, bool aspiration) {
        for (const std::string& name : search_feature_names()) REQUIRE_FALSE(e.set_option(name, "false"));
        REQUIRE_FALSE(e.set_option("CheckExtension", "true"));
        REQUIRE_FALSE(e.set_option("QuiescenceEvasions", "true"));
        REQUIRE_FALSE(e.set_option("MateDistancePruning", "true"));
        if (ordering) {
            REQUIRE_FALSE(e.set_option("Killers", "true"));
            REQUIRE_FALSE(e.set_option("HistoryHeuristic", "true"));
            REQUIRE_FALSE(e.set_option("ContinuationHistory", "true"));
            REQUIRE_FALSE(e.set_option("CounterMoves", "true"));
            REQUIRE_FALSE(e.set_option("CaptureHistory", "true"));
        }
        if (aspiration) REQUIRE_FALSE(e.set_option("AspirationWindows", "true"));
    };
    Engine plain, ordered, windowed;
    pure(plain, false, false);
    pure(ordered, true, false);
    pure(windowed, true, true);
    const auto& bench = bench_positions();
    for (std::size_t i = 0; i < bench.size(); i += 2) {
        std::string fen(bench[i]);
        auto game = make_game(fen);
        auto mirrored = make_game(mirror_fen(fen));
        const int depth = 3;
        SearchResult a = search_fresh(plain, *game, depth);
        SearchResult b = search_fresh(plain, *mirrored, depth);
        SearchResult c = search_fresh(ordered, *game, depth);
        SearchResult d = search_fresh(windowed, *game, depth);
        INFO(fen << ": plain " << a.score << ", mirrored " << b.score << ", killers+history " << c.score
                 << ", with aspiration " << d.score);
        CHECK(a.score == b.score);
        CHECK(a.score == c.score);
        CHECK(a.score == d.score);
    }
}

TEST_CASE("Bench twice in one process gives the same node count", "[search][bench]") {
    Engine engine;
    BenchResult first = run_bench(engine, 6);
    BenchResult second = run_bench(engine, 6);
    CHECK(first.nodes > 0);
    CHECK(first.nodes == second.nodes);
    Engine fresh;
    CHECK(run_bench(fresh, 6).nodes == first.nodes);
    // The progress callback sees every position once, in order.
    std::size_t calls = 0;
    std::uint64_t sum = 0;
    run_bench(fresh, 4, [&](std::size_t index, std::string_view fen, const SearchResult& r) {
        CHECK(index == calls);
        CHECK(fen == bench_positions()[index]);
        sum += r.stats.nodes;
        ++calls;
    });
    CHECK(calls == bench_positions().size());
    CHECK(sum == run_bench(fresh, 4).nodes);
}
