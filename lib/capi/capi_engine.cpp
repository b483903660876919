// C entry points for engines: lifetime, options, the position to search and
// the evaluation breakdown. The search itself is in capi_search.cpp.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "capi/engine_handle.h"
#include "capi/struct_size.h"
#include "eval/evaluate.h"

using augur::Engine;
using augur::Game;
using augur::OptionSpec;
using augur::OptionType;
using augur::capi::check_size;
using augur::capi::create_handle;
using augur::capi::engine_guarded;
using augur::capi::fail;
using augur::capi::null_argument;
using augur::capi::option_at;
using augur::capi::write_text;

static_assert(augur::EVAL_TERM_NB <= AUGUR_EVAL_TERMS_MAX, "raise AUGUR_EVAL_TERMS_MAX (an ABI change)");

// The 0.2.0 layout of augur_eval_breakdown ended before evaluator; its size is still accepted.
constexpr std::size_t EVAL_BREAKDOWN_0_2_SIZE = offsetof(augur_eval_breakdown, evaluator);

namespace {

int option_type_code(OptionType type) {
    switch (type) {
    case OptionType::Check: return AUGUR_OPTION_CHECK;
    case OptionType::Spin: return AUGUR_OPTION_SPIN;
    case OptionType::Combo: return AUGUR_OPTION_COMBO;
    case OptionType::String: return AUGUR_OPTION_STRING;
    case OptionType::Button: return AUGUR_OPTION_BUTTON;
    }
    return AUGUR_OPTION_BUTTON;
}

}  // namespace

namespace augur::capi {

const OptionSpec* option_at(const augur_engine& e, std::size_t index) {
    const auto list = Engine::option_list();
    if (index < list.size()) return &list[index];
    fail(e, AUGUR_E_INVALID_ARGUMENT, "option index " + std::to_string(index) + " is out of range; there are ",
         std::to_string(list.size()) + " options");
    return nullptr;
}

augur_option_info describe_option(const OptionSpec& option) {
    augur_option_info info = AUGUR_OPTION_INFO_INIT;
    // The table's strings are literals of the generated header: static and NUL-terminated.
    info.name = option.name.data();
    info.type = option_type_code(option.type);
    info.default_value = option.type == OptionType::Check ? option.default_value == "true"
                         : option.type == OptionType::Spin ? std::stoi(std::string(option.default_value))
                                                           : 0;
    info.min = option.min;
    info.max = option.max;
    info.default_text = option.default_value.data();
    info.choice_count = option.choices.size();
    info.description = option.description.data();
    return info;
}

augur_eval_breakdown eval_breakdown_of(augur_engine& e) {
    e.engine->stop_and_wait();  // the evaluator is the search's
    const augur::EvalBreakdown b = e.engine->eval_breakdown(e.game->position());
    augur_eval_breakdown result = AUGUR_EVAL_BREAKDOWN_INIT;
    result.term_count = b.terms.size();
    for (std::size_t i = 0; i < b.terms.size(); ++i) {
        const augur::TermBreakdown& t = b.terms[i];
        augur_eval_term& term = result.terms[i];
        term.name = augur::eval_term_name(augur::EvalTerm(i));
        term.white_mg = t.white.mg;
        term.white_eg = t.white.eg;
        term.black_mg = t.black.mg;
        term.black_eg = t.black.eg;
        term.mg = t.white.mg - t.black.mg;
        term.eg = t.white.eg - t.black.eg;
        term.final = t.final_white;
    }
    result.phase = b.phase;
    result.scale = b.scale;
    result.endgame_rule = augur::endgame_rule_name(b.rule);
    result.dead = b.dead ? 1 : 0;
    result.total_white = b.total_white;
    result.total = b.total;
    result.evaluator = e.engine->uses_network() ? "nnue" : "hce";
    result.evaluation = e.engine->evaluate(e.game->position());
    return result;
}

}  // namespace augur::capi

namespace {

// Replaces the engine's game, or keeps it and names the first fault.
int set_position(augur_engine& e, const char* fen, const char* const* uci_moves, std::size_t count) {
    if (count > 0 && !uci_moves) return null_argument(e, "uci_moves");
    Game::Created created = Game::from_fen(fen ? std::string_view(fen) : augur::Position::START_FEN);
    if (!created.game) return fail(e, AUGUR_E_BAD_FEN, created.error);
    for (std::size_t i = 0; i < count; ++i) {
        std::string where = "uci_moves[" + std::to_string(i) + "]";
        if (!uci_moves[i]) return null_argument(e, where);
        std::string error;
        if (!created.game->play_uci(uci_moves[i], &error)) return fail(e, AUGUR_E_ILLEGAL_MOVE, where + ": ", error);
    }
    e.game = std::move(created.game);
    return AUGUR_OK;
}

}  // namespace

