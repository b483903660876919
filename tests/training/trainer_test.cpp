// The trainer (lib/training: dataset.h, hce_tuner.h, weight_table.h) and
// `augur train`: the weight table's text round trip, datasets and batches,
// a tuning run on a small self-play file whose loss falls, and clear errors
// for damaged files and bad flags.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "command_support.h"
#include "eval/eval_trace.h"
#include "protocol/train_command.h"
#include "training/dataset.h"
#include "training/hce_tuner.h"
#include "training/weight_table.h"

using namespace augur;
using namespace augur::training;
using augur_test::run_subcommand;
using augur_test::small_data_file;
using augur_test::temp_path;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

std::string weights_table_path() {
    const char* path = std::getenv("AUGUR_WEIGHTS_TABLE");
    return path ? path : "lib/eval/weights.table";
}

bool same_weights(const EvalWeights& a, const EvalWeights& b) {
    for (std::size_t slot = 0; slot < EVAL_WEIGHT_SLOTS; ++slot)
        if (weight_at(a, slot) != weight_at(b, slot)) return false;
    return true;
}

int train_command(const std::vector<std::string>& args, std::string& out, std::string& err) {
    return run_subcommand(run_train_command, args, out, err);
}

}  // namespace

TEST_CASE("the weight table reads as the built-in weights and writes back byte for byte", "[trainer][table]") {
    std::string text = read_text(weights_table_path());
    REQUIRE(!text.empty());
    WeightTable table;
    auto error = WeightTable::parse(text, "weights.table", table);
    INFO(error.value_or(""));
    REQUIRE(!error);
    CHECK(same_weights(table.weights(), default_weights()));
    std::string written;
    REQUIRE(!table.write(default_weights(), written));
    CHECK(written == text);
}

TEST_CASE("a written table reads back with its new numbers, every other character kept", "[trainer][table]") {
    std::string text = read_text(weights_table_path());
    WeightTable table;
    REQUIRE(!WeightTable::parse(text, "weights.table", table));
    EvalWeights w = default_weights();
    w.material[PAWN] = {123, -4567};      // wider than the number it replaces
    w.pst[KNIGHT][SQ_A1] = {-100, 1000};  // a board: written rank 8 first
    w.pst[KING][SQ_H8] = {0, 0};          // narrower
    w.tempo = {7, 8};
    w.king_attack_weight[QUEEN] = 9;
    std::string written;
    REQUIRE(!table.write(w, written));
    WeightTable reread;
    auto error = WeightTable::parse(written, "written", reread);
    INFO(error.value_or(""));
    REQUIRE(!error);
    CHECK(same_weights(reread.weights(), w));
    // The rest of the text is untouched: comments and lines, in order.
    std::istringstream before(text), after(written);
    std::string a, b;
    std::size_t changed = 0;
    while (std::getline(before, a) && std::getline(after, b)) {
        if (a.find("//") != std::string::npos) CHECK(a.substr(a.find("//")) == b.substr(b.find("//")));
        if (!a.empty() && a[0] == '#') CHECK(a == b);
        changed += a != b;
    }
    CHECK_FALSE(std::getline(after, b));
    CHECK(changed == 5);
    CHECK(written.find("PAWN 123/-4567  KNIGHT") != std::string::npos);
    const Score b1 = default_weights().pst[KNIGHT][SQ_B1];  // its neighbour on the board keeps its place
    CHECK(written.find("\n      -100/1000 " + std::to_string(b1.mg) + "/" + std::to_string(b1.eg)) != std::string::npos);
}

TEST_CASE("a weight the table has no place for is refused", "[trainer][table]") {
    WeightTable table;
    REQUIRE(!WeightTable::parse(read_text(weights_table_path()), "weights.table", table));
    EvalWeights w = default_weights();
    w.material[KING] = {1, 1};
    std::string written;
    auto error = table.write(w, written);
    REQUIRE(error);
    CHECK(error->find("material") != std::string::npos);
}

