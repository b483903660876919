// Win, draw and loss rates for a search score, as UCI_ShowWDL reports them:
// a model of how often Augur's own self-play games were won, drawn and lost
// from positions with that score and that much material (docs/WDL.md). The
// numbers live in wdl_model.table; `augur fit-wdl` fits them to self-play data
// with the same function (WdlCurve), and the Java reference computes the same.
#pragma once

#include "core/position.h"

namespace augur {

// Permille, summing to 1000, from the side to move's view.
struct WdlPermille {
    int win = 0, draw = 1000, loss = 0;
    bool operator==(const WdlPermille&) const = default;
};

// Pawn 1, knight and bishop 3, rook 5, queen 9: one side's material, and
// both sides' together (the model's material).
int material_count(const Position& pos, Color c);
int wdl_material(const Position& pos);

// The model's two curves, in centipawns: center and spread linear in the
// material (capped at material_max).
struct WdlCurve {
    double center_base = 0, center_per_material = 0;
    double spread_base = 0, spread_per_material = 0;
    int material_max = 78;

    static WdlCurve built_in();  // the fitted numbers of wdl_model.table

    double center(int material) const;
    double spread(int material) const;  // at least 1
    // Probabilities (win, loss) for a score that is not a mate or tablebase score.
    double win_probability(int score, int material) const;
    double loss_probability(int score, int material) const { return win_probability(-score, material); }
};

// The built-in model's rates. A mate or tablebase score is a certain win or
// loss; any other score is clamped to +-4000 centipawns first.
WdlPermille wdl_permille(int score, int material);
WdlPermille wdl_permille(int score, const Position& pos);

}  // namespace augur
