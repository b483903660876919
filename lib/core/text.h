// Text helpers for messages that quote user input.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace augur {

// Makes untrusted text safe to echo in a one-line message: bytes that are not
// printable ASCII become \xNN and the result is cut to about max_length
// characters, so garbage input cannot smuggle line breaks, broken UTF-8 or
// megabytes into the output.
std::string printable(std::string_view text, std::size_t max_length = 60);

// ASCII case-insensitive comparison, for option names and values: GUIs differ
// in how they capitalise them ("true", "True").
bool equal_ignoring_case(std::string_view a, std::string_view b);

// "true" or "false" in any capitalisation; nullopt for anything else.
std::optional<bool> parse_bool(std::string_view text);

}  // namespace augur
