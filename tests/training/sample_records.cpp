#include "sample_records.h"

#include <cstdint>
#include <stdexcept>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/score.h"

namespace augur::test {

namespace {

// Starts chosen for the state a record must carry: castling rights on every
// file (Chess960), en passant, promotions, long clocks.
constexpr const char* STARTS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2P1k3/8/8/8/8/3K1p2/8 w - - 97 211",
    "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
    "rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w CAca - 0 1",
    "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1",
    "bbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w HChc - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
};
constexpr bool CHESS960[] = {false, false, false, false, false, true, true, true, true, true};

// Positions where castling is legal, for records whose best move castles.
constexpr const char* CASTLING_POSITIONS[] = {
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "1r1k2r1/8/8/8/8/8/8/1R1K2R1 w GBgb - 0 1",
    "1r1k2r1/8/8/8/8/8/8/1R1K2R1 b GBgb - 0 1",
    "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
};

constexpr int GAMES_PER_START = 12;
constexpr int MAX_PLIES = 40;

// SplitMix64: a fixed generator, so the sample is the same everywhere.
struct Random {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % std::uint64_t(n)); }
};

// Mostly ordinary scores, sometimes the extremes and mate scores of both signs.
int random_score(Random& random) {
    switch (random.below(8)) {
        case 0: return mate_in(1 + random.below(60));
        case 1: return mated_in(random.below(60));
        case 2: return random.below(2) ? SCORE_MATE_IN_MAX_PLY - 1 : -(SCORE_MATE_IN_MAX_PLY - 1);
        default: return random.below(4001) - 2000;
    }
}

// Prefers promotions and captures, so that the flags are well exercised.
Move random_best_move(const Position& pos, Random& random) {
    MoveList<GenType::Noisy> noisy(pos);
    MoveList<GenType::All> all(pos);
    if (!noisy.empty() && random.below(2)) return noisy[std::size_t(random.below(int(noisy.size())))];
    return all[std::size_t(random.below(int(all.size())))];
}

}  // namespace

std::vector<SampleRecord> sample_records() {
    std::vector<SampleRecord> sample;
    Random random{20261125};
    for (std::size_t start = 0; start < std::size(STARTS); ++start) {
        for (int game_index = 0; game_index < GAMES_PER_START; ++game_index) {
            auto created = Game::from_fen(STARTS[start], CHESS960[start]);
            if (!created.game) throw std::logic_error("bad sample start: " + created.error);
            Game& game = *created.game;
            auto result = TrainingRecord::Result(random.below(3));
            for (int ply = 0; ply < MAX_PLIES; ++ply) {
                Position& pos = game.position();
                if (MoveList<GenType::All>(pos).empty()) break;
                Move best = random_best_move(pos, random);
                std::string error;
                auto record = TrainingRecord::pack(pos, random_score(random), best, result, &error);
                if (!record) throw std::logic_error("sample position does not pack: " + error);
                sample.push_back({pos.fen(), pos.is_chess960(), move_to_uci(pos, best), *record});
                game.play(random_best_move(pos, random));
            }
        }
    }
    for (const char* fen : CASTLING_POSITIONS) {
        auto game = Game::from_fen(fen).game;
        const Position& pos = game->position();
        for (Move m : MoveList<GenType::All>(pos)) {
            if (m.kind() != CASTLING) continue;
            auto record = TrainingRecord::pack(pos, random_score(random), m, TrainingRecord::Result::Draw);
            sample.push_back({pos.fen(), pos.is_chess960(), move_to_uci(pos, m), *record});
        }
    }
    return sample;
}

std::string record_line(const TrainingRecord& r, const std::string& fen, const std::string& best_move_uci) {
    auto bit = [&](RecordFlag flag) { return r.has(flag) ? "1" : "0"; };
    return fen + ';' + std::to_string(r.score()) + ';' + TrainingRecord::result_text(r.result()) + ';' +
           std::to_string(r.best_move().raw()) + ';' + best_move_uci + ';' + bit(RECORD_IN_CHECK) + ';' +
           bit(RECORD_CAPTURE) + ';' + bit(RECORD_PROMOTION) + ';' + bit(RECORD_MATE_SCORE);
}

}  // namespace augur::test
