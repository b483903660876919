#include "protocol/command_line.h"

#include <memory>
#include <optional>
#include <string_view>

#include "engine/engine.h"
#include "protocol/datagen_command.h"
#include "protocol/engine_reports.h"
#include "protocol/engine_version.h"
#include "protocol/match_command.h"
#include "protocol/match_sum_command.h"
#include "protocol/train_command.h"
#include "protocol/tune_command.h"
#include "protocol/position_spec.h"
#include "protocol/reports.h"
#include "protocol/tokens.h"

namespace augur {

namespace {

constexpr int EXIT_OK = 0;
constexpr int EXIT_ERROR = 1;

constexpr std::string_view USAGE =
    "usage: augur                       speak UCI or XBoard (chosen by the first command)\n"
    "                                   on standard input and output\n"
    "       augur perft <depth> [<position>]\n"
    "       augur d [<position>]\n"
    "       augur eval [--nnue | --evalfile <network>] [<position>]\n"
    "       augur bench [<depth>]\n"
    "       augur match -engine name=A ... -engine name=B ... (see augur match --help)\n"
    "       augur match-sum LOG... [-sprt ...] (see augur match-sum --help)\n"
    "       augur datagen -output FILE -games N ... (see augur datagen --help)\n"
    "       augur train [-model hce|nnue] -data FILE -output FILE ... (see augur train --help)\n"
    "       augur fit-wdl -data FILE -output FILE ... (see augur fit-wdl --help)\n"
    "       augur tune -param name=NAME min=A max=B c=C ... -iterations N ... (see augur tune --help)\n"
    "       augur help | version\n"
    "<position> is 'startpos' (the default) or a FEN, optionally after 'fen',\n"
    "followed optionally by 'moves <move>...' in UCI notation.\n";

void write_usage(std::ostream& out) {
    out << USAGE << "The bench depth defaults to " << DEFAULT_BENCH_DEPTH << ".\n";
}

int fail(std::ostream& err, std::string_view message) {
    err << "augur: " << printable(message, 400) << '\n';
    return EXIT_ERROR;
}

// Builds the game named by the position words; the words may omit the `fen`
// keyword that UCI requires, since on a command line a bare FEN is unambiguous.
std::unique_ptr<Game> game_from_words(std::vector<std::string_view> words, std::string* error) {
    if (words.empty()) return Game::start_position();
    if (words.front() != "startpos" && words.front() != "fen") words.insert(words.begin(), "fen");
    std::string line = join_words(words);
    Tokens tokens(line);
    std::optional<PositionSpec> spec = read_position_spec(tokens, error);
    return spec ? build_game(*spec, false, error) : nullptr;
}

int run_perft(Tokens& args, std::ostream& out, std::ostream& err) {
    std::string error;
    std::optional<int> depth = parse_perft_depth(args.next(), &error);
    if (!depth) return fail(err, error);
    std::unique_ptr<Game> game = game_from_words(args.take_rest(), &error);
    if (!game) return fail(err, error);
    write_perft(out, game->position(), *depth);
    return EXIT_OK;
}

int run_display(Tokens& args, std::ostream& out, std::ostream& err) {
    std::string error;
    std::unique_ptr<Game> game = game_from_words(args.take_rest(), &error);
    if (!game) return fail(err, error);
    write_board(out, game->position());
    return EXIT_OK;
}

// With --nnue the engine evaluates with the built-in network, with --evalfile
// with that file's (EvalFile, Eval nnue); the network's value follows the
// hand-crafted breakdown.
int run_eval(Tokens& args, std::ostream& out, std::ostream& err) {
    auto engine = std::make_unique<Engine>();
    if (args.peek() == "--nnue" || args.peek() == "--evalfile") {
        if (args.next() == "--evalfile") {
            std::string_view path = args.next();
            if (path.empty()) return fail(err, "--evalfile needs a network file");
            if (auto error = engine->set_option("EvalFile", path)) return fail(err, *error);
        }
        if (auto error = engine->set_option("Eval", "nnue")) return fail(err, *error);
    }
    std::string error;
    std::unique_ptr<Game> game = game_from_words(args.take_rest(), &error);
    if (!game) return fail(err, error);
    std::optional<int> network;
    if (engine->uses_network()) network = engine->evaluate(game->position());
    write_eval(out, game->position(), engine->eval_breakdown(game->position()), network);
    return EXIT_OK;
}

int run_bench(Tokens& args, std::ostream& out, std::ostream& err) {
    std::string error;
    std::optional<int> depth = parse_bench_depth(args.next(), &error);
    if (!depth) return fail(err, error);
    if (!args.empty()) return fail(err, "unexpected '" + std::string(args.peek()) + "' after the bench depth");
    auto engine = std::make_unique<Engine>();
    write_bench(out, *engine, *depth);
    return EXIT_OK;
}

}  // namespace

int run_command_line(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    // A match, match-sum, datagen, train and tune keep their words as given: file names may contain spaces.
    if (!args.empty() && args[0] == "match") return run_match_command({args.begin() + 1, args.end()}, out, err);
    if (!args.empty() && args[0] == "match-sum")
        return run_match_sum_command({args.begin() + 1, args.end()}, out, err);
    if (!args.empty() && args[0] == "datagen") return run_datagen_command({args.begin() + 1, args.end()}, out, err);
    if (!args.empty() && args[0] == "train") return run_train_command({args.begin() + 1, args.end()}, out, err);
    if (!args.empty() && args[0] == "fit-wdl") return run_fit_wdl_command({args.begin() + 1, args.end()}, out, err);
    if (!args.empty() && args[0] == "tune") return run_tune_command({args.begin() + 1, args.end()}, out, err);
    // Arguments are joined and split again so that a FEN works both as one
    // quoted argument and as six separate ones.
    std::string line;
    for (const std::string& arg : args) line += arg + ' ';
    Tokens tokens(line);
    std::string_view command = tokens.next();

    if (command == "perft") return run_perft(tokens, out, err);
    if (command == "d") return run_display(tokens, out, err);
    if (command == "eval") return run_eval(tokens, out, err);
    if (command == "bench") return run_bench(tokens, out, err);
    if (command == "help" || command == "--help" || command == "-h") {
        write_usage(out);
        return EXIT_OK;
    }
    if (command == "version" || command == "--version") {
        out << "Augur " << ENGINE_VERSION << '\n';
        return EXIT_OK;
    }
    fail(err, command.empty() ? "missing command" : "unknown command '" + std::string(command) + "'");
    write_usage(err);
    return EXIT_ERROR;
}

}  // namespace augur
