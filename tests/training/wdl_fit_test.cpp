// The win/draw/loss model of UCI_ShowWDL (search/wdl.h) and its fit
// (training/wdl_fit.h, `augur fit-wdl`): the built-in model's shape, a fit
// that finds a known curve again from outcomes drawn from it, and the
// command's output and errors.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "command_support.h"
#include "core/notation.h"
#include "protocol/train_command.h"
#include "search/score.h"
#include "search/wdl.h"
#include "training/datagen.h"
#include "training/training_file.h"
#include "training/wdl_fit.h"

using namespace augur;
using namespace augur::training;
using augur_test::temp_path;

namespace {

// Outcomes drawn from a known curve, at scores and materials spread as in games.
std::vector<WdlSample> drawn_from(const WdlCurve& curve, std::size_t count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> material(0, 78), score(-600, 600);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<WdlSample> samples;
    for (std::size_t i = 0; i < count; ++i) {
        WdlSample s{score(random), material(random), 0};
        double u = unit(random), win = curve.win_probability(s.score, s.material);
        s.outcome = u < win ? 1 : u < win + curve.loss_probability(s.score, s.material) ? -1 : 0;
        samples.push_back(s);
    }
    return samples;
}

// The start position, scored 0, once as a win, a draw and a loss for White.
void append_one_record_per_result(TrainingFileWriter& writer) {
    Position pos;
    StateInfo st;
    REQUIRE(!pos.set_fen(Position::START_FEN, st));
    Move e2e4 = parse_uci_move(pos, "e2e4");
    for (auto result : {TrainingRecord::Result::WhiteWins, TrainingRecord::Result::Draw,
                        TrainingRecord::Result::BlackWins})
        writer.write(*TrainingRecord::pack(pos, 0, e2e4, result));
}

int run_fit_wdl(const std::vector<std::string>& args, std::string& out, std::string& err) {
    return augur_test::run_subcommand(run_fit_wdl_command, args, out, err);
}

}  // namespace

TEST_CASE("The built-in WDL model sums to 1000, is symmetric and grows with the score", "[wdl]") {
    for (int material : {0, 10, 30, 50, 78, 100}) {
        INFO("material " << material);
        WdlPermille previous = wdl_permille(-4000, material);
        CHECK(wdl_permille(0, material).win == wdl_permille(0, material).loss);
        for (int score = -4000; score <= 4000; score += 10) {
            WdlPermille w = wdl_permille(score, material);
            INFO("score " << score);
            REQUIRE(w.win + w.draw + w.loss == 1000);
            REQUIRE(w.win >= 0);
            REQUIRE(w.draw >= 0);
            REQUIRE(w.loss >= 0);
            REQUIRE(w.win >= previous.win);
            REQUIRE(w.loss <= previous.loss);
            WdlPermille mirrored = wdl_permille(-score, material);
            REQUIRE(mirrored.win == w.loss);
            REQUIRE(mirrored.loss == w.win);
            previous = w;
        }
        CHECK(wdl_permille(4000, material).win > 900);
    }
    CHECK(wdl_permille(mate_in(5), 40) == WdlPermille{1000, 0, 0});
    CHECK(wdl_permille(mated_in(4), 40) == WdlPermille{0, 0, 1000});
    CHECK(wdl_permille(tb_win_in(30), 5) == WdlPermille{1000, 0, 0});
    CHECK(wdl_permille(tb_loss_in(7), 5) == WdlPermille{0, 0, 1000});
    CHECK(wdl_permille(100000, 40) == wdl_permille(4000, 40));  // clamped, not a mate
}

TEST_CASE("WDL material counts pawn 1, minor 3, rook 5, queen 9 for both sides", "[wdl]") {
    Position pos;
    StateInfo st;
    REQUIRE(!pos.set_fen(Position::START_FEN, st));
    CHECK(wdl_material(pos) == 78);
    REQUIRE(!pos.set_fen("4k3/8/8/8/8/8/8/R3K2q w - - 0 1", st));
    CHECK(wdl_material(pos) == 14);
    CHECK(wdl_permille(50, pos) == wdl_permille(50, 14));
}