TEST_CASE("damaged weight tables are refused with the line and the reason", "[trainer][table]") {
    std::string text = read_text(weights_table_path());
    auto refused = [](const std::string& damaged) {
        WeightTable table;
        auto error = WeightTable::parse(damaged, "t", table);
        return error.value_or("(accepted)");
    };
    auto replaced = [&](const std::string& from, const std::string& to) {
        std::string copy = text;
        REQUIRE(copy.find(from) != std::string::npos);
        return copy.replace(copy.find(from), from.size(), to);
    };
    // The text from `key` to the end of the value after it, as the table spells it
    // (e.g. "tempo: Score = 14/6"), whatever a tuner made of the numbers.
    auto entry = [&](const std::string& key) {
        const std::size_t at = text.find(key);
        REQUIRE(at != std::string::npos);
        const std::size_t value = text.find_first_not_of(' ', at + key.size());
        return text.substr(at, text.find_first_of(" \n", value) - at);
    };
    const std::string pawn = entry("PAWN "), tempo = entry("tempo: Score ="), pair = entry("bishop_pair: Score =");
    CHECK(refused(replaced(pawn, "PAWN 85/x")).find("\"85/x\" is not a Score") != std::string::npos);
    CHECK(refused(replaced(tempo, tempo + " 1/1")).find("tempo: too many values") != std::string::npos);
    CHECK(refused(replaced(tempo, "")).find("tempo is missing") != std::string::npos);
    CHECK(refused(replaced(tempo, "tempo: int = 14")).find("another type or size") != std::string::npos);
    CHECK(refused(replaced(pair, "bishop_pairs: Score = 28/50")).find("bishop_pairs is not a weight") !=
          std::string::npos);
    CHECK(refused(replaced(pawn, "PAWNS 85/100")).find("expected a piece type") != std::string::npos);
    CHECK(refused(text + "nonsense\n").rfind("t:", 0) == 0);
}

TEST_CASE("a dataset keeps the unfiltered records and names a damaged file", "[trainer][dataset]") {
    Dataset all, few;
    REQUIRE(!load_dataset(small_data_file(), DatasetOptions{}, all));
    CHECK(all.records.size() + all.skipped == all.read);
    CHECK(all.records.size() > 300);
    for (const TrainingRecord& r : all.records) REQUIRE(r.filter_flags() == 0);
    DatasetOptions first_ten;
    first_ten.max_records = 10;
    REQUIRE(!load_dataset(small_data_file(), first_ten, few));
    CHECK(few.read == 10);

    std::string bytes = read_text(small_data_file());
    std::string cut = temp_path("cut.bin");
    write_text(cut, bytes.substr(0, bytes.size() - 5));
    Dataset damaged;
    auto error = load_dataset(cut, DatasetOptions{}, damaged);
    REQUIRE(error);
    CHECK(error->find(cut) != std::string::npos);
    CHECK(error->find("record") != std::string::npos);
    Dataset missing;
    CHECK(load_dataset(temp_path("none.bin"), DatasetOptions{}, missing)->find("cannot open") != std::string::npos);
    std::filesystem::remove(cut);
}

TEST_CASE("splits, batches and the parallel loop cover every index once", "[trainer][dataset]") {
    Split split = split_last(1000, 0.1);
    CHECK(split.train.size() == 900);
    CHECK(split.validation.front() == 900);
    CHECK(split.validation.back() == 999);

    BatchOrder order(split.train, 128, 7);
    order.shuffle();
    REQUIRE(order.batches() == 8);
    std::multiset<std::uint32_t> seen;
    for (std::size_t b = 0; b < order.batches(); ++b)
        for (const std::uint32_t* i = order.begin(b); i != order.end(b); ++i) seen.insert(*i);
    CHECK(seen == std::multiset<std::uint32_t>(split.train.begin(), split.train.end()));
    CHECK(order.end(7) - order.begin(7) == 900 - 7 * 128);

    std::vector<int> hits(1001, 0);
    parallel_for(3, hits.size(), [&](int, std::size_t first, std::size_t last) {
        for (std::size_t i = first; i < last; ++i) ++hits[i];
    });
    CHECK(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }));
    CHECK(win_probability(0, 1.3) == Approx(0.5));
    CHECK(win_probability(400, 1.0) == Approx(10.0 / 11.0));
}

EvalWeights spoiled_weights() {
    EvalWeights spoiled = default_weights();
    for (auto& table : spoiled.pst)
        for (Score& s : table) s = {};
    spoiled.material[KNIGHT] = spoiled.material[BISHOP] = {100, 100};
    return spoiled;
}

