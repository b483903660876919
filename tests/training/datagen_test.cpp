// Self-play data generation: reproducible files (the same bytes for the same
// seed at any concurrency), exact position counts, positions that read back
// as legal with their best move, openings discarded by their score, the soft
// node limit, and the `augur datagen` command line with its errors.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/game.h"
#include "core/movegen.h"
#include "play/player.h"
#include "protocol/datagen_command.h"
#include "training/datagen.h"

using namespace augur;

namespace {

// Small searches keep the games fast; the code paths are those of 5,000 nodes.
DatagenConfig small_config() {
    DatagenConfig config;
    config.soft_nodes = 300;
    config.games = 3;
    config.seed = 11;
    return config;
}

std::string generate(const DatagenConfig& config, DatagenOutcome* outcome = nullptr) {
    std::ostringstream bytes;
    TrainingFileWriter writer(bytes);
    DatagenOutcome result = run_datagen(config, writer);
    INFO(result.error);
    CHECK(result.ok == (outcome == nullptr || outcome->ok));
    if (outcome) *outcome = result;
    return bytes.str();
}

std::vector<TrainingRecord> records_in(const std::string& bytes) {
    std::istringstream in(bytes);
    TrainingFileReader reader(in);
    std::vector<TrainingRecord> records;
    TrainingRecord record;
    while (reader.next(record)) records.push_back(record);
    INFO(reader.error());
    CHECK(reader.error().empty());
    return records;
}

// Runs `augur datagen` with the words of line; returns the exit status.
int command(const std::string& line, std::string& out, std::string& err) {
    std::istringstream words(line);
    std::vector<std::string> args;
    for (std::string word; words >> word;) args.push_back(word);
    std::ostringstream out_stream, err_stream;
    int status = run_datagen_command(args, out_stream, err_stream);
    out = out_stream.str();
    err = err_stream.str();
    return status;
}

std::string temp_path(const std::string& name) {
    return (std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp")) + "/augur-datagen-test-" + name;
}

}  // namespace

TEST_CASE("datagen is reproducible: the same seed gives the same bytes at any concurrency", "[datagen]") {
    DatagenConfig config = small_config();
    std::string first = generate(config);
    CHECK(first == generate(config));
    config.concurrency = 2;
    CHECK(first == generate(config));
    config.concurrency = 1;
    config.seed = 12;
    CHECK(first != generate(config));
}

TEST_CASE("datagen writes legal positions with their best move and the game's result", "[datagen]") {
    DatagenOutcome outcome;
    outcome.ok = true;
    std::string bytes = generate(small_config(), &outcome);
    auto records = records_in(bytes);
    CHECK(outcome.totals.games == 3);
    CHECK(records.size() == outcome.totals.positions);
    CHECK(records.size() > 30);
    int results_changed = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        Position pos;
        StateInfo st;
        auto error = records[i].set_position(pos, st);
        INFO(records[i].fen());
        REQUIRE_FALSE(error);  // includes: the best move is legal, the in-check flag right
        if (i > 0) results_changed += records[i].result() != records[i - 1].result();
    }
    // One result per game: at most two changes between three games.
    CHECK(results_changed <= 2);
    // The first position is after the random plies: move 5 with 8 plies.
    CHECK(records.front().fen().substr(records.front().fen().rfind(' ') + 1) == "5");
}

TEST_CASE("datagen stops at exactly the requested number of positions", "[datagen]") {
    DatagenConfig config = small_config();
    config.games = 0;
    config.positions = 77;
    DatagenOutcome outcome;
    outcome.ok = true;
    auto records = records_in(generate(config, &outcome));
    CHECK(records.size() == 77);
    CHECK(outcome.totals.positions == 77);
}

