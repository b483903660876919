// Fuzz target: sequences of C ABI calls decoded from the input. Two engine
// and two position slots (a third choice passes NULL) receive any call the
// header offers, with any strings, sizes, move codes and limits; misuse must
// come back as a status and a message, never a crash, and no call may report
// AUGUR_E_INTERNAL (a bug in Augur by definition). Searches are bounded
// (nodes, milliseconds) and open-ended ones are stopped before waiting, so
// that a call sequence never hangs.
//
// Engines are reused across inputs (making one costs more than most call
// sequences): each input finds ENGINE_SLOTS spare engines in the state every
// input starts from (every option at a new engine's value but Hash
// INPUT_HASH_MB, start position, empty table and histories), and creating an
// engine in an empty slot takes a spare; only a create beyond the spares makes
// a new engine. After the input the engines left in the slots are put back in
// that state through the C ABI itself and become spares again: the options are
// set back if the input set any, and the table and histories emptied
// (augur_engine_new_game) if it searched, which a new game costs more than most
// inputs. A handle that ran an asynchronous search is destroyed instead:
// augur_engine_wait answers on it with that search's result, where a new handle
// refuses, and nothing in the ABI forgets it. Spares the inputs destroyed are
// made again at the end of the input, so that every input starts from the same
// engines.
#include <augur/augur.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.h"
#include "option_bounds.h"

namespace {

using augur::fuzz::FuzzInput;

constexpr int MAX_CALLS = 48;
// A search's node limit: up to SMALL_SEARCH_NODES or, when the input says so,
// up to MAX_SEARCH_NODES (deep enough for the pruning that starts at depth 4-5).
constexpr std::int64_t SMALL_SEARCH_NODES = 100;
constexpr std::int64_t MAX_SEARCH_NODES = 1000;
constexpr int MAX_PERFT_DEPTH = 2;

const char* const FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  // stalemate
    "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", // smothered mate
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    // In the repository's tables (tests/data/tablebases/syzygy, up to 4 pieces)
    "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
    "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",
    "8/8/8/3k4/8/8/2QK4/7r w - - 0 1",
    "8/8/8/8/8/2k5/8/K1b1B3 b - - 12 40",
};
const char* const MOVES[] = {"e2e4", "e7e5", "g1f3", "b8c6", "e1g1", "e1h1", "a7a8q", "d5e6", "0000", "", "Nf3"};
const char* const OPTIONS[] = {"Hash",  "Threads",      "MultiPV",  "Move Overhead", "Clear Hash",
                               "Eval",  "EvalFile",     "UCI_Chess960", "NullMove",  "Eval_material",
                               "Ponder", "Killers"};

bool known_status(int status) { return status <= AUGUR_OK && status >= AUGUR_E_INTERNAL; }

constexpr std::size_t ENGINE_SLOTS = 2;
constexpr int DESTROY_ODDS = 8;
constexpr std::size_t OPTION_TEXT_MAX = 256;  // option values of the sequences are at most 24 bytes

std::string option_value(augur_engine* e, const char* name) {
    char value[OPTION_TEXT_MAX] = "";
    FUZZ_CHECK(augur_engine_get_option(e, name, value, sizeof value) == AUGUR_OK,
               std::string("get_option ") + name + ": " + augur_engine_last_error(e));
    return value;
}

// Every option at the start of an input, by name, with its value: a new
// engine's, but Hash INPUT_HASH_MB; buttons left out.
std::vector<std::pair<std::string, std::string>> input_options() {
    augur_engine* e = nullptr;
    FUZZ_CHECK(augur_engine_create(&e) == AUGUR_OK, "augur_engine_create");
    FUZZ_CHECK(augur_engine_set_option(e, "Hash", augur::fuzz::INPUT_HASH_MB) == AUGUR_OK, "Hash");
    std::size_t count = 0;
    augur_engine_option_count(e, &count);
    std::vector<std::pair<std::string, std::string>> options;
    for (std::size_t i = 0; i < count; ++i) {
        augur_option_info info = AUGUR_OPTION_INFO_INIT;
        FUZZ_CHECK(augur_engine_option_info(e, i, &info) == AUGUR_OK, "option_info");
        if (info.type != AUGUR_OPTION_BUTTON) options.emplace_back(info.name, option_value(e, info.name));
    }
    augur_engine_destroy(e);
    return options;
}

