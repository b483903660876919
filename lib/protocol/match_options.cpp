#include "protocol/match_options.h"

#include <charconv>
#include <cstdlib>
#include <limits>
#include <optional>

#include "core/text.h"
#include "protocol/play_flags.h"

namespace augur {

namespace {

constexpr std::string_view MATCH_FLAGS_HELP =
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
    "  tc=[MOVES/]BASE[+INC] a clock in seconds: 10+0.1, 40/60, 1:30+1\n"
    "  st=SECONDS            a fixed time per move\n"
    "  nodes=N               a node limit per move\n"
    "  depth=N               a depth limit per move\n"
    "\n"
    "Flags:\n"
    "  -openings file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=N]\n"
    "                        start positions (EPD) or opening lines (PGN, cut to N plies);\n"
    "                        without it every game starts from the standard position\n"
    "  -rounds N             rounds to play (default 1)\n"
    "  -games N              games per round: 2 plays each opening with both colours (default 2)\n"
    "  -repeat               the same as -games 2\n"
    "  -concurrency N        games at once, each on its own thread (default 1)\n"
    "  -sprt elo0=E0 elo1=E1 alpha=A beta=B [model=normalized]\n"
    "                        stop when H0 (Elo <= E0) or H1 (Elo >= E1) is accepted\n"
    "  -resign movecount=N score=CP\n"
    "                        a player whose score was <= -CP for N moves in a row loses\n"
    "  -draw movenumber=N movecount=N score=CP\n"
    "                        from move N on, a draw once both scores were within CP for N moves each\n"
    "  -timemargin MS        overruns of the clock up to MS milliseconds are forgiven (default 0)\n"
    "  -variant standard|fischerandom\n"
    "                        fischerandom reads the openings as Chess960\n"
    "  -pgnout file=F        append every game to the PGN file F\n"
    "  -seed N               the seed of the random opening order (default 1)\n"
    "  -ratinginterval N     print the statistics every N games (default 10; 0: at the end only)\n"
    "  -help, --help         this text\n"
    "\n"
    "Tablebase adjudication (in-process engines may set SyzygyPath only to the same PATHS):\n";

}  // namespace

std::string match_help() { return std::string(MATCH_FLAGS_HELP) + std::string(TABLEBASE_FLAGS_HELP); }

namespace {

using play::EngineSpec;
using play::MatchSettings;

bool starts_flag(const std::string& word) {
    return word.size() > 1 && word[0] == '-' && word.find('=') == std::string::npos;
}

std::vector<Flag> split_flags(const std::vector<std::string>& args, std::string* error) {
    std::vector<Flag> flags;
    for (const std::string& word : args) {
        if (starts_flag(word)) flags.push_back({word, {}});
        else if (flags.empty()) {
            *error = "expected a flag (starting with '-') before '" + printable(word) + "'";
            return {};
        } else flags.back().words.push_back(word);
    }
    return flags;
}

template <typename T>
std::optional<T> parse_integer(std::string_view text, T min, T max = std::numeric_limits<T>::max()) {
    T value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < min || value > max) return std::nullopt;
    return value;
}

std::optional<double> parse_real(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
    return value;
}

// Reads the key=value settings of flags, each key checked by its owner.
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
        bool has_limits = false;
        std::vector<std::string> limit_keys;
    };

    void read_flag(const Flag& flag) {
        const std::string& n = flag.name;
        if (n == "-engine") {
            engines_.emplace_back();
            read_engine(flag.words, engines_.back());
        } else if (n == "-each") {
            read_engine(flag.words, each_);
        } else if (n == "-openings") {
            read_openings(flag.words);
        } else if (n == "-rounds") {
            command_.settings.rounds = one_integer(flag, 1);
        } else if (n == "-games") {
            command_.settings.games_per_round = one_integer(flag, 1, 2);
        } else if (n == "-repeat") {
            if (no_words(flag)) command_.settings.games_per_round = 2;
        } else if (n == "-concurrency") {
            command_.settings.concurrency = one_integer(flag, 1, 256);
        } else if (n == "-timemargin") {
            command_.settings.time_margin_ms = one_integer(flag, 0);
        } else if (n == "-ratinginterval") {
            command_.rating_interval = one_integer(flag, 0);
        } else if (n == "-seed") {
            std::optional<std::uint64_t> seed;
            if (flag.words.size() != 1 || !(seed = parse_integer<std::uint64_t>(flag.words[0], 0)))
                error_ = "expects one whole number";
            else command_.settings.seed = *seed;
        } else if (n == "-variant") {
            read_variant(flag);
        } else if (n == "-sprt") {
            read_sprt(flag.words);
        } else if (n == "-resign") {
            read_resign(flag.words);
        } else if (n == "-draw") {
            read_draw(flag.words);
        } else if (n == "-pgnout") {
            read_pgnout(flag.words);
        } else if (n == "-help" || n == "--help" || n == "-h") {
            command_.help = true;
        } else if (!read_tablebase_flag(flag, tablebase_, error_)) {
            error_ = "unknown flag (see augur match --help)";
        }
    }

    bool no_words(const Flag& flag) {
        if (!flag.words.empty()) error_ = "takes no value";
        return error_.empty();
    }

    int one_integer(const Flag& flag, int min, int max = std::numeric_limits<int>::max()) {
        std::optional<int> value;
        if (flag.words.size() != 1 || !(value = parse_integer<int>(flag.words[0], min, max))) {
            error_ = "expects one whole number from " + std::to_string(min) +
                     (max < std::numeric_limits<int>::max() ? " to " + std::to_string(max) : " up");
            return min;
        }
        return *value;
    }

    // Splits key=value; sets error_ for a word without '='.
    bool split(const std::string& word, std::string& key, std::string& value) {
        std::size_t eq = word.find('=');
        if (eq == std::string::npos || eq == 0) {
            error_ = "expected key=value, got '" + printable(word) + "'";
            return false;
        }
        key = word.substr(0, eq);
        value = word.substr(eq + 1);
        return true;
    }

    void bad_value(const std::string& key, const std::string& value, const std::string& expected) {
        error_ = key + "=" + printable(value) + ": " + expected;
    }

    void read_engine(const std::vector<std::string>& words, EngineWords& engine) {
        for (const std::string& word : words) {
            std::string key, value;
            if (!split(word, key, value)) return;
            read_engine_key(key, value, engine);
            if (!error_.empty()) return;
        }
    }

    void read_engine_key(const std::string& key, const std::string& value, EngineWords& engine) {
        EngineSpec& spec = engine.spec;
        if (key == "name") {
            spec.name = value;
        } else if (key == "cmd") {
            spec.command = value;
        } else if (key == "proto") {
            if (value != "uci") bad_value(key, value, "only uci is supported");
        } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
            spec.options.emplace_back(key.substr(7), value);
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
        } else if (key == "depth") {
            auto depth = parse_integer<int>(value, 1, 127);
            if (!depth) return bad_value(key, value, "expects a whole number from 1 to 127");
            spec.limits.depth = *depth;
            engine.limit_keys.push_back(key);
        } else {
            error_ = "unknown setting '" + printable(key) + "'";
        }
    }

    void read_openings(const std::vector<std::string>& words) {
        std::optional<play::OpeningFormat> format;
        for (const std::string& word : words) {
            std::string key, value;
            if (!split(word, key, value)) return;
            if (key == "file") command_.openings_file = value;
            else if (key == "format" && (value == "epd" || value == "pgn"))
                format = value == "pgn" ? play::OpeningFormat::Pgn : play::OpeningFormat::Epd;
            else if (key == "format") return bad_value(key, value, "expects epd or pgn");
            else if (key == "order" && (value == "random" || value == "sequential"))
                command_.settings.order = value == "random" ? play::OpeningOrder::Random : play::OpeningOrder::Sequential;
            else if (key == "order") return bad_value(key, value, "expects random or sequential");
            else if (key == "plies" && parse_integer<int>(value, 0)) plies_ = *parse_integer<int>(value, 0);
            else if (key == "plies") return bad_value(key, value, "expects a whole number");
            else if (key == "start" && parse_integer<std::size_t>(value, 1))
                command_.settings.opening_start = *parse_integer<std::size_t>(value, 1) - 1;
            else if (key == "start") return bad_value(key, value, "expects a whole number from 1 up");
            else return void(error_ = "unknown setting '" + printable(key) + "'");
        }
        if (command_.openings_file.empty()) error_ = "needs file=";
        openings_format_ = format.value_or(play::format_for_path(command_.openings_file));
    }

    void read_variant(const Flag& flag) {
        if (flag.words.size() == 1 && flag.words[0] == "standard") command_.settings.chess960 = false;
        else if (flag.words.size() == 1 && flag.words[0] == "fischerandom") command_.settings.chess960 = true;
        else error_ = "expects standard or fischerandom";
    }

    // Reads key=number settings into the given fields; every key must appear.
    void read_numbers(const std::vector<std::string>& words, const std::vector<std::pair<std::string, double*>>& fields) {
        std::vector<bool> seen(fields.size());
        for (const std::string& word : words) {
            std::string key, value;
            if (!split(word, key, value)) return;
            if (key == "model" && value == "normalized") continue;  // the one model, named as fastchess names it
            std::size_t i = 0;
            while (i < fields.size() && fields[i].first != key) ++i;
            if (i == fields.size()) return void(error_ = "unknown setting '" + printable(key) + "'");
            auto number = parse_real(value);
            if (!number) return bad_value(key, value, "expects a number");
            *fields[i].second = *number;
            seen[i] = true;
        }
        for (std::size_t i = 0; i < fields.size(); ++i)
            if (!seen[i]) return void(error_ = "needs " + fields[i].first + "=");
    }

    void read_sprt(const std::vector<std::string>& words) {
        play::SprtSettings s;
        read_numbers(words, {{"elo0", &s.elo0}, {"elo1", &s.elo1}, {"alpha", &s.alpha}, {"beta", &s.beta}});
        if (!error_.empty()) return;
        error_ = play::Sprt::check(s.elo0, s.elo1, s.alpha, s.beta);
        command_.settings.sprt = s;
    }

    static bool whole(double value, double min) { return value >= min && value <= 1e6 && value == double(int(value)); }

    void read_resign(const std::vector<std::string>& words) {
        double count = 0, score = 0;
        read_numbers(words, {{"movecount", &count}, {"score", &score}});
        if (!error_.empty()) return;
        if (!whole(count, 1) || !whole(score, 0)) return void(error_ = "movecount and score must be whole numbers, movecount at least 1");
        command_.settings.adjudication.resign = {true, int(count), int(score)};
    }

    void read_draw(const std::vector<std::string>& words) {
        double number = 0, count = 0, score = 0;
        read_numbers(words, {{"movenumber", &number}, {"movecount", &count}, {"score", &score}});
        if (!error_.empty()) return;
        if (!whole(number, 0) || !whole(count, 1) || !whole(score, 0))
            return void(error_ = "movenumber, movecount and score must be whole numbers, movecount at least 1");
        command_.settings.adjudication.draw = {true, int(number), int(count), int(score)};
    }

    void read_pgnout(const std::vector<std::string>& words) {
        if (words.size() == 1 && words[0].rfind("file=", 0) == 0) command_.pgn_file = words[0].substr(5);
        else if (words.size() == 1 && words[0].find('=') == std::string::npos) command_.pgn_file = words[0];
        else error_ = "expects file=F";
        if (error_.empty() && command_.pgn_file.empty()) error_ = "expects file=F";
    }

    // Combines -each with each -engine and loads the openings.
    std::string finish() {
        if (command_.help) return {};
        if (engines_.size() != 2) return "needs exactly two -engine flags (got " + std::to_string(engines_.size()) + ")";
        for (int i = 0; i < 2; ++i) {
            EngineSpec& spec = command_.settings.engines[i];
            spec = engines_[i].spec;
            if (spec.name.empty()) return "-engine: every engine needs name=";
            if (engines_[i].limit_keys.empty()) spec.limits = each_.spec.limits;
            if (spec.command.empty()) spec.command = each_.spec.command;
            std::vector<play::OptionSetting> options = each_.spec.options;
            options.insert(options.end(), spec.options.begin(), spec.options.end());
            spec.options = options;
        }
        if (std::string error = apply_tablebase_flags(tablebase_, command_.settings.adjudication.tablebase);
            !error.empty())
            return error;
        if (std::string error = play::check_match_settings(command_.settings); !error.empty()) return error;
        for (const EngineSpec& spec : command_.settings.engines) {
            if (!spec.command.empty()) continue;  // an external engine's options are checked when it starts
            if (auto created = play::create_player(spec); !created.player) return "engine " + spec.name + ": " + created.error;
        }
        if (!command_.openings_file.empty()) {
            auto loaded = play::load_openings(command_.openings_file, openings_format_, plies_, command_.settings.chess960);
            if (!loaded.error.empty()) return "-openings: " + loaded.error;
            command_.settings.openings = std::move(loaded.openings);
        }
        return {};
    }

    MatchCommand& command_;
    std::vector<EngineWords> engines_;
    EngineWords each_;
    int plies_ = -1;
    play::OpeningFormat openings_format_ = play::OpeningFormat::Epd;
    TablebaseFlags tablebase_;
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
