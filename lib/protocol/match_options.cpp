#include "protocol/match_options.h"

#include <limits>
#include <optional>

#include "core/text.h"
#include "protocol/play_flags.h"
#include "search/params.h"

namespace augur {

namespace {

constexpr std::string_view MATCH_USAGE =
    "usage: augur match -engine name=A [settings] -engine name=B [settings] [-each settings] [flags]\n"
    "\n"
    "Plays games between two engines and reports Elo, nElo, LOS and an optional SPRT,\n"
    "as fastchess does. Engines without cmd= are Augur engines inside this process.\n"
    "\n"
    "Engine settings (after -engine, or after -each for both engines):\n"
    "  name=NAME             the engine's name (required for each -engine)\n"
    "  cmd=PATH              an external UCI engine program instead of Augur in-process\n"
    "  proto=uci             the external engine's protocol (only uci)\n"
    "  option.NAME=VALUE     an engine option (e.g. option.Threads=2, option.Eval_Material=false)\n"
    "  param.NAME=VALUE      a number of lib/search/search_params.table or time_params.table\n"
    "                        (e.g. param.lmr_base=210, param.sudden_death_moves=40; Augur in\n"
    "                        this process only): tests a change of it in one binary\n"
    "  tc=[MOVES/]BASE[+INC] a clock in seconds: 10+0.1, 40/60, 1:30+1\n"
    "  st=SECONDS            a fixed time per move\n"
    "  nodes=N               a node limit per move\n"
    "  depth=N               a depth limit per move\n"
    "  nodestime=N           with tc= or st=: the clock counts nodes, N to a millisecond,\n"
    "                        instead of time (Augur in this process only: sets NodesTime);\n"
    "                        timed games that load cannot skew, reproducible with one thread\n"
    "\n"
    "Flags:\n"
    "  -openings file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=N]\n"
    "                        start positions (EPD) or opening lines (PGN, cut to N plies);\n"
    "                        without it every game starts from the standard position\n"
    "  -rounds N             rounds to play (default 1)\n"
    "  -games N              games per round: 2 plays each opening with both colours (default 2)\n"
    "  -repeat               the same as -games 2\n"
    "  -sprt elo0=E0 elo1=E1 alpha=A beta=B [model=normalized]\n"
    "                        stop when H0 (Elo <= E0) or H1 (Elo >= E1) is accepted\n"
    "  -timemargin MS        overruns of the clock up to MS milliseconds are forgiven (default 0)\n"
    "  -pgnout file=F        append every game to the PGN file F\n"
    "  -dataout file=F       write the searched positions of every game to F as training data\n"
    "                        (the augur datagen format; F is replaced if it exists)\n"
    "  -seed N               the seed of the random opening order (default 1)\n"
    "  -ratinginterval N     print the statistics every N games (default 10; 0: at the end only)\n"
    "  -help, --help         this text\n";

}  // namespace

std::string match_help() { return std::string(MATCH_USAGE) + std::string(PLAY_FLAGS_HELP); }

namespace {

using play::EngineSpec;

// -each's settings before the engine's own, which are set later and so win.
template <typename Setting>
void put_first(const std::vector<Setting>& each, std::vector<Setting>& own) {
    own.insert(own.begin(), each.begin(), each.end());
}
using play::MatchSettings;

// Reads the flags into the command, each key checked by its owner.
class Parser {
public:
    explicit Parser(MatchCommand& command) : command_(command) {}

    std::string run(const std::vector<Flag>& flags) {
        for (const Flag& flag : flags) {
            error_.clear();
            read_flag(flag);
            if (!error_.empty()) return flag.name + ": " + error_;
        }
        return finish();
    }

private:
    // The settings of -engine and -each, before they are combined.
    struct EngineWords {
        EngineSpec spec;
        std::vector<std::string> limit_keys;
    };