HceTunerConfig small_run_config() {
    HceTunerConfig config;
    config.epochs = 30;
    config.patience = 30;
    config.batch_size = 64;
    config.learning_rate = 3;
    config.validation_fraction = 0.2;
    return config;
}

// Whether a test passes must not depend on how well ten games generalise to
// the last two, which changes with every search change that alters the games:
// with validation_fraction 0.5 this data's validation part is a copy of its
// training part, so a falling training loss must also be a falling validation
// loss and early stopping must keep the trained weights.
Dataset small_data_twice() {
    Dataset data;
    REQUIRE(!load_dataset(small_data_file(), DatasetOptions{}, data));
    Dataset twice = data;
    twice.records.insert(twice.records.end(), data.records.begin(), data.records.end());
    return twice;
}

TEST_CASE("tuning from spoiled weights lowers the loss and keeps the trained weights", "[trainer][tune]") {
    const Dataset twice = small_data_twice();
    HceTunerConfig config = small_run_config();
    config.validation_fraction = 0.5;

    const EvalWeights spoiled = spoiled_weights();
    int epochs_heard = 0;
    HceTuneResult result;
    auto error = tune_hce(spoiled, twice, config, [&](const EpochReport&) { ++epochs_heard; }, result);
    INFO(error.value_or(""));
    REQUIRE(!error);
    CHECK(epochs_heard == result.epochs_run);
    CHECK(result.k > 0.05);
    CHECK(result.k < 5);
    CHECK(result.train_positions + result.validation_positions + result.decided == twice.records.size());
    CHECK(result.validation_positions == result.train_positions);
    CHECK(result.start_validation_loss == Approx(result.start_train_loss));
    CHECK(result.final_train_loss < result.start_train_loss - 0.01);
    CHECK(result.final_validation_loss < result.start_validation_loss - 0.01);
    CHECK(result.best_epoch > 0);
    CHECK(!same_weights(result.weights, spoiled));
    // Only Score weights move.
    CHECK(std::equal(std::begin(result.weights.king_attack_weight), std::end(result.weights.king_attack_weight),
                     std::begin(spoiled.king_attack_weight)));
}

TEST_CASE("tuning only named entries moves them and keeps every other weight", "[trainer][tune]") {
    const Dataset twice = small_data_twice();
    HceTunerConfig config = small_run_config();
    config.validation_fraction = 0.5;
    config.only = {"material"};

    const EvalWeights spoiled = spoiled_weights();
    HceTuneResult result;
    auto error = tune_hce(spoiled, twice, config, {}, result);
    INFO(error.value_or(""));
    REQUIRE(!error);
    CHECK(result.final_train_loss < result.start_train_loss);
    CHECK(!(result.weights.material[KNIGHT] == spoiled.material[KNIGHT]));
    EvalWeights others = result.weights;
    std::copy(std::begin(spoiled.material), std::end(spoiled.material), std::begin(others.material));
    CHECK(same_weights(others, spoiled));

    std::vector<std::size_t> slots;
    CHECK(!tuned_slots(spoiled, {}, slots));
    const std::size_t every = slots.size();
    CHECK(!tuned_slots(spoiled, {"material", "tempo"}, slots));
    CHECK(slots.size() == 2 * (PIECE_TYPE_NB + 1));
    CHECK(slots.size() < every);
    CHECK(tuned_slots(spoiled, {"tempo", "no_such_term"}, slots).value_or("").find("'no_such_term'") !=
          std::string::npos);
    CHECK(tuned_slots(spoiled, {"king_attack_weight"}, slots).has_value());  // ints only: nothing to fit
    config.only = {"nothing"};
    CHECK(tune_hce(spoiled, twice, config, {}, result).value_or("").find("'nothing'") != std::string::npos);
}

