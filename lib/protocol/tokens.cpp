#include "protocol/tokens.h"

#include <algorithm>
#include <charconv>

namespace augur {

bool is_word_separator(char c) {
    auto byte = static_cast<unsigned char>(c);
    return byte <= ' ' || byte == 0x7F;
}

Tokens::Tokens(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_word_separator(line[i])) ++i;
        std::size_t start = i;
        while (i < line.size() && !is_word_separator(line[i])) ++i;
        if (i > start) words_.push_back(line.substr(start, i - start));
    }
}

std::string_view Tokens::next() {
    return empty() ? std::string_view() : words_[next_++];
}

std::vector<std::string_view> Tokens::take_until(std::string_view stop_word) {
    std::vector<std::string_view> taken;
    while (!empty() && (stop_word.empty() || peek() != stop_word)) taken.push_back(next());
    return taken;
}

std::string join_words(const std::vector<std::string_view>& words) {
    std::string joined;
    for (std::string_view word : words) {
        if (!joined.empty()) joined += ' ';
        joined += word;
    }
    return joined;
}

std::optional<std::uint64_t> parse_number(std::string_view text, std::string_view what, std::uint64_t min,
                                          std::uint64_t max, std::string* error) {
    std::uint64_t value = 0;
    auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
    bool all_digits = !text.empty() && end == text.data() + text.size();
    if (!all_digits || (status != std::errc() && status != std::errc::result_out_of_range)) {
        *error = text.empty() ? "missing " + std::string(what)
                              : std::string(what) + " '" + printable(text) + "' is not a number";
        return std::nullopt;
    }
    if (status != std::errc() || value < min || value > max) {
        *error = std::string(what) + " " + printable(text) + " is outside " + std::to_string(min) + ".." +
                 std::to_string(max);
        return std::nullopt;
    }
    return value;
}

}  // namespace augur
