// fit_edge: fits an endgame evaluation function's per-feature tables to the
// Syzygy tables and prints them ready to paste into lib/eval/endgame.cpp
// (docs/ENDGAMES.md, "Fitting tables to the tablebases"). A tool, not a test.
//
//     fit_edge RULE [--target win|progress] [--samples N] [--seed S]
//              [--points P] [--epochs E] [--features TABLE,...] [--min-plies N]
//              [--tables DIR]
//
// RULE is an endgame rule with features listed in edge_fit.cpp (krkn, kqkr).
// Draws random legal placements of its material from seed S (default 1) until
// N (default 1000000) are ones the rule values as fitted and the tables hold,
// labels each by the tables and fits one table per feature over E epochs
// (default 10):
//   win       (default) a logistic fit of "the strong side wins" against the
//             rest; P (default 12) points to a unit of log-odds;
//   progress  the strong side's wins only: a least-squares fit of minus the
//             plies to the next zeroing move (DTZ), so the value rises as the
//             defender's distance to zeroing falls; P (default 1) points a ply.
// Each table is printed with its worst value at 0, then the placements that
// had each value (a value no placement had is not fitted and printed as 0).
// --features fits only the tables named (the rule's others left out);
// --min-plies leaves out, for progress, the wins fewer plies from zeroing
// (those a search finds by itself: a fork, a skewer). The header gives the
// fit's loss against that of one constant, and the correlation of the rule's
// value as it stands with the target. The same arguments print the same
// tables. The default tables are $AUGUR_SHARED_DATA/tablebases/syzygy
// (tests/data when unset).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "../bench/engine_flags.h"
#include "edge_fit.h"
#include "move_judge.h"

namespace {

using namespace augur;
using namespace augur::endgame;

struct Settings {
    FitClass fit_class;
    bool has_class = false;
    std::string features;  // empty: all of the class's
    Target target = Target::Win;
    int samples = 1000000;
    std::uint64_t seed = 1;
    double points = 0;  // 0: the target's default
    int epochs = 10;
    int min_plies = 0;  // progress: wins nearer zeroing than this are left out
    std::string tables_dir = default_tables_dir();
};

[[noreturn]] void usage(const std::string& message) {
    if (!message.empty()) std::cerr << "fit_edge: " << message << "\n";
    std::cerr << "usage: fit_edge RULE [--target win|progress] [--samples N] [--seed S] [--points P] "
                 "[--epochs E] [--features TABLE,...] [--min-plies N] [--tables DIR]\nrules:";
    for (const FitClass& c : fit_classes()) std::cerr << " " << c.rule;
    std::cerr << "\n";
    std::exit(2);
}

std::string_view flag_value(const std::vector<std::string_view>& args, std::size_t& i) {
    if (i + 1 >= args.size()) usage(std::string(args[i]) + " needs a value");
    return args[++i];
}

std::uint64_t positive(std::string_view flag, std::string_view text, std::uint64_t limit) {
    auto value = bench::parse_positive(text);
    if (!value || *value > limit)
        usage(std::string(flag) + " needs a whole number from 1 to " + std::to_string(limit) + ", not '" +
              std::string(text) + "'");
    return *value;
}

// The features of fit_class named in the comma-separated list, in its order.
std::vector<Feature> chosen_features(const FitClass& fit_class, std::string_view names) {
    std::vector<std::string_view> wanted;
    for (std::size_t start = 0; start <= names.size();) {
        std::size_t end = std::min(names.find(',', start), names.size());
        wanted.push_back(names.substr(start, end - start));
        start = end + 1;
    }
    std::vector<Feature> chosen;
    for (std::string_view name : wanted) {
        bool found = false;
        for (const Feature& f : fit_class.features) found = found || name == f.table;
        if (!found) usage("the rule " + std::string(fit_class.rule) + " has no table '" + std::string(name) + "'");
    }
    for (const Feature& f : fit_class.features)
        if (std::find(wanted.begin(), wanted.end(), std::string_view(f.table)) != wanted.end()) chosen.push_back(f);
    return chosen;
}

Settings read_arguments(const std::vector<std::string_view>& args) {
    Settings settings;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view flag = args[i];
        if (flag == "--help" || flag == "-h") usage("");
        else if (flag == "--target") {
            const std::string_view target = flag_value(args, i);
            if (target == "win") settings.target = Target::Win;
            else if (target == "progress") settings.target = Target::Progress;
            else usage("--target is win or progress, not '" + std::string(target) + "'");
        } else if (flag == "--samples") settings.samples = int(positive(flag, flag_value(args, i), 10000000));
        else if (flag == "--seed") settings.seed = positive(flag, flag_value(args, i), UINT64_MAX);
        else if (flag == "--points") settings.points = double(positive(flag, flag_value(args, i), 1000));
        else if (flag == "--epochs") settings.epochs = int(positive(flag, flag_value(args, i), 100));
        else if (flag == "--tables") settings.tables_dir = flag_value(args, i);
        else if (flag == "--features") settings.features = flag_value(args, i);
        else if (flag == "--min-plies") settings.min_plies = int(positive(flag, flag_value(args, i), 1000));
        else if (flag.starts_with("-")) usage("unknown flag " + std::string(flag));
        else if (settings.has_class) usage("more than one rule given");
        else if (const FitClass* c = find_fit_class(flag)) settings.fit_class = *c, settings.has_class = true;
        else usage("no features for the rule '" + std::string(flag) + "'");
    }
    if (!settings.has_class) usage("no rule given");
    if (!settings.features.empty()) settings.fit_class.features = chosen_features(settings.fit_class, settings.features);
    if (settings.points == 0) settings.points = settings.target == Target::Win ? 12 : 1;
    return settings;
}

