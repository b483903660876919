#include "protocol/tokens.h"

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

std::string printable(std::string_view text, std::size_t max_length) {
    static constexpr char HEX[] = "0123456789ABCDEF";
    std::string out;
    for (char c : text) {
        if (out.size() >= max_length) {
            out += "...";
            break;
        }
        auto byte = static_cast<unsigned char>(c);
        if (byte >= ' ' && byte < 0x7F) {
            out += c;
        } else {
            out += "\\x";
            out += HEX[byte >> 4];
            out += HEX[byte & 15];
        }
    }
    return out;
}

}  // namespace augur
