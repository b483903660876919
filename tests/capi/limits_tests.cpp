// The limits a host can rely on (docs/API.md, Limits), through the C ABI: the
// largest Hash and a table that cannot be had, Threads at its maximum, MultiPV
// above the number of legal moves, megabyte strings, games of hundreds of
// moves, perft depths at and beyond the bound, and searches at depth 255.
#include <augur/augur.h>

#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine_handle.h"

namespace {

using augur_test::Engine;

// Sanitizers reserve their shadow memory up front; an address-space limit would starve them.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool SANITIZED = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool SANITIZED = true;
#else
constexpr bool SANITIZED = false;
#endif
#else
constexpr bool SANITIZED = false;
#endif

std::string option(augur_engine* e, const char* name) {
    char buf[64];
    REQUIRE(augur_engine_get_option(e, name, buf, sizeof buf) == AUGUR_OK);
    return buf;
}

// Searches with these limits; the search must succeed with a legal move.
augur_search_result search(augur_engine* e, int depth, std::uint64_t nodes,
                           const augur_search_callbacks* callbacks = nullptr) {
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.depth = depth;
    limits.nodes = nodes;
    augur_search_result result{};
    result.struct_size = sizeof result;
    REQUIRE(augur_engine_search(e, &limits, callbacks, &result) == AUGUR_OK);
    return result;
}

// Lowers the address space this process may take for its lifetime, so that a
// large allocation fails on any machine.
class AddressSpaceLimit {
public:
    explicit AddressSpaceLimit(rlim_t bytes) {
        REQUIRE(getrlimit(RLIMIT_AS, &old_) == 0);
        rlimit lower = old_;
        lower.rlim_cur = bytes;
        REQUIRE(setrlimit(RLIMIT_AS, &lower) == 0);
    }
    ~AddressSpaceLimit() { setrlimit(RLIMIT_AS, &old_); }

private:
    rlimit old_{};
};

std::size_t address_space_in_use() {
    std::FILE* status = std::fopen("/proc/self/statm", "r");
    REQUIRE(status);
    unsigned long pages = 0;
    REQUIRE(std::fscanf(status, "%lu", &pages) == 1);
    std::fclose(status);
    return std::size_t(pages) * 4096;
}

// A game of at least `plies` plies from the start position, every move legal,
// chosen by a fixed pseudo-random sequence among the moves that do not end it.
std::vector<std::string> long_game(int plies) {
    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    std::vector<std::string> moves;
    std::uint64_t seed = 15;
    while (int(moves.size()) < plies) {
        augur_move legal[AUGUR_MAX_MOVES];
        std::size_t count = 0;
        REQUIRE(augur_position_legal_moves(pos, legal, AUGUR_MAX_MOVES, &count) == AUGUR_OK);
        REQUIRE(count > 0);
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        std::size_t first = std::size_t(seed >> 33) % count;
        bool played = false;
        for (std::size_t i = 0; i < count && !played; ++i) {
            augur_move m = legal[(first + i) % count];
            REQUIRE(augur_position_play_move(pos, m) == AUGUR_OK);
            int status = -1;
            REQUIRE(augur_position_game_status(pos, &status) == AUGUR_OK);
            if (status == AUGUR_GAME_ONGOING) {
                char uci[8];
                REQUIRE(augur_position_undo(pos) == AUGUR_OK);
                REQUIRE(augur_position_move_to_uci(pos, m, uci, sizeof uci) == AUGUR_OK);
                REQUIRE(augur_position_play_move(pos, m) == AUGUR_OK);
                moves.push_back(uci);
                played = true;
            } else {
                REQUIRE(augur_position_undo(pos) == AUGUR_OK);
            }
        }
        REQUIRE(played);
    }
    augur_position_destroy(pos);
    return moves;
}

}  // namespace

