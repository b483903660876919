// The training record and file format: every sample position survives a round
// trip through bytes and through a file, and damaged files and records are
// refused with a message, never read as something else.
#include <catch2/catch.hpp>

#include <sstream>

#include "core/game.h"
#include "sample_records.h"
#include "search/score.h"
#include "training/training_file.h"
#include "training/training_stats.h"

using namespace augur;

namespace {

std::string file_of_sample(std::size_t count) {
    std::ostringstream out;
    TrainingFileWriter writer(out);
    auto sample = test::sample_records();
    for (std::size_t i = 0; i < count && i < sample.size(); ++i) writer.write(sample[i].record);
    return out.str();
}

// Every record of the file's content, and the reader's error at the end.
std::pair<std::size_t, std::string> read_all(const std::string& content) {
    std::istringstream in(content);
    TrainingFileReader reader(in);
    TrainingRecord record;
    while (reader.next(record)) {}
    return {reader.records_read(), reader.error()};
}

TrainingRecord::Bytes bytes_of(const char* fen, Move (*pick)(const Position&), int score = 0) {
    auto game = Game::from_fen(fen).game;
    REQUIRE(game);
    auto record = TrainingRecord::pack(game->position(), score, pick(game->position()), TrainingRecord::Result::Draw);
    REQUIRE(record);
    return record->bytes();
}

std::string rejection(const TrainingRecord::Bytes& bytes) {
    std::string error;
    CHECK_FALSE(TrainingRecord::from_bytes(bytes, &error));
    return error;
}

Move e2e4(const Position&) { return Move(SQ_E2, SQ_E4); }

}  // namespace

TEST_CASE("every sample record reads back as the position, score, result and move it was packed from", "[training]") {
    auto sample = test::sample_records();
    REQUIRE(sample.size() > 2000);
    int chess960 = 0, en_passant = 0, promotions = 0, mates = 0, checks = 0;
    for (const auto& s : sample) {
        INFO(s.fen);
        std::string error;
        auto read = TrainingRecord::from_bytes(s.record.bytes(), &error);
        REQUIRE(read);
        CHECK(read->fen() == s.fen);
        CHECK(read->score() == s.record.score());
        CHECK(read->best_move() == s.record.best_move());
        Position pos;
        StateInfo st;
        auto problem = read->set_position(pos, st);
        REQUIRE_FALSE(problem);
        CHECK(pos.fen() == s.fen);
        CHECK(pos.is_chess960() == s.chess960);
        CHECK(pos.in_check() == read->has(RECORD_IN_CHECK));
        CHECK(pos.is_capture(read->best_move()) == read->has(RECORD_CAPTURE));
        CHECK(is_mate_score(read->score()) == read->has(RECORD_MATE_SCORE));
        chess960 += s.chess960;
        en_passant += pos.ep_square() != SQ_NONE;
        promotions += read->has(RECORD_PROMOTION);
        mates += read->has(RECORD_MATE_SCORE);
        checks += read->has(RECORD_IN_CHECK);
    }
    // The sample covers what the format must carry.
    CHECK(chess960 > 500);
    CHECK(en_passant > 5);
    CHECK(promotions > 50);
    CHECK(mates > 200);
    CHECK(checks > 20);
}

TEST_CASE("records pack the score, result and flags into the documented bytes", "[training]") {
    auto game = Game::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 7 42").game;
    Move promotion(SQ_B7, SQ_B8, PROMOTION, QUEEN);
    auto record = TrainingRecord::pack(game->position(), mate_in(3), promotion, TrainingRecord::Result::WhiteWins);
    REQUIRE(record);
    const auto& b = record->bytes();
    // Occupancy: e1, b7, e8.
    CHECK(b[0] == 0x10);
    CHECK(b[6] == 0x02);
    CHECK(b[7] == 0x10);
    // Codes in square order: white king, white pawn, black king.
    CHECK(b[8] == 0x16);
    CHECK(b[9] == 0x0E);
    CHECK(b[24] == 7);
    CHECK(b[25] == (2 << 2 | RECORD_PROMOTION | RECORD_MATE_SCORE));
    CHECK((b[26] | b[27] << 8) == 42);
    CHECK(std::int16_t(b[28] | b[29] << 8) == mate_in(3));
    CHECK((b[30] | b[31] << 8) == promotion.raw());
}

