#include "search/strength.h"

#include <algorithm>
#include <cmath>

namespace augur {

int strength_search_elo(int uci_elo) {
    using P = StrengthParams;
    if (uci_elo <= P::compress_from_elo) return uci_elo;
    return P::compress_from_elo + (uci_elo - P::compress_from_elo) * P::compress_permille / 1000;
}

std::uint64_t strength_node_budget(int uci_elo) {
    using P = StrengthParams;
    const int above = std::max(0, strength_search_elo(uci_elo) - P::base_elo);
    const int doublings = std::min(above / P::elo_per_doubling, 40);  // a bound far above any Elo the option takes
    const std::uint64_t low = std::uint64_t(P::base_nodes) << doublings;
    return low + low * std::uint64_t(above % P::elo_per_doubling) / std::uint64_t(P::elo_per_doubling);
}

int strength_temperature(int uci_elo) {
    using P = StrengthParams;
    const int elo = strength_search_elo(uci_elo);
    return elo >= P::exact_elo ? 0 : (P::exact_elo - elo) * P::temperature_per_100_elo / 100;
}

std::uint64_t StrengthRandom::next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::int64_t strength_weight(int behind, int temperature) {
    return std::llround(double(StrengthParams::weight_scale) * std::exp(-double(behind) / double(temperature)));
}

std::size_t choose_line(std::span<const int> scores, int temperature, StrengthRandom& random) {
    if (scores.empty()) return 0;
    const auto best = std::ranges::max_element(scores);
    if (temperature <= 0 || scores.size() == 1) return std::size_t(best - scores.begin());
    std::int64_t total = 0;
    for (int score : scores) total += strength_weight(*best - score, temperature);
    std::int64_t draw = std::int64_t(random.next() % std::uint64_t(total));
    for (std::size_t i = 0; i < scores.size(); ++i) {
        draw -= strength_weight(*best - scores[i], temperature);
        if (draw < 0) return i;
    }
    return std::size_t(best - scores.begin());  // not reached: the weights add up to total
}

}  // namespace augur
