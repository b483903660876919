#include "core/text.h"

#include <algorithm>

namespace augur {

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

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [&](char x, char y) { return lower(x) == lower(y); });
}

std::optional<bool> parse_bool(std::string_view text) {
    if (equal_ignoring_case(text, "true")) return true;
    if (equal_ignoring_case(text, "false")) return false;
    return std::nullopt;
}

}  // namespace augur
