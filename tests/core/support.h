// Shared helpers for the core tests: where the test data lives, a TestGame that owns
// its StateInfo history, and a compact way to report many mismatches at once.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/types.h"

namespace augur::test {

// A file under $AUGUR_SHARED_DATA (the public data set) or $AUGUR_TEST_DATA
// (our own small files). Throws if the variable is unset, so a test run outside
// Meson fails loudly instead of silently finding no positions.
std::string shared_data(std::string_view relative);
std::string test_data(std::string_view relative);

// The lines of a text file, without line terminators; throws if it cannot be read.
std::vector<std::string> read_lines(const std::string& path);

// Splits on runs of spaces and tabs.
std::vector<std::string> split_words(std::string_view text);

// A position plus the states of every move played on it, kept alive so that
// repetition detection can walk back through them. Construction throws
// std::invalid_argument with set_fen's message on a bad FEN. Unlike the core's
// augur::Game it also plays null moves and SAN, which the tests need.
class TestGame {
public:
    explicit TestGame(std::string_view fen = Position::START_FEN, bool chess960 = false);
    TestGame(const TestGame&) = delete;
    TestGame& operator=(const TestGame&) = delete;

    Position& pos() { return pos_; }
    const Position& pos() const { return pos_; }

    void play(Move m);
    // Throw std::invalid_argument if the move is not legal here.
    void play_uci(std::string_view uci);
    void play_san(std::string_view san);
    void play_uci_line(std::string_view moves);  // space-separated UCI moves
    void play_null();
    // Takes back the last move (null or not).
    void undo();
    std::size_t plies_played() const { return moves_.size(); }

private:
    Position pos_;
    StateInfo root_;
    std::deque<StateInfo> states_;  // a deque never moves its elements
    std::vector<Move> moves_;       // Move::null() marks a null move
};

// The square with this name ("e4").
Square square(std::string_view name);
// A bitboard of the named squares ("a1 b2 c3").
Bitboard squares(std::string_view names);
// The squares of b as names, for readable failure messages.
std::string describe(Bitboard b);

// Collects the descriptions of failed checks inside a big loop, so that one
// Catch assertion reports them without millions of passing assertions.
class Failures {
public:
    void add(std::string what);
    bool empty() const { return count_ == 0; }
    std::size_t count() const { return count_; }
    // The first few failures, one per line.
    std::string summary() const;

private:
    static constexpr std::size_t KEEP = 12;
    std::vector<std::string> first_;
    std::size_t count_ = 0;
};

}  // namespace augur::test

// Passes when no failure was recorded; otherwise prints how many and the first ones.
#define CHECK_NO_FAILURES(failures)                                   \
    do {                                                              \
        INFO((failures).count() << " failure(s):\n" << (failures).summary()); \
        CHECK((failures).empty());                                    \
    } while (false)
