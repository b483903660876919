// Tokens: the words of one command line, consumed front to back by the
// protocol front ends.
//
// Every byte up to and including the space, and DEL, separates words. GUIs and
// users send tabs, runs of spaces, Windows CR line endings and the odd NUL;
// treating them all as separators means no handler ever sees them inside a
// word, so "isready\r" is simply "isready".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"

namespace augur {

class Tokens {
public:
    explicit Tokens(std::string_view line);

    bool empty() const { return next_ == words_.size(); }
    // The next word without consuming it; "" when none is left.
    std::string_view peek() const { return empty() ? std::string_view() : words_[next_]; }
    // Consumes and returns the next word; "" when none is left.
    std::string_view next();
    // Consumes the words before `stop_word` (or up to the end); stop_word itself stays.
    std::vector<std::string_view> take_until(std::string_view stop_word);
    // Consumes every remaining word.
    std::vector<std::string_view> take_rest() { return take_until({}); }

private:
    std::vector<std::string_view> words_;
    std::size_t next_ = 0;
};

bool is_word_separator(char c);

// Joins words with single spaces.
std::string join_words(const std::vector<std::string_view>& words);

// Parses a plain decimal number (no sign, no spaces) in min..max. Otherwise
// returns nullopt with a message naming `what` ("perft depth", ...) in *error.
std::optional<std::uint64_t> parse_number(std::string_view text, std::string_view what, std::uint64_t min,
                                          std::uint64_t max, std::string* error);


}  // namespace augur