    void read_flag(const Flag& flag) {
        const std::string& n = flag.name;
        MatchSettings& settings = command_.settings;
        if (n == "-engine") {
            engines_.emplace_back();
            read_engine(flag.words, engines_.back());
        } else if (n == "-each") {
            read_engine(flag.words, each_);
        } else if (n == "-rounds") {
            error_ = read_one_integer(flag, 1, std::numeric_limits<int>::max(), settings.rounds);
        } else if (n == "-games") {
            error_ = read_one_integer(flag, 1, 2, settings.games_per_round);
        } else if (n == "-repeat") {
            if (flag.words.empty()) settings.games_per_round = 2;
            else error_ = "takes no value";
        } else if (n == "-timemargin") {
            int margin = 0;
            error_ = read_one_integer(flag, 0, std::numeric_limits<int>::max(), margin);
            settings.time_margin_ms = margin;
        } else if (n == "-ratinginterval") {
            error_ = read_one_integer(flag, 0, std::numeric_limits<int>::max(), command_.rating_interval);
        } else if (n == "-sprt") {
            read_sprt(flag.words);
        } else if (n == "-pgnout") {
            read_file_flag(flag.words, command_.pgn_file);
        } else if (n == "-dataout") {
            read_file_flag(flag.words, command_.data_file);
        } else if (n == "-help" || n == "--help" || n == "-h") {
            command_.help = true;
        } else if (!read_play_flag(flag, shared_, error_)) {
            error_ = "unknown flag (see augur match --help)";
        }
    }

    void bad_value(const std::string& key, const std::string& value, const std::string& expected) {
        error_ = key + "=" + printable(value) + ": " + expected;
    }

    void read_engine(const std::vector<std::string>& words, EngineWords& engine) {
        for (const std::string& word : words) {
            if (read_engine_option(word, engine.spec.options, error_)) {
                if (!error_.empty()) return;
                continue;
            }
            if (read_search_param(word, engine.spec.search_params)) {
                if (!error_.empty()) return;
                continue;
            }
            auto setting = split_setting(word);
            if (!setting) return void(error_ = "expected key=value, got '" + printable(word) + "'");
            read_engine_key(setting->first, setting->second, engine);
            if (!error_.empty()) return;
        }
    }

    // param.NAME=VALUE: false when the word is something else.
    bool read_search_param(const std::string& word, std::vector<play::SearchParamSetting>& params) {
        constexpr std::string_view PREFIX = "param.";
        if (word.rfind(PREFIX, 0) != 0) return false;
        auto setting = split_setting(word.substr(PREFIX.size()));
        if (!setting) {
            error_ = "expected param.NAME=VALUE, got '" + printable(word) + "'";
        } else if (!tabled_search_param(setting->first)) {
            error_ = unknown_search_param(setting->first);
        } else if (auto value = parse_integer<int>(setting->second, std::numeric_limits<int>::min(),
                                                   std::numeric_limits<int>::max())) {
            params.emplace_back(setting->first, *value);
        } else {
            error_ = "param." + setting->first + "=" + printable(setting->second) + ": expects a whole number";
        }
        return true;
    }

    void read_engine_key(const std::string& key, const std::string& value, EngineWords& engine) {
        EngineSpec& spec = engine.spec;
        if (key == "name") {
            spec.name = value;
        } else if (key == "cmd") {
            spec.command = value;
        } else if (key == "proto") {
            if (value != "uci") bad_value(key, value, "only uci is supported");
        } else if (key == "tc") {
            auto clock = play::parse_clock(value);
            if (!clock.ok) return bad_value(key, value, clock.error);
            spec.limits.moves_per_control = clock.moves_per_control;
            spec.limits.base_ms = clock.base_ms;
            spec.limits.increment_ms = clock.increment_ms;
            engine.limit_keys.push_back(key);
        } else if (key == "st") {
            auto ms = play::parse_seconds(value);
            if (!ms || *ms == 0) return bad_value(key, value, "expects seconds above 0 (e.g. 0.2)");
            spec.limits.move_time_ms = *ms;
            engine.limit_keys.push_back(key);
        } else if (key == "nodes") {
            auto nodes = parse_integer<std::uint64_t>(value, 1);
            if (!nodes) return bad_value(key, value, "expects a whole number above 0");
            spec.limits.nodes = *nodes;
            engine.limit_keys.push_back(key);
        } else if (key == "nodestime") {
            auto nodes = parse_integer<std::uint64_t>(value, 1, 1000000);
            if (!nodes) return bad_value(key, value, "expects a whole number from 1 to 1000000");
            spec.limits.nodes_time = *nodes;
            engine.limit_keys.push_back(key);
        } else if (key == "depth") {
            auto depth = parse_integer<int>(value, 1, 127);
            if (!depth) return bad_value(key, value, "expects a whole number from 1 to 127");
            spec.limits.depth = *depth;
            engine.limit_keys.push_back(key);
        } else {
            error_ = "unknown setting '" + printable(key) + "'";
        }
    }