// What an input did to the engine in a slot, which decides how it is put back.
struct EngineUse {
    bool options_set = false;  // set_option was called (whatever it returned)
    bool searched = false;     // a synchronous search ran: table and histories written
    bool started = false;      // augur_engine_start succeeded: never reused
    bool open_ended = false;   // a started search that only stop or ponderhit ends
};

// Puts an engine the input used back in the state every input starts from
// (see the top of the file).
void restore_engine(augur_engine* e, const EngineUse& use) {
    static const std::vector<std::pair<std::string, std::string>> defaults = input_options();
    if (use.options_set) {
        // One option may refuse its default while another holds it back (EvalFile
        // cannot be emptied while Eval is nnue): a second pass sets it.
        for (int pass = 0; pass < 2; ++pass) {
            for (const auto& [name, value] : defaults)
                if (option_value(e, name.c_str()) != value) augur_engine_set_option(e, name.c_str(), value.c_str());
        }
        for (const auto& [name, value] : defaults)
            FUZZ_CHECK(option_value(e, name.c_str()) == value, "option " + name + " not back at its value");
    }
    FUZZ_CHECK(augur_engine_set_position(e, nullptr, nullptr, 0) == AUGUR_OK, "set_position start");
    if (use.searched) FUZZ_CHECK(augur_engine_new_game(e) == AUGUR_OK, "new_game");
}

// A new engine in the state every input starts from.
augur_engine* input_engine() {
    augur_engine* e = nullptr;
    FUZZ_CHECK(augur_engine_create(&e) == AUGUR_OK, "augur_engine_create");
    FUZZ_CHECK(augur_engine_set_option(e, "Hash", augur::fuzz::INPUT_HASH_MB) == AUGUR_OK, "Hash");
    return e;
}

// The engines the next input's creates take (see the top of the file),
// destroyed at exit so that the leak check finds none.
struct SpareEngines : std::vector<augur_engine*> {
    ~SpareEngines() {
        for (augur_engine* e : *this) augur_engine_destroy(e);
    }
} spare_engines;

void replenish_spare_engines() {
    while (spare_engines.size() < ENGINE_SLOTS) spare_engines.push_back(input_engine());
}

struct Slots {
    std::array<augur_engine*, ENGINE_SLOTS> engines{};
    std::array<EngineUse, ENGINE_SLOTS> uses{};
    std::array<augur_position*, 2> positions{};
    augur_tablebase* tables = nullptr;
};

class CallSequence {
public:
    CallSequence(const std::uint8_t* data, std::size_t size) : in_(data, size) {}
    ~CallSequence() {
        for (std::size_t i = 0; i < ENGINE_SLOTS; ++i) {
            augur_engine* e = slots_.engines[i];
            if (e && !slots_.uses[i].started && spare_engines.size() < ENGINE_SLOTS) {
                restore_engine(e, slots_.uses[i]);
                spare_engines.push_back(e);
            } else {
                augur_engine_destroy(e);
            }
        }
        for (augur_position* pos : slots_.positions) augur_position_destroy(pos);
        augur_tablebase_destroy(slots_.tables);
        // By the input that destroyed them: an input that leaves more allocated
        // than it found makes libFuzzer run it again and then look for leaks.
        replenish_spare_engines();
    }