TEST_CASE("The largest Hash, and a table that cannot be had, leave the engine usable", "[limits]") {
    Engine e;
    // 65536 MB is the largest size. It is address space only until searches fill it, so it may
    // be granted; where the machine cannot give it, the call fails and the old size stays.
    int status = augur_engine_set_option(e, "Hash", "65536");
    CHECK((status == AUGUR_OK || status == AUGUR_E_OUT_OF_MEMORY));
    CHECK(option(e, "Hash") == (status == AUGUR_OK ? "65536" : "16"));
    CHECK(augur_engine_set_option(e, "Hash", "4") == AUGUR_OK);
    CHECK(search(e, 6, 0).best_move != AUGUR_MOVE_NONE);
    CHECK(augur_engine_set_option(e, "Hash", "65537") == AUGUR_E_INVALID_ARGUMENT);

    if (SANITIZED) return;
    SECTION("with an address space too small for the table") {
        {
            AddressSpaceLimit limit(address_space_in_use() + (std::size_t(512) << 20));
            CHECK(augur_engine_set_option(e, "Hash", "2048") == AUGUR_E_OUT_OF_MEMORY);
            CHECK(std::string(augur_engine_last_error(e)) == "out of memory");
            CHECK(option(e, "Hash") == "4");
            // The engine searches on with a table of the old size, and can still start threads.
            CHECK(search(e, 6, 0).best_move != AUGUR_MOVE_NONE);
            CHECK(augur_engine_set_option(e, "Hash", "8") == AUGUR_OK);
        }
        CHECK(search(e, 6, 0).best_move != AUGUR_MOVE_NONE);
        CHECK(option(e, "Hash") == "8");
    }
}

TEST_CASE("Threads at its maximum searches and stops", "[limits]") {
    Engine e;
    CHECK(augur_engine_set_option(e, "Threads", "257") == AUGUR_E_INVALID_ARGUMENT);
    REQUIRE(augur_engine_set_option(e, "Threads", "256") == AUGUR_OK);
    REQUIRE(augur_engine_set_option(e, "Hash", "1") == AUGUR_OK);
    augur_search_result result = search(e, 3, 0);
    CHECK(result.best_move != AUGUR_MOVE_NONE);
    CHECK(result.depth == 3);
    // Back to one thread: the search is deterministic again.
    REQUIRE(augur_engine_set_option(e, "Threads", "1") == AUGUR_OK);
    REQUIRE(augur_engine_new_game(e) == AUGUR_OK);
    std::uint64_t nodes = search(e, 5, 0).nodes;
    REQUIRE(augur_engine_new_game(e) == AUGUR_OK);
    CHECK(search(e, 5, 0).nodes == nodes);
}

TEST_CASE("MultiPV above the number of legal moves reports every move once per iteration", "[limits]") {
    Engine e;
    // Black's king has five moves and nothing else.
    const char* fen = "4k3/8/8/8/8/8/8/4K2R b K - 0 1";
    REQUIRE(augur_engine_set_position(e, fen, nullptr, 0) == AUGUR_OK);
    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    REQUIRE(augur_position_set_fen(pos, fen) == AUGUR_OK);
    std::size_t legal = 0;
    REQUIRE(augur_position_legal_moves(pos, nullptr, 0, &legal) == AUGUR_E_BUFFER_TOO_SMALL);
    augur_position_destroy(pos);
    REQUIRE(legal == 5);

    REQUIRE(augur_engine_set_option(e, "MultiPV", "256") == AUGUR_OK);
    std::map<int, std::vector<int>> lines_by_depth;
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = &lines_by_depth;
    callbacks.on_iteration = [](void* user, const augur_pv_info* info) {
        (*static_cast<std::map<int, std::vector<int>>*>(user))[info->depth].push_back(info->multipv);
    };
    augur_search_result result = search(e, 5, 0, &callbacks);
    CHECK(result.best_move != AUGUR_MOVE_NONE);
    REQUIRE(lines_by_depth.size() == 5);
    for (auto& [depth, lines] : lines_by_depth) {
        INFO("depth " << depth);
        std::vector<int> expected(legal);
        for (std::size_t i = 0; i < legal; ++i) expected[i] = int(i) + 1;
        CHECK(lines == expected);
    }
}

