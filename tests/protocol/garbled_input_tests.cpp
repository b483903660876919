// Malformed and hostile input: every bad line gets exactly one error line, the
// position stays as it was and the session keeps answering.
#include <catch2/catch.hpp>

#include <random>

#include "protocol/uci_session.h"
#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

constexpr const char* SET_UP = "position startpos moves e2e4\n";
constexpr const char* SET_UP_FEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

// Runs bad_line between a known position and `isready` + `d`, and checks the
// contract: one error line, the session still answers, the position is unchanged.
void check_rejected(const std::string& bad_line) {
    INFO("input line: " << printable(bad_line));
    std::string out = run_session(SET_UP + bad_line + "\nisready\nd\n");
    auto errors = lines_starting_with(out, "info string error ");
    CHECK(errors.size() == 1);
    for (const std::string& error : errors) CHECK(error.size() < 600);
    CHECK(lines_starting_with(out, "readyok").size() == 1);
    CHECK(printed_fen(out) == SET_UP_FEN);
}

std::string random_bytes(std::mt19937& rng, std::size_t length, bool allow_newline) {
    std::uniform_int_distribution<int> byte(0, 255);
    std::string text;
    while (text.size() < length) {
        char c = char(byte(rng));
        if (c != '\n' || allow_newline) text += c;
    }
    return text;
}

}  // namespace

TEST_CASE("Unknown commands are reported by name", "[garbled]") {
    std::string out = run_session("foo bar\nisready\n");
    CHECK(out == "info string error unknown command 'foo'\nreadyok\n");
}

TEST_CASE("Malformed position commands are rejected", "[garbled][position]") {
    for (std::string line : {
             "position",
             "position fen",
             "position fen moves e2e4",
             "position fen 8/8/8/8 w",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
             "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
             "position fen 4k3/8/8/8/8/8/8/4K2P w - - 0 1",
             "position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
             "position startpos moves e2e5",
             "position startpos moves e2e4 e7e5 e1e3",
             "position startpos moves e2e4 e2e4",
             "position startpos moves e7e8q",
             "position startpos moves 0000",
             "position startpos e2e4",
             "position startpos fen",
             "position startpos moves e2e4 moves",
             "position startingpos",
             "position FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         })
        check_rejected(line);
}

TEST_CASE("Malformed go commands are rejected", "[garbled][perft]") {
    for (std::string line : {"go perft", "go perft -1", "go perft 0", "go perft 16", "go perft abc",
                             "go perft 3x", "go perft +3", "go perft 2.5", "go perft 99999999999999999999999",
                             "go perft 2 extra", "go perft perft", "go depth", "go depth -5", "go nodes 0",
                             "go depth 2 perft 3", "go infinite infinite", "go wtime x"})
        check_rejected(line);
}

TEST_CASE("Malformed setoption, eval and bench commands are rejected", "[garbled]") {
    for (std::string line : {"setoption", "setoption name", "setoption name Hash value 0", "setoption name Nope value 1",
                             "setoption name UCI_Chess960 value yes", "eval e2e4", "bench 0", "bench 2 2"})
        check_rejected(line);
}

TEST_CASE("Commands without arguments reject extra words", "[garbled]") {
    for (std::string line : {"uci please", "isready now", "ucinewgame x", "d e2e4", "stop it", "quit now"})
        check_rejected(line);
}

TEST_CASE("Command names are case-sensitive, as UCI specifies", "[garbled]") {
    check_rejected("ISREADY");
    check_rejected("Position startpos");
}

TEST_CASE("Random bytes after each command are rejected one line at a time", "[garbled][random]") {
    std::mt19937 rng(20240611);
    for (std::string prefix : {"", "position ", "position fen ", "position startpos moves ", "go ", "go perft ",
                               "go depth ", "go nodes 100 ", "setoption ", "setoption name ", "bench "}) {
        for (int i = 0; i < 40; ++i) {
            // A leading byte above ASCII guarantees the words cannot form a valid command.
            std::string line = prefix + char(0x80 + i) + random_bytes(rng, 1 + rng() % 200, false);
            check_rejected(line);
        }
    }
}

TEST_CASE("A blob of random bytes with line breaks never stops the session", "[garbled][random]") {
    std::mt19937 rng(7);
    for (int round = 0; round < 5; ++round) {
        std::string out = run_session(random_bytes(rng, 100000, true) + "\nisready\n");
        CHECK(out.ends_with("readyok\n"));
    }
}

TEST_CASE("A line over the length limit is dropped with one error", "[garbled][long]") {
    std::string huge(UciSession::MAX_LINE_LENGTH + 10, 'a');
    std::string out = run_session(huge + "\nisready\n");
    CHECK(out == "info string error line longer than " + std::to_string(UciSession::MAX_LINE_LENGTH) +
                     " bytes ignored\nreadyok\n");
    // Even a command that would be valid is dropped whole rather than cut.
    std::string padded = "isready" + std::string(UciSession::MAX_LINE_LENGTH, ' ');
    CHECK(lines_starting_with(run_session(padded + "\nisready\n"), "readyok").size() == 1);
}

TEST_CASE("Long lines under the limit are handled", "[garbled][long]") {
    // A very long unknown word is quoted in the error only in part.
    check_rejected(std::string(500000, 'x'));
    // A long illegal move list fails at its second move.
    std::string repeated = "position startpos moves";
    for (int i = 0; i < 20000; ++i) repeated += " e2e4";
    check_rejected(repeated);
}

TEST_CASE("A long legal game is played in full", "[long][position]") {
    std::string line = "position startpos moves";
    for (int i = 0; i < 2000; ++i) line += " g1f3 g8f6 f3g1 f6g8";
    std::string out = run_session(line + "\nd\n");
    CHECK(lines_starting_with(out, "info string error").empty());
    CHECK(printed_fen(out) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8000 4001");
}
