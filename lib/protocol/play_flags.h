// The command-line parsing that `augur match` and `augur datagen` share, so
// that both accept and refuse the same words with the same messages: a
// command line split into flags (a word starting with '-' and the words after
// it), the flags both commands have (-openings, -resign, -draw, -concurrency,
// -seed, -variant and the tablebase flags), engine options
// (option.NAME=VALUE), and the helpers each command reads its own flags with.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "play/adjudication.h"
#include "play/openings.h"
#include "play/player.h"

namespace augur {

// A flag ("-rounds") and the words after it up to the next flag.
struct Flag {
    std::string name;
    std::vector<std::string> words;
};

// Splits args into flags: a word starting with '-' and holding no '=' starts
// one. A word before the first flag is an error.
std::vector<Flag> split_flags(const std::vector<std::string>& args, std::string* error);

// A whole number in min..max written as digits only, or nothing.
template <typename T>
std::optional<T> parse_integer(std::string_view text, T min, T max = std::numeric_limits<T>::max()) {
    T value{};
    auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (status != std::errc{} || end != text.data() + text.size() || value < min || value > max) return std::nullopt;
    return value;
}

std::optional<double> parse_real(const std::string& text);

// A flag's one word as a whole number in min..max; the error, or empty.
std::string read_one_integer(const Flag& flag, int min, int max, int& value);

// "key=value" as its two halves; nothing without '=' or with an empty key.
std::optional<std::pair<std::string, std::string>> split_setting(const std::string& word);

// Reads key=number settings into the given fields, every key required (and
// "model=normalized", the SPRT's one model, allowed); the error, or empty.
std::string read_numbers(const std::vector<std::string>& words,
                         const std::vector<std::pair<std::string, double*>>& fields);

// The message for a name that is not a number of lib/search/search_params.table
// or time_params.table (param.NAME of match and datagen, -param name= of tune).
std::string unknown_search_param(const std::string& name);

// If word is an engine option ("option.NAME=VALUE"), appends it to options
// and returns true, with a message in error when NAME or '=' is missing.
bool read_engine_option(const std::string& word, std::vector<play::OptionSetting>& options, std::string& error);

// The tablebase flags as given; the tables are loaded once every flag is read.
struct TablebaseFlags {
    std::string paths;                              // -tb, directories separated by ':'
    int pieces = 0;                                 // -tbpieces; 0: the largest the tables hold
    std::optional<play::TablebaseResults> results;  // -tbadjudicate; default both
    bool ignore_rule50 = false;                     // -tbignore50
    std::vector<std::string> given;                 // the flags seen, to name one given without -tb
};

// The shared flags as read.
struct PlayFlags {
    // -openings file=F [format=epd|pgn] [plies=N] [order=sequential|random] [start=N]
    std::string openings_file;  // empty: no -openings
    std::optional<play::OpeningFormat> openings_format;  // default: from the file's name
    int opening_plies = -1;                              // PGN moves kept; -1: all
    std::optional<play::OpeningOrder> opening_order;
    std::optional<std::size_t> opening_start;  // openings skipped first (start=N is N - 1)
    int concurrency = 1;
    std::uint64_t seed = 1;
    bool chess960 = false;                  // -variant fischerandom
    play::AdjudicationRules adjudication;   // -resign and -draw; the tablebase rule once loaded
    TablebaseFlags tablebase;
};

// The help lines of the shared flags but -openings and -seed, whose meaning
// each command describes itself.
extern const std::string_view PLAY_FLAGS_HELP;

// If flag is one of the shared flags: reads it into flags and returns true,
// with a message in error for a bad value.
bool read_play_flag(const Flag& flag, PlayFlags& flags, std::string& error);

// Once every flag is read: loads the openings file into openings and the
// tables into flags.adjudication.tablebase. The message names the flag at
// fault ("-tb: '/x' is not a directory"), or is empty.
std::string load_play_flags(PlayFlags& flags, std::vector<play::Opening>& openings);

}  // namespace augur