// With a real split the validation loss may rise from the first epoch on
// (ten games are little); then the starting weights come back unchanged.
TEST_CASE("early stopping returns the weights of the lowest validation loss", "[trainer][tune]") {
    Dataset data;
    REQUIRE(!load_dataset(small_data_file(), DatasetOptions{}, data));
    HceTunerConfig config = small_run_config();
    const EvalWeights spoiled = spoiled_weights();
    std::vector<EpochReport> reports;
    HceTuneResult result;
    REQUIRE(!tune_hce(spoiled, data, config, [&](const EpochReport& r) { reports.push_back(r); }, result));
    REQUIRE(reports.size() == std::size_t(config.epochs));
    CHECK(reports.back().train_loss < result.start_train_loss);

    double lowest = result.start_validation_loss;
    int lowest_epoch = 0;
    for (const EpochReport& r : reports) {
        CHECK(r.best == (r.validation_loss < lowest));
        if (r.validation_loss < lowest) lowest = r.validation_loss, lowest_epoch = r.epoch;
    }
    CHECK(result.best_epoch == lowest_epoch);
    CHECK(same_weights(result.weights, spoiled) == (lowest_epoch == 0));
    // The returned weights are rounded to integers: their loss is close to the epoch's.
    CHECK(result.final_validation_loss == Approx(lowest).margin(0.01));

    config.k = 1.0;
    config.patience = 1;  // stops after the first epoch that does not improve
    HceTuneResult from_default;
    REQUIRE(!tune_hce(default_weights(), data, config, {}, from_default));
    CHECK(from_default.k == 1.0);
    CHECK(from_default.epochs_run == std::min(from_default.best_epoch + 1, config.epochs));
    CHECK(from_default.final_train_loss < from_default.start_train_loss + 1e-3);
}

TEST_CASE("augur train writes a table that reads back, and refuses bad flags and files", "[trainer][command]") {
    std::string out, err, output = temp_path("tuned.table");
    std::string table = weights_table_path();
    REQUIRE(train_command({"--help"}, out, err) == 0);
    CHECK(out.find("usage: augur train") != std::string::npos);

    REQUIRE(train_command({"-data", small_data_file(), "-table", table, "-output", output, "-epochs", "3", "-lr", "2",
                           "-batch", "100", "-lambda", "0.7"},
                          out, err) == 0);
    INFO(out << err);
    CHECK(out.find("epoch 3:") != std::string::npos);
    CHECK(out.find("K ") != std::string::npos);
    WeightTable tuned;
    REQUIRE(!WeightTable::parse(read_text(output), output, tuned));

    auto refused = [&](const std::vector<std::string>& args, const std::string& message) {
        INFO(message);
        CHECK(train_command(args, out, err) == 1);
        CHECK(err.rfind("augur train: ", 0) == 0);
        CHECK(err.find(message) != std::string::npos);
    };
    std::vector<std::string> good = {"-data", small_data_file(), "-table", table, "-output", output};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = good;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    refused({"-table", table, "-output", output}, "-data FILE is required");
    refused({"-data", small_data_file(), "-output", output}, "-table FILE is required");
    refused(with({"-frobnicate"}), "unknown flag '-frobnicate'");
    refused(with({"-lambda", "2"}), "-lambda must be a number from 0 to 1");
    refused(with({"-lr", "fast"}), "-lr must be a number");
    refused(with({"-epochs"}), "-epochs needs a value");
    refused(with({"-epochs", "0"}), "-epochs");
    refused(with({"-patience", "0"}), "-patience");
    refused(with({"-only", "tempo,nonsense"}), "'nonsense'");
    refused(with({"-only", ","}), "-only needs at least one entry name");
    refused({"-model", "nnue", "-data", small_data_file(), "-output", output, "-only", "tempo"},
            "-only is a flag of -model hce");
    refused({"-data", temp_path("none.bin"), "-table", table, "-output", output}, "cannot open");
    refused({"-data", small_data_file(), "-table", temp_path("none.table"), "-output", output}, "cannot open");
    refused({"-data", table, "-table", table, "-output", output}, "header");
    std::string bytes = read_text(small_data_file()), cut = temp_path("cut2.bin");
    write_text(cut, bytes.substr(0, 16 + 32 * 50 + 7));
    refused({"-data", cut, "-table", table, "-output", output}, "record");
    refused({"-data", small_data_file(), "-table", table, "-output", output, "-positions", "1"}, "too few positions");
    std::filesystem::remove(cut);
    std::filesystem::remove(output);
}