TEST_CASE("positions that do not fit are refused when packing", "[training]") {
    std::string error;
    auto long_clock = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 300 200").game;
    CHECK_FALSE(TrainingRecord::pack(long_clock->position(), 0, Move(SQ_H1, SQ_H2), TrainingRecord::Result::Draw, &error));
    CHECK(error.find("halfmove clock 300") != std::string::npos);
    auto start = Game::start_position();
    CHECK_FALSE(TrainingRecord::pack(start->position(), 32001, Move(SQ_E2, SQ_E4), TrainingRecord::Result::Draw, &error));
    CHECK(error.find("score 32001") != std::string::npos);
}

TEST_CASE("a file of records reads back record for record and ends cleanly", "[training]") {
    auto sample = test::sample_records();
    std::string content = file_of_sample(sample.size());
    REQUIRE(content.size() == TRAINING_FILE_HEADER_SIZE + sample.size() * TrainingRecord::SIZE);
    std::istringstream in(content);
    TrainingFileReader reader(in);
    TrainingRecord record;
    for (const auto& s : sample) {
        REQUIRE(reader.next(record));
        CHECK(record.bytes() == s.record.bytes());
    }
    CHECK_FALSE(reader.next(record));
    CHECK(reader.error().empty());
    CHECK(read_all(file_of_sample(0)) == std::pair<std::size_t, std::string>{0, ""});
}

TEST_CASE("damaged files are refused with a message saying where", "[training]") {
    std::string good = file_of_sample(10);
    CHECK(read_all("").second == "empty file: not a training data file");
    CHECK(read_all(good.substr(0, 7)).second.find("not a training data file") != std::string::npos);
    CHECK(read_all("PK\x03\x04 not ours at all, sorry").second.find("not a training data file") != std::string::npos);

    std::string future = good;
    future[8] = 2;
    CHECK(read_all(future).second.find("version 2 is not supported") != std::string::npos);
    std::string wide = good;
    wide[10] = 40;
    CHECK(read_all(wide).second.find("record size") != std::string::npos);

    auto [count, error] = read_all(good.substr(0, good.size() - 5));
    CHECK(count == 9);
    CHECK(error == "record 9 at byte 304 is cut short (27 of 32 bytes)");

    std::string damaged = good;
    damaged[TRAINING_FILE_HEADER_SIZE + 3 * TrainingRecord::SIZE + 25] |= 0x0C;  // result 3
    std::tie(count, error) = read_all(damaged);
    CHECK(count == 3);
    CHECK(error == "record 3 at byte 112: record has an invalid game result (3)");
}

TEST_CASE("records no writer produces are refused", "[training]") {
    auto start = bytes_of(Position::START_FEN.data(), e2e4);

    auto b = start;
    b[10] = 0x66;  // e1 and f1: the f1 bishop becomes a second white king
    CHECK(rejection(b) == "record has two kings of one colour");
    b = start;
    b[0] = 0;  // a1-h1 empty: the codes no longer match the occupancy
    CHECK(rejection(b) == "record has piece codes beyond its occupied squares");
    b = start;
    b[25] ^= RECORD_MATE_SCORE;
    CHECK(rejection(b) == "record's mate flag does not match its score");
    b = start;
    b[28] = 0x01, b[29] = 0x80;  // -32767
    CHECK(rejection(b) == "record has an out-of-range score -32767");
    b = start;
    b[26] = b[27] = 0;
    CHECK(rejection(b) == "record has fullmove number 0");
    b = start;
    b[30] = 0x24, b[31] = 0x06;  // from e4 (empty) to e5
    CHECK(rejection(b).find("does not move a piece of the side to move") != std::string::npos);
    b = start;
    b[25] |= 1;  // Black to move e2e4
    CHECK(rejection(b).find("does not move a piece of the side to move") != std::string::npos);
    b = start;
    b[25] |= RECORD_CAPTURE;
    CHECK(rejection(b) == "record's capture or promotion flag does not match its best move");
    b = start;
    b[8] = 0x77;  // a1 and b1: the b1 knight becomes a second queen-side castling rook
    CHECK(rejection(b) == "record's castling rook on b1 cannot have a castling right");

    // A pawn on the last rank and an en-passant pawn that nothing can take.
    auto pawn_up = bytes_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", [](const Position&) { return Move(SQ_E1, SQ_E2); });
    pawn_up[6] = 0, pawn_up[7] = 0x11;  // a7 -> a8
    CHECK(rejection(pawn_up) == "record has a pawn on a8");
    auto lone = bytes_of("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1", [](const Position&) { return Move(SQ_E1, SQ_E2); });
    lone[8] = 0x86;  // e1 king, then the e5 pawn as an en-passant pawn
    CHECK(rejection(lone) == "record's en-passant pawn on e5 cannot be taken en passant");
    // Castling-code rook in a standard game on a Chess960 square.
    auto odd_rook = bytes_of("4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", [](const Position&) { return Move(SQ_E1, SQ_E2); });
    odd_rook[8] = 0x67;  // b1 rook with a castling right, e1 king
    CHECK(rejection(odd_rook) == "record's castling rook on b1 cannot have a castling right");
}