    void run() {
        for (int call = 0; call < MAX_CALLS && !in_.empty(); ++call) {
            switch (in_.byte() % 5) {
            case 0:
            case 1: engine_call(); break;
            case 2:
            case 3: position_call(); break;
            default: tablebase_call(); break;
            }
        }
    }

private:
    // A status, checked; the handle's message is shown when it is not expected.
    void expect(int status, const char* what, const char* message = nullptr) {
        std::string text = std::string(what) + " returned " + std::to_string(status) + ": " +
                           (message ? message : "");
        FUZZ_CHECK(known_status(status), text);
        FUZZ_CHECK(status != AUGUR_E_INTERNAL, text);
    }

    // Slot 0 or 1, or 2 for NULL.
    int slot() { return in_.byte() % 3; }
    augur_engine* engine(int s) { return s < 2 ? slots_.engines[s] : nullptr; }
    augur_position* position(int s) { return s < 2 ? slots_.positions[s] : nullptr; }
    const char* engine_error(augur_engine* e) { return e ? augur_engine_last_error(e) : "(no engine)"; }
    const char* position_error(augur_position* p) { return p ? augur_position_last_error(p) : "(no position)"; }

    std::string any_fen() { return in_.flag() ? in_.pick(FENS) : in_.text(120); }
    std::string any_move_text() { return in_.flag() ? in_.pick(MOVES) : in_.text(12); }
    std::size_t buffer_size() { return in_.flag() ? 256 : in_.byte() % 12; }

    void create_engine(int s);
    void engine_call();
    void engine_option_call(int s);
    void search_call(int s, bool async);
    void position_call();
    void tablebase_call();
    void check_ranked_moves(augur_position* pos, const augur_tablebase_move* ranked, std::size_t count);
    std::string any_tables_path();
    void check_best_move(augur_engine* e, const augur_search_result& result);
    augur_search_limits limits(bool async, bool& open_ended);

    FuzzInput in_;
    Slots slots_;
    bool destroyed_engine_ = false;
};

augur_search_limits CallSequence::limits(bool async, bool& open_ended) {
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    switch (in_.byte() % 8) {
    case 0: limits.struct_size = 0; break;
    case 1: limits.struct_size = offsetof(augur_search_limits, mate); break;  // the 0.1.0 layout
    default: break;
    }
    limits.depth = int(in_.in_range(-2, 300));
    limits.nodes = std::uint64_t(in_.in_range(1, in_.flag() ? MAX_SEARCH_NODES : SMALL_SEARCH_NODES));
    limits.mate = int(in_.in_range(-1, 12));
    limits.moves_to_go = int(in_.in_range(-1, 40));
    limits.movetime_ms = in_.in_range(-1, 5);
    limits.time_left_ms = in_.in_range(-2, 60);
    limits.increment_ms = in_.in_range(-1, 5);
    if (async) {
        limits.infinite = in_.flag();
        limits.ponder = in_.flag();
    }
    open_ended = limits.infinite || limits.ponder;
    if (open_ended && in_.flag()) limits.nodes = 0;  // then only stop ends it
    return limits;
}

void CallSequence::check_best_move(augur_engine* e, const augur_search_result& result) {
    char fen[AUGUR_FEN_MAX];
    expect(augur_engine_fen(e, fen, sizeof fen), "augur_engine_fen", engine_error(e));
    augur_position* pos = nullptr;
    expect(augur_position_create(&pos), "augur_position_create");
    char chess960[8] = "";
    augur_engine_get_option(e, "UCI_Chess960", chess960, sizeof chess960);
    augur_position_set_chess960(pos, std::string(chess960) == "true");
    expect(augur_position_set_fen(pos, fen), "augur_position_set_fen (engine's FEN)", position_error(pos));
    std::array<augur_move, AUGUR_MAX_MOVES> moves{};
    std::size_t count = 0;
    expect(augur_position_legal_moves(pos, moves.data(), moves.size(), &count), "legal_moves");
    bool legal = false;
    for (std::size_t i = 0; i < count; ++i) legal |= moves[i] == result.best_move;
    FUZZ_CHECK(legal || (count == 0 && result.best_move == AUGUR_MOVE_NONE),
               std::string("best move ") + std::to_string(result.best_move) + " in " + fen);
    augur_position_destroy(pos);
}