TEST_CASE("The WDL fit finds a known curve again from outcomes drawn from it", "[wdl][fit]") {
    const WdlCurve truth{180, 140, 70, 60, 78};
    std::vector<WdlSample> samples = drawn_from(truth, 30000, 11);
    WdlFitConfig config;
    config.steps = 1500;
    config.learning_rate = 2;
    WdlFitResult result;
    REQUIRE(!fit_wdl(samples, config, result));
    INFO("center " << result.curve.center_base << " + " << result.curve.center_per_material << ", spread "
                   << result.curve.spread_base << " + " << result.curve.spread_per_material);
    CHECK(result.samples == samples.size());
    CHECK(result.wins + result.draws + result.losses == samples.size());
    CHECK(result.loss < result.start_loss);
    // The maximum likelihood is at least as likely as the truth on the same draws.
    CHECK(result.loss <= wdl_loss(truth, samples) + 1e-4);
    CHECK(result.curve.center_base == Approx(truth.center_base).margin(25));
    CHECK(result.curve.center(78) == Approx(truth.center(78)).margin(25));
    CHECK(result.curve.spread(0) == Approx(truth.spread(0)).margin(15));
    CHECK(result.curve.spread(78) == Approx(truth.spread(78)).margin(15));

    // Per score band the model's mean rates follow the drawn outcomes.
    std::vector<WdlCalibrationRow> rows = wdl_calibration(result.curve, samples, {-600, -200, 0, 200, 601});
    REQUIRE(rows.size() == 4);
    std::size_t banded = 0;
    for (const WdlCalibrationRow& row : rows) {
        INFO("band " << row.low << ".." << row.high);
        banded += row.samples;
        CHECK(row.observed_win + row.observed_draw + row.observed_loss == Approx(1));
        CHECK(row.predicted_win + row.predicted_draw + row.predicted_loss == Approx(1));
        CHECK(row.predicted_win == Approx(row.observed_win).margin(0.03));
        CHECK(row.predicted_loss == Approx(row.observed_loss).margin(0.03));
    }
    CHECK(banded == samples.size());
    CHECK(rows.front().observed_loss > rows.front().observed_win);

    std::vector<WdlSample> no_draws;
    for (const WdlSample& s : samples)
        if (s.outcome) no_draws.push_back(s);
    CHECK(fit_wdl(no_draws, config, result)->find("draws 0") != std::string::npos);
}

TEST_CASE("augur fit-wdl writes a table from self-play data and refuses bad flags", "[wdl][command]") {
    std::string data = temp_path("wdl-data.bin"), table = temp_path("wdl.table"), out, err;
    {
        std::ofstream file(data, std::ios::binary | std::ios::trunc);
        TrainingFileWriter writer(file);
        DatagenConfig config;
        config.soft_nodes = 300;
        config.games = 12;
        config.seed = 4;
        REQUIRE(run_datagen(config, writer).ok);
        // Twelve short games need not hold both a draw and a decided game, and the fit needs
        // both: one record of each result is appended, so the test does not hang on how the
        // engine happens to play.
        append_one_record_per_result(writer);
    }
    REQUIRE(run_fit_wdl({"--help"}, out, err) == 0);
    CHECK(out.find("usage: augur fit-wdl") != std::string::npos);

    REQUIRE(run_fit_wdl({"-data", data, "-output", table, "-steps", "200"}, out, err) == 0);
    INFO(out << err);
    CHECK(out.find("mean log-loss") != std::string::npos);
    CHECK(out.find("observed W/D/L") != std::string::npos);
    std::ifstream written(table);
    std::string text((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
    for (const char* entry : {"wdl_center_base: int = ", "wdl_center_per_material: int = ", "wdl_spread_base: int = ",
                              "wdl_spread_per_material: int = ", "wdl_material_max: int = 78"})
        CHECK(text.find(entry) != std::string::npos);
    CHECK(text.find(data) != std::string::npos);  // the data it came from

    auto refused = [&](const std::vector<std::string>& args, const std::string& message) {
        INFO(message);
        CHECK(run_fit_wdl(args, out, err) == 1);
        CHECK(err.rfind("augur fit-wdl: ", 0) == 0);
        CHECK(err.find(message) != std::string::npos);
    };
    refused({"-output", table}, "-data FILE is required");
    refused({"-data", data}, "-output FILE is required");
    refused({"-data", data, "-output", table, "-steps", "0"}, "-steps");
    refused({"-data", data, "-output", table, "-frobnicate"}, "unknown flag '-frobnicate'");
    refused({"-data", temp_path("wdl-none.bin"), "-output", table}, "cannot open");
    refused({"-data", data, "-output", "/no/such/dir/wdl.table"}, "cannot write");
    std::remove(data.c_str());
    std::remove(table.c_str());
}