TEST_CASE("random damage to records never crashes the reader", "[training]") {
    auto sample = test::sample_records();
    std::uint64_t state = 7;
    int refused = 0, accepted = 0;
    for (std::size_t i = 0; i < sample.size(); ++i) {
        auto bytes = sample[i].record.bytes();
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        bytes[(state >> 33) % TrainingRecord::SIZE] ^= std::uint8_t(1 << ((state >> 40) % 8));
        auto read = TrainingRecord::from_bytes(bytes);
        if (!read) {
            ++refused;
            continue;
        }
        ++accepted;
        // What the structural checks let through is a position or an error.
        Position pos;
        StateInfo st;
        if (!read->set_position(pos, st)) CHECK(pos.fen() == read->fen());
    }
    CHECK(refused > int(sample.size()) / 3);
    CHECK(accepted > 0);
}

TEST_CASE("file statistics count results, filters and score bands", "[training]") {
    TrainingStats stats;
    std::uint64_t white_wins = 0, captures = 0, unfiltered = 0, mated = 0, near_zero = 0;
    auto sample = test::sample_records();
    for (const auto& s : sample) {
        const TrainingRecord& r = s.record;
        stats.add(r);
        white_wins += r.result() == TrainingRecord::Result::WhiteWins;
        captures += r.has(RECORD_CAPTURE);
        unfiltered += r.filter_flags() == 0;
        mated += r.score() <= -SCORE_MATE_IN_MAX_PLY;
        near_zero += r.score() >= -25 && r.score() < 25;
    }
    CHECK(stats.positions() == sample.size());
    CHECK(stats.with_result(TrainingRecord::Result::WhiteWins) == white_wins);
    CHECK(stats.with_flag(RECORD_CAPTURE) == captures);
    CHECK(stats.unfiltered() == unfiltered);
    CHECK(stats.in_band(0) == mated);
    CHECK(TrainingStats::band_name(0) == "mated");
    CHECK(TrainingStats::band_name(1) == "< -1600");
    CHECK(TrainingStats::band_name(2) == "-1600..-801");
    CHECK(TrainingStats::band_name(7) == "-25..24");
    CHECK(stats.in_band(7) == near_zero);
    CHECK(TrainingStats::band_name(TrainingStats::SCORE_BANDS - 2) == ">= 1600");
    CHECK(TrainingStats::band_name(TrainingStats::SCORE_BANDS - 1) == "mating");
    std::uint64_t total = 0;
    for (std::size_t band = 0; band < TrainingStats::SCORE_BANDS; ++band) total += stats.in_band(band);
    CHECK(total == sample.size());

    std::ostringstream report;
    stats.write_report(report);
    CHECK(report.str().rfind("positions: " + std::to_string(sample.size()), 0) == 0);
    CHECK(report.str().find("  1-0 ") != std::string::npos);
    CHECK(report.str().find("  mating ") != std::string::npos);
}