void CallSequence::search_call(int s, bool async) {
    augur_engine* e = engine(s);
    bool open_ended = false;
    augur_search_limits l = limits(async, open_ended);
    if (!async) {
        augur_search_result result{};
        result.struct_size = in_.byte() % 8 == 0 ? 8 : sizeof result;
        if (s < 2) slots_.uses[s].searched = true;
        int status = augur_engine_search(e, &l, nullptr, &result);
        expect(status, "augur_engine_search", engine_error(e));
        if (status == AUGUR_OK) check_best_move(e, result);
        return;
    }
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    int status = augur_engine_start(e, &l, in_.flag() ? &callbacks : nullptr);
    expect(status, "augur_engine_start", engine_error(e));
    if (status == AUGUR_OK && s < 2) {
        slots_.uses[s].open_ended = open_ended;
        slots_.uses[s].started = true;
    }
}

void CallSequence::engine_option_call(int s) {
    augur_engine* e = engine(s);
    std::string name = in_.flag() ? in_.pick(OPTIONS) : in_.text(24);
    std::string value = in_.text(24);
    if (s < 2) slots_.uses[s].options_set = true;  // also by the NULL misuse below, should it ever set one
    switch (in_.byte() % 5) {
    case 0: {
        auto bounded = augur::fuzz::bounded_option(name, value);
        if (bounded) expect(augur_engine_set_option(e, name.c_str(), bounded->c_str()), "set_option", engine_error(e));
        break;
    }
    case 1: {
        std::vector<char> buf(buffer_size() + 1);
        expect(augur_engine_get_option(e, name.c_str(), buf.data(), buf.size() - 1), "get_option", engine_error(e));
        break;
    }
    case 2: {
        augur_option_info info = AUGUR_OPTION_INFO_INIT;
        if (in_.flag()) info.struct_size = in_.byte();
        expect(augur_engine_option_info(e, in_.byte(), &info), "option_info", engine_error(e));
        break;
    }
    case 3: {
        const char* choice = nullptr;
        // One read per statement: the order of a call's arguments is the compiler's choice.
        std::size_t option = in_.byte() % 64;
        std::size_t index = in_.byte() % 4;
        expect(augur_engine_option_choice(e, option, index, &choice), "option_choice",
               engine_error(e));
        break;
    }
    default:
        // NULL names and values are misuse, refused.
        expect(augur_engine_set_option(e, in_.flag() ? nullptr : name.c_str(), nullptr), "set_option NULL");
        break;
    }
}

void CallSequence::create_engine(int s) {
    if (spare_engines.empty()) {
        expect(augur_engine_create(&slots_.engines[s]), "augur_engine_create");
        return;
    }
    slots_.engines[s] = spare_engines.back();
    spare_engines.pop_back();
}

