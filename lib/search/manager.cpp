#include "search/manager.h"

#include <algorithm>
#include <thread>

namespace augur {

void SearchManager::seed_random(std::uint64_t seed) {
    if (seed == 0) seed = std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    random_.seed(seed);
}

SearchResult SearchManager::search(SearchWorker& worker, Position& pos, const SearchLimits& limits) {
    limits_ = limits;
    if (settings_.strength.limited) {
        const std::uint64_t budget = strength_node_budget(settings_.strength.elo);
        limits_.nodes = limits_.nodes ? std::min(limits_.nodes, budget) : budget;
    }
    last_lines_.clear();
    start_ = std::chrono::steady_clock::now();
    clock_worker_ = &worker;
    time_.start(limits_.infinite ? TimeControl{} : limits_.time, settings_.move_overhead_ms, pos.game_ply(),
                limits_.ponder, start_, settings_.time_params);
    worker.search(pos, limits_, *this);
    hold_until_released();
    clock_worker_ = nullptr;
    SearchResult result = make_result(worker, pos);
    adopt_deeper_helper_line(worker, pos, result);
    result.stats = worker.stats();
    result.time_ms = elapsed_ms();
    return result;
}

SearchResult SearchManager::make_result(const SearchWorker& worker, const Position& pos) {
    SearchResult result;
    if (worker.root_moves().empty()) {  // mate or stalemate: no move, no node searched
        result.score = pos.in_check() ? mated_in(0) : SCORE_DRAW;
        return result;
    }
    SearchWorker::BestLine best = worker.best_line();
    result.pv = std::move(best.pv);
    result.score = worker.displayed_score(result.pv[0], best.score);
    result.best_move = result.pv[0];
    result.ponder_move = expected_reply(pos, result.pv);
    result.depth = worker.completed_depth();
    if (settings_.strength.limited) play_at_strength(worker, pos, result);
    return result;
}

// Lazy SMP: a helper that completed a deeper iteration than the main thread
// (helpers search a ply ahead of it) has the better line; it is reported and
// played. Only when one line is searched at full strength: helpers search one
// line, and a limited strength draws from the main thread's lines.
bool SearchManager::plays_helper_lines(const SearchWorker& worker) const {
    return worker.shared() && !worker.root_moves().empty() && !settings_.strength.limited &&
           line_count(worker.root_moves().size()) == 1;
}

void SearchManager::adopt_deeper_helper_line(const SearchWorker& worker, const Position& pos, SearchResult& result) {
    if (!plays_helper_lines(worker)) return;
    const SearchShared* shared = worker.shared();
    if (shared->helper_depth.load(std::memory_order_acquire) <= result.depth) return;
    SearchShared::HelperLine line = shared->deepest_helper_line();
    result.pv = std::move(line.pv);
    result.score = worker.displayed_score(result.pv[0], line.score);
    result.best_move = result.pv[0];
    result.ponder_move = expected_reply(pos, result.pv);
    result.depth = line.depth;
    report(worker, line.depth, line.score, BOUND_EXACT, result.pv, 1, true);
}

// The move to ponder on: the line's second move, or, when the line stops after
// its first (a stop in the middle of an iteration, a cut-off one ply down),
// the table's move for the position after it, if legal there. A host that
// ponders then always has a move to ponder on when the table knows one.
Move SearchManager::expected_reply(const Position& pos, const std::vector<Move>& pv) const {
    if (pv.size() != 1) return pv.size() > 1 ? pv[1] : Move::none();
    StateInfo root_state;
    StateInfo after_state;
    Position after;
    after.copy_from(pos, root_state);
    after.do_move(pv[0], after_state);
    const TTHit hit = tt_.probe(after.key(), 1, after.rule50());
    return hit.found && after.is_legal(hit.move) ? hit.move : Move::none();
}

// Draws the move from the lines of the last completed iteration (none
// completed: the best line found so far stays).
void SearchManager::play_at_strength(const SearchWorker& worker, const Position& pos, SearchResult& result) {
    if (last_lines_.empty()) return;
    std::vector<int> scores;
    for (const RootMove& line : last_lines_) scores.push_back(line.score);
    const RootMove& chosen =
        last_lines_[choose_line(scores, strength_temperature(settings_.strength.elo), random_)];
    result.pv = chosen.pv;
    result.score = worker.displayed_score(chosen.move, chosen.score);
    result.best_move = chosen.move;
    result.ponder_move = expected_reply(pos, chosen.pv);
}

// A limited strength searches at least StrengthParams::lines lines to draw
// from, but reports only the MultiPV lines asked for.
std::size_t SearchManager::reported_lines(std::size_t root_moves) const {
    return std::min(std::size_t(std::max(1, settings_.multipv)), root_moves);
}

std::size_t SearchManager::line_count(std::size_t root_moves) const {
    const int lines = settings_.strength.limited ? std::max(settings_.multipv, StrengthParams::lines) : settings_.multipv;
    return std::min(std::size_t(std::max(1, lines)), root_moves);
}

int SearchManager::max_depth(const SearchLimits& limits) const {
    return limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
}

bool SearchManager::poll() {
    check_ponderhit();
    if (helper_reached_depth_limit()) return true;
    return time_.timed() && time_.past_maximum(clock_now());
}

// With a depth limit, the first thread to complete that depth ends the search
// (when its line will be played).
bool SearchManager::helper_reached_depth_limit() const {
    return limits_.depth > 0 && clock_worker_ && plays_helper_lines(*clock_worker_) &&
           clock_worker_->shared()->helper_depth.load(std::memory_order_acquire) >= max_depth(limits_);
}

void SearchManager::check_ponderhit() {
    if (time_.pondering() && ponderhit_flag_ && ponderhit_flag_->load(std::memory_order_relaxed))
        time_.ponderhit(clock_now());
}

void SearchManager::on_root_line(const SearchWorker& worker, int depth, int score, Bound bound,
                                 const std::vector<Move>& pv, int line) {
    if (std::size_t(line) <= reported_lines(worker.root_moves().size())) report(worker, depth, score, bound, pv, line, false);
}

void SearchManager::report(const SearchWorker& worker, int depth, int score, Bound bound, const std::vector<Move>& pv,
                           int line, bool iteration_done) {
    if (!listener_) return;
    PvInfo info;
    info.depth = depth;
    info.seldepth = worker.stats().seldepth;
    info.score = pv.empty() ? score : worker.displayed_score(pv[0], score);
    info.bound = bound;
    info.nodes = worker.total_nodes();
    info.tb_hits = worker.total_tb_hits();
    info.time_ms = elapsed_ms();
    info.pv = pv;
    info.multipv = line;
    info.hashfull = tt_.hashfull();
    if (iteration_done) listener_->on_iteration(info);
    else listener_->on_pv(info);
}

void SearchManager::on_root_move(Move move, int number, int depth) {
    if (listener_ && elapsed_ms() >= CURRMOVE_DELAY_MS) listener_->on_currmove(move, number, depth);
}

// After a completed iteration: its lines are reported, then the clock, the
// mate limit and the number of root moves decide whether to go on.
bool SearchManager::on_iteration(const SearchWorker& worker, int depth) {
    const std::vector<RootMove>& root_moves = worker.root_moves();
    for (std::size_t i = 0; i < reported_lines(root_moves.size()); ++i)
        report(worker, depth, root_moves[i].score, BOUND_EXACT, root_moves[i].pv, int(i) + 1, true);
    if (settings_.strength.limited)
        last_lines_.assign(root_moves.begin(), root_moves.begin() + std::ptrdiff_t(line_count(root_moves.size())));

    const int score = root_moves[0].score;
    time_.on_iteration(worker.best_move_changes(), score,
                       worker.features().time_node_share ? best_move_node_share(root_moves) : -1);
    if (limits_.infinite || time_.pondering()) return false;  // only stop (or ponderhit) ends these
    if (limits_.mate > 0 && score >= SCORE_MATE_IN_MAX_PLY && mate_in_moves(score) <= limits_.mate) return true;
    if (!time_.timed()) return false;
    if (root_moves.size() == 1 && !time_.budget().fixed) return true;
    if (is_mate_score(score) && SCORE_MATE - std::abs(score) + MATE_STOP_DEPTH_MARGIN <= depth) return true;
    return !time_.may_start_iteration(clock_now());
}

// Permille of the root moves' nodes, over all iterations so far, that went to
// the best move's: near 1000 the other moves were refuted quickly.
int SearchManager::best_move_node_share(const std::vector<RootMove>& root_moves) {
    std::uint64_t total = 0;
    for (const RootMove& rm : root_moves) total += rm.nodes;
    return total ? int(root_moves[0].nodes * 1000 / total) : 1000;
}

// What the time manager reads as the time: the real clock, or with NodesTime
// the search's nodes so far, nodes_time of them to a millisecond after its
// start: the same search then stops at the same node however loaded the
// machine is, so that a match can test time management fairly under load.
std::chrono::steady_clock::time_point SearchManager::clock_now() const {
    if (settings_.nodes_time <= 0 || !clock_worker_) return std::chrono::steady_clock::now();
    return start_ + std::chrono::milliseconds(std::int64_t(clock_worker_->total_nodes() / std::uint64_t(settings_.nodes_time)));
}

bool SearchManager::stop_requested() const {
    return (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) ||
           (owner_stop_ && owner_stop_->load(std::memory_order_relaxed));
}

// Infinite and ponder searches never end by themselves: a GUI expects the
// best move only after it says stop (or ponderhit). A millisecond of polling
// keeps the stop latency low without a condition variable in the search.
void SearchManager::hold_until_released() {
    while (!stop_requested()) {
        check_ponderhit();
        if (!limits_.infinite && !time_.pondering()) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

std::int64_t SearchManager::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
}

}  // namespace augur
