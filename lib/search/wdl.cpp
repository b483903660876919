#include "search/wdl.h"

#include <algorithm>
#include <cmath>

#include "search/score.h"
#include "search/wdl_model.h"

namespace augur {

int material_count(const Position& pos, Color c) {
    return popcount(pos.pieces(c, PAWN)) + 3 * popcount(pos.pieces(c, KNIGHT, BISHOP)) +
           5 * popcount(pos.pieces(c, ROOK)) + 9 * popcount(pos.pieces(c, QUEEN));
}

int wdl_material(const Position& pos) { return material_count(pos, WHITE) + material_count(pos, BLACK); }

WdlCurve WdlCurve::built_in() {
    return {WdlModel::wdl_center_base, WdlModel::wdl_center_per_material, WdlModel::wdl_spread_base,
            WdlModel::wdl_spread_per_material, WdlModel::wdl_material_max};
}

double WdlCurve::center(int material) const {
    return center_base + center_per_material * std::min(material, material_max) / material_max;
}

double WdlCurve::spread(int material) const {
    return std::max(1.0, spread_base + spread_per_material * std::min(material, material_max) / material_max);
}

double WdlCurve::win_probability(int score, int material) const {
    return 1 / (1 + std::exp((center(material) - score) / spread(material)));
}

WdlPermille wdl_permille(int score, int material) {
    if (is_decisive_score(score)) return score > 0 ? WdlPermille{1000, 0, 0} : WdlPermille{0, 0, 1000};
    static const WdlCurve curve = WdlCurve::built_in();
    int clamped = std::clamp(score, -4000, 4000);
    int win = int(std::lround(1000 * curve.win_probability(clamped, material)));
    int loss = int(std::lround(1000 * curve.loss_probability(clamped, material)));
    // A center below zero would make win + loss exceed one: the draw is then none.
    if (win + loss > 1000) loss = 1000 - win;
    return {win, 1000 - win - loss, loss};
}

WdlPermille wdl_permille(int score, const Position& pos) { return wdl_permille(score, wdl_material(pos)); }

}  // namespace augur