void CallSequence::engine_call() {
    int s = slot();
    augur_engine* e = engine(s);
    switch (in_.byte() % 14) {
    case 13:
        // A destroyed engine must be made again, which costs more than the
        // rest of most inputs: only one choice in DESTROY_ODDS destroys (not
        // zero bytes, of which inputs have runs), and only once per input; the
        // others pass NULL to create.
        if (s < 2 && !e) {
            create_engine(s);
        } else if (s < 2 && in_.byte() % DESTROY_ODDS == DESTROY_ODDS - 1 && !destroyed_engine_) {
            destroyed_engine_ = true;
            augur_engine_destroy(e);  // stops a running search
            slots_.engines[s] = nullptr;
            slots_.uses[s] = EngineUse{};
        } else {
            expect(augur_engine_create(nullptr), "augur_engine_create(NULL)");
        }
        break;
    case 1: engine_option_call(s); break;
    case 2: {
        std::vector<std::string> moves;
        for (int n = in_.byte() % 6; n > 0; --n) moves.push_back(any_move_text());
        std::vector<const char*> texts;
        for (const auto& m : moves) texts.push_back(m.c_str());
        std::string fen = any_fen();
        expect(augur_engine_set_position(e, in_.flag() ? nullptr : fen.c_str(), texts.data(), texts.size()),
               "set_position", engine_error(e));
        break;
    }
    case 3: expect(augur_engine_set_position_from(e, position(slot())), "set_position_from", engine_error(e)); break;
    case 4: search_call(s, false); break;
    case 5: search_call(s, true); break;
    case 6: expect(augur_engine_stop(e), "stop"); break;
    case 7: expect(augur_engine_ponderhit(e), "ponderhit"); break;
    case 8: {
        // Waiting on an open-ended search would wait for ever: stop it first, as a host must.
        if (s < 2 && slots_.uses[s].open_ended) {
            augur_engine_stop(e);
            slots_.uses[s].open_ended = false;
        }
        augur_search_result result{};
        result.struct_size = sizeof result;
        int status = augur_engine_wait(e, in_.flag() ? &result : nullptr);
        expect(status, "wait", engine_error(e));
        break;
    }
    case 9: {
        augur_eval_breakdown breakdown = AUGUR_EVAL_BREAKDOWN_INIT;
        if (in_.flag()) breakdown.struct_size = in_.byte() * 8;
        expect(augur_engine_eval(e, &breakdown), "eval", engine_error(e));
        break;
    }
    case 10: expect(in_.flag() ? augur_engine_new_game(e) : augur_engine_clear_hash(e), "new_game", engine_error(e)); break;
    case 11: {
        std::vector<char> buf(buffer_size() + 1);
        expect(augur_engine_fen(e, buf.data(), buf.size() - 1), "engine_fen", engine_error(e));
        break;
    }
    case 12: {
        int searching = 0;
        std::uint64_t nodes = 0;
        expect(augur_engine_is_searching(e, &searching), "is_searching");
        expect(augur_engine_nodes_searched(e, in_.flag() ? &nodes : nullptr), "nodes_searched");
        break;
    }
    default: {
        std::size_t count = 0;
        expect(augur_engine_option_count(e, in_.flag() ? &count : nullptr), "option_count");
        break;
    }
    }
}

