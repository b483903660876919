#include "capi/handle.h"

#include <cstddef>

namespace augur::capi {

namespace {

// The length of the well-formed UTF-8 sequence at the start of s (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF), or 0 if there is none.
std::size_t utf8_sequence_length(std::string_view s) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    unsigned char lead = byte(0);
    if (lead < 0x80) return 1;
    std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || lead > 0xF4 || s.size() < length) return 0;
    // The second byte's range depends on the lead byte; later ones are plain continuations.
    unsigned char low = 0x80, high = 0xBF;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
    if (byte(1) < low || byte(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    return length;
}

}  // namespace

void set_error(ErrorBuffer& error, std::string_view first, std::string_view second) noexcept {
    char* out = error;
    const std::size_t capacity = sizeof error - 1;
    std::size_t used = 0;
    for (std::string_view part : {first, second}) {
        while (!part.empty()) {
            std::size_t length = utf8_sequence_length(part);
            std::string_view piece = length ? part.substr(0, length) : std::string_view("?");
            if (used + piece.size() > capacity) {
                out[used] = '\0';
                return;
            }
            for (char c : piece) out[used++] = c;
            part.remove_prefix(length ? length : 1);
        }
    }
    out[used] = '\0';
}

}  // namespace augur::capi
