#include "search/worker.h"

#include <algorithm>

#include "core/movegen.h"
#include "eval/evaluator.h"
#include "search/movepick.h"
#include "search/see.h"
#include "search/wdl.h"

namespace augur {

// Per-ply search state; the stack has two sentinel entries below the root so
// that (ss - 2) is always valid.
struct SearchWorker::Stack {
    int ply = 0;
    Move move;             // the move that led to this node (null for a null move)
    Piece moved_piece = NO_PIECE;  // the piece that made it (none for a null move or the root)
    Move best_move;        // result of the node, for the tracer
    int static_eval = SCORE_NONE;
    Move excluded_move;    // the table move a singular search leaves out (none: a normal search)
    int double_extensions = 0;  // singular double extensions on the path from the root
    int cutoff_count = 0;  // fail-highs at this ply since the node two plies up began (lmr_cutoff_count)
};

namespace {

// A static evaluation refined by the table's entry when its bound says more: a
// lower bound above the evaluation, or an upper bound below it, is the better guess.
int refined_by_table(const TTHit& hit, int eval) {
    if (!hit.found || is_decisive_score(hit.score)) return eval;
    if ((hit.bound == BOUND_LOWER && hit.score > eval) || (hit.bound == BOUND_UPPER && hit.score < eval))
        return hit.score;
    return eval;
}

// log2(x) in 1/256 units, by integer arithmetic only (x >= 1): the integer part
// from the highest set bit, the fraction by linear interpolation.
int log2_fixed(int x) {
    int p = 31 - std::countl_zero(unsigned(x));
    int fraction = int((std::int64_t(x) << 8 >> p) - 256);
    return p * 256 + fraction;
}

bool has_non_pawn_material(const Position& pos, Color c) {
    return pos.pieces(c) ^ pos.pieces(c, PAWN, KING);
}

bool bare_king(const Position& pos, Color c) { return pos.pieces(c) == pos.pieces(c, KING); }

// In a pawnless ending two kinds of node need every quiet move searched, so
// that late-move, history and futility pruning stay out of them:
// - pieces against a bare king win by quiet manoeuvres (the bishop's and
//   knight's in KBNvK) that come late in the order and gain nothing for
//   several moves, and the tree is small;
// - the side with less material holds by a few quiet moves among many (the
//   knight that stays by its king in KRvKN); pruning them shows the stronger
//   side wins that are not there, and it plays for those.
// With pawns the pushes make the progress, and the usual pruning keeps the
// depth that sees a rook pawn's fortress coming (KNPvK).
bool every_quiet_move_counts(const Position& pos) {
    if (pos.pieces(PAWN)) return false;
    const Color us = pos.side_to_move();
    return bare_king(pos, ~us) || material_count(pos, us) < material_count(pos, ~us);
}

// Zugzwang is likely when the side to move has no more than one minor piece
// besides king and pawns (a lone knight must often move out of the way of its
// own king's mate), so passing there proves nothing.
bool null_move_is_safe(const Position& pos, Color c) {
    return pos.pieces(c, ROOK, QUEEN) || more_than_one(pos.pieces(c, KNIGHT, BISHOP));
}

// The score of a tablebase verdict for the side to move, reached ply plies from
// the root. With the fifty-move rule, a cursed win is a draw (a point above it,
// so that the search still prefers it to a real draw) and a blessed loss a
// point below.
int tablebase_score(syzygy::Wdl wdl, int ply, bool rule50) {
    switch (wdl) {
    case syzygy::Wdl::Win: return tb_win_in(ply);
    case syzygy::Wdl::CursedWin: return rule50 ? SCORE_DRAW + 1 : tb_win_in(ply);
    case syzygy::Wdl::Draw: return SCORE_DRAW;
    case syzygy::Wdl::BlessedLoss: return rule50 ? SCORE_DRAW - 1 : tb_loss_in(ply);
    case syzygy::Wdl::Loss: return tb_loss_in(ply);
    }
    return SCORE_DRAW;
}

// A probed position is stored this much deeper than the node asked for: no
// search of it can be more exact than the tables.
constexpr int TABLEBASE_DEPTH_BONUS = 6;

}  // namespace

SearchWorker::SearchWorker(TranspositionTable& tt, Evaluator& evaluator) : tt_(tt), evaluator_(&evaluator) {}

int SearchWorker::evaluate(const Position& pos) { return evaluator_->evaluate(pos); }

// Every move the search makes or takes back goes through these four, so that the
// evaluator hears of each one in order (evaluator.h).
void SearchWorker::make_move(Position& pos, Move m, StateInfo& st) {
    evaluator_->on_move(pos, m);
    pos.do_move(m, st);
}

void SearchWorker::undo_move(Position& pos, Move m) {
    pos.undo_move(m);
    evaluator_->on_undo_move(pos, m);
}

void SearchWorker::make_null_move(Position& pos, StateInfo& st) {
    evaluator_->on_null_move(pos);
    pos.do_null_move(st);
}

void SearchWorker::undo_null_move(Position& pos) {
    pos.undo_null_move();
    evaluator_->on_undo_null_move(pos);
}

int SearchWorker::reduction(int depth, int move_number, bool improving) const {
    int r = (params_.lmr_base + log2_fixed(depth) * log2_fixed(move_number) / params_.lmr_divisor) / 256;
    return improving ? r : r + 1;
}

// A quiet move's late-move reduction with its history: the base of the reduction LMR
// applies, and what futility and SEE pruning subtract from the depth.
int SearchWorker::quiet_reduction(int depth, int move_number, bool improving, int history_score) const {
    return reduction(depth, move_number, improving) - history_score / params_.lmr_history_divisor;
}

// The depth futility and SEE pruning judge a quiet move by: with prune_reduced_depth,
// the depth its late-move reduction would leave it (a move the search would reduce
// anyway needs less evidence to be skipped), otherwise the node's.
int SearchWorker::quiet_prune_depth(int depth, int quiet_reduction) const {
    if (!params_.prune_reduced_depth) return depth;
    return std::clamp(depth - quiet_reduction, 1, depth);
}

// Draws by repetition (inside the tree, or twice in the game), dead material, or
// the fifty-move rule (unless this position is mate: mate on the 100th ply wins).
bool SearchWorker::is_draw(const Position& pos, int ply, bool in_check) {
    if (pos.is_repetition(ply) || pos.is_insufficient_material()) return true;
    return pos.is_fifty_move_draw() && (!in_check || count_legal_moves(pos) > 0);
}

TTHit SearchWorker::probe_tt(const Position& pos, int ply) {
    if (!features_.transposition_table) return TTHit{};
    ++stats_.tt_probes;
    TTHit hit = tt_.probe(pos.key(), ply, pos.rule50());
    stats_.tt_hits += hit.found;
    return hit;
}

// True when a table entry alone settles a node searched to `depth` with (alpha, beta).
bool SearchWorker::tt_decides(const TTHit& hit, int depth, int alpha, int beta) {
    return hit.found && hit.depth >= depth &&
           (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
            (hit.bound == BOUND_UPPER && hit.score <= alpha));
}

bool SearchWorker::stop_requested() const {
    return (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) ||
           (owner_stop_ && owner_stop_->load(std::memory_order_relaxed)) ||
           (shared_ && shared_->stop.load(std::memory_order_relaxed));
}

bool SearchWorker::should_stop() {
    if (stopped_) return true;
    if (--poll_countdown_ <= 0) poll();
    // Checked at every node so that a node-limited search stops at the same node every time.
    if (limits_.nodes && stats_.nodes >= limits_.nodes) stopped_ = true;
    if (stop_requested()) stopped_ = true;
    return stopped_;
}

// The periodic checks: the node count for the other threads, the node total
// of all threads (each thread checks it: the OS may pause any of them), and
// the manager's (the main thread's: ponderhit and the clock).
void SearchWorker::poll() {
    poll_countdown_ = POLL_INTERVAL_NODES;
    publish_nodes();
    if (shared_ && limits_.nodes && total_nodes() >= limits_.nodes) stopped_ = true;
    if (manager_->poll()) stopped_ = true;
}

void SearchWorker::publish_nodes() {
    if (!shared_) return;
    shared_->nodes[thread_id_].store(stats_.nodes, std::memory_order_relaxed);
    shared_->tb_hits[thread_id_].store(stats_.tb_hits, std::memory_order_relaxed);
}

std::uint64_t SearchWorker::total_nodes() const {
    if (!shared_) return stats_.nodes;
    std::uint64_t total = stats_.nodes;
    int threads = shared_->thread_count.load(std::memory_order_relaxed);
    for (int i = 0; i < threads; ++i)
        if (i != thread_id_) total += shared_->nodes[i].load(std::memory_order_relaxed);
    return total;
}

std::uint64_t SearchWorker::total_tb_hits() const {
    if (!shared_) return stats_.tb_hits;
    std::uint64_t total = stats_.tb_hits;
    int threads = shared_->thread_count.load(std::memory_order_relaxed);
    for (int i = 0; i < threads; ++i)
        if (i != thread_id_) total += shared_->tb_hits[i].load(std::memory_order_relaxed);
    return total;
}

void SearchShared::reset(int threads) {
    stop.store(false);
    for (int i = 0; i < threads; ++i) {
        nodes[i].store(0);
        tb_hits[i].store(0);
    }
    thread_count.store(threads);
    for (auto& count : searching_depth) count.store(0);
    release_helper_line();
}

void SearchShared::offer_helper_line(int depth, int score, const std::vector<Move>& pv) {
    std::lock_guard lock(helper_line_mutex_);
    if (depth <= helper_line_.depth || pv.empty()) return;
    helper_line_ = HelperLine{depth, score, pv};
    helper_depth.store(depth, std::memory_order_release);
}

void SearchShared::release_helper_line() {
    std::lock_guard lock(helper_line_mutex_);
    helper_line_ = HelperLine{};
    helper_depth.store(0);
}

SearchShared::HelperLine SearchShared::deepest_helper_line() const {
    std::lock_guard lock(helper_line_mutex_);
    return helper_line_;
}

std::uint64_t SearchShared::published_nodes() const {
    std::uint64_t total = 0;
    int threads = thread_count.load(std::memory_order_relaxed);
    for (int i = 0; i < threads; ++i) total += nodes[i].load(std::memory_order_relaxed);
    return total;
}

// A helper's completed iteration is offered to the main thread, which plays
// its line when it is deeper than the main thread's own; one beyond the depth
// limit is not (the helper only fills the table for the main thread then).
bool HelperManager::on_iteration(const SearchWorker& worker, int depth) {
    if (worker.limits().depth > 0 && depth > worker.limits().depth) return false;
    const RootMove& best = worker.root_moves().front();
    shared_.offer_helper_line(depth, best.score, best.pv);
    return false;
}

// A helper's next depth: one deeper when at least half of the threads already
// search this one, so that the threads spread over two depths.
int HelperManager::next_depth(int depth, int max_depth) const {
    int threads = shared_.thread_count.load(std::memory_order_relaxed);
    if (depth < max_depth && 2 * shared_.searching_depth[depth].load(std::memory_order_relaxed) >= threads) ++depth;
    return depth;
}

// ---------------------------------------------------------------------------
// Tracing

void SearchWorker::trace_enter(const Stack* ss, int depth, int alpha, int beta, Key key) {
    tracer_->on_enter(TraceNode{ss->ply, depth, alpha, beta, key, ss->move});
}

void SearchWorker::trace_leave(int score, int alpha, int beta, Move best) {
    Bound bound = score <= alpha ? BOUND_UPPER : score >= beta ? BOUND_LOWER : BOUND_EXACT;
    tracer_->on_leave(TraceResult{score, bound, best});
}

// Bookkeeping every node shares: counts it, resets its PV and best move, and
// reports it to the tracer; the returned scope reports the node's result.
SearchWorker::NodeScope SearchWorker::enter_node(const Position& pos, Stack* ss, int depth, int alpha, int beta) {
    if (tracer_) [[unlikely]] trace_enter(ss, depth, alpha, beta, pos.key());
    ss->best_move = Move::none();
    pv_length_[ss->ply] = ss->ply;
    ++stats_.nodes;
    stats_.seldepth = std::max(stats_.seldepth, ss->ply);
    return NodeScope{this, ss, alpha, beta};
}

int SearchWorker::NodeScope::leave(int score) const {
    if (worker->tracer_) [[unlikely]] worker->trace_leave(score, alpha, beta, ss->best_move);
    return score;
}

// ---------------------------------------------------------------------------
// Iterative deepening

void SearchWorker::begin_search(const Position& pos, const SearchLimits& limits) {
    limits_ = limits;
    stats_ = SearchStats{};
    stopped_ = false;
    poll_countdown_ = POLL_INTERVAL_NODES;
    root_pv_.clear();
    root_best_score_ = 0;
    line_leaders_.clear();
    pv_index_ = 0;
    best_move_changes_ = 0;
    completed_depth_ = 0;
    first_root_move_ = Move::none();
    history_.clear_killers();
    evaluator_->on_search_start(pos);

    // The root moves: the legal ones, restricted to searchmoves when some of those are legal.
    root_moves_.clear();
    for (Move m : MoveList<>(pos))
        if (limits.search_moves.empty() || std::ranges::find(limits.search_moves, m) != limits.search_moves.end())
            root_moves_.emplace_back(m);
    root_restricted_ = !root_moves_.empty() && !limits.search_moves.empty();
    if (root_moves_.empty())
        for (Move m : MoveList<>(pos)) root_moves_.emplace_back(m);
    rank_root_by_tablebases(pos);
    line_count_ = root_moves_.empty() ? 0 : std::min(manager_->line_count(root_moves_.size()), root_moves_.size());
}

void SearchWorker::search(Position& pos, const SearchLimits& limits, WorkerManager& manager) {
    manager_ = &manager;
    begin_search(pos, limits);
    if (!root_moves_.empty()) {
        Stack stack[MAX_PLY + 4];
        Stack* ss = stack + 2;
        for (int i = 0; i < MAX_PLY + 2; ++i) ss[i].ply = i;
        iterate(pos, ss);
    }
    publish_nodes();
}

// Iterative deepening, each iteration over all MultiPV lines.
void SearchWorker::iterate(Position& pos, Stack* ss) {
    const int max_depth = manager_->max_depth(limits_);
    for (int depth = 1; depth <= max_depth; ++depth) {
        depth = manager_->next_depth(depth, max_depth);
        root_depth_ = depth;
        if (shared_) shared_->searching_depth[depth].fetch_add(1, std::memory_order_relaxed);
        const bool complete = search_lines(pos, ss, depth);
        if (shared_) shared_->searching_depth[depth].fetch_sub(1, std::memory_order_relaxed);
        if (!complete) break;
        completed_depth_ = depth;
        const bool done = manager_->on_iteration(*this, depth);
        best_move_changes_ = 0;
        if (done) break;
    }
}

// Searches every MultiPV line to depth, each excluding the best moves of the
// lines before it; false if the search was stopped. Line i starts from the
// record in place i, which led line i in the last iteration: its line is
// searched first (unless an earlier line took its move) and its score centres
// the aspiration window. Records move only once the iteration is complete.
bool SearchWorker::search_lines(Position& pos, Stack* ss, int depth) {
    for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
    line_leaders_.clear();
    for (pv_index_ = 0; pv_index_ < line_count_; ++pv_index_) {
        const RootMove& start = root_moves_[pv_index_];
        root_pv_ = start.pv;
        if (!root_pv_.empty() && !root_move_allowed(root_pv_[0])) root_pv_.clear();
        root_best_score_ = start.previous_score;
        int score = aspiration(pos, ss, depth, start.previous_score);
        if (stopped_) return false;
        RootMove& leader = root_move(root_pv_[0]);
        leader.score = score;
        leader.seldepth = stats_.seldepth;
        leader.pv = root_pv_;
        line_leaders_.push_back(leader.move);
    }
    finish_iteration();
    return true;
}

void SearchWorker::release_search_state() {
    root_moves_ = {};
    root_pv_ = {};
    line_leaders_ = {};
}

// The leaders of this iteration's lines come first, best first (ties in line
// order), and the other records follow without a score.
void SearchWorker::finish_iteration() {
    std::vector<RootMove> ordered;
    ordered.reserve(root_moves_.size());
    for (Move m : line_leaders_) ordered.push_back(std::move(root_move(m)));
    for (RootMove& rm : root_moves_) {
        if (std::ranges::find(line_leaders_, rm.move) != line_leaders_.end()) continue;
        rm.score = RootMove::NO_SCORE;
        rm.pv.clear();
        ordered.push_back(std::move(rm));
    }
    std::stable_sort(ordered.begin(), ordered.begin() + std::ptrdiff_t(line_leaders_.size()),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    root_moves_ = std::move(ordered);
    line_leaders_.clear();
}

SearchWorker::BestLine SearchWorker::best_line() const {
    BestLine best;
    const bool partial_first_line = stopped_ && pv_index_ == 0;
    if (line_count_ == 1 || partial_first_line) {
        best.pv = root_pv_;
        best.score = root_best_score_;
    } else if (!line_leaders_.empty()) {  // stopped in a later line: the first one is done
        const RootMove& first = *std::ranges::find(root_moves_, line_leaders_[0], &RootMove::move);
        best.pv = first.pv;
        best.score = first.score;
    } else {
        best.pv = root_moves_[0].pv;
        best.score = root_moves_[0].score;
    }
    if (best.pv.empty()) best = BestLine{{first_root_move_}, 0};
    return best;
}

// When the root is in the tables, only the root moves of the best rank are
// searched (they keep the result and, with the fifty-move rule, win in time),
// and nothing is probed inside the tree, where every position would only
// repeat the root's verdict: the evaluation picks among moves that all keep it.
// Otherwise the tree probes positions of few enough pieces.
void SearchWorker::rank_root_by_tablebases(const Position& pos) {
    root_in_tablebases_ = false;
    const syzygy::TableHandle& tables = tablebases_.tables;
    tb_probe_pieces_ = tables.generation ? std::min(tablebases_.probe_limit, tables.max_pieces) : 0;
    if (!tb_probe_pieces_ || popcount(pos.pieces()) > tb_probe_pieces_) return;
    ++stats_.tb_probes;
    const std::vector<syzygy::RankedMove> ranked = syzygy::rank_root_moves(tables, pos, tablebases_.rule50);
    if (ranked.empty()) return;
    int best_rank = -SCORE_INFINITE;
    for (RootMove& rm : root_moves_) {
        auto it = std::ranges::find(ranked, rm.move, &syzygy::RankedMove::move);
        if (it == ranked.end()) return;
        rm.tb_rank = it->rank;
        rm.tb_score = tablebase_score(it->wdl, 1, tablebases_.rule50);
        best_rank = std::max(best_rank, rm.tb_rank);
    }
    std::erase_if(root_moves_, [&](const RootMove& rm) { return rm.tb_rank < best_rank; });
    ++stats_.tb_hits;
    root_restricted_ = true;
    root_in_tablebases_ = true;
    tb_probe_pieces_ = 0;
}

int SearchWorker::displayed_score(Move first, int score) const {
    if (!root_in_tablebases_ || is_mate_score(score)) return score;
    auto it = std::ranges::find(root_moves_, first, &RootMove::move);
    return it != root_moves_.end() ? it->tb_score : score;
}

// A position the tables hold, with the fifty-move counter at zero (their
// distances count from there): true when its verdict settles the node, with
// the verdict in score; it is stored in the table either way.
bool SearchWorker::probe_tablebases(const Position& pos, Stack* ss, int depth, int alpha, int beta, int& score) {
    if (pos.rule50() != 0 || depth < tablebases_.probe_depth || popcount(pos.pieces()) > tb_probe_pieces_)
        return false;
    ++stats_.tb_probes;
    const std::optional<syzygy::Wdl> wdl = syzygy::probe_wdl(tablebases_.tables, pos);
    if (!wdl) return false;
    ++stats_.tb_hits;
    score = tablebase_score(*wdl, ss->ply, tablebases_.rule50);
    const Bound bound = score >= SCORE_TB_WIN_IN_MAX_PLY ? BOUND_LOWER
                      : score <= -SCORE_TB_WIN_IN_MAX_PLY ? BOUND_UPPER : BOUND_EXACT;
    if (bound != BOUND_EXACT && (bound == BOUND_LOWER ? score < beta : score > alpha)) return false;
    if (features_.transposition_table)
        tt_.store(pos.key(), ss->ply, score, bound, std::min(depth + TABLEBASE_DEPTH_BONUS, MAX_PLY - 1), Move::none(),
                  SCORE_NONE);
    return true;
}

bool SearchWorker::root_move_allowed(Move m) const {
    if (std::ranges::find(line_leaders_, m) != line_leaders_.end()) return false;
    return !root_restricted_ || std::ranges::find(root_moves_, m, &RootMove::move) != root_moves_.end();
}

RootMove& SearchWorker::root_move(Move m) { return *std::ranges::find(root_moves_, m, &RootMove::move); }

int SearchWorker::aspiration(Position& pos, Stack* ss, int depth, int previous_score) {
    if (!features_.aspiration_windows || depth < params_.aspiration_min_depth || is_decisive_score(previous_score))
        return negamax<true>(pos, ss, -SCORE_INFINITE, SCORE_INFINITE, depth, false);

    int delta = params_.aspiration_delta;
    int alpha = std::max(previous_score - delta, -SCORE_INFINITE);
    int beta = std::min(previous_score + delta, SCORE_INFINITE);
    for (;;) {
        int score = negamax<true>(pos, ss, alpha, beta, depth, false);
        if (stopped_) return score;
        if (score <= alpha) {
            manager_->on_root_line(*this, depth, score, BOUND_UPPER, root_pv_, int(pv_index_) + 1);
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -SCORE_INFINITE);
        } else if (score >= beta) {
            beta = std::min(score + delta, SCORE_INFINITE);
        } else {
            return score;
        }
        delta += delta / 2;
    }
}

// The root starts on a move: the first one of the search is the move played
// if no root move is done in time (the first of the root move ordering).
void SearchWorker::start_root_move(Move m, int number) {
    if (!first_root_move_) first_root_move_ = m;
    manager_->on_root_move(m, number, root_depth_);
}

// A root move raised alpha: it leads the current line now.
void SearchWorker::update_root_best(int score, int beta, Move m) {
    if (pv_index_ == 0 && root_depth_ > 1 && !root_pv_.empty() && root_pv_[0] != m) ++best_move_changes_;
    root_pv_.assign(pv_table_[0], pv_table_[0] + pv_length_[0]);
    root_best_score_ = score;
    manager_->on_root_line(*this, root_depth_, score, score >= beta ? BOUND_LOWER : BOUND_EXACT, root_pv_,
                           int(pv_index_) + 1);
}

// ---------------------------------------------------------------------------
// Main search

template <bool PvNode>
int SearchWorker::negamax(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node) {
    if (depth <= 0) return quiescence<PvNode>(pos, ss, alpha, beta, 0);

    const bool root = ss->ply == 0;
    const int ply = ss->ply;
    const NodeScope node = enter_node(pos, ss, depth, alpha, beta);
    auto leave = [&](int score) { return node.leave(score); };
    const bool in_check = pos.in_check();
    (ss + 2)->cutoff_count = 0;

    // 1. Stop, draws, maximum ply, mate distance pruning.
    if (!root) {
        if (should_stop()) return leave(0);
        if (is_draw(pos, ply, in_check)) return leave(SCORE_DRAW);
        if (ply >= MAX_PLY - 1) return leave(in_check ? SCORE_DRAW : evaluate(pos));
        if (features_.mate_distance_pruning) {
            alpha = std::max(alpha, mated_in(ply));
            beta = std::min(beta, mate_in(ply + 1));
            if (alpha >= beta) return leave(alpha);
        }
    }

    // 2. Transposition table. A singular search (excluded move) searches the node
    // without its table move: the entry, the node's result with that move, says
    // nothing about it, and its own result is not stored.
    const Move excluded = ss->excluded_move;
    TTHit hit = excluded ? TTHit{} : probe_tt(pos, ply);
    if (!PvNode && tt_decides(hit, depth, alpha, beta)) {
        ++stats_.tt_cutoffs;
        return leave(hit.score);
    }
    Move tt_move = root && !root_pv_.empty() ? root_pv_[0] : hit.move;

    // 2b. Endgame tablebases.
    if (!root && !excluded && tb_probe_pieces_) {
        int tb_score = 0;
        if (probe_tablebases(pos, ss, depth, alpha, beta, tb_score)) return leave(tb_score);
    }

    // 3. Static evaluation (the table keeps it uncorrected), corrected by the
    // correction history, and refined by the table's bound when it says more.
    // A singular search keeps the evaluation its node computed.
    int raw_eval = SCORE_NONE;
    int eval = SCORE_NONE;
    if (excluded) {
        eval = ss->static_eval;
    } else if (!in_check) {
        raw_eval = hit.found && hit.eval != SCORE_NONE ? hit.eval : evaluate(pos);
        ss->static_eval = corrected_eval(pos, raw_eval);
        eval = refined_by_table(hit, ss->static_eval);
    } else {
        ss->static_eval = SCORE_NONE;
    }
    const bool improving = !in_check && (ss - 2)->static_eval != SCORE_NONE && ss->static_eval > (ss - 2)->static_eval;

    // Internal iterative reduction: a deep node without a table move was never
    // searched this deep, or nothing in it did well; it costs one ply less, and
    // a later visit, with the move this search stores, gets the full depth.
    // Without the table no node has a move: nothing is reduced then.
    if (features_.internal_iterative_reduction && features_.transposition_table && !root && !excluded &&
        depth >= params_.iir_min_depth && !hit.move)
        --depth;

    // A singular search asks how the other moves do, so it neither assumes a
    // cutoff from the evaluation nor passes.
    if (!PvNode && !in_check && !excluded) {
        // 4. Reverse futility: far above beta at low depth, assume a cutoff.
        if (features_.reverse_futility_pruning && depth <= params_.rfp_max_depth && !is_decisive_score(beta) &&
            eval - params_.rfp_margin * (depth - improving) >= beta)
            return leave(eval);

        // 4b. Razoring: far below alpha at low depth, only a capture could help;
        // if quiescence finds none that reaches alpha, the node fails low.
        if (features_.razoring && depth <= params_.razor_max_depth && !is_decisive_score(alpha) &&
            eval + params_.razor_base + params_.razor_margin * depth * depth <= alpha) {
            const int score = quiescence<false>(pos, ss, alpha, alpha + 1, 0);
            if (stopped_) return leave(0);
            if (score <= alpha) return leave(score);
            ss->best_move = Move::none();  // the node's own moves decide from here
        }

        // 5. Null move: if passing still fails high, so will a real move (unless in zugzwang).
        if (features_.null_move && depth >= params_.null_min_depth && ss->move != Move::null() &&
            eval >= beta && !is_decisive_score(beta) && null_move_is_safe(pos, pos.side_to_move())) {
            int r = params_.null_base_reduction + depth / params_.null_depth_divisor +
                    (eval - beta >= params_.null_eval_margin ? 1 : 0);
            StateInfo st;
            (ss + 1)->move = Move::null();
            (ss + 1)->moved_piece = NO_PIECE;
            (ss + 1)->double_extensions = ss->double_extensions;
            make_null_move(pos, st);
            int score = -negamax<false>(pos, ss + 1, -beta, -beta + 1, depth - r, !cut_node);
            undo_null_move(pos);
            if (stopped_) return leave(0);
            if (score >= beta) return leave(is_decisive_score(score) ? beta : score);
        }

        // 5b. ProbCut: a good capture that beats beta by a margin at a shallower depth.
        if (features_.probcut && depth >= params_.probcut_min_depth && !is_decisive_score(beta)) {
            const int score = probcut(pos, ss, hit, depth, beta, eval, cut_node);
            if (stopped_) return leave(0);
            if (score != SCORE_NONE) return leave(score);
        }
    }

    // 6. Singular extension: is the table move much better than every other?
    int tt_move_extension = 0;
    if (features_.singular_extensions && is_singular_candidate(pos, ss, hit, depth)) {
        const SingularVerdict verdict = singular_verdict(pos, ss, hit, depth, beta, PvNode, cut_node);
        if (stopped_) return leave(0);
        if (verdict.cutoff != SCORE_NONE) return leave(verdict.cutoff);
        tt_move_extension = verdict.extension;
    }

    // 7. The moves.
    const NodeHistory node_history = history_for_node(ss);
    MovePicker picker(pos, features_.transposition_table || root ? tt_move : Move::none(),
                      features_.killers ? history_.killers[ply] : nullptr, features_.history ? &history_ : nullptr,
                      true, false, &node_history);
    int best_score = -SCORE_INFINITE;
    Move best_move;
    int move_count = 0, searched = 0, quiet_count = 0, noisy_count = 0;
    Move quiets[64], noisies[32];
    const bool may_prune = !root && has_non_pawn_material(pos, pos.side_to_move());
    const bool may_prune_quiets = may_prune && !every_quiet_move_counts(pos);

    while (Move m = picker.next()) {
        if ((root && !root_move_allowed(m)) || m == excluded) continue;
        ++move_count;
        if (root) start_root_move(m, move_count);
        const bool noisy = pos.is_capture(m) || m.kind() == PROMOTION;
        const bool gives_check = pos.gives_check(m);
        const int history_score = noisy ? 0 : quiet_history(pos, node_history, m);
        const int move_reduction = noisy ? 0 : quiet_reduction(depth, move_count, improving, history_score);

        // 8. Shallow-depth pruning, once a move has saved us from a known loss (a mate or, with
        // tables, a tablebase loss): until then every move must be searched for a way out.
        if (may_prune && best_score > -SCORE_TB_WIN_IN_MAX_PLY) {
            if (!noisy && !gives_check) {
                if (may_prune_quiets && features_.late_move_pruning && depth <= params_.lmp_max_depth &&
                    quiet_count >= (params_.lmp_base + depth * depth) / (improving ? 1 : 2))
                    continue;
                if (may_prune_quiets && features_.history_pruning && depth <= params_.history_prune_max_depth &&
                    history_score < -params_.history_prune_margin * depth)
                    continue;
                const int prune_depth = quiet_prune_depth(depth, move_reduction);
                if (may_prune_quiets && features_.futility_pruning && !in_check &&
                    prune_depth <= params_.futility_max_depth &&
                    eval + params_.futility_base + params_.futility_margin * prune_depth <= alpha)
                    continue;
                if (features_.see_pruning && prune_depth <= params_.see_max_depth &&
                    !see_ge(pos, m, -params_.see_quiet_margin * prune_depth))
                    continue;
            } else if (features_.see_pruning && !gives_check && depth <= params_.see_max_depth &&
                       !see_ge(pos, m, -params_.see_capture_margin * depth)) {
                continue;
            }
        }

        // 9. Extension, make, search (reduced, then null window, then full window).
        // The singular verdict on the table move, when it has one, replaces the
        // check extension.
        int extension = features_.check_extension && gives_check ? 1 : 0;
        if (m == tt_move && tt_move_extension) extension = tt_move_extension;
        int new_depth = depth - 1 + extension;
        (ss + 1)->move = m;
        (ss + 1)->moved_piece = pos.moved_piece(m);
        (ss + 1)->double_extensions = ss->double_extensions + (extension >= 2 ? 1 : 0);
        StateInfo st;
        const std::uint64_t nodes_before = stats_.nodes;
        make_move(pos, m, st);
        if (features_.transposition_table) tt_.prefetch(pos.key());

        int score;
        if (PvNode && searched == 0) {
            score = -negamax<PvNode>(pos, ss + 1, -beta, -alpha, new_depth, false);
        } else {
            bool full_depth = true;
            if (features_.late_move_reductions && depth >= params_.lmr_min_depth &&
                move_count > params_.lmr_min_moves && !noisy) {
                int r = move_reduction;
                r += cut_node ? 1 : 0;
                r += params_.lmr_cutoff_count && (ss + 1)->cutoff_count > params_.lmr_cutoff_count ? 1 : 0;
                r -= PvNode ? 1 : 0;
                r -= gives_check ? 1 : 0;
                r = std::clamp(r, 0, new_depth - 1);
                if (r > 0) {
                    score = -negamax<false>(pos, ss + 1, -alpha - 1, -alpha, new_depth - r, true);
                    full_depth = score > alpha;
                }
            }
            if (full_depth) score = -negamax<false>(pos, ss + 1, -alpha - 1, -alpha, new_depth, !cut_node);
            if (PvNode && score > alpha && score < beta)
                score = -negamax<true>(pos, ss + 1, -beta, -alpha, new_depth, false);
        }
        undo_move(pos, m);
        if (root) root_move(m).nodes += stats_.nodes - nodes_before;
        if (stopped_) return leave(0);
        ++searched;

        if (score > best_score) {
            best_score = score;
            if (score > alpha) {
                best_move = m;
                ss->best_move = m;
                if (PvNode) {
                    pv_table_[ply][ply] = m;
                    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_table_[ply][i] = pv_table_[ply + 1][i];
                    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
                }
                if (root) update_root_best(score, beta, m);
                if (score >= beta) {
                    ++stats_.fail_highs;
                    stats_.fail_highs_first += searched == 1;
                    ++ss->cutoff_count;
                    break;
                }
                alpha = score;
            }
        }
        if (!noisy) {
            if (quiet_count < 64) quiets[quiet_count] = m;
            ++quiet_count;
        } else if (noisy_count < 32) {
            noisies[noisy_count++] = m;
        }
    }

    // 10. Mate and stalemate (a singular search without other moves: the table
    // move is the only one, so it fails low); history; table store.
    if (move_count == 0) return leave(excluded ? alpha : in_check ? mated_in(ply) : SCORE_DRAW);

    if (best_score >= beta && best_move) {
        if (!pos.is_capture(best_move) && best_move.kind() != PROMOTION)
            update_quiet_history(pos, ss, best_move, depth, quiets, std::min(quiet_count, 64));
        if (features_.capture_history) update_capture_history(pos, best_move, depth, noisies, noisy_count);
    }

    const Bound bound = best_score >= beta ? BOUND_LOWER : (PvNode && best_move) ? BOUND_EXACT : BOUND_UPPER;
    if (excluded) return leave(best_score);
    if (features_.correction_history && !in_check && !(best_move && (pos.is_capture(best_move) || best_move.kind() == PROMOTION)))
        update_correction(pos, ss, depth, best_score, bound, raw_eval);
    if (features_.transposition_table) tt_.store(pos.key(), ply, best_score, bound, depth, best_move, raw_eval);
    return leave(best_score);
}

// A capture that wins at least the margin's worth by SEE and then beats
// probcut_beta = beta + probcut_margin in quiescence and in a search
// probcut_reduction plies shallower would almost surely beat beta at full depth:
// the node fails high with the shallow score (SCORE_NONE: no such capture). The
// quiescence test first makes the shallow search rare. A table entry from a
// search at least that deep that scored below probcut_beta (not a lower bound)
// already says no.
int SearchWorker::probcut(Position& pos, Stack* ss, const TTHit& hit, int depth, int beta, int eval, bool cut_node) {
    const int probcut_beta = beta + params_.probcut_margin;
    const int shallow_depth = depth - params_.probcut_reduction;
    if (hit.found && hit.depth > shallow_depth && hit.bound != BOUND_LOWER && hit.score < probcut_beta)
        return SCORE_NONE;
    const NodeHistory node_history = capture_ordering();
    MovePicker picker(pos, features_.transposition_table ? hit.move : Move::none(), nullptr, nullptr, false, true,
                      &node_history);
    while (Move m = picker.next()) {
        if (!see_ge(pos, m, probcut_beta - eval)) continue;
        (ss + 1)->move = m;
        (ss + 1)->moved_piece = pos.moved_piece(m);
        (ss + 1)->double_extensions = ss->double_extensions;
        StateInfo st;
        make_move(pos, m, st);
        int score = -quiescence<false>(pos, ss + 1, -probcut_beta, -probcut_beta + 1, 0);
        if (score >= probcut_beta)
            score = -negamax<false>(pos, ss + 1, -probcut_beta, -probcut_beta + 1, shallow_depth, !cut_node);
        undo_move(pos, m);
        if (stopped_) return SCORE_NONE;
        if (score >= probcut_beta) return score;
    }
    return SCORE_NONE;
}

// A node (not the root, not itself a singular search) whose table move is
// legal and whose entry says it scores at least its score, from a search not
// much shallower, and not a mate: is that move singular? Not beyond twice the
// iteration's depth, where extensions would only feed on each other.
bool SearchWorker::is_singular_candidate(const Position& pos, const Stack* ss, const TTHit& hit, int depth) const {
    return ss->ply > 0 && !ss->excluded_move && depth >= params_.se_min_depth && ss->ply < 2 * root_depth_ &&
           hit.found && hit.move && (hit.bound == BOUND_LOWER || hit.bound == BOUND_EXACT) &&
           hit.depth >= depth - params_.se_depth_margin && !is_decisive_score(hit.score) && pos.is_legal(hit.move);
}

// Searches the node without its table move at half the depth, on a null window
// just below the table's score. If every other move fails low there, the table
// move is singular: one ply more (two when the others fall far short, a few
// times per line at most). If another move reaches that bound too and the bound
// is already at beta, two moves would cut: the node fails high (multi-cut). If
// the table move is not singular but its score is at beta, another move is
// likely to cut as well: one ply less for it.
SearchWorker::SingularVerdict SearchWorker::singular_verdict(Position& pos, Stack* ss, const TTHit& hit, int depth,
                                                             int beta, bool pv_node, bool cut_node) {
    const int singular_beta = hit.score - params_.se_margin * depth;
    ss->excluded_move = hit.move;
    const int score = negamax<false>(pos, ss, singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node);
    ss->excluded_move = Move::none();
    if (score < singular_beta) {
        const bool far_below = !pv_node && score < singular_beta - params_.se_double_margin &&
                               ss->double_extensions < params_.se_max_double_extensions;
        return SingularVerdict{far_below ? 2 : 1, SCORE_NONE};
    }
    if (singular_beta >= beta) return SingularVerdict{0, singular_beta};
    return SingularVerdict{hit.score >= beta ? -1 : 0, SCORE_NONE};
}

// The correction tables the parameters switch on: the pawn structure's always,
// the material's with correction_material (CorrectionKey's order).
int SearchWorker::correction_table_count() const { return params_.correction_material ? 2 : 1; }

// The static evaluation plus what the correction tables have learnt about this
// pawn structure (and this material): their entries' average, kept off the mate
// scores.
int SearchWorker::corrected_eval(const Position& pos, int raw_eval) const {
    if (!features_.correction_history) return raw_eval;
    const int count = correction_table_count();
    int sum = 0;
    for (int key = 0; key < count; ++key) sum += history_.correction_score(pos, CorrectionKey(key));
    const int correction = sum / count;
    const int corrected = raw_eval + correction / params_.correction_grain;
    return std::clamp(corrected, -SCORE_MATE_IN_MAX_PLY + 1, SCORE_MATE_IN_MAX_PLY - 1);
}

// A node's result says how far its static evaluation was off, unless its bound
// leaves the direction open (a fail high below the eval, a fail low above it):
// the entry moves toward that difference, the more the deeper the search. A
// capture as best move says more about the capture than about the position.
void SearchWorker::update_correction(const Position& pos, const Stack* ss, int depth, int best_score, Bound bound,
                                     int raw_eval) {
    if (is_decisive_score(best_score)) return;
    if ((bound == BOUND_LOWER && best_score <= ss->static_eval) ||
        (bound == BOUND_UPPER && best_score >= ss->static_eval))
        return;
    const int target = std::clamp((best_score - raw_eval) * params_.correction_grain, -params_.correction_limit,
                                  params_.correction_limit);
    const int weight = std::min(depth + 1, params_.correction_max_weight);
    for (int key = 0; key < correction_table_count(); ++key) {
        int& entry = history_.correction_entry(pos, CorrectionKey(key));
        entry = (entry * (params_.correction_weight_total - weight) + target * weight) / params_.correction_weight_total;
    }
}

// The tables this node orders and prunes by, seen from the last two moves.
NodeHistory SearchWorker::history_for_node(const Stack* ss) {
    NodeHistory node = capture_ordering();
    if (features_.continuation_history)
        for (int i = 0; i < 2; ++i)
            if ((ss - i)->moved_piece != NO_PIECE)
                node.continuation[i] = &history_.continuation_row((ss - i)->moved_piece, (ss - i)->move.to());
    if (features_.counter_moves && ss->moved_piece != NO_PIECE)
        node.counter_move = history_.counter_moves[ss->moved_piece][ss->move.to()];
    return node;
}

// The capture history alone (quiescence orders captures only).
NodeHistory SearchWorker::capture_ordering() const {
    NodeHistory node;
    if (features_.capture_history) {
        node.captures = &history_;
        node.capture_divisor = params_.capture_history_divisor;
    }
    return node;
}

// A quiet move's history: its butterfly entry and its continuation entries.
int SearchWorker::quiet_history(const Position& pos, const NodeHistory& node, Move m) const {
    int score = features_.history ? history_.quiet_score(pos.side_to_move(), m) : 0;
    return score + node.continuation_score(pos, m);
}

int SearchWorker::history_bonus(int depth) const { return std::min(params_.history_max_bonus, depth * depth); }

// A quiet move caused a cutoff: it becomes a killer and the counter-move to the
// last move, and gains history; the quiets tried before it lose as much.
void SearchWorker::update_quiet_history(const Position& pos, Stack* ss, Move best, int depth, const Move* quiets, int count) {
    if (features_.killers) history_.add_killer(ss->ply, best);
    if (features_.counter_moves && ss->moved_piece != NO_PIECE)
        history_.counter_moves[ss->moved_piece][ss->move.to()] = best;
    const int bonus = history_bonus(depth);
    update_quiet_entries(pos, ss, best, bonus);
    for (int i = 0; i < count; ++i)
        if (quiets[i] != best) update_quiet_entries(pos, ss, quiets[i], -bonus);
}

void SearchWorker::update_quiet_entries(const Position& pos, const Stack* ss, Move m, int bonus) {
    if (features_.history) history_.update(pos.side_to_move(), m, bonus, params_);
    if (!features_.continuation_history) return;
    for (int i = 0; i < 2; ++i) {
        const Stack* previous = ss - i;
        if (previous->moved_piece == NO_PIECE) continue;
        PieceToHistory& row = history_.continuation_row_to_update(previous->moved_piece, previous->move.to());
        apply_history_bonus(row[pos.moved_piece(m)][m.to()], bonus, params_);
    }
}

// A cutoff: the capture that caused it gains capture history, the captures
// tried before it (which failed to cut) lose as much.
void SearchWorker::update_capture_history(const Position& pos, Move best, int depth, const Move* noisies, int count) {
    const int bonus = history_bonus(depth);
    if (pos.is_capture(best) || best.kind() == PROMOTION)
        apply_history_bonus(history_.capture_entry(pos, best), bonus, params_);
    for (int i = 0; i < count; ++i)
        if (noisies[i] != best) apply_history_bonus(history_.capture_entry(pos, noisies[i]), -bonus, params_);
}

// ---------------------------------------------------------------------------
// Quiescence search

template <bool PvNode>
int SearchWorker::quiescence(Position& pos, Stack* ss, int alpha, int beta, int depth) {
    const int ply = ss->ply;
    const NodeScope node = enter_node(pos, ss, depth, alpha, beta);
    auto leave = [&](int score) { return node.leave(score); };
    ++stats_.qnodes;

    if (should_stop()) return leave(0);
    const bool in_check = pos.in_check();
    if (is_draw(pos, ply, in_check)) return leave(SCORE_DRAW);
    if (ply >= MAX_PLY - 1) return leave(in_check ? SCORE_DRAW : evaluate(pos));

    TTHit hit = probe_tt(pos, ply);
    if (!PvNode && tt_decides(hit, 0, alpha, beta)) {
        ++stats_.tt_cutoffs;
        return leave(hit.score);
    }

    // Stand pat: the side to move may decline every capture (not when evading check).
    const bool evading = in_check && features_.quiescence_checks_evasions;
    int best_score = -SCORE_INFINITE;
    int eval = SCORE_NONE;
    int raw_eval = SCORE_NONE;
    if (!evading) {
        raw_eval = hit.found && hit.eval != SCORE_NONE ? hit.eval : evaluate(pos);
        ss->static_eval = corrected_eval(pos, raw_eval);
        eval = params_.qs_table_refines_eval ? refined_by_table(hit, ss->static_eval) : ss->static_eval;
        best_score = eval;
        if (best_score >= beta) return leave(best_score);
        alpha = std::max(alpha, best_score);
    } else {
        ss->static_eval = SCORE_NONE;
    }

    const NodeHistory node_history = capture_ordering();
    MovePicker picker(pos, features_.transposition_table ? hit.move : Move::none(), nullptr, nullptr, evading,
                      features_.see_pruning, &node_history);
    Move best_move;
    int move_count = 0;
    while (Move m = picker.next()) {
        ++move_count;
        if (!evading && features_.delta_pruning && m.kind() != PROMOTION) {
            PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
            if (eval + SEE_VALUE[victim] + params_.delta_margin <= alpha) continue;
        }
        (ss + 1)->move = m;
        StateInfo st;
        make_move(pos, m, st);
        int score = -quiescence<PvNode>(pos, ss + 1, -beta, -alpha, depth - 1);
        undo_move(pos, m);
        if (stopped_) return leave(0);

        if (score > best_score) {
            best_score = score;
            if (score > alpha) {
                best_move = m;
                ss->best_move = m;
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    if (evading && move_count == 0) return leave(mated_in(ply));

    if (features_.transposition_table) {
        Bound bound = best_score >= beta ? BOUND_LOWER : (PvNode && best_move) ? BOUND_EXACT : BOUND_UPPER;
        tt_.store(pos.key(), ply, best_score, bound, 0, best_move, raw_eval);
    }
    return leave(best_score);
}

template int SearchWorker::negamax<true>(Position&, Stack*, int, int, int, bool);
template int SearchWorker::negamax<false>(Position&, Stack*, int, int, int, bool);

}  // namespace augur
