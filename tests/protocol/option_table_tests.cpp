// The protocol front ends against the option table (lib/engine/options.table):
// every option the table gives the engine or the session appears once in the
// UCI listing and, for the engine's, as an XBoard feature option, with the
// table's type, default, bounds and choices; XBoard's `option` command sets
// them. The lines are read back here word by word rather than compared with
// the formatter's output, so a formatter that drops or garbles a field fails.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/option_table.h"
#include "session_drivers.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

std::vector<std::string> words_of(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

const char* uci_type(OptionType type) {
    switch (type) {
    case OptionType::Check: return "check";
    case OptionType::Spin: return "spin";
    case OptionType::Combo: return "combo";
    case OptionType::String: return "string";
    case OptionType::Button: return "button";
    }
    return "?";
}

// What the UCI line of spec must say after "option name NAME type ".
std::string expected_uci_tail(const OptionSpec& spec) {
    std::string tail = uci_type(spec.type);
    if (spec.type == OptionType::Button) return tail;
    tail += " default " + std::string(spec.default_value.empty() ? "<empty>" : spec.default_value);
    if (spec.type == OptionType::Spin) tail += " min " + std::to_string(spec.min) + " max " + std::to_string(spec.max);
    for (std::string_view choice : spec.choices) tail += " var " + std::string(choice);
    return tail;
}

void check_uci_line(const std::string& out, const OptionSpec& spec) {
    INFO(spec.name);
    std::vector<std::string> lines = lines_starting_with(out, "option name " + std::string(spec.name) + " type ");
    REQUIRE(lines.size() == 1);
    std::string tail = lines[0].substr(("option name " + std::string(spec.name) + " type ").size());
    CHECK(words_of(tail) == words_of(expected_uci_tail(spec)));
}

}  // namespace

TEST_CASE("The UCI listing holds every engine and session option of the table", "[uci][options]") {
    std::string out = run_session("uci\n");
    for (const OptionSpec& spec : ENGINE_OPTIONS) check_uci_line(out, spec);
    for (const OptionSpec& spec : SESSION_OPTIONS) check_uci_line(out, spec);
    CHECK(lines_starting_with(out, "option name ").size() == std::size(ENGINE_OPTIONS) + std::size(SESSION_OPTIONS));
}

TEST_CASE("XBoard announces every engine option of the table as a feature option", "[xboard][options]") {
    XBoardDriver xb;
    xb.send("xboard");
    xb.send("protover 2");
    REQUIRE(xb.out.expect("feature done=1"));
    std::vector<std::string> features = lines_starting_with(xb.out.text(), "feature option=\"");
    REQUIRE(features.size() == std::size(ENGINE_OPTIONS));
    for (std::size_t i = 0; i < features.size(); ++i) {
        const OptionSpec& spec = ENGINE_OPTIONS[i];
        INFO(features[i]);
        std::string body = features[i].substr(std::string("feature option=\"").size());
        REQUIRE(body.ends_with("\""));
        body.pop_back();
        REQUIRE(body.starts_with(std::string(spec.name) + " -"));
        std::vector<std::string> words = words_of(body.substr(spec.name.size() + 2));
        REQUIRE_FALSE(words.empty());
        CHECK(words[0] == uci_type(spec.type));
        switch (spec.type) {
        case OptionType::Check:
            CHECK(words == std::vector<std::string>{"check", spec.default_value == "true" ? "1" : "0"});
            break;
        case OptionType::Spin:
            CHECK(words == std::vector<std::string>{"spin", std::string(spec.default_value), std::to_string(spec.min),
                                                    std::to_string(spec.max)});
            break;
        case OptionType::Combo: {
            std::vector<std::string> expected{"combo"};
            for (std::size_t c = 0; c < spec.choices.size(); ++c) {
                if (c > 0) expected.emplace_back("///");
                expected.push_back((spec.choices[c] == spec.default_value ? "*" : "") + std::string(spec.choices[c]));
            }
            CHECK(words == expected);
            break;
        }
        case OptionType::String: {
            std::vector<std::string> expected{"string"};
            if (!spec.default_value.empty()) expected.emplace_back(spec.default_value);
            CHECK(words == expected);
            break;
        }
        case OptionType::Button:
            CHECK(words.size() == 1);
            break;
        }
    }
}

TEST_CASE("XBoard's option command sets engine options in XBoard's words", "[xboard][options]") {
    XBoardDriver xb;
    xb.send("xboard");
    xb.send("option NullMove=0");
    xb.send("option Move Overhead=250");
    xb.send("option Eval_mobility=0");
    xb.send("option Eval_mobility=1");
    xb.send("option Clear Hash");
    REQUIRE(xb.sync());
    CHECK(xb.session.engine().option_value("NullMove") == "false");
    CHECK(xb.session.engine().option_value("Move Overhead") == "250");
    CHECK(xb.session.engine().option_value("Eval_mobility") == "true");
    CHECK(lines_starting_with(xb.out.text(), "Error").empty());
    xb.send("option Hash=0");
    xb.send("option Frobnicate=3");
    xb.send("option =3");
    REQUIRE(xb.sync());
    std::vector<std::string> errors = lines_starting_with(xb.out.text(), "Error");
    REQUIRE(errors.size() == 3);
    CHECK_THAT(errors[0], Catch::Contains("Hash must be a whole number from 1 to 65536"));
    CHECK_THAT(errors[1], Catch::Contains("unknown option 'Frobnicate'"));
    CHECK_THAT(errors[2], Catch::Contains("missing option name"));
    CHECK(xb.session.engine().option_value("Hash") == "16");
}