void CallSequence::position_call() {
    int s = slot();
    augur_position* p = position(s);
    augur_move move = augur_move(in_.in_range(0, 0xFFFF));
    switch (in_.byte() % 16) {
    case 0:
        if (s < 2 && !p) {
            expect(augur_position_create(&slots_.positions[s]), "position_create");
        } else if (s < 2 && in_.flag()) {
            augur_position_destroy(p);
            slots_.positions[s] = nullptr;
        } else if (s < 2) {
            augur_position* copy = nullptr;
            expect(augur_position_clone(p, &copy), "clone");
            augur_position_destroy(slots_.positions[1 - s]);
            slots_.positions[1 - s] = copy;
        }
        break;
    case 1: {
        std::string fen = any_fen();
        expect(augur_position_set_fen(p, in_.flag() ? fen.c_str() : nullptr), "set_fen", position_error(p));
        break;
    }
    case 2: expect(augur_position_set_startpos(p), "set_startpos", position_error(p)); break;
    case 3: {
        std::vector<char> buf(buffer_size() + 1);
        expect(augur_position_fen(p, buf.data(), buf.size() - 1), "position_fen", position_error(p));
        break;
    }
    case 4: expect(augur_position_set_chess960(p, in_.byte()), "set_chess960", position_error(p)); break;
    case 5: {
        std::string text = any_move_text();
        expect(in_.flag() ? augur_position_play_uci(p, text.c_str()) : augur_position_play_san(p, text.c_str()),
               "play text", position_error(p));
        break;
    }
    case 6: {
        std::array<augur_move, AUGUR_MAX_MOVES> moves{};
        std::size_t count = 0;
        int status = augur_position_legal_moves(p, moves.data(), moves.size(), &count);
        expect(status, "legal_moves", position_error(p));
        if (status == AUGUR_OK && count > 0) move = moves[move % count];
        expect(augur_position_play_move(p, move), "play_move", position_error(p));
        break;
    }
    case 7: expect(augur_position_undo(p), "undo", position_error(p)); break;
    case 8: {
        std::vector<augur_move> moves(in_.byte() % 8);
        std::size_t count = 0;
        expect(augur_position_legal_moves(p, moves.empty() ? nullptr : moves.data(), moves.size(), &count),
               "legal_moves small", position_error(p));
        break;
    }
    case 9: {
        std::vector<char> buf(buffer_size() + 1);
        expect(in_.flag() ? augur_position_move_to_uci(p, move, buf.data(), buf.size() - 1)
                          : augur_position_move_to_san(p, move, buf.data(), buf.size() - 1),
               "move_to_text", position_error(p));
        break;
    }
    case 10: {
        std::string text = any_move_text();
        augur_move parsed = AUGUR_MOVE_NONE;
        bool uci = in_.flag();
        int status = uci ? augur_position_parse_uci(p, text.c_str(), &parsed)
                         : augur_position_parse_san(p, text.c_str(), &parsed);
        expect(status, "parse", position_error(p));
        if (status == AUGUR_OK) {
            std::vector<char> buf(16);
            expect(augur_position_move_to_uci(p, parsed, buf.data(), buf.size()), "parsed move_to_uci",
                   position_error(p));
        }
        break;
    }
    case 11: {
        // Shallow, or out of range (refused).
        int depth = 0;
        switch (in_.byte() % 3) {
        case 0: depth = int(in_.in_range(0, MAX_PERFT_DEPTH)); break;
        case 1: depth = int(in_.in_range(std::numeric_limits<int>::min(), -1)); break;
        default: depth = int(in_.in_range(AUGUR_PERFT_MAX_DEPTH + 1, std::numeric_limits<int>::max())); break;
        }
        std::uint64_t nodes = 0;
        expect(augur_perft(p, depth, &nodes), "perft", position_error(p));
        break;
    }
    case 12: {
        int depth = int(in_.in_range(-1, MAX_PERFT_DEPTH));
        std::uint64_t total = 0;
        expect(augur_perft_divide(p, depth, nullptr, nullptr, in_.flag() ? &total : nullptr), "perft_divide",
               position_error(p));
        break;
    }
    case 13: {
        int value = 0;
        expect(augur_position_game_status(p, &value), "game_status", position_error(p));
        expect(augur_position_in_check(p, &value), "in_check", position_error(p));
        expect(augur_position_side_to_move(p, in_.flag() ? &value : nullptr), "side_to_move", position_error(p));
        break;
    }
    case 14: {
        std::uint64_t key = 0;
        std::size_t plies = 0;
        expect(augur_position_key(p, &key), "key", position_error(p));
        expect(augur_position_history_length(p, in_.flag() ? &plies : nullptr), "history_length", position_error(p));
        break;
    }
    default:
        FUZZ_CHECK(augur_status_name(int(in_.in_range(-100, 100))) != nullptr, "status name");
        FUZZ_CHECK(augur_game_status_name(int(in_.in_range(-100, 100))) != nullptr, "game status name");
        break;
    }
}


// A path for augur_tablebase_load: the repository's tables, nothing (empties the
// handle), or the input's text without '/', so that it names at most a folder
// of the working directory (or its parent), never one elsewhere.
std::string CallSequence::any_tables_path() {
    switch (in_.byte() % 4) {
    case 0: return AUGUR_FUZZ_TABLES;
    case 1: return "";
    case 2: return std::string(AUGUR_FUZZ_TABLES) + ":" + augur::fuzz::without_slashes(in_.text(16));
    default: return augur::fuzz::without_slashes(in_.text(24));
    }
}

