// The command-line pieces the benchmark programs share (wac_bench,
// tests/endgame/move_accuracy): positive counts, and the engine settings
// --hash MB, --option Name=value and --param name=value, applied to an engine
// before its first search.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/engine.h"

namespace augur::bench {

// A whole number above zero, or nothing when text is not one.
inline std::optional<std::uint64_t> parse_positive(std::string_view text) {
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value == 0) return std::nullopt;
    return value;
}

struct EngineFlags {
    std::uint64_t hash_mb = 0;
    std::vector<std::pair<std::string, std::string>> options, params;

    static bool is_engine_flag(std::string_view flag) {
        return flag == "--hash" || flag == "--option" || flag == "--param";
    }

    // Records one of the flags is_engine_flag accepts; a message when its value is malformed.
    std::optional<std::string> take(std::string_view flag, std::string_view value) {
        if (flag == "--hash") {
            auto mb = parse_positive(value);
            if (!mb) return "--hash needs a positive whole number, not '" + std::string(value) + "'";
            hash_mb = *mb;
            return std::nullopt;
        }
        std::size_t eq = value.find('=');
        if (eq == std::string_view::npos) return std::string(flag) + " takes name=value";
        (flag == "--option" ? options : params)
            .emplace_back(std::string(value.substr(0, eq)), std::string(value.substr(eq + 1)));
        return std::nullopt;
    }

    // Sets everything recorded on engine; the first refusal's message.
    std::optional<std::string> apply(Engine& engine) const {
        if (hash_mb)
            if (auto err = engine.set_option("Hash", std::to_string(hash_mb))) return err;
        for (const auto& [name, val] : options)
            if (auto err = engine.set_option(name, val)) return err;
        for (const auto& [name, val] : params) {
            int number = 0;
            auto [end, ec] = std::from_chars(val.data(), val.data() + val.size(), number);
            if (ec != std::errc() || end != val.data() + val.size()) return "--param " + name + " needs a whole number";
            if (auto err = engine.set_search_param(name, number)) return err;
        }
        return std::nullopt;
    }
};

}  // namespace augur::bench
