// The entry points of the 0.1.0 layouts of augur_option_info and
// augur_eval_breakdown, which began without struct_size. Only the shared
// library holds them, as augur_engine_option_info@AUGUR_0 and
// augur_engine_eval@AUGUR_0: a host linked against 0.1.0 calls these, one
// built now the functions of capi_engine.cpp (version AUGUR_0.2, augur.map).
#include <cstring>

#include "capi/engine_handle.h"

using augur::capi::engine_guarded;
using augur::capi::null_argument;

namespace {

struct OptionInfoV0 {
    const char* name;
    int type;
    int default_value;
    int min, max;
};

struct EvalBreakdownV0 {
    size_t term_count;
    augur_eval_term terms[AUGUR_EVAL_TERMS_MAX];
    int phase;
    int scale;
    const char* endgame_rule;
    int dead;
    int total_white;
    int total;
};
// Today's layout begins with struct_size followed by exactly the 0.1.0 one.
static_assert(offsetof(augur_eval_breakdown, term_count) == sizeof(size_t));
static_assert(offsetof(augur_eval_breakdown, evaluator) == sizeof(size_t) + sizeof(EvalBreakdownV0));

}  // namespace

extern "C" {

AUGUR_API int compat_0_1_engine_option_info(const augur_engine* engine, size_t index, OptionInfoV0* info) {
    return engine_guarded(engine, [&](const augur_engine& e) -> int {
        if (!info) return null_argument(e, "info");
        const augur::OptionSpec* option = augur::capi::option_at(e, index);
        if (!option) return AUGUR_E_INVALID_ARGUMENT;
        augur_option_info current = augur::capi::describe_option(*option);
        *info = {current.name, current.type, current.default_value, current.min, current.max};
        return AUGUR_OK;
    });
}

AUGUR_API int compat_0_1_engine_eval(augur_engine* engine, EvalBreakdownV0* out) {
    return engine_guarded(engine, [&](augur_engine& e) -> int {
        if (!out) return null_argument(e, "out");
        augur_eval_breakdown current = augur::capi::eval_breakdown_of(e);
        std::memcpy(out, &current.term_count, sizeof *out);
        return AUGUR_OK;
    });
}

__asm__(".symver compat_0_1_engine_option_info, augur_engine_option_info@AUGUR_0");
__asm__(".symver compat_0_1_engine_eval, augur_engine_eval@AUGUR_0");

}  // extern "C"
