// The flags that `augur match` and `augur datagen` share, read by one parser
// so that both commands accept and refuse the same words with the same
// messages. A command line is split into flags (a word starting with '-')
// and the words after each; each command reads its own flags and hands the
// shared ones here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "play/adjudication.h"

namespace augur {

// A flag ("-tb") and the words after it up to the next flag.
struct Flag {
    std::string name;
    std::vector<std::string> words;
};

// Tablebase adjudication as given on the command line; the tables are loaded
// once every flag is read (apply_tablebase_flags).
struct TablebaseFlags {
    std::string paths;                              // -tb, directories separated by ':'
    int pieces = 0;                                 // -tbpieces; 0: the largest the tables hold
    std::optional<play::TablebaseResults> results;  // -tbadjudicate; default both
    bool ignore_rule50 = false;                     // -tbignore50
    std::vector<std::string> given;                 // the flags seen, to name one given without -tb
};

// Their lines of --help.
extern const std::string_view TABLEBASE_FLAGS_HELP;

// If flag is -tb, -tbpieces, -tbadjudicate or -tbignore50: reads it into
// flags and returns true, with a message in error for a bad value.
bool read_tablebase_flag(const Flag& flag, TablebaseFlags& flags, std::string& error);

// Loads the tables and sets rule (left off without -tb). The message names
// the flag at fault ("-tb: '/x' is not a directory"), or is empty.
std::string apply_tablebase_flags(const TablebaseFlags& flags, play::TablebaseRule& rule);

}  // namespace augur
