#include "core/text.h"

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

}  // namespace augur