extern "C" {

int augur_engine_create(augur_engine** out) {
    return create_handle(out, [](augur_engine& e) {
        e.engine = std::make_unique<Engine>();
        e.game = Game::start_position();
        return e.game ? AUGUR_OK : AUGUR_E_INTERNAL;
    });
}

void augur_engine_destroy(augur_engine* engine) {
    if (!engine) return;
    // From its own callback the search would have to wait for itself: refused
    // (the header says so; there is no status to return).
    if (augur::capi::in_callback_of(*engine)) return;
    try {
        engine->engine->stop_and_wait();  // the asynchronous search's callbacks run until it has ended
    } catch (...) {
        // Only a search thread may see an error here, and it was refused above.
    }
    delete engine;
}

const char* augur_engine_last_error(const augur_engine* engine) {
    return engine ? engine->error : "the engine handle is NULL";
}

int augur_engine_option_count(const augur_engine* engine, size_t* count) {
    return engine_guarded(engine, [&](const augur_engine& e) -> int {
        if (!count) return null_argument(e, "count");
        *count = Engine::option_list().size();
        return AUGUR_OK;
    });
}

int augur_engine_option_info(const augur_engine* engine, size_t index, augur_option_info* info) {
    return engine_guarded(engine, [&](const augur_engine& e) -> int {
        if (!info) return null_argument(e, "info");
        if (int status = check_size(e, "info", *info)) return status;
        const OptionSpec* option = option_at(e, index);
        if (!option) return AUGUR_E_INVALID_ARGUMENT;
        *info = augur::capi::describe_option(*option);
        return AUGUR_OK;
    });
}

int augur_engine_option_choice(const augur_engine* engine, size_t index, size_t choice_index, const char** choice) {
    return engine_guarded(engine, [&](const augur_engine& e) -> int {
        if (!choice) return null_argument(e, "choice");
        const OptionSpec* option = option_at(e, index);
        if (!option) return AUGUR_E_INVALID_ARGUMENT;
        if (choice_index >= option->choices.size())
            return fail(e, AUGUR_E_INVALID_ARGUMENT, "choice index " + std::to_string(choice_index) + " is out of range; ",
                        std::string(option->name) + " has " + std::to_string(option->choices.size()) + " choices");
        *choice = option->choices[choice_index].data();
        return AUGUR_OK;
    });
}

int augur_engine_set_option(augur_engine* engine, const char* name, const char* value) {
    return engine_guarded(engine, [&](augur_engine& e) -> int {
        if (!name) return null_argument(e, "name");
        if (!value) return null_argument(e, "value");
        if (auto error = e.engine->set_option(name, value)) return fail(e, AUGUR_E_INVALID_ARGUMENT, *error);
        return AUGUR_OK;
    });
}

int augur_engine_get_option(const augur_engine* engine, const char* name, char* buf, size_t size) {
    return engine_guarded(engine, [&](const augur_engine& e) -> int {
        if (!name) return null_argument(e, "name");
        if (auto value = e.engine->option_value(name)) return write_text(e, *value, buf, size);
        const OptionSpec* option = augur::find_option(Engine::option_list(), name);
        if (option && option->type == OptionType::Button)
            return fail(e, AUGUR_E_INVALID_ARGUMENT, "option " + std::string(option->name), " is a button and has no value");
        return fail(e, AUGUR_E_INVALID_ARGUMENT, "unknown option '" + std::string(std::string_view(name).substr(0, 60)),
                    "'");
    });
}

int augur_engine_new_game(augur_engine* engine) {
    return engine_guarded(engine, [&](augur_engine& e) -> int {
        e.engine->new_game();
        return AUGUR_OK;
    });
}

int augur_engine_clear_hash(augur_engine* engine) {
    return engine_guarded(engine, [&](augur_engine& e) -> int {
        e.engine->clear_hash();
        return AUGUR_OK;
    });
}

int augur_engine_set_position(augur_engine* engine, const char* fen, const char* const* uci_moves, size_t count) {
    return engine_guarded(engine, [&](augur_engine& e) -> int { return set_position(e, fen, uci_moves, count); });
}

int augur_engine_set_position_from(augur_engine* engine, const augur_position* pos) {
    return engine_guarded(engine, [&](augur_engine& e) -> int {
        if (!pos) return null_argument(e, "pos");
        Game::Created copy = pos->game->replay(pos->game->position().is_chess960());
        if (!copy.game) return fail(e, AUGUR_E_INTERNAL, "internal error: ", copy.error);
        e.game = std::move(copy.game);
        return AUGUR_OK;
    });
}

int augur_engine_fen(const augur_engine* engine, char* buf, size_t size) {
    return engine_guarded(engine,
                          [&](const augur_engine& e) -> int { return write_text(e, e.game->position().fen(), buf, size); });
}

int augur_engine_eval(augur_engine* engine, augur_eval_breakdown* out) {
    return engine_guarded(engine, [&](augur_engine& e) -> int {
        if (!out) return null_argument(e, "out");
        if (int status = check_size(e, "out", *out, {EVAL_BREAKDOWN_0_2_SIZE})) return status;
        augur_eval_breakdown result = augur::capi::eval_breakdown_of(e);
        result.struct_size = out->struct_size;
        std::memcpy(out, &result, out->struct_size);  // an earlier layout gets its own fields
        return AUGUR_OK;
    });
}

}  // extern "C"
