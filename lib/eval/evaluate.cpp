#include "eval/evaluate.h"

#include <algorithm>
#include <cstdint>

#include "eval/eval_terms.h"
#include "eval/kpk_bitbase.h"

namespace augur {

namespace {

constexpr std::int64_t TAPER_DIVISOR = std::int64_t(PHASE_MAX) * SCALE_NORMAL;  // 1536
constexpr int EVAL_LIMIT = 19999;  // unreachable in legal positions; a guard for the |v| < 20000 contract

constexpr const char* TERM_NAMES[EVAL_TERM_NB] = {
    "material",       "piece_square",   "mobility",      "knight_tropism", "rook_file",
    "passed_pawn",    "passed_king_distance", "passed_free_path", "isolated_pawn", "doubled_pawn",
    "backward_pawn",  "connected_pawn", "supported_pawn", "major_on_seventh", "king_shield",
    "king_attack",    "bishop_pair",    "knight_outpost", "trapped_bishop", "tempo",
    "threats",
};

// Steps 2-5 of evaluate.h: the net, scaled and tapered score in White's view.
// Fills out (when given) with the per-term detail. When the endgame layer
// decided the value (a dead draw or a known ending), the terms are still shown
// but their finals are 0.
int combine(const detail::TermScores& ts, const EvalOptions& options, int phase, const EndgameVerdict& verdict,
            EvalBreakdown* out) {
    Score net[EVAL_TERM_NB];
    int eg_total = 0;
    for (int i = 0; i < EVAL_TERM_NB; ++i) {
        net[i] = options.terms[i] ? ts.s[i][WHITE] - ts.s[i][BLACK] : Score{};
        eg_total += net[i].eg;
    }
    // The scale of the side the endgame half favours. With an endgame total of
    // 0 the scale cannot change the total; SCALE_NORMAL then keeps the per-term
    // finals the same for a position and its colour-flipped mirror.
    Color ahead = eg_total > 0 ? WHITE : BLACK;
    const bool decided = verdict.dead || verdict.known;
    int scale = eg_total == 0 || verdict.known ? SCALE_NORMAL : verdict.scale[ahead];
    EndgameRule rule = eg_total == 0 ? EndgameRule::None : verdict.rule[ahead];
    std::int64_t running = 0, previous_final = 0;
    for (int i = 0; i < EVAL_TERM_NB; ++i) {
        running += std::int64_t(net[i].mg) * phase * SCALE_NORMAL + std::int64_t(net[i].eg) * scale * (PHASE_MAX - phase);
        if (out) {
            std::int64_t final_so_far = decided ? 0 : running / TAPER_DIVISOR;
            TermBreakdown& tb = out->terms[i];
            tb.white = options.terms[i] ? ts.s[i][WHITE] : Score{};
            tb.black = options.terms[i] ? ts.s[i][BLACK] : Score{};
            tb.final_white = int(final_so_far - previous_final);
            previous_final = final_so_far;
        }
    }
    int total = verdict.dead ? 0 : verdict.known ? verdict.value_white : int(running / TAPER_DIVISOR);
    if (out) {
        out->phase = phase;
        out->scale = scale;
        out->rule = decided ? verdict.rule[WHITE] : rule;
        out->dead = verdict.dead;
        out->known = verdict.known;
    }
    return std::clamp(total, -EVAL_LIMIT, EVAL_LIMIT);
}

int from_side_to_move(const Position& pos, int white) { return pos.side_to_move() == WHITE ? white : -white; }

}  // namespace

const char* eval_term_name(EvalTerm term) {
    int i = int(term);
    return i >= 0 && i < EVAL_TERM_NB ? TERM_NAMES[i] : "?";
}

std::optional<EvalTerm> eval_term_from_name(std::string_view name) {
    for (int i = 0; i < EVAL_TERM_NB; ++i)
        if (name == TERM_NAMES[i]) return EvalTerm(i);
    return std::nullopt;
}

HandCraftedEvaluator::HandCraftedEvaluator(std::size_t pawn_hash_entries) : weights_(default_weights()), pawn_hash_(pawn_hash_entries) {
    kpk_bitbase_prepare();  // now, not in the first timed search that meets KPvK
}

void HandCraftedEvaluator::set_weights(const EvalWeights& weights) {
    weights_ = weights;
    pawn_hash_.clear();
}

int HandCraftedEvaluator::evaluate(const Position& pos) {
    EndgameVerdict verdict;
    if (options_.endgame_scaling) {
        verdict = classify_endgame(pos);
        if (std::optional<int> decided = endgame_layer_value(pos, verdict)) return *decided;
    }
    detail::TermScores ts;
    detail::compute_terms(pos, weights_, pawn_hash_.probe(pos, weights_), ts);
    int white = combine(ts, options_, detail::game_phase(pos), verdict, nullptr);
    return from_side_to_move(pos, white);
}

EvalBreakdown HandCraftedEvaluator::breakdown(const Position& pos) {
    EndgameVerdict verdict;
    if (options_.endgame_scaling) verdict = classify_endgame(pos);
    detail::TermScores ts;
    detail::compute_terms(pos, weights_, pawn_hash_.probe(pos, weights_), ts);
    EvalBreakdown out;
    out.total_white = combine(ts, options_, detail::game_phase(pos), verdict, &out);
    out.total = from_side_to_move(pos, out.total_white);
    return out;
}

}  // namespace augur
