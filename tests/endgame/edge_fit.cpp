#include "edge_fit.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <random>

#include "eval/endgame_terms.h"

namespace augur::endgame {

namespace {

using endgame_terms::defending_king_room;
using endgame_terms::knight_safe_squares;
using endgame_terms::lines_to_edge;
using endgame_terms::steps_to_corner;

Square king_of(const PieceSet& ps, Color c) { return lsb(ps.by[c][KING]); }
Square piece_of(const PieceSet& ps, Color c, PieceType pt) { return lsb(ps.by[c][pt]); }

// Measures shared by the classes: the defending king and the kings together.
int defending_king_edge(const PieceSet& ps, Color strong) { return lines_to_edge(king_of(ps, ~strong)); }
int defending_king_corner(const PieceSet& ps, Color strong) { return steps_to_corner(king_of(ps, ~strong)); }
int kings_distance(const PieceSet& ps, Color strong) { return distance(king_of(ps, strong), king_of(ps, ~strong)); }

int knight_from_its_king(const PieceSet& ps, Color strong) {
    return distance(king_of(ps, ~strong), piece_of(ps, ~strong, KNIGHT));
}
int strong_king_to_knight(const PieceSet& ps, Color strong) {
    return distance(king_of(ps, strong), piece_of(ps, ~strong, KNIGHT));
}

int rook_from_its_king(const PieceSet& ps, Color strong) {
    return distance(king_of(ps, ~strong), piece_of(ps, ~strong, ROOK));
}
// The defending king's room in steps of four squares, 36 squares and more
// together (0 .. 9): larger rooms are rare among the placements `kqkr` values.
int room_steps(const PieceSet& ps, Color strong) { return std::min(defending_king_room(ps, strong), 36) / 4; }

int queen_to_defending_king(const PieceSet& ps, Color strong) {
    return distance(piece_of(ps, strong, QUEEN), king_of(ps, ~strong));
}
int strong_king_to_rook(const PieceSet& ps, Color strong) {
    return distance(king_of(ps, strong), piece_of(ps, ~strong, ROOK));
}

bool krkn_small_edge(const EndgameVerdict& v) { return v.known && v.rule[WHITE] == EndgameRule::Krkn && v.value_white < 10000; }
bool kqkr_valued(const EndgameVerdict& v) { return v.known && v.rule[WHITE] == EndgameRule::Kqkr; }

const std::vector<FitClass>& classes() {
    static const std::vector<FitClass> all = {
        {"krkn", "KRvKN", krkn_small_edge,
         {{"KRKN_KNIGHT_AWAY", 8, knight_from_its_king},
          {"KRKN_KNIGHT_HEMMED", 9, knight_safe_squares},
          {"KRKN_KING_ON_KNIGHT", 8, strong_king_to_knight},
          {"KRKN_KINGS_CLOSE", 8, kings_distance},
          {"KRKN_EDGE", 4, defending_king_edge},
          {"KRKN_CORNER", 7, defending_king_corner}}},
        {"kqkr", "KQvKR", kqkr_valued,
         {{"KQKR_EDGE", 4, defending_king_edge},
          {"KQKR_CORNER", 7, defending_king_corner},
          {"KQKR_KINGS_CLOSE", 8, kings_distance},
          {"KQKR_ROOK_AWAY", 8, rook_from_its_king},
          {"KQKR_ROOM", 10, room_steps},
          {"KQKR_QUEEN_NEAR", 8, queen_to_defending_king},
          {"KQKR_KING_ON_ROOK", 8, strong_king_to_rook}}},
    };
    return all;
}

struct Man {
    Color colour;
    char letter;  // "PNBRQK"
};

// "KRvKN" as the men it has, White's first; nothing when it is not a signature.
std::optional<std::vector<Man>> men_of(std::string_view material) {
    std::vector<Man> men;
    Color colour = WHITE;
    int kings[COLOR_NB] = {};
    for (char c : material) {
        if (c == 'v' && colour == WHITE) { colour = BLACK; continue; }
        if (std::string_view("PNBRQK").find(c) == std::string_view::npos) return std::nullopt;
        kings[colour] += c == 'K';
        men.push_back({colour, c});
    }
    if (colour != BLACK || kings[WHITE] != 1 || kings[BLACK] != 1) return std::nullopt;
    return men;
}

// A random placement of the men (pawns off the first and last ranks) as a FEN;
// it may be illegal (a king in check on the other side's turn), which
// Position::set_fen refuses.
std::string random_fen(const std::vector<Man>& men, std::mt19937_64& rng) {
    char board[64];
    std::fill(std::begin(board), std::end(board), '.');
    for (const Man& man : men) {
        for (;;) {
            const int square = int(rng() % 64);
            const int rank = square / 8;
            if (board[square] != '.' || (man.letter == 'P' && (rank == 0 || rank == 7))) continue;
            board[square] = man.colour == WHITE ? man.letter : char(man.letter - 'A' + 'a');
            break;
        }
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = board[rank * 8 + file];
            if (c == '.') { ++empty; continue; }
            if (empty) fen += char('0' + empty), empty = 0;
            fen += c;
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    return fen + ((rng() & 1) ? " w - - 0 1" : " b - - 0 1");
}

// The target of a placement the tables hold, or nothing for one the fit skips
// (not a win of the strong side, when fitting progress).
std::optional<double> target_of(const syzygy::TableHandle& tables, const Position& pos, Target target,
                                bool& answered) {
    answered = false;
    const bool white_to_move = pos.side_to_move() == WHITE;
    if (target == Target::Win) {
        std::optional<syzygy::Wdl> wdl = syzygy::probe_wdl(tables, pos);
        if (!wdl) return std::nullopt;
        answered = true;
        return *wdl == (white_to_move ? syzygy::Wdl::Win : syzygy::Wdl::Loss) ? 1.0 : 0.0;
    }
    std::optional<int> dtz = syzygy::probe_dtz(tables, pos);
    if (!dtz) return std::nullopt;
    answered = true;
    std::optional<syzygy::Wdl> wdl = syzygy::probe_wdl(tables, pos);
    if (!wdl || *wdl != (white_to_move ? syzygy::Wdl::Win : syzygy::Wdl::Loss)) return std::nullopt;
    return -double(std::abs(*dtz));
}

// A permutation of 0 .. n - 1 from rng, the same on every platform (unlike
// std::shuffle, whose algorithm the standard leaves open).
std::vector<std::size_t> shuffled_indices(std::size_t n, std::mt19937_64& rng) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
    return order;
}

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

double log_loss(double p, double label) {
    const double eps = 1e-12;
    return -(label * std::log(std::max(p, eps)) + (1 - label) * std::log(std::max(1 - p, eps)));
}

}  // namespace

std::span<const FitClass> fit_classes() { return classes(); }

const FitClass* find_fit_class(std::string_view rule) {
    for (const FitClass& c : classes())
        if (rule == c.rule) return &c;
    return nullptr;
}

std::optional<std::string> draw_samples(const FitClass& fit_class, const syzygy::TableHandle& tables, Target target,
                                        int count, std::uint64_t seed, SampleDraw& draw) {
    std::optional<std::vector<Man>> men = men_of(fit_class.material);
    if (!men) return "'" + std::string(fit_class.material) + "' is not a material signature such as KRvKN";
    draw = SampleDraw{};
    std::mt19937_64 rng(seed);
    // A class whose placements are rarely fitted (or never) must not loop for ever.
    const long limit = 1000L * count + 1000000;
    long unanswered = 0;
    while (int(draw.samples.size()) < count) {
        if (draw.placements >= limit)
            return "only " + std::to_string(draw.samples.size()) + " of " + std::to_string(draw.placements) +
                   " placements were fitted";
        StateInfo st;
        Position pos;
        if (pos.set_fen(random_fen(*men, rng), st)) continue;  // illegal
        ++draw.placements;
        const PieceSet ps = PieceSet::of(pos);
        const EndgameVerdict verdict = classify_endgame(ps);
        if (!fit_class.fitted(verdict)) continue;
        bool answered = false;
        std::optional<double> value = target_of(tables, pos, target, answered);
        unanswered += !answered;
        if (unanswered > 1000 && draw.samples.empty())
            return "the tables do not hold " + std::string(fit_class.material);
        if (!value) continue;
        Sample sample;
        for (const Feature& f : fit_class.features) sample.values.push_back(f.measure(ps, WHITE));
        sample.strong_to_move = pos.side_to_move() == WHITE;
        sample.target = *value;
        sample.rule_value = verdict.value_white;
        draw.samples.push_back(std::move(sample));
    }
    return std::nullopt;
}

FitResult fit_tables(std::span<const Sample> samples, std::span<const int> sizes, Loss loss, int epochs,
                     std::uint64_t seed) {
    FitResult result;
    for (int size : sizes) result.tables.emplace_back(std::size_t(size), 0.0);
    if (samples.empty()) return result;
    // Squares fits (target - mean) / spread, so that one learning rate suits any unit.
    double mean = 0, spread = 1;
    for (const Sample& s : samples) mean += s.target;
    mean /= double(samples.size());
    if (loss == Loss::Squares) {
        double variance = 0;
        for (const Sample& s : samples) variance += (s.target - mean) * (s.target - mean);
        variance /= double(samples.size());
        spread = variance > 0 ? std::sqrt(variance) : 1;
    }
    auto label = [&](const Sample& s) { return loss == Loss::Squares ? (s.target - mean) / spread : s.target; };
    auto sum = [&](const Sample& s) {
        double z = result.bias + (s.strong_to_move ? result.strong_to_move : 0);
        for (std::size_t f = 0; f < s.values.size(); ++f) z += result.tables[f][std::size_t(s.values[f])];
        return z;
    };
    std::mt19937_64 rng(seed);
    double rate = 0.05;
    for (int epoch = 0; epoch < epochs; ++epoch, rate *= 0.8) {
        for (std::size_t i : shuffled_indices(samples.size(), rng)) {
            const Sample& s = samples[i];
            const double z = sum(s);
            const double step = rate * (label(s) - (loss == Loss::Logistic ? sigmoid(z) : z));
            result.bias += step;
            if (s.strong_to_move) result.strong_to_move += step;
            for (std::size_t f = 0; f < s.values.size(); ++f) result.tables[f][std::size_t(s.values[f])] += step;
        }
    }
    for (const Sample& s : samples) {
        const double z = sum(s);
        if (loss == Loss::Logistic) {
            result.loss += log_loss(sigmoid(z), s.target);
            result.constant_loss += log_loss(mean, s.target);
        } else {
            result.loss += (label(s) - z) * (label(s) - z) * spread * spread;
            result.constant_loss += (s.target - mean) * (s.target - mean);
        }
    }
    result.loss /= double(samples.size());
    result.constant_loss /= double(samples.size());
    if (loss == Loss::Squares) {
        for (auto& table : result.tables)
            for (double& w : table) w *= spread;
        result.bias = result.bias * spread + mean;
        result.strong_to_move *= spread;
    }
    return result;
}

double rule_value_correlation(std::span<const Sample> samples) {
    const double n = double(samples.size());
    double mean_value = 0, mean_target = 0;
    for (const Sample& s : samples) mean_value += s.rule_value, mean_target += s.target;
    mean_value /= n, mean_target /= n;
    double covariance = 0, value_variance = 0, target_variance = 0;
    for (const Sample& s : samples) {
        const double v = s.rule_value - mean_value, t = s.target - mean_target;
        covariance += v * t, value_variance += v * v, target_variance += t * t;
    }
    if (value_variance == 0 || target_variance == 0) return 0;
    return covariance / std::sqrt(value_variance * target_variance);
}

std::vector<int> as_points(std::span<const double> weights, double points_per_unit,
                           std::span<const long> placements) {
    std::vector<int> points;
    int lowest = INT_MAX;
    for (std::size_t v = 0; v < weights.size(); ++v) {
        points.push_back(int(std::lround(weights[v] * points_per_unit)));
        if (placements[v] > 0) lowest = std::min(lowest, points.back());
    }
    for (std::size_t v = 0; v < points.size(); ++v) points[v] = placements[v] > 0 ? points[v] - lowest : 0;
    return points;
}

std::vector<long> placements_by_value(std::span<const Sample> samples, std::size_t f, int size) {
    std::vector<long> placements(std::size_t(size), 0);
    for (const Sample& s : samples) ++placements[std::size_t(s.values[f])];
    return placements;
}

}  // namespace augur::endgame
