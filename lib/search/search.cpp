#include "search/search.h"

#include <algorithm>

#include "core/movegen.h"
#include "eval/evaluate.h"
#include "search/movepick.h"
#include "search/see.h"

namespace augur {

// Per-ply search state; the stack has two sentinel entries below the root so
// that (ss - 2) is always valid.
struct Searcher::Stack {
    int ply = 0;
    Move move;             // the move that led to this node (null for a null move)
    Move best_move;        // result of the node, for the tracer
    int static_eval = SCORE_NONE;
};

namespace {

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

// Zugzwang is likely when the side to move has no more than one minor piece
// besides king and pawns (a lone knight must often move out of the way of its
// own king's mate), so passing there proves nothing.
bool null_move_is_safe(const Position& pos, Color c) {
    return pos.pieces(c, ROOK, QUEEN) || more_than_one(pos.pieces(c, KNIGHT, BISHOP));
}

}  // namespace

Searcher::Searcher(TranspositionTable& tt, Evaluator& evaluator) : tt_(tt), evaluator_(evaluator) {}

int Searcher::evaluate(const Position& pos) { return evaluator_.evaluate(pos); }

int Searcher::reduction(int depth, int move_number, bool improving) const {
    int r = (params_.lmr_base + log2_fixed(depth) * log2_fixed(move_number) / params_.lmr_divisor) / 256;
    return improving ? r : r + 1;
}

// Draws by repetition (inside the tree, or twice in the game), dead material, or
// the fifty-move rule (unless this position is mate: mate on the 100th ply wins).
bool Searcher::is_draw(const Position& pos, int ply, bool in_check) {
    if (pos.is_repetition(ply) || pos.is_insufficient_material()) return true;
    return pos.is_fifty_move_draw() && (!in_check || count_legal_moves(pos) > 0);
}

TTHit Searcher::probe_tt(const Position& pos, int ply) {
    if (!features_.transposition_table) return TTHit{};
    ++stats_.tt_probes;
    TTHit hit = tt_.probe(pos.key(), ply);
    stats_.tt_hits += hit.found;
    return hit;
}

// True when a table entry alone settles a node searched to `depth` with (alpha, beta).
bool Searcher::tt_decides(const TTHit& hit, int depth, int alpha, int beta) {
    return hit.found && hit.depth >= depth &&
           (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
            (hit.bound == BOUND_UPPER && hit.score <= alpha));
}

bool Searcher::should_stop() {
    if (stopped_) return true;
    if (limits_.nodes && stats_.nodes >= limits_.nodes) stopped_ = true;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (owner_stop_ && owner_stop_->load(std::memory_order_relaxed)) stopped_ = true;
    return stopped_;
}

// ---------------------------------------------------------------------------
// Tracing

void Searcher::trace_enter(const Stack* ss, int depth, int alpha, int beta, Key key) {
    tracer_->on_enter(TraceNode{ss->ply, depth, alpha, beta, key, ss->move});
}

void Searcher::trace_leave(int score, int alpha, int beta, Move best) {
    Bound bound = score <= alpha ? BOUND_UPPER : score >= beta ? BOUND_LOWER : BOUND_EXACT;
    tracer_->on_leave(TraceResult{score, bound, best});
}

// ---------------------------------------------------------------------------
// Iterative deepening

SearchResult Searcher::search(Position& pos, const SearchLimits& limits) {
    limits_ = limits;
    stats_ = SearchStats{};
    stopped_ = false;
    start_ = std::chrono::steady_clock::now();
    root_pv_.clear();
    root_best_score_ = 0;
    tt_.new_search();
    history_.clear_killers();

    Stack stack[MAX_PLY + 4];
    Stack* ss = stack + 2;
    for (int i = 0; i < MAX_PLY + 2; ++i) ss[i].ply = i;

    SearchResult result;
    MoveList<> root_moves(pos);
    if (root_moves.empty()) {
        result.score = pos.in_check() ? mated_in(0) : SCORE_DRAW;
        return result;
    }

    int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
    int score = 0;
    for (int depth = 1; depth <= max_depth; ++depth) {
        root_depth_ = depth;
        int iteration_score = aspiration(pos, ss, depth, score);
        if (stopped_) break;
        score = iteration_score;
        result.depth = depth;
        report_pv(depth, score, BOUND_EXACT, root_pv_, true);
    }

    // A stopped iteration still contributes a root move that beat the previous best.
    result.pv = root_pv_;
    if (result.pv.empty()) result.pv.push_back(root_moves[0]);
    result.best_move = result.pv[0];
    result.ponder_move = result.pv.size() > 1 ? result.pv[1] : Move::none();
    result.score = root_best_score_;
    result.stats = stats_;
    result.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
    return result;
}

int Searcher::aspiration(Position& pos, Stack* ss, int depth, int previous_score) {
    if (!features_.aspiration_windows || depth < params_.aspiration_min_depth || is_mate_score(previous_score))
        return search_root_window(pos, ss, -SCORE_INFINITE, SCORE_INFINITE, depth);

    int delta = params_.aspiration_delta;
    int alpha = std::max(previous_score - delta, -SCORE_INFINITE);
    int beta = std::min(previous_score + delta, SCORE_INFINITE);
    for (;;) {
        int score = search_root_window(pos, ss, alpha, beta, depth);
        if (stopped_) return score;
        if (score <= alpha) {
            report_pv(depth, score, BOUND_UPPER, root_pv_, false);
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

int Searcher::search_root_window(Position& pos, Stack* ss, int alpha, int beta, int depth) {
    return negamax<true>(pos, ss, alpha, beta, depth, false);
}

void Searcher::report_pv(int depth, int score, Bound bound, const std::vector<Move>& pv, bool iteration_done) {
    if (!listener_) return;
    PvInfo info;
    info.depth = depth;
    info.seldepth = stats_.seldepth;
    info.score = score;
    info.bound = bound;
    info.nodes = stats_.nodes;
    info.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
    info.pv = pv;
    if (iteration_done) listener_->on_iteration(info);
    else listener_->on_pv(info);
}

// ---------------------------------------------------------------------------
// Main search

template <bool PvNode>
int Searcher::negamax(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node) {
    if (depth <= 0) return quiescence<PvNode>(pos, ss, alpha, beta, 0);

    const bool root = ss->ply == 0;
    const int ply = ss->ply;
    const int alpha_in = alpha, beta_in = beta;
    if (tracer_) [[unlikely]] trace_enter(ss, depth, alpha, beta, pos.key());
    auto leave = [&](int score) {
        if (tracer_) [[unlikely]] trace_leave(score, alpha_in, beta_in, ss->best_move);
        return score;
    };

    ss->best_move = Move::none();
    pv_length_[ply] = ply;
    ++stats_.nodes;
    stats_.seldepth = std::max(stats_.seldepth, ply);
    const bool in_check = pos.in_check();

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

    // 2. Transposition table.
    TTHit hit = probe_tt(pos, ply);
    if (!PvNode && tt_decides(hit, depth, alpha, beta)) {
        ++stats_.tt_cutoffs;
        return leave(hit.score);
    }
    Move tt_move = root && !root_pv_.empty() ? root_pv_[0] : hit.move;

    // 3. Static evaluation, refined by the table's bound when it says more.
    int eval = SCORE_NONE;
    if (!in_check) {
        ss->static_eval = hit.found && hit.eval != SCORE_NONE ? hit.eval : evaluate(pos);
        eval = ss->static_eval;
        if (hit.found && !is_mate_score(hit.score) &&
            ((hit.bound == BOUND_LOWER && hit.score > eval) || (hit.bound == BOUND_UPPER && hit.score < eval)))
            eval = hit.score;
    } else {
        ss->static_eval = SCORE_NONE;
    }
    const bool improving = !in_check && (ss - 2)->static_eval != SCORE_NONE && ss->static_eval > (ss - 2)->static_eval;

    if (!PvNode && !in_check) {
        // 4. Reverse futility: far above beta at low depth, assume a cutoff.
        if (features_.reverse_futility_pruning && depth <= params_.rfp_max_depth && !is_mate_score(beta) &&
            eval - params_.rfp_margin * (depth - improving) >= beta)
            return leave(eval);

        // 5. Null move: if passing still fails high, so will a real move (unless in zugzwang).
        if (features_.null_move && depth >= params_.null_min_depth && ss->move != Move::null() &&
            eval >= beta && !is_mate_score(beta) && null_move_is_safe(pos, pos.side_to_move())) {
            int r = params_.null_base_reduction + depth / params_.null_depth_divisor +
                    (eval - beta >= params_.null_eval_margin ? 1 : 0);
            StateInfo st;
            (ss + 1)->move = Move::null();
            pos.do_null_move(st);
            int score = -negamax<false>(pos, ss + 1, -beta, -beta + 1, depth - r, !cut_node);
            pos.undo_null_move();
            if (stopped_) return leave(0);
            if (score >= beta) return leave(is_mate_score(score) ? beta : score);
        }
    }

    // 6. The moves.
    MovePicker picker(pos, features_.transposition_table || root ? tt_move : Move::none(),
                      features_.killers ? history_.killers[ply] : nullptr, features_.history ? &history_ : nullptr,
                      true, false);
    int best_score = -SCORE_INFINITE;
    Move best_move;
    int move_count = 0, searched = 0, quiet_count = 0;
    Move quiets[64];
    const bool may_prune = !root && has_non_pawn_material(pos, pos.side_to_move());

    while (Move m = picker.next()) {
        ++move_count;
        const bool noisy = pos.is_capture(m) || m.kind() == PROMOTION;
        const bool gives_check = pos.gives_check(m);

        // 7. Shallow-depth pruning, once a move has saved us from being mated.
        if (may_prune && best_score > -SCORE_MATE_IN_MAX_PLY) {
            if (!noisy && !gives_check) {
                if (features_.late_move_pruning && depth <= params_.lmp_max_depth &&
                    quiet_count >= (params_.lmp_base + depth * depth) / (improving ? 1 : 2))
                    continue;
                if (features_.futility_pruning && !in_check && depth <= params_.futility_max_depth &&
                    eval + params_.futility_base + params_.futility_margin * depth <= alpha)
                    continue;
                if (features_.see_pruning && depth <= params_.see_max_depth &&
                    !see_ge(pos, m, -params_.see_quiet_margin * depth))
                    continue;
            } else if (features_.see_pruning && !gives_check && depth <= params_.see_max_depth &&
                       !see_ge(pos, m, -params_.see_capture_margin * depth)) {
                continue;
            }
        }

        // 8. Extension, make, search (reduced, then null window, then full window).
        int new_depth = depth - 1 + (features_.check_extension && gives_check ? 1 : 0);
        (ss + 1)->move = m;
        StateInfo st;
        pos.do_move(m, st);
        if (features_.transposition_table) tt_.prefetch(pos.key());

        int score;
        if (PvNode && searched == 0) {
            score = -negamax<PvNode>(pos, ss + 1, -beta, -alpha, new_depth, false);
        } else {
            bool full_depth = true;
            if (features_.late_move_reductions && depth >= params_.lmr_min_depth &&
                move_count > params_.lmr_min_moves && !noisy) {
                int r = reduction(depth, move_count, improving);
                r += cut_node ? 1 : 0;
                r -= PvNode ? 1 : 0;
                r -= gives_check ? 1 : 0;
                if (features_.history) r -= history_.quiet_score(~pos.side_to_move(), m) / params_.lmr_history_divisor;
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
        pos.undo_move(m);
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
                if (root) {
                    root_pv_.assign(pv_table_[0], pv_table_[0] + pv_length_[0]);
                    root_best_score_ = score;
                    report_pv(root_depth_, score, score >= beta ? BOUND_LOWER : BOUND_EXACT, root_pv_, false);
                }
                if (score >= beta) {
                    ++stats_.fail_highs;
                    stats_.fail_highs_first += searched == 1;
                    break;
                }
                alpha = score;
            }
        }
        if (!noisy) {
            if (quiet_count < 64) quiets[quiet_count] = m;
            ++quiet_count;
        }
    }

    // 9. Mate and stalemate; history; table store.
    if (move_count == 0) return leave(in_check ? mated_in(ply) : SCORE_DRAW);

    if (best_score >= beta && best_move && !pos.is_capture(best_move) && best_move.kind() != PROMOTION)
        update_quiet_history(pos, ss, best_move, depth, quiets, std::min(quiet_count, 64));

    if (features_.transposition_table) {
        Bound bound = best_score >= beta ? BOUND_LOWER : (PvNode && best_move) ? BOUND_EXACT : BOUND_UPPER;
        tt_.store(pos.key(), ply, best_score, bound, depth, best_move, ss->static_eval);
    }
    return leave(best_score);
}

void Searcher::update_quiet_history(const Position& pos, Stack* ss, Move best, int depth, const Move* quiets, int count) {
    if (features_.killers) history_.add_killer(ss->ply, best);
    if (!features_.history) return;
    int bonus = std::min(params_.history_max_bonus, depth * depth);
    Color side = pos.side_to_move();
    history_.update(side, best, bonus, params_);
    for (int i = 0; i < count; ++i)
        if (quiets[i] != best) history_.update(side, quiets[i], -bonus, params_);
}

// ---------------------------------------------------------------------------
// Quiescence search

template <bool PvNode>
int Searcher::quiescence(Position& pos, Stack* ss, int alpha, int beta, int depth) {
    const int ply = ss->ply;
    const int alpha_in = alpha, beta_in = beta;
    if (tracer_) [[unlikely]] trace_enter(ss, depth, alpha, beta, pos.key());
    auto leave = [&](int score) {
        if (tracer_) [[unlikely]] trace_leave(score, alpha_in, beta_in, ss->best_move);
        return score;
    };

    ss->best_move = Move::none();
    pv_length_[ply] = ply;
    ++stats_.nodes;
    ++stats_.qnodes;
    stats_.seldepth = std::max(stats_.seldepth, ply);

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
    if (!evading) {
        eval = hit.found && hit.eval != SCORE_NONE ? hit.eval : evaluate(pos);
        ss->static_eval = eval;
        best_score = eval;
        if (best_score >= beta) return leave(best_score);
        alpha = std::max(alpha, best_score);
    } else {
        ss->static_eval = SCORE_NONE;
    }

    MovePicker picker(pos, features_.transposition_table ? hit.move : Move::none(), nullptr, nullptr, evading,
                      features_.see_pruning);
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
        pos.do_move(m, st);
        int score = -quiescence<PvNode>(pos, ss + 1, -beta, -alpha, depth - 1);
        pos.undo_move(m);
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
        tt_.store(pos.key(), ply, best_score, bound, 0, best_move, ss->static_eval);
    }
    return leave(best_score);
}

template int Searcher::negamax<true>(Position&, Stack*, int, int, int, bool);
template int Searcher::negamax<false>(Position&, Stack*, int, int, int, bool);

}  // namespace augur
