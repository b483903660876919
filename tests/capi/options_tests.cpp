// The C ABI's option list against the option table (lib/engine/options.table,
// as the generated option_table.h holds it), and the struct_size checks of the
// structures the library fills.
#include <catch2/catch.hpp>

#include <string>

#include "augur/augur.h"
#include "engine/option_table.h"

namespace {

int type_code(augur::OptionType type) {
    switch (type) {
    case augur::OptionType::Check: return AUGUR_OPTION_CHECK;
    case augur::OptionType::Spin: return AUGUR_OPTION_SPIN;
    case augur::OptionType::Combo: return AUGUR_OPTION_COMBO;
    case augur::OptionType::String: return AUGUR_OPTION_STRING;
    case augur::OptionType::Button: return AUGUR_OPTION_BUTTON;
    }
    return -1;
}

struct Engine {
    Engine() { REQUIRE(augur_engine_create(&handle) == AUGUR_OK); }
    ~Engine() { augur_engine_destroy(handle); }
    augur_engine* handle = nullptr;
};

}  // namespace

TEST_CASE("The C ABI lists the table's engine options, in its order", "[capi][options]") {
    Engine e;
    size_t count = 0;
    REQUIRE(augur_engine_option_count(e.handle, &count) == AUGUR_OK);
    REQUIRE(count == std::size(augur::ENGINE_OPTIONS));
    for (size_t i = 0; i < count; ++i) {
        const augur::OptionSpec& spec = augur::ENGINE_OPTIONS[i];
        INFO(spec.name);
        augur_option_info info = AUGUR_OPTION_INFO_INIT;
        REQUIRE(augur_engine_option_info(e.handle, i, &info) == AUGUR_OK);
        CHECK(info.name == spec.name);
        CHECK(info.type == type_code(spec.type));
        CHECK(info.default_text == spec.default_value);
        CHECK(info.min == spec.min);
        CHECK(info.max == spec.max);
        CHECK(info.description == spec.description);
        REQUIRE(info.choice_count == spec.choices.size());
        for (size_t c = 0; c < info.choice_count; ++c) {
            const char* choice = nullptr;
            REQUIRE(augur_engine_option_choice(e.handle, i, c, &choice) == AUGUR_OK);
            CHECK(choice == spec.choices[c]);
        }
        const char* none = nullptr;
        CHECK(augur_engine_option_choice(e.handle, i, info.choice_count, &none) == AUGUR_E_INVALID_ARGUMENT);
        if (spec.type == augur::OptionType::Spin) CHECK(info.default_value == std::stoi(std::string(spec.default_value)));
        if (spec.type == augur::OptionType::Check) CHECK(info.default_value == (spec.default_value == "true"));
        if (spec.type != augur::OptionType::Button) {
            char value[256];
            REQUIRE(augur_engine_get_option(e.handle, info.name, value, sizeof value) == AUGUR_OK);
            CHECK(value == spec.default_value);
        }
    }
}

TEST_CASE("Structures the library fills must say their size", "[capi][options][misuse]") {
    Engine e;
    augur_option_info info = AUGUR_OPTION_INFO_INIT;
    info.struct_size = 0;
    CHECK(augur_engine_option_info(e.handle, 0, &info) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(std::string(augur_engine_last_error(e.handle)).find("info->struct_size is 0") != std::string::npos);
    CHECK(info.name == nullptr);  // untouched
    augur_eval_breakdown eval = AUGUR_EVAL_BREAKDOWN_INIT;
    eval.struct_size = sizeof eval + 8;
    CHECK(augur_engine_eval(e.handle, &eval) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(std::string(augur_engine_last_error(e.handle)).find("out->struct_size") != std::string::npos);
    eval.struct_size = sizeof eval;
    REQUIRE(augur_engine_eval(e.handle, &eval) == AUGUR_OK);
    CHECK(eval.struct_size == sizeof eval);
    CHECK(eval.term_count == 21);
    const char* choice = nullptr;
    CHECK(augur_engine_option_choice(e.handle, 1000, 0, &choice) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_engine_option_choice(e.handle, 0, 0, nullptr) == AUGUR_E_INVALID_ARGUMENT);
}
