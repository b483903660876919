// Tests of the C API through the shared library, using only <augur/augur.h>:
// what a host can do, and that misuse is reported and never crashes.
#include <augur/augur.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

namespace {

constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* CHESS960_POSITION = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

// Owns a handle for the length of a test.
class Handle {
public:
    Handle() { REQUIRE(augur_position_create(&pos_) == AUGUR_OK); }
    explicit Handle(const char* fen) : Handle() { REQUIRE(augur_position_set_fen(pos_, fen) == AUGUR_OK); }
    ~Handle() { augur_position_destroy(pos_); }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    operator augur_position*() const { return pos_; }

private:
    augur_position* pos_ = nullptr;
};

std::string fen_of(const augur_position* pos) {
    char buf[AUGUR_FEN_MAX];
    REQUIRE(augur_position_fen(pos, buf, sizeof buf) == AUGUR_OK);
    return buf;
}

std::vector<augur_move> legal_moves(const augur_position* pos) {
    std::vector<augur_move> moves(AUGUR_MAX_MOVES);
    size_t count = 0;
    REQUIRE(augur_position_legal_moves(pos, moves.data(), moves.size(), &count) == AUGUR_OK);
    moves.resize(count);
    return moves;
}

std::string uci_of(const augur_position* pos, augur_move move) {
    char buf[AUGUR_UCI_MAX];
    REQUIRE(augur_position_move_to_uci(pos, move, buf, sizeof buf) == AUGUR_OK);
    return buf;
}

std::string san_of(const augur_position* pos, augur_move move) {
    char buf[AUGUR_SAN_MAX];
    REQUIRE(augur_position_move_to_san(pos, move, buf, sizeof buf) == AUGUR_OK);
    return buf;
}

uint64_t key_of(const augur_position* pos) {
    uint64_t key = 0;
    REQUIRE(augur_position_key(pos, &key) == AUGUR_OK);
    return key;
}

int game_status(const augur_position* pos) {
    int status = -1;
    REQUIRE(augur_position_game_status(pos, &status) == AUGUR_OK);
    return status;
}

size_t history_length(const augur_position* pos) {
    size_t plies = 0;
    REQUIRE(augur_position_history_length(pos, &plies) == AUGUR_OK);
    return plies;
}

uint64_t perft(const augur_position* pos, int depth) {
    uint64_t nodes = 0;
    REQUIRE(augur_perft(pos, depth, &nodes) == AUGUR_OK);
    return nodes;
}

std::string last_error(const augur_position* pos) { return augur_position_last_error(pos); }

void play_uci(augur_position* pos, std::initializer_list<const char*> moves) {
    for (const char* move : moves) {
        INFO(move);
        REQUIRE(augur_position_play_uci(pos, move) == AUGUR_OK);
    }
}

void play_san(augur_position* pos, std::initializer_list<const char*> moves) {
    for (const char* move : moves) {
        INFO(move);
        REQUIRE(augur_position_play_san(pos, move) == AUGUR_OK);
    }
}

augur_move make_move(int from, int to, int kind = AUGUR_MOVE_KIND_NORMAL, int promotion = 0) {
    return augur_move((kind << 14) | (promotion << 12) | (from << 6) | to);
}

// True if text is well-formed UTF-8 (what a JNI or Python binding needs).
bool is_utf8(const std::string& text) {
    for (size_t i = 0; i < text.size();) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        size_t length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (length == 0 || i + length > text.size()) return false;
        for (size_t k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(text[i + k]) >> 6) != 2) return false;
        i += length;
    }
    return true;
}

}  // namespace

// ---------------------------------------------------------------------------
// Library

TEST_CASE("The runtime version matches the header", "[capi]") {
    CHECK(std::string(augur_version()) == AUGUR_VERSION_STRING);
    CHECK(augur_version_number() == AUGUR_VERSION_NUMBER);
    CHECK(AUGUR_VERSION_NUMBER == AUGUR_VERSION_MAJOR * 10000 + AUGUR_VERSION_MINOR * 100 + AUGUR_VERSION_PATCH);
}

TEST_CASE("Status and game status codes have names", "[capi]") {
    CHECK(std::string(augur_status_name(AUGUR_OK)) == "ok");
    CHECK(std::string(augur_status_name(AUGUR_E_BAD_FEN)) == "bad FEN");
    CHECK(std::string(augur_status_name(AUGUR_E_INTERNAL)) == "internal error");
    CHECK(std::string(augur_status_name(-100)) == "unknown status");
    CHECK(std::string(augur_status_name(INT_MIN)) == "unknown status");
    CHECK(std::string(augur_game_status_name(AUGUR_GAME_CHECKMATE)) == "checkmate");
    CHECK(std::string(augur_game_status_name(AUGUR_GAME_INSUFFICIENT_MATERIAL)) == "insufficient material");
    CHECK(std::string(augur_game_status_name(6)) == "unknown game status");
    CHECK(std::string(augur_game_status_name(-1)) == "unknown game status");
}

// ---------------------------------------------------------------------------
// Misuse

