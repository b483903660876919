// Play at a chosen strength (the options UCI_LimitStrength and UCI_Elo).
//
// A weaker setting weakens the search the way a weaker player is weaker: it
// sees less (a node budget that halves every StrengthParams::elo_per_doubling
// points, counted on the search's scale, compressed above compress_from_elo)
// and misjudges more (the move is drawn from the best root lines, a
// line less likely the worse its score, at a temperature that grows as the
// setting falls). Both are deterministic given the random seed (the option
// RandomSeed), and the Java reference (StrengthPlay) computes the same
// budget, temperature and draw.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "search/strength_params.h"

namespace augur {

struct StrengthSettings {
    bool limited = false;  // UCI_LimitStrength
    int elo = 1500;        // UCI_Elo
};

// The setting on the scale the budget and the temperature are written in:
// UCI_Elo up to StrengthParams::compress_from_elo, compressed above it.
int strength_search_elo(int uci_elo);

// The nodes a move may take at this UCI_Elo.
std::uint64_t strength_node_budget(int uci_elo);

// The temperature of the draw in centipawns at this UCI_Elo; 0: the best line is always played.
int strength_temperature(int uci_elo);

// SplitMix64: a small generator whose sequence the Java reference repeats.
class StrengthRandom {
public:
    explicit StrengthRandom(std::uint64_t seed = 0) : state_(seed) {}
    void seed(std::uint64_t seed) { state_ = seed; }
    std::uint64_t next();

private:
    std::uint64_t state_;
};

// The weight of a line scoring `behind` centipawns less than the best one, on
// StrengthParams::weight_scale (the best line weighs the whole scale).
std::int64_t strength_weight(int behind, int temperature);

// Draws the index of the line to play from the lines' scores (any order): the
// best line when the temperature is 0, otherwise each line with a probability
// proportional to its weight.
std::size_t choose_line(std::span<const int> scores, int temperature, StrengthRandom& random);

}  // namespace augur
