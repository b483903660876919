#include "option_bounds.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

namespace augur::fuzz {

namespace {

// The sessions' word separators: every byte up to the space, and DEL.
bool separator(char c) {
    auto byte = static_cast<unsigned char>(c);
    return byte <= ' ' || byte == 0x7F;
}

std::string lowercase(std::string_view text) {
    std::string out(text);
    std::ranges::transform(out, out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool harmless_file_name(std::string_view name) {
    return std::ranges::all_of(name, [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
}

}  // namespace

std::optional<unsigned long long> plain_number(std::string_view text) {
    if (text.empty() || !std::ranges::all_of(text, [](unsigned char c) { return std::isdigit(c); })) return std::nullopt;
    unsigned long long value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range) return std::numeric_limits<unsigned long long>::max();
    return value;
}

std::string capped(std::string_view text, unsigned long long cap) {
    while (!text.empty() && separator(text.front())) text.remove_prefix(1);
    while (!text.empty() && separator(text.back())) text.remove_suffix(1);
    auto value = plain_number(text);
    return value && *value > cap ? std::to_string(cap) : std::string(text);
}

std::optional<std::string> bounded_option(std::string_view name, std::string_view value) {
    std::string key = lowercase(name);
    if (key == "hash") return capped(value, MAX_HASH_MB);
    if (key == "threads") return capped(value, MAX_THREADS);
    if (key == "evalfile" && !harmless_file_name(value)) return std::nullopt;
    if (key == "syzygypath" && value.find('/') != std::string_view::npos) return std::nullopt;
    return std::string(value);
}

std::string without_slashes(std::string_view text) {
    std::string out(text);
    std::erase(out, '/');
    return out;
}

}  // namespace augur::fuzz