TEST_CASE("Strings of megabytes are refused with a short message", "[limits]") {
    Engine e;
    std::string huge(4 << 20, 'x');
    CHECK(augur_engine_set_position(e, huge.c_str(), nullptr, 0) == AUGUR_E_BAD_FEN);
    CHECK(std::string(augur_engine_last_error(e)).size() < 256);
    CHECK(augur_engine_set_option(e, huge.c_str(), "1") == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_engine_set_option(e, "MultiPV", huge.c_str()) == AUGUR_E_INVALID_ARGUMENT);
    std::string digits(4 << 20, '9');
    CHECK(augur_engine_set_option(e, "Hash", digits.c_str()) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(option(e, "Hash") == "16");
    const char* moves[] = {"e2e4", huge.c_str()};
    CHECK(augur_engine_set_position(e, nullptr, moves, 2) == AUGUR_E_ILLEGAL_MOVE);
    CHECK(std::string(augur_engine_last_error(e)).size() < 256);

    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    augur_move move = 0;
    CHECK(augur_position_parse_uci(pos, huge.c_str(), &move) == AUGUR_E_ILLEGAL_MOVE);
    CHECK(augur_position_parse_san(pos, huge.c_str(), &move) == AUGUR_E_ILLEGAL_MOVE);
    CHECK(augur_position_set_fen(pos, huge.c_str()) == AUGUR_E_BAD_FEN);
    augur_position_destroy(pos);
    CHECK(search(e, 3, 0).best_move != AUGUR_MOVE_NONE);
}

TEST_CASE("Games of hundreds of moves are positions like any other", "[limits]") {
    std::vector<std::string> game = long_game(400);
    std::vector<const char*> texts;
    for (const auto& m : game) texts.push_back(m.c_str());
    Engine e;
    REQUIRE(augur_engine_set_position(e, nullptr, texts.data(), texts.size()) == AUGUR_OK);
    augur_search_result result = search(e, 8, 0);
    CHECK(result.best_move != AUGUR_MOVE_NONE);

    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    for (const auto& m : game) REQUIRE(augur_position_play_uci(pos, m.c_str()) == AUGUR_OK);
    std::size_t plies = 0;
    CHECK(augur_position_history_length(pos, &plies) == AUGUR_OK);
    CHECK(plies == game.size());
    for (std::size_t i = 0; i < game.size(); ++i) REQUIRE(augur_position_undo(pos) == AUGUR_OK);
    CHECK(augur_position_undo(pos) == AUGUR_E_NO_MOVE_TO_UNDO);
    augur_position_destroy(pos);
}

TEST_CASE("Perft depths: the bound is accepted, anything beyond refused", "[limits]") {
    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    // Checkmated: every depth from 1 counts no leaf, so the deepest request returns at once.
    REQUIRE(augur_position_set_fen(pos, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3") == AUGUR_OK);
    std::uint64_t nodes = 99;
    CHECK(augur_perft(pos, AUGUR_PERFT_MAX_DEPTH, &nodes) == AUGUR_OK);
    CHECK(nodes == 0);
    int calls = 0;
    auto count_calls = [](void* user, augur_move, const char*, std::uint64_t) { ++*static_cast<int*>(user); };
    CHECK(augur_perft_divide(pos, AUGUR_PERFT_MAX_DEPTH, count_calls, &calls, &nodes) == AUGUR_OK);
    CHECK(calls == 0);
    CHECK(nodes == 0);
    for (int depth : {AUGUR_PERFT_MAX_DEPTH + 1, 1000, -1, INT32_MIN, INT32_MAX}) {
        INFO("depth " << depth);
        CHECK(augur_perft(pos, depth, &nodes) == AUGUR_E_INVALID_ARGUMENT);
        CHECK(std::string(augur_position_last_error(pos)).find("perft depth") != std::string::npos);
    }
    augur_position_destroy(pos);
}

TEST_CASE("Depth 255 searches to the last ply there is", "[limits]") {
    Engine e;
    // Bare kings: every node is a draw at once, so all AUGUR_MAX_PLY - 1 iterations complete.
    REQUIRE(augur_engine_set_position(e, "8/8/8/3k4/8/8/8/4K3 w - - 0 1", nullptr, 0) == AUGUR_OK);
    augur_search_result result = search(e, 255, 0);
    CHECK(result.best_move != AUGUR_MOVE_NONE);
    CHECK(result.depth == AUGUR_MAX_PLY - 1);
    CHECK(result.score_cp == 0);
    CHECK(result.pv_length <= AUGUR_MAX_PV);

    // A real position at depth 255 runs until another limit ends it.
    REQUIRE(augur_engine_set_position(e, nullptr, nullptr, 0) == AUGUR_OK);
    result = search(e, 255, 20000);
    CHECK(result.best_move != AUGUR_MOVE_NONE);
    CHECK(result.depth < AUGUR_MAX_PLY);
    CHECK(result.seldepth <= AUGUR_MAX_PLY);
}