TEST_CASE("openings that score beyond the limit are discarded, and a hopeless setting is an error", "[datagen]") {
    DatagenConfig config = small_config();
    config.games = 2;
    config.random_plies = 0;
    config.openings = {{"4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1", {}}, {"", {"e2e4", "e7e5"}}};
    DatagenOutcome outcome;
    outcome.ok = true;
    auto records = records_in(generate(config, &outcome));
    CHECK(outcome.totals.discarded_openings > 0);
    for (const auto& r : records) CHECK(r.fen().find("QQQ") == std::string::npos);
    REQUIRE_FALSE(records.empty());
    CHECK(records.front().fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");

    config.openings = {{"4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1", {}}};
    outcome.ok = false;
    generate(config, &outcome);
    CHECK(outcome.error.find("no playable opening") != std::string::npos);
}

TEST_CASE("bad engine options and missing targets are errors, not crashes", "[datagen]") {
    DatagenConfig config = small_config();
    config.engine_options = {{"NoSuchOption", "1"}};
    DatagenOutcome outcome;
    generate(config, &outcome);
    CHECK(outcome.error.find("NoSuchOption") != std::string::npos);
    config = small_config();
    config.games = 0;
    generate(config, &outcome);
    CHECK(outcome.error == "datagen needs a number of games or positions");
}

TEST_CASE("a soft node limit finishes the iteration under way, then stops", "[datagen]") {
    auto player = play::EnginePlayer::create("soft", {}).player;
    REQUIRE(player);
    auto game = Game::start_position();
    for (std::uint64_t soft : {1000u, 5000u}) {
        play::MoveRequest request{*game, {}};
        request.limits.soft_nodes = soft;
        (void)player->new_game(false);
        play::MoveReply soft_reply = player->play(request);
        CHECK(soft_reply.nodes >= soft);
        // The same search to the depth the soft limit reached visits the same nodes.
        play::MoveRequest fixed{*game, {}};
        fixed.limits.depth = soft_reply.depth;
        (void)player->new_game(false);
        play::MoveReply depth_reply = player->play(fixed);
        CHECK(depth_reply.move == soft_reply.move);
        CHECK(depth_reply.score == soft_reply.score);
        // The next iteration sees the stop at once: a node or two, not a new tree.
        CHECK(depth_reply.nodes >= soft);
        CHECK(soft_reply.nodes >= depth_reply.nodes);
        CHECK(soft_reply.nodes <= depth_reply.nodes + 2);
    }
}

TEST_CASE("augur datagen writes a file that --stats reads", "[datagen]") {
    std::string path = temp_path("stats.bin");
    std::string out, err;
    REQUIRE(command("-output " + path + " -games 2 -nodes 300 -seed 5 -concurrency 2 option.Hash=4", out, err) == 0);
    CHECK(err.empty());
    CHECK(out.find("finished: games 2, positions ") != std::string::npos);
    CHECK(out.find("illegal moves 0, other 0") != std::string::npos);
    CHECK(out.find(" positions/s") != std::string::npos);
    REQUIRE(command("--stats " + path, out, err) == 0);
    CHECK(out.rfind("positions: ", 0) == 0);
    CHECK(out.find("results (White's view):") != std::string::npos);
    CHECK(out.find("mate score") != std::string::npos);

    // A damaged copy: the counts so far, then the fault.
    std::ifstream in(path, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string cut = temp_path("cut.bin");
    std::ofstream(cut, std::ios::binary) << content.substr(0, content.size() - 3);
    CHECK(command("--stats " + cut, out, err) == 1);
    CHECK(out.rfind("positions: ", 0) == 0);
    CHECK(err.find("cut short") != std::string::npos);
    std::remove(path.c_str());
    std::remove(cut.c_str());
}

TEST_CASE("augur datagen explains every flag and refuses bad ones", "[datagen]") {
    std::string out, err;
    REQUIRE(command("--help", out, err) == 0);
    for (const char* flag : {"-output", "-games", "-positions", "-nodes", "-randomplies", "-openingscore", "-openings",
                             "-variant", "-resign", "-draw", "-concurrency", "-seed", "option.NAME=VALUE", "--stats"})
        CHECK(out.find(flag) != std::string::npos);

    struct Case {
        const char* line;
        const char* message;
    };
    std::string out_file = temp_path("never.bin");
    for (const Case& c : std::initializer_list<Case>{
             {"-games 2", "-output FILE is required"},
             {"-output F", "-games N or -positions N is required"},
             {"-output F -games 0", "-games"},
             {"-output F -games two", "-games"},
             {"-output F -games", "-games needs a value"},
             {"-output F -games 1 -bogus", "unknown flag '-bogus'"},
             {"-output F -games 1 -concurrency 0", "-concurrency"},
             {"-output F -games 1 -variant atomic", "-variant: expects standard or fischerandom"},
             {"-output F -games 1 -openings plies=2", "-openings: needs file="},
             {"-output F -games 1 -openings file=/no/such/file.epd", "/no/such/file.epd"},
             {"-output F -games 1 -resign moves=3", "-resign"},
             {"--stats", "--stats takes one file"},
             {"--stats /no/such/file.bin", "cannot open /no/such/file.bin"},
         }) {
        INFO(c.line);
        CHECK(command(c.line, out, err) == 1);
        CHECK(err.find(c.message) != std::string::npos);
    }
    CHECK(command("-output /no/such/dir/x.bin -games 1", out, err) == 1);
    CHECK(err.find("cannot write /no/such/dir/x.bin") != std::string::npos);
    // A bad engine option is refused before the output file is touched.
    CHECK(command("-output " + out_file + " -games 1 option.Nonsense=1", out, err) == 1);
    CHECK(err.find("engine option") != std::string::npos);
    CHECK(err.find("Nonsense") != std::string::npos);
    CHECK_FALSE(std::ifstream(out_file).good());
    CHECK(command("-output " + out_file + " -games 1 option.Threads=0", out, err) == 1);
    CHECK(err.find("Threads") != std::string::npos);
    CHECK_FALSE(std::ifstream(out_file).good());
    // An engine option right after a flag's key=value parameters is an option, not one more parameter.
    CHECK(command("-output " + out_file + " -games 1 -draw movenumber=40 movecount=8 score=10 option.Nonsense=1", out,
                  err) == 1);
    CHECK(err.find("engine option") != std::string::npos);
    CHECK(err.find("-draw") == std::string::npos);
    CHECK(command("-output " + out_file + " -games 1 -nodes 200 -resign movecount=4 score=1000 option.Hash=1", out,
                  err) == 0);
    INFO(err);
    CHECK(out.find("finished: games 1") != std::string::npos);
    std::remove(out_file.c_str());
}

TEST_CASE("augur datagen adjudicates by the tables and writes their result", "[datagen][tablebase]") {
    std::string tables = std::string(std::getenv("AUGUR_TEST_DATA")) + "/tablebases/syzygy";
    std::string openings = temp_path("krvk.epd"), path = temp_path("tb.bin");
    std::ofstream(openings) << "8/8/8/4k3/8/8/8/R3K3 w - -\n";
    std::string out, err;
    int status = command("-output " + path + " -games 2 -nodes 200 -randomplies 0 -openingscore 32000 -openings file=" +
                         openings + " -tb " + tables, out, err);
    INFO(out << err);
    if (err.find("no Syzygy support") != std::string::npos) return;
    REQUIRE(status == 0);
    // Each game ends after White's first move: one position, White's win.
    CHECK(out.find("finished: games 2, positions 2,") != std::string::npos);
    CHECK(out.find("; tablebase adjudications 2") != std::string::npos);
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const TrainingRecord& record : records_in(bytes)) CHECK(record.result() == TrainingRecord::Result::WhiteWins);

    for (const char* bad : {"-tbpieces 3", "-tb /no/such/dir", "-tbadjudicate SOMETIMES"}) {
        INFO(bad);
        CHECK(command("-output " + path + " -games 1 " + bad, out, err) == 1);
    }
    CHECK(err.find("-tbadjudicate: expects WIN_LOSS, DRAW or BOTH") != std::string::npos);
    CHECK(command("-output " + path + " -games 1 -tb " + tables + " option.SyzygyPath=/elsewhere", out, err) == 1);
    CHECK(err.find("SyzygyPath '/elsewhere' differs from the adjudication's tables") != std::string::npos);
    std::remove(openings.c_str());
    std::remove(path.c_str());
}
