// Text helpers for messages that quote user input.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace augur {

// Makes untrusted text safe to echo in a one-line message: bytes that are not
// printable ASCII become \xNN and the result is cut to about max_length
// characters, so garbage input cannot smuggle line breaks, broken UTF-8 or
// megabytes into the output.
std::string printable(std::string_view text, std::size_t max_length = 60);

}  // namespace augur