// The moves ranked by the tables must be the legal moves of pos, with WDL values.
void CallSequence::check_ranked_moves(augur_position* pos, const augur_tablebase_move* ranked, std::size_t count) {
    std::array<augur_move, AUGUR_MAX_MOVES> legal{};
    std::size_t legal_count = 0;
    expect(augur_position_legal_moves(pos, legal.data(), legal.size(), &legal_count), "legal_moves");
    FUZZ_CHECK(count == 0 || count == legal_count,
               std::to_string(count) + " ranked moves, " + std::to_string(legal_count) + " legal");
    for (std::size_t i = 0; i < count; ++i) {
        FUZZ_CHECK(std::find(legal.begin(), legal.begin() + legal_count, ranked[i].move) != legal.begin() + legal_count,
                   "ranked move " + std::to_string(ranked[i].move) + " is not legal");
        FUZZ_CHECK(ranked[i].wdl >= AUGUR_TB_LOSS && ranked[i].wdl <= AUGUR_TB_WIN,
                   "ranked move's wdl " + std::to_string(ranked[i].wdl));
    }
}

// The tablebase handle's calls (a second choice passes NULL) on the position slots.
void CallSequence::tablebase_call() {
    bool null_handle = in_.byte() % 4 == 0;
    augur_tablebase* t = null_handle ? nullptr : slots_.tables;
    const char* message = t ? augur_tablebase_last_error(t) : "(no tables)";
    switch (in_.byte() % 5) {
    case 0:
        if (null_handle) {
            expect(augur_tablebase_create(nullptr), "tablebase_create(NULL)");
        } else if (!t) {
            expect(augur_tablebase_create(&slots_.tables), "tablebase_create");
        } else {
            augur_tablebase_destroy(t);
            slots_.tables = nullptr;
        }
        break;
    case 1: {
        std::string path = any_tables_path();
        expect(augur_tablebase_load(t, in_.byte() % 8 == 0 ? nullptr : path.c_str()), "tablebase_load",
               t ? augur_tablebase_last_error(t) : message);
        break;
    }
    case 2: {
        int pieces = -1;
        int status = augur_tablebase_max_pieces(t, in_.flag() ? &pieces : nullptr);
        expect(status, "tablebase_max_pieces", message);
        if (status == AUGUR_OK) FUZZ_CHECK(pieces >= 0 && pieces <= 7, "max_pieces " + std::to_string(pieces));
        break;
    }
    case 3: {
        int found = -1;
        int wdl = 99;
        augur_position* pos = position(slot());
        int* found_out = in_.byte() % 8 ? &found : nullptr;
        int* wdl_out = in_.byte() % 8 ? &wdl : nullptr;
        int status = augur_tablebase_probe_wdl(t, pos, found_out, wdl_out);
        expect(status, "tablebase_probe_wdl", t ? augur_tablebase_last_error(t) : message);
        if (status == AUGUR_OK && found == 1)
            FUZZ_CHECK(wdl >= AUGUR_TB_LOSS && wdl <= AUGUR_TB_WIN, "probe_wdl " + std::to_string(wdl));
        break;
    }
    default: {
        augur_position* pos = position(slot());
        int rule50 = int(in_.in_range(-1, 2));
        std::vector<augur_tablebase_move> ranked(in_.flag() ? AUGUR_MAX_MOVES : in_.byte() % 8);
        std::size_t count = 0;
        bool with_count = in_.byte() % 8 != 0;
        int status = augur_tablebase_rank_root_moves(t, pos, rule50, ranked.empty() ? nullptr : ranked.data(),
                                                     ranked.size(), with_count ? &count : nullptr);
        expect(status, "tablebase_rank_root_moves", t ? augur_tablebase_last_error(t) : message);
        if (status == AUGUR_OK) check_ranked_moves(pos, ranked.data(), count);
        break;
    }
    }
}

}  // namespace

// The first engine computes the tables every engine shares.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    replenish_spare_engines();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    CallSequence(data, size).run();
    return 0;
}
