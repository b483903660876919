// Fitting an endgame function's tables to the Syzygy tables: the core of
// fit_edge (docs/ENDGAMES.md, "Fitting tables to the tablebases"), kept apart
// so that endgame_tests can check the fit on data whose answer is known.
//
// A fitted function is a sum of small tables, one per feature of a placement
// (the knight's distance from its king, the defending king's steps to a
// corner, ...). Random legal placements of the material, drawn reproducibly
// from a seed, are measured and labelled by the tables; a plain gradient fit
// then gives each feature value a weight, printed as evaluation points.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "eval/endgame.h"
#include "tablebase/syzygy.h"

namespace augur::endgame {

// One feature: a small whole number from 0 to size - 1, whose weights make
// one table of the endgame function.
struct Feature {
    const char* table;  // the table's name in endgame.cpp, e.g. "KRKN_KNIGHT_AWAY"
    int size;
    int (*measure)(const PieceSet& ps, Color strong);
};

// What is fitted: the placements of a material class that an endgame rule
// values, described by the rule's features.
struct FitClass {
    const char* rule;      // the rule's name, e.g. "krkn"
    const char* material;  // the signature, the strong side first: "KRvKN"
    // The placements the tables are for, by their verdict (the strong side White).
    bool (*fitted)(const EndgameVerdict& verdict);
    std::vector<Feature> features;
};

std::span<const FitClass> fit_classes();
const FitClass* find_fit_class(std::string_view rule);

// What the fitted sum should predict.
enum class Target {
    Win,       // 1 when the strong side wins, else 0 (a logistic fit)
    Progress,  // the strong side's wins only: minus the plies to zeroing (least squares)
};

struct Sample {
    std::vector<int> values;  // one per feature
    bool strong_to_move = false;
    double target = 0;
    int rule_value = 0;  // the value the rule gives the placement now (the strong side's)
};

struct SampleDraw {
    std::vector<Sample> samples;
    long placements = 0;  // legal placements drawn to find them
};

// Draws random legal placements of the class (the strong side White, either
// side to move) from seed until `count` of them are fitted and held by the
// tables. The same arguments give the same samples. A message instead when the
// material cannot be parsed or the tables do not answer.
std::optional<std::string> draw_samples(const FitClass& fit_class, const syzygy::TableHandle& tables, Target target,
                                        int count, std::uint64_t seed, SampleDraw& draw);

enum class Loss { Logistic, Squares };

struct FitResult {
    std::vector<std::vector<double>> tables;  // a weight for each feature value, in the target's units
    double bias = 0;
    double strong_to_move = 0;
    double loss = 0;           // mean log-loss, or mean squared error
    double constant_loss = 0;  // the same predicting one constant for every sample
};

// Stochastic gradient descent over the samples (a fixed order drawn from seed,
// the rate 0.05 at first and 0.8 times the last each epoch) of the sum bias + strong_to_move + one weight
// per table. Squares standardises the targets while fitting and gives the
// weights back in the targets' units.
FitResult fit_tables(std::span<const Sample> samples, std::span<const int> sizes, Loss loss, int epochs,
                     std::uint64_t seed);

// The Pearson correlation of the samples' rule values with their targets: how
// well the function as it stands tells what the tables say (0 when either is
// constant).
double rule_value_correlation(std::span<const Sample> samples);

// A table of weights in evaluation points: weight x points_per_unit,
// rounded, shifted so that the smallest is 0. A value that no sample had
// (placements[v] == 0: a knight never stands on its king's square) has no
// fitted weight: it is left out of the shift and given 0.
std::vector<int> as_points(std::span<const double> weights, double points_per_unit,
                           std::span<const long> placements);

// How many samples have each value of feature f (0 .. size - 1).
std::vector<long> placements_by_value(std::span<const Sample> samples, std::size_t f, int size);

}  // namespace augur::endgame