    void read_sprt(const std::vector<std::string>& words) {
        play::SprtSettings s;
        error_ = read_numbers(words, {{"elo0", &s.elo0}, {"elo1", &s.elo1}, {"alpha", &s.alpha}, {"beta", &s.beta}});
        if (!error_.empty()) return;
        error_ = play::Sprt::check(s.elo0, s.elo1, s.alpha, s.beta);
        command_.settings.sprt = s;
    }

    // -pgnout and -dataout: file=F, or F alone.
    void read_file_flag(const std::vector<std::string>& words, std::string& file) {
        if (words.size() == 1 && words[0].rfind("file=", 0) == 0) file = words[0].substr(5);
        else if (words.size() == 1 && words[0].find('=') == std::string::npos) file = words[0];
        else error_ = "expects file=F";
        if (error_.empty() && file.empty()) error_ = "expects file=F";
    }

    // The shared flags into the settings.
    void take_shared() {
        MatchSettings& settings = command_.settings;
        command_.openings_file = shared_.openings_file;
        settings.order = shared_.opening_order.value_or(play::OpeningOrder::Sequential);
        settings.opening_start = shared_.opening_start.value_or(0);
        settings.concurrency = shared_.concurrency;
        settings.seed = shared_.seed;
        settings.chess960 = shared_.chess960;
        settings.adjudication = shared_.adjudication;
    }

    // Combines -each with each -engine and loads the openings and tables.
    std::string finish() {
        if (command_.help) return {};
        if (engines_.size() != 2) return "needs exactly two -engine flags (got " + std::to_string(engines_.size()) + ")";
        for (int i = 0; i < 2; ++i) {
            EngineSpec& spec = command_.settings.engines[i];
            spec = engines_[i].spec;
            if (spec.name.empty()) return "-engine: every engine needs name=";
            if (engines_[i].limit_keys.empty()) spec.limits = each_.spec.limits;
            if (spec.command.empty()) spec.command = each_.spec.command;
            put_first(each_.spec.options, spec.options);
            put_first(each_.spec.search_params, spec.search_params);
        }
        // The tables before the settings' check, which compares them with the engines' SyzygyPath.
        std::vector<play::Opening> openings;
        if (std::string error = load_play_flags(shared_, openings); !error.empty()) return error;
        take_shared();
        command_.settings.openings = std::move(openings);
        if (std::string error = play::check_match_settings(command_.settings); !error.empty()) return error;
        for (const EngineSpec& spec : command_.settings.engines) {
            if (!spec.command.empty() && !spec.search_params.empty())
                return "engine " + spec.name + ": param. needs Augur in this process, not cmd=";
            if (!spec.command.empty()) continue;  // an external engine's options are checked when it starts
            if (auto created = play::create_player(spec); !created.player) return "engine " + spec.name + ": " + created.error;
        }
        return {};
    }

    MatchCommand& command_;
    std::vector<EngineWords> engines_;
    EngineWords each_;
    PlayFlags shared_;
    std::string error_;
};

}  // namespace

ParsedMatchCommand parse_match_command(const std::vector<std::string>& args) {
    ParsedMatchCommand parsed;
    std::string error;
    std::vector<Flag> flags = split_flags(args, &error);
    if (!error.empty()) {
        parsed.error = error;
        return parsed;
    }
    parsed.error = Parser(parsed.command).run(flags);
    return parsed;
}

}  // namespace augur
