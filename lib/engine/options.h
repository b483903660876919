// The option table's types: what lib/engine/options.table declares for each
// option, as C++ reads it (option_table.h is generated from the table). The
// engine, the UCI and XBoard front ends and the C ABI list, parse and apply
// options through these specs only, so an option is added by one table row
// (and, for a new kind of setting, one case in Engine::apply_option).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "eval/terms.h"
#include "search/params.h"

namespace augur {

enum class OptionType { Check, Spin, Combo, String, Button };

// What a change of value makes stale, and so empties: the transposition
// table holds scores computed with the old value of an evaluation switch.
enum class OptionClears { Nothing, HashTable, PawnTable };

// What an option drives. SearchFeature and EvalTerm name their switch in the
// spec's feature or term; Session options are handled by the protocol front end.
enum class OptionTarget {
    Hash, ClearHash, Threads, MultiPV, MoveOverhead, NodesTime, Ponder, LimitStrength, Elo, RandomSeed, EvalFile, Eval,
    SyzygyPath, SyzygyProbeDepth, SyzygyProbeLimit, Syzygy50MoveRule,
    SearchFeature, EvalTerm, EndgameScaling, Session,
};

struct OptionSpec {
    std::string_view name;
    OptionType type;
    std::string_view default_value;  // as set_option takes it ("true", "16"); "" for a button
    int min, max;                    // spin only
    std::span<const std::string_view> choices;  // combo only
    OptionClears clears;
    OptionTarget target;
    bool SearchFeatures::*feature;  // SearchFeature only
    EvalTerm term;                  // EvalTerm only
    std::string_view description;   // one line
};

// The engine's options (scope engine of the table), in the table's order.
std::span<const OptionSpec> engine_options();
// The options the protocol front ends handle themselves (UCI_Chess960).
std::span<const OptionSpec> session_options();

// The spec named name, in any capitalisation, among options; nullptr if none.
const OptionSpec* find_option(std::span<const OptionSpec> options, std::string_view name);

// A value checked against its spec and written the one way the engine keeps it
// ("true", "16", the choice as declared), or the reason it is refused.
struct OptionValue {
    std::string text;   // canonical text; empty for a button
    bool on = false;    // check
    int number = 0;     // spin
    std::string error;  // non-empty: refused
};
OptionValue parse_option_value(const OptionSpec& spec, std::string_view value);

// The value as XBoard's `option NAME=VALUE` writes it, in UCI's words (a
// check's 1 and 0 become true and false).
std::string option_value_from_xboard(const OptionSpec& spec, std::string_view value);

// One line of the UCI `uci` answer: "option name Hash type spin default 16 min 1 max 65536".
std::string uci_option_line(const OptionSpec& spec);
// One XBoard feature: "feature option=\"Hash -spin 16 1 65536\"".
std::string xboard_option_feature(const OptionSpec& spec);

}  // namespace augur