void print_table(const Feature& feature, const std::vector<double>& weights, double points,
                 const std::vector<long>& placements) {
    std::printf("constexpr int %s[%d] = {", feature.table, feature.size);
    const std::vector<int> table = as_points(weights, points, placements);
    for (std::size_t v = 0; v < table.size(); ++v) std::printf("%s%d", v ? ", " : "", table[v]);
    std::printf("};\n//   placements by value:");
    for (long n : placements) std::printf(" %ld", n);
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    const Settings settings = read_arguments(std::vector<std::string_view>(argv + 1, argv + argc));
    const FitClass& fit_class = settings.fit_class;
    syzygy::TableHandle tables;
    if (auto err = syzygy::load(settings.tables_dir, tables)) {
        std::cerr << "fit_edge: " << *err << "\n";
        return 2;
    }
    SampleDraw draw;
    if (auto err = draw_samples(fit_class, tables, settings.target, settings.samples, settings.seed, draw)) {
        std::cerr << "fit_edge: " << *err << "\n";
        return 1;
    }
    if (settings.min_plies > 0 && settings.target == Target::Progress)
        std::erase_if(draw.samples, [&](const Sample& s) { return -s.target < settings.min_plies; });
    if (draw.samples.empty()) {
        std::cerr << "fit_edge: no sample is " << settings.min_plies << " plies or more from zeroing\n";
        return 1;
    }
    std::vector<int> sizes;
    for (const Feature& f : fit_class.features) sizes.push_back(f.size);
    const bool win = settings.target == Target::Win;
    const FitResult fit = fit_tables(draw.samples, sizes, win ? Loss::Logistic : Loss::Squares, settings.epochs,
                                     settings.seed);

    double mean = 0;
    for (const Sample& s : draw.samples) mean += s.target;
    mean /= double(draw.samples.size());
    std::printf("// fit_edge %s --target %s --samples %d --seed %llu --points %g --epochs %d", fit_class.rule,
                win ? "win" : "progress", settings.samples, static_cast<unsigned long long>(settings.seed),
                settings.points, settings.epochs);
    if (!settings.features.empty()) std::printf(" --features %s", settings.features.c_str());
    if (settings.min_plies > 0) std::printf(" --min-plies %d", settings.min_plies);
    std::printf("\n");
    std::printf("// %s: %zu of %ld legal placements fitted; ", fit_class.material, draw.samples.size(),
                draw.placements);
    if (win)
        std::printf("%.1f%% strong side wins; log-loss %.4f (%.4f with one constant)\n", 100 * mean, fit.loss,
                    fit.constant_loss);
    else
        std::printf("mean %.1f plies to zeroing; squared error %.1f (%.1f with one constant)\n", -mean, fit.loss,
                    fit.constant_loss);
    std::printf("// bias %.3f, strong side to move %+.3f (%s); %s's value as it stands: correlation %.3f\n",
                fit.bias, fit.strong_to_move, win ? "log-odds" : "plies", fit_class.rule,
                rule_value_correlation(draw.samples));
    for (std::size_t f = 0; f < fit_class.features.size(); ++f) {
        print_table(fit_class.features[f], fit.tables[f], settings.points,
                    placements_by_value(draw.samples, f, sizes[f]));
    }
    return 0;
}