TEST_CASE("Every function refuses a NULL handle", "[capi][misuse]") {
    augur_position* null = nullptr;
    char buf[AUGUR_FEN_MAX];
    augur_move moves[AUGUR_MAX_MOVES];
    augur_move move = 0;
    size_t count = 0;
    int flag = 0;
    uint64_t value = 0;
    auto callback = [](void*, augur_move, const char*, uint64_t) {};
    constexpr int E = AUGUR_E_INVALID_ARGUMENT;

    CHECK(augur_position_create(nullptr) == E);
    augur_position* out = reinterpret_cast<augur_position*>(&flag);
    CHECK(augur_position_clone(null, &out) == E);
    augur_position_destroy(null);
    CHECK_FALSE(last_error(null).empty());
    CHECK(augur_position_set_startpos(null) == E);
    CHECK(augur_position_set_fen(null, START_FEN) == E);
    CHECK(augur_position_fen(null, buf, sizeof buf) == E);
    CHECK(augur_position_set_chess960(null, 1) == E);
    CHECK(augur_position_is_chess960(null, &flag) == E);
    CHECK(augur_position_side_to_move(null, &flag) == E);
    CHECK(augur_position_in_check(null, &flag) == E);
    CHECK(augur_position_game_status(null, &flag) == E);
    CHECK(augur_position_key(null, &value) == E);
    CHECK(augur_position_history_length(null, &count) == E);
    CHECK(augur_position_wdl(null, 0, &flag, &flag, &flag) == E);
    CHECK(augur_position_legal_moves(null, moves, AUGUR_MAX_MOVES, &count) == E);
    CHECK(augur_position_move_to_uci(null, make_move(12, 28), buf, sizeof buf) == E);
    CHECK(augur_position_move_to_san(null, make_move(12, 28), buf, sizeof buf) == E);
    CHECK(augur_position_parse_uci(null, "e2e4", &move) == E);
    CHECK(augur_position_parse_san(null, "e4", &move) == E);
    CHECK(augur_position_play_move(null, make_move(12, 28)) == E);
    CHECK(augur_position_play_uci(null, "e2e4") == E);
    CHECK(augur_position_play_san(null, "e4") == E);
    CHECK(augur_position_undo(null) == E);
    CHECK(augur_perft(null, 1, &value) == E);
    CHECK(augur_perft_divide(null, 1, callback, nullptr, &value) == E);
}

TEST_CASE("NULL out-parameters and strings are refused with a message", "[capi][misuse]") {
    Handle pos;
    play_uci(pos, {"e2e4"});
    const std::string fen = fen_of(pos);
    auto refused = [&](int status, const char* name) {
        INFO(name);
        CHECK(status == AUGUR_E_INVALID_ARGUMENT);
        CHECK_THAT(last_error(pos), Catch::Contains(name) && Catch::Contains("NULL"));
    };
    augur_move moves[4];

    refused(augur_position_clone(pos, nullptr), "out");
    refused(augur_position_set_fen(pos, nullptr), "fen");
    refused(augur_position_fen(pos, nullptr, 100), "buf");
    refused(augur_position_is_chess960(pos, nullptr), "enabled");
    refused(augur_position_side_to_move(pos, nullptr), "side");
    refused(augur_position_in_check(pos, nullptr), "in_check");
    refused(augur_position_game_status(pos, nullptr), "game_status");
    refused(augur_position_key(pos, nullptr), "key");
    refused(augur_position_history_length(pos, nullptr), "plies");
    refused(augur_position_legal_moves(pos, moves, 4, nullptr), "count");
    size_t count = 0;
    refused(augur_position_legal_moves(pos, nullptr, 4, &count), "out");
    refused(augur_position_move_to_uci(pos, make_move(52, 36), nullptr, 10), "buf");
    refused(augur_position_move_to_san(pos, make_move(52, 36), nullptr, 10), "buf");
    augur_move move = 0;
    refused(augur_position_parse_uci(pos, nullptr, &move), "text");
    refused(augur_position_parse_uci(pos, "e7e5", nullptr), "move");
    refused(augur_position_parse_san(pos, nullptr, &move), "text");
    refused(augur_position_parse_san(pos, "e5", nullptr), "move");
    refused(augur_position_play_uci(pos, nullptr), "text");
    refused(augur_position_play_san(pos, nullptr), "text");
    refused(augur_perft(pos, 1, nullptr), "nodes");
    refused(augur_perft_divide(pos, 1, nullptr, nullptr, nullptr), "callback");

    CHECK(fen_of(pos) == fen);
    CHECK(history_length(pos) == 1);
}

