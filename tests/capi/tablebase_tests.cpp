// Tests of the C API's Syzygy tablebases (augur_tablebase_*) with the 3-4
// piece tables in tests/data: the probes the search makes, and misuse.
#include <augur/augur.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace {

// KRvK, the rook on d2 beside the black king: moves that leave it to the king draw.
constexpr const char* ROOK_ATTACKED = "8/8/8/8/8/2k5/3R4/K7 w - - 0 1";

std::string table_directory() {
    const char* data = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(data);
    return std::string(data) + "/tablebases/syzygy";
}

// Owns a tablebase handle for the length of a test.
class Tables {
public:
    Tables() { REQUIRE(augur_tablebase_create(&tables_) == AUGUR_OK); }
    ~Tables() { augur_tablebase_destroy(tables_); }
    Tables(const Tables&) = delete;
    Tables& operator=(const Tables&) = delete;
    operator augur_tablebase*() const { return tables_; }
    std::string error() const { return augur_tablebase_last_error(tables_); }

    // Loads the repository's tables; false (checked to be why) in a build without Syzygy support.
    bool load_test_tables() {
        if (augur_tablebase_load(tables_, table_directory().c_str()) == AUGUR_OK) return true;
        REQUIRE(error().find("no Syzygy support") != std::string::npos);
        return false;
    }

private:
    augur_tablebase* tables_ = nullptr;
};

// Owns a position handle.
class Position {
public:
    explicit Position(const char* fen) {
        REQUIRE(augur_position_create(&pos_) == AUGUR_OK);
        REQUIRE(augur_position_set_fen(pos_, fen) == AUGUR_OK);
    }
    ~Position() { augur_position_destroy(pos_); }
    Position(const Position&) = delete;
    Position& operator=(const Position&) = delete;
    operator augur_position*() const { return pos_; }

    augur_move move(const char* uci) const {
        augur_move m = AUGUR_MOVE_NONE;
        REQUIRE(augur_position_parse_uci(pos_, uci, &m) == AUGUR_OK);
        return m;
    }

private:
    augur_position* pos_ = nullptr;
};

struct Probe {
    int found = -1;
    int wdl = 99;
};

Probe probe(const Tables& tables, const char* fen) {
    Position pos(fen);
    Probe p;
    REQUIRE(augur_tablebase_probe_wdl(tables, pos, &p.found, &p.wdl) == AUGUR_OK);
    return p;
}

std::vector<augur_tablebase_move> ranked(const Tables& tables, const Position& pos, int rule50) {
    std::vector<augur_tablebase_move> moves(AUGUR_MAX_MOVES);
    size_t count = 0;
    REQUIRE(augur_tablebase_rank_root_moves(tables, pos, rule50, moves.data(), moves.size(), &count) == AUGUR_OK);
    moves.resize(count);
    return moves;
}

const augur_tablebase_move& entry_of(const std::vector<augur_tablebase_move>& moves, augur_move m) {
    auto it = std::ranges::find(moves, m, &augur_tablebase_move::move);
    REQUIRE(it != moves.end());
    return *it;
}

}  // namespace

TEST_CASE("A tablebase handle starts empty and probes nothing", "[capi][tablebase]") {
    Tables tables;
    int pieces = -1;
    REQUIRE(augur_tablebase_max_pieces(tables, &pieces) == AUGUR_OK);
    CHECK(pieces == 0);
    CHECK(probe(tables, "8/8/8/8/8/2k5/8/K6R w - - 0 1").found == 0);
    CHECK(tables.error().empty());
}

TEST_CASE("Loading tables reports what is wrong and keeps the handle", "[capi][tablebase]") {
    Tables tables;
    if (!tables.load_test_tables()) return;
    int pieces = 0;
    REQUIRE(augur_tablebase_max_pieces(tables, &pieces) == AUGUR_OK);
    CHECK(pieces == 4);

    CHECK(augur_tablebase_load(tables, "/no/such/directory") == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("is not a directory") != std::string::npos);
    const std::string without_tables = std::string(std::getenv("AUGUR_TEST_DATA")) + "/perft";
    CHECK(augur_tablebase_load(tables, without_tables.c_str()) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("no Syzygy tables") != std::string::npos);
    CHECK(augur_tablebase_load(tables, nullptr) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("paths") != std::string::npos);
    // Still the tables loaded first.
    REQUIRE(augur_tablebase_max_pieces(tables, &pieces) == AUGUR_OK);
    CHECK(pieces == 4);
    CHECK(probe(tables, "8/8/8/8/8/2k5/8/K6R w - - 0 1").found == 1);

    REQUIRE(augur_tablebase_load(tables, "") == AUGUR_OK);
    REQUIRE(augur_tablebase_max_pieces(tables, &pieces) == AUGUR_OK);
    CHECK(pieces == 0);
}

