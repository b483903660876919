#include "engine/options.h"

#include <charconv>

#include "core/text.h"
#include "engine/option_table.h"

namespace augur {

namespace {

// UCI writes an empty string option's value as this word.
constexpr std::string_view UCI_EMPTY = "<empty>";

std::optional<int> parse_whole_number(std::string_view text) {
    int number = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return number;
}

std::string choice_list(const OptionSpec& spec) {
    std::string list;
    for (std::size_t i = 0; i < spec.choices.size(); ++i)
        list += std::string(i == 0 ? "" : i + 1 == spec.choices.size() ? " or " : ", ") + std::string(spec.choices[i]);
    return list;
}

}  // namespace

std::span<const OptionSpec> engine_options() { return ENGINE_OPTIONS; }

std::span<const OptionSpec> session_options() { return SESSION_OPTIONS; }

const OptionSpec* find_option(std::span<const OptionSpec> options, std::string_view name) {
    for (const OptionSpec& spec : options)
        if (equal_ignoring_case(spec.name, name)) return &spec;
    return nullptr;
}

OptionValue parse_option_value(const OptionSpec& spec, std::string_view value) {
    OptionValue parsed;
    const std::string name(spec.name);
    switch (spec.type) {
    case OptionType::Check:
        if (std::optional<bool> on = parse_bool(value)) {
            parsed.on = *on;
            parsed.text = *on ? "true" : "false";
        } else {
            parsed.error = "option " + name + " takes true or false";
        }
        break;
    case OptionType::Spin:
        if (std::optional<int> n = parse_whole_number(value); n && *n >= spec.min && *n <= spec.max) {
            parsed.number = *n;
            parsed.text = std::to_string(*n);
        } else {
            parsed.error = name + " must be a whole number from " + std::to_string(spec.min) + " to " +
                           std::to_string(spec.max);
        }
        break;
    case OptionType::Combo:
        for (std::string_view choice : spec.choices)
            if (equal_ignoring_case(choice, value)) parsed.text = choice;
        if (parsed.text.empty()) parsed.error = "option " + name + " takes " + choice_list(spec);
        break;
    case OptionType::String:
        parsed.text = value == UCI_EMPTY ? std::string_view() : value;
        break;
    case OptionType::Button:
        break;
    }
    return parsed;
}

std::string option_value_from_xboard(const OptionSpec& spec, std::string_view value) {
    if (spec.type == OptionType::Check && (value == "1" || value == "0")) return value == "1" ? "true" : "false";
    return std::string(value);
}

std::string uci_option_line(const OptionSpec& spec) {
    std::string line = "option name " + std::string(spec.name) + " type ";
    switch (spec.type) {
    case OptionType::Check:
        return line + "check default " + std::string(spec.default_value);
    case OptionType::Spin:
        return line + "spin default " + std::string(spec.default_value) + " min " + std::to_string(spec.min) +
               " max " + std::to_string(spec.max);
    case OptionType::Combo:
        line += "combo default " + std::string(spec.default_value);
        for (std::string_view choice : spec.choices) line += " var " + std::string(choice);
        return line;
    case OptionType::String:
        return line + "string default " + std::string(spec.default_value.empty() ? UCI_EMPTY : spec.default_value);
    case OptionType::Button:
        return line + "button";
    }
    return line;
}

std::string xboard_option_feature(const OptionSpec& spec) {
    std::string text = std::string(spec.name) + " -";
    switch (spec.type) {
    case OptionType::Check:
        text += "check " + std::string(spec.default_value == "true" ? "1" : "0");
        break;
    case OptionType::Spin:
        text += "spin " + std::string(spec.default_value) + " " + std::to_string(spec.min) + " " +
                std::to_string(spec.max);
        break;
    case OptionType::Combo:
        text += "combo";
        for (std::size_t i = 0; i < spec.choices.size(); ++i)
            text += std::string(i == 0 ? " " : " /// ") + (spec.choices[i] == spec.default_value ? "*" : "") +
                    std::string(spec.choices[i]);
        break;
    case OptionType::String:
        text += "string " + std::string(spec.default_value);
        break;
    case OptionType::Button:
        text += "button";
        break;
    }
    return "feature option=\"" + text + "\"";
}

}  // namespace augur