TEST_CASE("Bad FEN of every kind is refused and leaves the position as it was", "[capi][misuse]") {
    const std::pair<const char*, const char*> cases[] = {
        {"", "4 or 6 fields"},
        {"   ", "4 or 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "4 or 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "4 or 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "4 or 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "invalid piece letter 'X'"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 does not have 8 squares"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "invalid piece letter '9'"},
        {"rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8 squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "more than 8 squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "fewer than 8 ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "exactly one white king"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "exactly one black king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "exactly one white king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "invalid letter 'x'"},
        {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'k' has no matching king and rook"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "repeats a right"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "is not a square"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "impossible"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999", "fullmove number"},
        {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "pawn on the first or last rank"},
        {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 16 white pieces"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\xff", "fullmove number"},
        {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "more than 8 white pawns"},
        {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "side not to move (white) is in check"},
    };
    Handle pos;
    play_uci(pos, {"d2d4", "g8f6"});
    const std::string fen = fen_of(pos);
    const uint64_t key = key_of(pos);

    for (const auto& [bad_fen, message] : cases) {
        INFO(bad_fen);
        CHECK(augur_position_set_fen(pos, bad_fen) == AUGUR_E_BAD_FEN);
        CHECK_THAT(last_error(pos), Catch::Contains(message));
        CHECK(is_utf8(last_error(pos)));
        CHECK(fen_of(pos) == fen);
    }
    // The game survived every failure: its moves can still be taken back.
    CHECK(key_of(pos) == key);
    CHECK(history_length(pos) == 2);
    CHECK(augur_position_undo(pos) == AUGUR_OK);
    CHECK(augur_position_undo(pos) == AUGUR_OK);
    CHECK(fen_of(pos) == START_FEN);
}

TEST_CASE("Messages echoing user text stay short, well-formed UTF-8", "[capi][misuse]") {
    Handle pos;
    SECTION("a byte that is not UTF-8 in a piece letter") {
        CHECK(augur_position_set_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3 w - - 0 1") ==
              AUGUR_E_BAD_FEN);
        CHECK(last_error(pos) == "FEN has an invalid piece letter '\\xC3'");
    }
    SECTION("a multi-byte character in a piece letter") {
        CHECK(augur_position_set_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3\xa9 w - - 0 1") ==
              AUGUR_E_BAD_FEN);
        CHECK(is_utf8(last_error(pos)));
    }
    SECTION("a long move string, cut at a character boundary") {
        std::string text = "e2e4";
        for (int i = 0; i < 300; ++i) text += "\xc3\xa9";
        CHECK(augur_position_play_uci(pos, text.c_str()) == AUGUR_E_ILLEGAL_MOVE);
        CHECK(last_error(pos).size() < 256);
        CHECK(is_utf8(last_error(pos)));
        CHECK_THAT(last_error(pos), Catch::StartsWith("'e2e4\xc3\xa9"));
    }
}

TEST_CASE("Mutated FEN and move text never crash", "[capi][misuse]") {
    // Random edits of good input reach deeper into the parsers than random bytes.
    const std::string seeds[] = {START_FEN, KIWIPETE, CHESS960_POSITION,
                                 "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"};
    const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqAHah0x=+#O\xff";
    std::mt19937 rng(20240607);  // fixed: a failure must reproduce
    auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
    Handle pos;
    int accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string text = seeds[pick(std::size(seeds))];
        for (int edits = 1 + int(pick(3)); edits > 0; --edits) {
            size_t at = pick(text.size() + 1);
            switch (pick(3)) {
            case 0: text.insert(at, 1, alphabet[pick(alphabet.size())]); break;
            case 1: if (at < text.size()) text.erase(at, 1); break;
            default: if (at < text.size()) text[at] = alphabet[pick(alphabet.size())]; break;
            }
        }
        INFO(text);
        int status = augur_position_set_fen(pos, text.c_str());
        REQUIRE((status == AUGUR_OK || status == AUGUR_E_BAD_FEN));
        REQUIRE(is_utf8(last_error(pos)));
        if (status != AUGUR_OK) continue;
        ++accepted;
        // Whatever was accepted must be usable: moves, status, text, perft.
        for (augur_move move : legal_moves(pos)) {
            const std::string san = san_of(pos, move);
            augur_move parsed = 0;
            REQUIRE(augur_position_parse_san(pos, san.c_str(), &parsed) == AUGUR_OK);
            REQUIRE(parsed == move);
        }
        game_status(pos);
        perft(pos, 2);
        Handle again(fen_of(pos).c_str());
        REQUIRE(fen_of(again) == fen_of(pos));
        for (const char* move_text : {"e2e4", "O-O", "exf6", "Nf3", "e1h1", "a7a8q"}) {
            int played = augur_position_play_uci(pos, move_text);
            REQUIRE((played == AUGUR_OK || played == AUGUR_E_ILLEGAL_MOVE));
            played = augur_position_play_san(pos, move_text);
            REQUIRE((played == AUGUR_OK || played == AUGUR_E_ILLEGAL_MOVE));
        }
    }
    CHECK(accepted > 100);
}

TEST_CASE("Garbled and illegal move text is refused", "[capi][misuse]") {
    Handle pos;
    play_uci(pos, {"e2e4"});
    const uint64_t key = key_of(pos);
    const char* bad_uci[] = {"", "e7", "e7e", "e7e5e", "e7e9", "i7i5", "E7E5", "e7e5 ", " e7e5", "e2e4",
                             "e7e4", "e8e7", "e7e6n", "0000", "e7e5\n", "a1a1", "Nf6", "e7e8q"};
    const char* bad_san[] = {"", "+", "N", "Nf", "Nf4", "Zf6", "e4", "Ke7x", "exd5", "O-O", "O-O-O",
                             "e5=Q", "Pe5", "kf6", "Nf6xx", "Ng8f6e", "nf6", "e8=K", "Qh4#x"};
    for (const char* text : bad_uci) {
        INFO("UCI '" << text << "'");
        augur_move move = 1234;
        CHECK(augur_position_parse_uci(pos, text, &move) == AUGUR_E_ILLEGAL_MOVE);
        CHECK(move == 1234);
        CHECK(augur_position_play_uci(pos, text) == AUGUR_E_ILLEGAL_MOVE);
        CHECK_FALSE(last_error(pos).empty());
    }
    for (const char* text : bad_san) {
        INFO("SAN '" << text << "'");
        augur_move move = 1234;
        CHECK(augur_position_parse_san(pos, text, &move) == AUGUR_E_ILLEGAL_MOVE);
        CHECK(move == 1234);
        CHECK(augur_position_play_san(pos, text) == AUGUR_E_ILLEGAL_MOVE);
        CHECK_FALSE(last_error(pos).empty());
    }
    CHECK(key_of(pos) == key);
    CHECK(history_length(pos) == 1);
}

TEST_CASE("play_move accepts exactly the legal moves among all 65536 codes", "[capi][misuse]") {
    const char* fens[] = {
        START_FEN,
        KIWIPETE,
        CHESS960_POSITION,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  // en passant
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",                    // promotions, castling
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",                              // in check
    };
    for (const char* fen : fens) {
        INFO(fen);
        Handle pos(fen);
        const std::vector<augur_move> legal = legal_moves(pos);
        const uint64_t key = key_of(pos);
        size_t accepted = 0;
        char buf[AUGUR_SAN_MAX];
        for (unsigned code = 0; code <= 0xFFFF; ++code) {
            augur_move move = augur_move(code);
            bool is_legal = std::find(legal.begin(), legal.end(), move) != legal.end();
            int status = augur_position_play_move(pos, move);
            if (status == AUGUR_OK) {
                ++accepted;
                REQUIRE(augur_position_undo(pos) == AUGUR_OK);
            }
            INFO("code " << code);
            REQUIRE(status == (is_legal ? AUGUR_OK : AUGUR_E_ILLEGAL_MOVE));
            REQUIRE(augur_position_move_to_uci(pos, move, buf, sizeof buf) == status);
            REQUIRE(augur_position_move_to_san(pos, move, buf, sizeof buf) == status);
        }
        CHECK(accepted == legal.size());
        CHECK(key_of(pos) == key);
        CHECK(history_length(pos) == 0);
    }
}

TEST_CASE("Results that do not fit the caller's buffer are refused", "[capi][misuse]") {
    Handle pos;
    const std::string fen = START_FEN;
    SECTION("FEN") {
        std::vector<char> buf(fen.size() + 1, 'x');
        CHECK(augur_position_fen(pos, buf.data(), 0) == AUGUR_E_BUFFER_TOO_SMALL);
        CHECK(buf[0] == 'x');
        CHECK(augur_position_fen(pos, buf.data(), fen.size()) == AUGUR_E_BUFFER_TOO_SMALL);
        CHECK(buf[0] == '\0');
        CHECK_THAT(last_error(pos), Catch::Contains(std::to_string(fen.size() + 1) + " are needed"));
        CHECK(augur_position_fen(pos, buf.data(), fen.size() + 1) == AUGUR_OK);
        CHECK(std::string(buf.data()) == fen);
    }
    SECTION("legal moves: the count needed comes back") {
        augur_move moves[20] = {};
        size_t count = 0;
        CHECK(augur_position_legal_moves(pos, nullptr, 0, &count) == AUGUR_E_BUFFER_TOO_SMALL);
        CHECK(count == 20);
        count = 0;
        CHECK(augur_position_legal_moves(pos, moves, 19, &count) == AUGUR_E_BUFFER_TOO_SMALL);
        CHECK(count == 20);
        CHECK(moves[0] == 0);
        CHECK(augur_position_legal_moves(pos, moves, 20, &count) == AUGUR_OK);
        CHECK(count == 20);
    }
    SECTION("move strings") {
        char buf[AUGUR_SAN_MAX];
        CHECK(augur_position_move_to_uci(pos, make_move(12, 28), buf, 4) == AUGUR_E_BUFFER_TOO_SMALL);
        CHECK(augur_position_move_to_uci(pos, make_move(12, 28), buf, 5) == AUGUR_OK);
        CHECK(std::string(buf) == "e2e4");
        CHECK(augur_position_move_to_san(pos, make_move(6, 21), buf, 3) == AUGUR_E_BUFFER_TOO_SMALL);
        CHECK(augur_position_move_to_san(pos, make_move(6, 21), buf, 4) == AUGUR_OK);
        CHECK(std::string(buf) == "Nf3");
    }
}

TEST_CASE("Undo refuses when no move was played", "[capi][misuse]") {
    Handle pos;
    CHECK(augur_position_undo(pos) == AUGUR_E_NO_MOVE_TO_UNDO);
    CHECK_THAT(last_error(pos), Catch::Contains("nothing to undo"));
    play_uci(pos, {"e2e4", "e7e5"});
    CHECK(augur_position_undo(pos) == AUGUR_OK);
    CHECK(augur_position_undo(pos) == AUGUR_OK);
    CHECK(augur_position_undo(pos) == AUGUR_E_NO_MOVE_TO_UNDO);
    CHECK(fen_of(pos) == START_FEN);

    play_uci(pos, {"e2e4"});
    REQUIRE(augur_position_set_fen(pos, KIWIPETE) == AUGUR_OK);
    CHECK(augur_position_undo(pos) == AUGUR_E_NO_MOVE_TO_UNDO);
    CHECK(fen_of(pos) == KIWIPETE);
}

TEST_CASE("Perft depths out of range are refused", "[capi][misuse]") {
    Handle pos;
    uint64_t nodes = 77;
    auto callback = [](void*, augur_move, const char*, uint64_t) {};
    for (int depth : {-1, -100, INT_MIN, AUGUR_PERFT_MAX_DEPTH + 1, INT_MAX}) {
        INFO(depth);
        CHECK(augur_perft(pos, depth, &nodes) == AUGUR_E_INVALID_ARGUMENT);
        CHECK_THAT(last_error(pos), Catch::Contains("out of range"));
        CHECK(augur_perft_divide(pos, depth, callback, nullptr, &nodes) == AUGUR_E_INVALID_ARGUMENT);
    }
    CHECK(augur_perft_divide(pos, 0, callback, nullptr, &nodes) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(nodes == 77);
}

TEST_CASE("A successful call clears the last error", "[capi]") {
    Handle pos;
    CHECK(last_error(pos).empty());
    CHECK(augur_position_play_uci(pos, "e2e5") == AUGUR_E_ILLEGAL_MOVE);
    CHECK_THAT(last_error(pos), Catch::Contains("e2e5"));
    int side = -1;
    CHECK(augur_position_side_to_move(pos, &side) == AUGUR_OK);
    CHECK(last_error(pos).empty());
}

// ---------------------------------------------------------------------------
// Positions and moves

TEST_CASE("Positions start from the standard position and read back their FEN", "[capi]") {
    Handle pos;
    CHECK(fen_of(pos) == START_FEN);
    int value = -1;
    CHECK(augur_position_side_to_move(pos, &value) == AUGUR_OK);
    CHECK(value == AUGUR_WHITE);
    CHECK(augur_position_in_check(pos, &value) == AUGUR_OK);
    CHECK(value == 0);
    CHECK(augur_position_is_chess960(pos, &value) == AUGUR_OK);
    CHECK(value == 0);

    REQUIRE(augur_position_set_fen(pos, "4k3/8/8/8/8/8/8/4K2R b K - 0 1") == AUGUR_OK);
    CHECK(augur_position_side_to_move(pos, &value) == AUGUR_OK);
    CHECK(value == AUGUR_BLACK);
    // Four-field FEN gets default clocks.
    REQUIRE(augur_position_set_fen(pos, "4k3/8/8/8/8/8/8/4K2R w K -") == AUGUR_OK);
    CHECK(fen_of(pos) == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    REQUIRE(augur_position_set_startpos(pos) == AUGUR_OK);
    CHECK(fen_of(pos) == START_FEN);
}

TEST_CASE("Polyglot keys match the published test vectors", "[capi]") {
    Handle pos;
    CHECK(key_of(pos) == 0x463b96181691fc9cULL);
    play_uci(pos, {"e2e4"});
    CHECK(key_of(pos) == 0x823c9b50fd114196ULL);
    play_uci(pos, {"d7d5"});
    CHECK(key_of(pos) == 0x0756b94461c50fb0ULL);
    play_uci(pos, {"e4e5"});
    CHECK(key_of(pos) == 0x662fafb965db29d4ULL);
    play_uci(pos, {"f7f5"});
    CHECK(key_of(pos) == 0x22a48b5a8e47ff78ULL);
    play_uci(pos, {"e1e2"});
    CHECK(key_of(pos) == 0x652a607ca3f242c1ULL);
    play_uci(pos, {"e8f7"});
    CHECK(key_of(pos) == 0x00fdd303c946bdd9ULL);
}

TEST_CASE("Legal moves come in ascending code order", "[capi]") {
    const std::pair<const char*, size_t> cases[] = {
        {START_FEN, 20}, {KIWIPETE, 48}, {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6},
        {"7k/7Q/6K1/8/8/8/8/8 b - - 0 1", 0},  // checkmate
    };
    for (const auto& [fen, count] : cases) {
        INFO(fen);
        Handle pos(fen);
        std::vector<augur_move> moves = legal_moves(pos);
        CHECK(moves.size() == count);
        CHECK(std::is_sorted(moves.begin(), moves.end()));
        CHECK(std::adjacent_find(moves.begin(), moves.end()) == moves.end());
    }
}

TEST_CASE("Every move round-trips through UCI and SAN, and play/undo restores the position", "[capi]") {
    const char* fens[] = {
        KIWIPETE,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
        "1r1k3r/8/8/8/8/8/8/1R1K3R w HBhb - 0 1",
        CHESS960_POSITION,
    };
    for (const char* fen : fens) {
        Handle pos(fen);
        const std::string start_fen = fen_of(pos);
        const uint64_t start_key = key_of(pos);
        for (augur_move move : legal_moves(pos)) {
            const std::string uci = uci_of(pos, move), san = san_of(pos, move);
            INFO(fen << ": " << uci << " " << san);
            augur_move parsed = 0;
            REQUIRE(augur_position_parse_uci(pos, uci.c_str(), &parsed) == AUGUR_OK);
            CHECK(parsed == move);
            REQUIRE(augur_position_parse_san(pos, san.c_str(), &parsed) == AUGUR_OK);
            CHECK(parsed == move);

            REQUIRE(augur_position_play_move(pos, move) == AUGUR_OK);
            CHECK(key_of(pos) != start_key);
            CHECK(history_length(pos) == 1);
            REQUIRE(augur_position_undo(pos) == AUGUR_OK);
            CHECK(fen_of(pos) == start_fen);
            CHECK(key_of(pos) == start_key);
        }
    }
}

TEST_CASE("Special moves print as UCI and SAN expect", "[capi]") {
    SECTION("en passant") {
        Handle pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        augur_move move = 0;
        REQUIRE(augur_position_parse_san(pos, "exf6", &move) == AUGUR_OK);
        CHECK(AUGUR_MOVE_KIND(move) == AUGUR_MOVE_KIND_EN_PASSANT);
        CHECK(uci_of(pos, move) == "e5f6");
        REQUIRE(augur_position_play_move(pos, move) == AUGUR_OK);
        CHECK(fen_of(pos) == "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    }
    SECTION("promotions") {
        Handle pos("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1");
        augur_move move = 0;
        REQUIRE(augur_position_parse_uci(pos, "b7a8n", &move) == AUGUR_OK);
        CHECK(AUGUR_MOVE_KIND(move) == AUGUR_MOVE_KIND_PROMOTION);
        CHECK(AUGUR_MOVE_PROMOTION(move) == AUGUR_PROMOTE_KNIGHT);
        CHECK(san_of(pos, move) == "bxa8=N");
        REQUIRE(augur_position_parse_san(pos, "g8Q", &move) == AUGUR_OK);
        CHECK(AUGUR_MOVE_PROMOTION(move) == AUGUR_PROMOTE_QUEEN);
        CHECK(uci_of(pos, move) == "g7g8q");
        CHECK(san_of(pos, move) == "g8=Q+");
        CHECK(augur_position_play_uci(pos, "g7g8") == AUGUR_E_ILLEGAL_MOVE);
    }
    SECTION("mate and check marks") {
        Handle pos;
        play_san(pos, {"f3", "e5", "g4"});
        augur_move move = 0;
        REQUIRE(augur_position_parse_san(pos, "Qh4", &move) == AUGUR_OK);
        CHECK(san_of(pos, move) == "Qh4#");
        CHECK(AUGUR_MOVE_FROM(move) == 59);
        CHECK(AUGUR_MOVE_TO(move) == 31);
    }
}

// ---------------------------------------------------------------------------
// Game status

TEST_CASE("Game status: mate, stalemate and the draw rules", "[capi]") {
    Handle pos;
    SECTION("fool's mate") {
        play_san(pos, {"f3", "e5", "g4"});
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
        play_san(pos, {"Qh4#"});
        CHECK(game_status(pos) == AUGUR_GAME_CHECKMATE);
        int in_check = 0;
        CHECK(augur_position_in_check(pos, &in_check) == AUGUR_OK);
        CHECK(in_check == 1);
        CHECK(legal_moves(pos).empty());
        REQUIRE(augur_position_undo(pos) == AUGUR_OK);
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
    }
    SECTION("stalemate") {
        REQUIRE(augur_position_set_fen(pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") == AUGUR_OK);
        CHECK(game_status(pos) == AUGUR_GAME_STALEMATE);
    }
    SECTION("threefold repetition over the game played through the handle") {
        play_san(pos, {"Nf3", "Nf6", "Ng1", "Ng8"});
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);  // second occurrence
        play_san(pos, {"Nf3", "Nf6", "Ng1"});
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
        play_san(pos, {"Ng8"});
        CHECK(game_status(pos) == AUGUR_GAME_THREEFOLD_REPETITION);
        REQUIRE(augur_position_undo(pos) == AUGUR_OK);
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
        // Setting a position forgets the game, even the same position.
        play_san(pos, {"Ng8"});
        REQUIRE(augur_position_set_fen(pos, fen_of(pos).c_str()) == AUGUR_OK);
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
    }
    SECTION("fifty-move rule") {
        REQUIRE(augur_position_set_fen(pos, "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80") == AUGUR_OK);
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
        play_uci(pos, {"a1a2"});
        CHECK(game_status(pos) == AUGUR_GAME_FIFTY_MOVE_RULE);
        REQUIRE(augur_position_undo(pos) == AUGUR_OK);
        play_uci(pos, {"e2e4"});  // a pawn move resets the count
        CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
    }
    SECTION("mate on the hundredth ply is still mate") {
        REQUIRE(augur_position_set_fen(pos, "7k/Q7/6K1/8/8/8/8/8 w - - 99 80") == AUGUR_OK);
        play_san(pos, {"Qg7#"});
        CHECK(game_status(pos) == AUGUR_GAME_CHECKMATE);
    }
    SECTION("insufficient material") {
        const std::pair<const char*, int> cases[] = {
            {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", AUGUR_GAME_INSUFFICIENT_MATERIAL},
            {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", AUGUR_GAME_INSUFFICIENT_MATERIAL},
            {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", AUGUR_GAME_INSUFFICIENT_MATERIAL},
            {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", AUGUR_GAME_INSUFFICIENT_MATERIAL},  // same colour
            {"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", AUGUR_GAME_ONGOING},                // opposite colours
            {"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", AUGUR_GAME_ONGOING},
            {"4k3/8/8/8/8/8/5P2/4K3 w - - 0 1", AUGUR_GAME_ONGOING},
        };
        for (const auto& [fen, expected] : cases) {
            INFO(fen);
            REQUIRE(augur_position_set_fen(pos, fen) == AUGUR_OK);
            CHECK(game_status(pos) == expected);
        }
        // By capture of the last pawn.
        REQUIRE(augur_position_set_fen(pos, "4k3/8/8/8/8/8/4p3/4KN2 w - - 0 1") == AUGUR_OK);
        play_san(pos, {"Kxe2"});
        CHECK(game_status(pos) == AUGUR_GAME_INSUFFICIENT_MATERIAL);
    }
}

// ---------------------------------------------------------------------------
// Chess960

TEST_CASE("Chess960 castling reads and prints as king takes rook", "[capi][chess960]") {
    SECTION("a Chess960 FEN switches the mode on by itself") {
        Handle pos("1r1k3r/8/8/8/8/8/8/1R1K3R w HBhb - 0 1");
        int enabled = 0;
        CHECK(augur_position_is_chess960(pos, &enabled) == AUGUR_OK);
        CHECK(enabled == 1);
        std::vector<std::string> castling;
        for (augur_move move : legal_moves(pos))
            if (AUGUR_MOVE_KIND(move) == AUGUR_MOVE_KIND_CASTLING) castling.push_back(uci_of(pos, move) + san_of(pos, move));
        CHECK(castling == std::vector<std::string>{"d1b1O-O-O+", "d1h1O-O"});
        CHECK(augur_position_play_uci(pos, "d1g1") == AUGUR_E_ILLEGAL_MOVE);
        play_uci(pos, {"d1h1"});
        CHECK(fen_of(pos) == "1r1k3r/8/8/8/8/8/8/1R3RK1 b hb - 1 1");
        // The mode cannot be turned off for this position.
        CHECK(augur_position_set_chess960(pos, 0) == AUGUR_E_INVALID_ARGUMENT);
        CHECK_THAT(last_error(pos), Catch::Contains("needs Chess960"));
        CHECK(fen_of(pos) == "1r1k3r/8/8/8/8/8/8/1R3RK1 b hb - 1 1");
    }
    SECTION("the mode applies to the current game and to later positions") {
        Handle pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        play_uci(pos, {"a1b1", "a8b8"});
        augur_move move = 0;
        REQUIRE(augur_position_parse_uci(pos, "e1g1", &move) == AUGUR_OK);
        augur_move takes_rook = 0;
        REQUIRE(augur_position_parse_uci(pos, "e1h1", &takes_rook) == AUGUR_OK);  // accepted in standard chess
        CHECK(takes_rook == move);
        CHECK(uci_of(pos, move) == "e1g1");

        REQUIRE(augur_position_set_chess960(pos, 1) == AUGUR_OK);
        CHECK(history_length(pos) == 2);
        CHECK(uci_of(pos, move) == "e1h1");
        CHECK(augur_position_parse_uci(pos, "e1g1", &move) == AUGUR_E_ILLEGAL_MOVE);
        CHECK(fen_of(pos) == "1r2k2r/8/8/8/8/8/8/1R2K2R w Hh - 2 2");
        play_uci(pos, {"e1h1"});
        REQUIRE(augur_position_undo(pos) == AUGUR_OK);

        REQUIRE(augur_position_set_startpos(pos) == AUGUR_OK);
        CHECK(fen_of(pos) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        REQUIRE(augur_position_set_chess960(pos, 0) == AUGUR_OK);
        CHECK(fen_of(pos) == START_FEN);
    }
    SECTION("perft of a Chess960 position") {
        Handle pos(CHESS960_POSITION);
        CHECK(perft(pos, 1) == 21);
        CHECK(perft(pos, 2) == 528);
        CHECK(perft(pos, 3) == 12189);
    }
}

// ---------------------------------------------------------------------------
// Perft

TEST_CASE("Perft through the C API", "[capi][perft]") {
    const std::pair<const char*, std::vector<uint64_t>> cases[] = {
        {START_FEN, {1, 20, 400, 8902, 197281}},
        {KIWIPETE, {1, 48, 2039, 97862}},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {1, 14, 191, 2812, 43238}},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", {1, 6, 264, 9467}},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {1, 44, 1486, 62379}},
    };
    for (const auto& [fen, counts] : cases) {
        Handle pos(fen);
        for (size_t depth = 0; depth < counts.size(); ++depth) {
            INFO(fen << " depth " << depth);
            CHECK(perft(pos, int(depth)) == counts[depth]);
        }
        CHECK(fen_of(pos) == std::string(fen));
    }
}

TEST_CASE("Perft divide reports every root move in order", "[capi][perft]") {
    struct Line {
        augur_move move;
        std::string uci;
        uint64_t nodes;
    };
    std::vector<Line> lines;
    auto collect = [](void* user, augur_move move, const char* uci, uint64_t nodes) {
        static_cast<std::vector<Line>*>(user)->push_back({move, uci, nodes});
    };
    Handle pos(KIWIPETE);
    play_uci(pos, {"e1g1"});  // divide starts from the current position, not the FEN
    uint64_t total = 0;
    REQUIRE(augur_perft_divide(pos, 3, collect, &lines, &total) == AUGUR_OK);

    const std::vector<augur_move> moves = legal_moves(pos);
    REQUIRE(lines.size() == moves.size());
    uint64_t sum = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
        CHECK(lines[i].move == moves[i]);
        CHECK(lines[i].uci == uci_of(pos, moves[i]));
        REQUIRE(augur_position_play_move(pos, moves[i]) == AUGUR_OK);
        CHECK(lines[i].nodes == perft(pos, 2));
        REQUIRE(augur_position_undo(pos) == AUGUR_OK);
        sum += lines[i].nodes;
    }
    CHECK(total == sum);
    CHECK(total == perft(pos, 3));
    CHECK(history_length(pos) == 1);

    lines.clear();
    REQUIRE(augur_perft_divide(pos, 1, collect, &lines, nullptr) == AUGUR_OK);
    CHECK(lines.size() == moves.size());
    for (const Line& line : lines) CHECK(line.nodes == 1);
}

// ---------------------------------------------------------------------------
// Handles

TEST_CASE("A clone is independent and keeps the game and the mode", "[capi]") {
    Handle pos;
    REQUIRE(augur_position_set_chess960(pos, 1) == AUGUR_OK);
    play_san(pos, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    augur_position* copy = nullptr;
    REQUIRE(augur_position_clone(pos, &copy) == AUGUR_OK);
    CHECK(fen_of(copy) == fen_of(pos));
    CHECK(history_length(copy) == 7);
    REQUIRE(augur_position_play_san(copy, "Ng8") == AUGUR_OK);
    CHECK(game_status(copy) == AUGUR_GAME_THREEFOLD_REPETITION);
    CHECK(game_status(pos) == AUGUR_GAME_ONGOING);
    REQUIRE(augur_position_set_startpos(copy) == AUGUR_OK);
    CHECK(fen_of(copy) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    augur_position_destroy(copy);
    CHECK(history_length(pos) == 7);
}

TEST_CASE("Distinct handles work on different threads at once", "[capi][threads]") {
    const char* fens[] = {START_FEN, KIWIPETE, CHESS960_POSITION, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"};
    const uint64_t expected[] = {197281, 97862, 12189, 43238};
    const int depths[] = {4, 3, 3, 4};
    uint64_t results[4] = {};
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i) {
        threads.emplace_back([&, i] {
            // Catch2's assertions are not thread-safe: record, check afterwards.
            augur_position* pos = nullptr;
            if (augur_position_create(&pos) != AUGUR_OK) return;
            for (int round = 0; round < 3; ++round) {
                if (augur_position_set_fen(pos, fens[i]) == AUGUR_OK) augur_perft(pos, depths[i], &results[i]);
                augur_position_play_uci(pos, "not a move");
            }
            augur_position_destroy(pos);
        });
    }
    for (std::thread& t : threads) t.join();
    for (int i = 0; i < 4; ++i) CHECK(results[i] == expected[i]);
}

TEST_CASE("augur_position_wdl gives the model's permille for a score in the position", "[capi][wdl]") {
    Handle pos;
    int win = -1, draw = -1, loss = -1;
    REQUIRE(augur_position_wdl(pos, 0, &win, &draw, &loss) == AUGUR_OK);
    CHECK(win + draw + loss == 1000);
    CHECK(win == loss);
    int ahead_win = -1, behind_loss = -1;
    REQUIRE(augur_position_wdl(pos, 150, &ahead_win, nullptr, nullptr) == AUGUR_OK);  // outputs may be NULL
    REQUIRE(augur_position_wdl(pos, -150, nullptr, nullptr, &behind_loss) == AUGUR_OK);
    CHECK(ahead_win > win);
    CHECK(behind_loss == ahead_win);
    REQUIRE(augur_position_wdl(pos, AUGUR_SCORE_MATE - 3, &win, &draw, &loss) == AUGUR_OK);
    CHECK((win == 1000 && draw == 0 && loss == 0));
}