TEST_CASE("WDL probes answer as the tables do, and only where the search would ask", "[capi][tablebase]") {
    Tables tables;
    if (!tables.load_test_tables()) return;
    Probe win = probe(tables, "8/8/8/8/8/2k5/8/K6R w - - 0 1");
    CHECK(win.found == 1);
    CHECK(win.wdl == AUGUR_TB_WIN);
    Probe loss = probe(tables, "8/8/8/8/8/2k5/8/K6R b - - 0 1");
    CHECK(loss.found == 1);
    CHECK(loss.wdl == AUGUR_TB_LOSS);
    Probe lone_king = probe(tables, "8/8/8/8/8/2k5/8/K1r5 w - - 0 1");  // KvKR: the KRvK table seen from Black
    CHECK(lone_king.found == 1);
    CHECK(lone_king.wdl == AUGUR_TB_LOSS);
    Probe knight = probe(tables, "8/8/8/8/8/2k5/8/K5N1 w - - 0 1");
    CHECK(knight.found == 1);
    CHECK(knight.wdl == AUGUR_TB_DRAW);

    // Not probed: a fifty-move counter above zero, castling rights, five pieces.
    CHECK(probe(tables, "8/8/8/8/8/2k5/8/K6R w - - 1 1").found == 0);
    CHECK(probe(tables, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").found == 0);
    Probe five = probe(tables, "8/8/8/8/8/2k5/1p6/KR5R w - - 0 1");
    CHECK(five.found == 0);
    CHECK(five.wdl == 99);  // untouched
}

TEST_CASE("WDL probe misuse is reported", "[capi][tablebase]") {
    Tables tables;
    Position pos("8/8/8/8/8/2k5/8/K6R w - - 0 1");
    int found = 0, wdl = 0;
    CHECK(augur_tablebase_probe_wdl(nullptr, pos, &found, &wdl) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_tablebase_probe_wdl(tables, nullptr, &found, &wdl) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("pos") != std::string::npos);
    CHECK(augur_tablebase_probe_wdl(tables, pos, nullptr, &wdl) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("found") != std::string::npos);
    // wdl may be NULL while nothing is found, not when a value is.
    CHECK(augur_tablebase_probe_wdl(tables, pos, &found, nullptr) == AUGUR_OK);
    CHECK(found == 0);
    if (!tables.load_test_tables()) return;
    CHECK(augur_tablebase_probe_wdl(tables, pos, &found, nullptr) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("wdl") != std::string::npos);
}

TEST_CASE("Root moves are ranked by the tables", "[capi][tablebase]") {
    Tables tables;
    if (!tables.load_test_tables()) return;
    Position pos(ROOK_ATTACKED);
    augur_move legal[AUGUR_MAX_MOVES];
    size_t legal_count = 0;
    REQUIRE(augur_position_legal_moves(pos, legal, AUGUR_MAX_MOVES, &legal_count) == AUGUR_OK);

    for (int rule50 : {0, 1}) {
        const std::vector<augur_tablebase_move> moves = ranked(tables, pos, rule50);
        CHECK(moves.size() == legal_count);
        const augur_tablebase_move& keeps = entry_of(moves, pos.move("d2d8"));
        CHECK(keeps.wdl == AUGUR_TB_WIN);
        CHECK(keeps.rank == 1000);  // a sure win: the counter is at zero
        const augur_tablebase_move& hangs = entry_of(moves, pos.move("d2d3"));
        CHECK(hangs.wdl == AUGUR_TB_DRAW);
        CHECK(hangs.rank == 0);
        for (const augur_tablebase_move& m : moves) {
            CHECK(m.rank <= 1000);
            if (rule50 == 0) CHECK((m.rank == 1000 || m.rank == 0));
        }
    }
    // Castling rights, or five pieces: nothing to rank.
    CHECK(ranked(tables, Position("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), 1).empty());
    CHECK(ranked(tables, Position("8/8/8/8/8/2k5/1p6/KR5R w - - 0 1"), 1).empty());
}

TEST_CASE("Root ranking misuse is reported", "[capi][tablebase]") {
    Tables tables;
    if (!tables.load_test_tables()) return;
    Position pos(ROOK_ATTACKED);
    augur_tablebase_move one[1];
    size_t count = 0;
    CHECK(augur_tablebase_rank_root_moves(nullptr, pos, 1, one, 1, &count) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_tablebase_rank_root_moves(tables, nullptr, 1, one, 1, &count) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_tablebase_rank_root_moves(tables, pos, 1, one, 1, nullptr) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("count") != std::string::npos);
    CHECK(augur_tablebase_rank_root_moves(tables, pos, 2, one, 1, &count) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("rule50") != std::string::npos);
    CHECK(augur_tablebase_rank_root_moves(tables, pos, 1, nullptr, 5, &count) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("out") != std::string::npos);

    one[0] = augur_tablebase_move{AUGUR_MOVE_NONE, 7, 7};
    CHECK(augur_tablebase_rank_root_moves(tables, pos, 1, one, 1, &count) == AUGUR_E_BUFFER_TOO_SMALL);
    CHECK(count > 1);
    CHECK(one[0].rank == 7);  // nothing written
    size_t needed = 0;
    CHECK(augur_tablebase_rank_root_moves(tables, pos, 1, nullptr, 0, &needed) == AUGUR_E_BUFFER_TOO_SMALL);
    CHECK(needed == count);
}

TEST_CASE("Tables replaced by another load are no longer probed until loaded again", "[capi][tablebase]") {
    Tables first, second;
    if (!first.load_test_tables()) return;
    // A second directory holding one table: loading it replaces the process's tables.
    const std::filesystem::path other = std::filesystem::temp_directory_path() / "augur-capi-tablebase-test";
    std::filesystem::create_directories(other);
    for (const char* file : {"KRvK.rtbw", "KRvK.rtbz"})
        std::filesystem::copy_file(std::filesystem::path(table_directory()) / file, other / file,
                                   std::filesystem::copy_options::overwrite_existing);
    REQUIRE(augur_tablebase_load(second, other.string().c_str()) == AUGUR_OK);
    int pieces = 0;
    REQUIRE(augur_tablebase_max_pieces(second, &pieces) == AUGUR_OK);
    CHECK(pieces == 3);

    CHECK(probe(second, "8/8/8/8/8/2k5/8/K6R w - - 0 1").found == 1);
    CHECK(probe(first, "8/8/8/8/8/2k5/8/K6R w - - 0 1").found == 0);
    Position root(ROOK_ATTACKED);
    CHECK(ranked(first, root, 1).empty());

    REQUIRE(first.load_test_tables());
    CHECK(probe(first, "8/8/8/8/8/2k5/8/K6R w - - 0 1").found == 1);
    CHECK(probe(second, "8/8/8/8/8/2k5/8/K6R w - - 0 1").found == 0);
    std::filesystem::remove_all(other);
}

TEST_CASE("Tablebase handles: NULL and create misuse", "[capi][tablebase]") {
    CHECK(augur_tablebase_create(nullptr) == AUGUR_E_INVALID_ARGUMENT);
    augur_tablebase_destroy(nullptr);
    CHECK(std::string(augur_tablebase_last_error(nullptr)).find("NULL") != std::string::npos);
    CHECK(augur_tablebase_load(nullptr, "") == AUGUR_E_INVALID_ARGUMENT);
    int pieces = 0;
    CHECK(augur_tablebase_max_pieces(nullptr, &pieces) == AUGUR_E_INVALID_ARGUMENT);
    Tables tables;
    CHECK(augur_tablebase_max_pieces(tables, nullptr) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(tables.error().find("pieces") != std::string::npos);
}
