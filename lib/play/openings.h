// Openings for matches: start positions read from an EPD file (one position a
// line) or a PGN file (the moves of each game, from its FEN tag or the
// standard start), cut to at most `plies` moves, and handed out in file order
// or in a seeded random order. Each opening is normally played twice, once
// with each engine as White (a game pair), so that an unbalanced opening
// favours neither.
//
// The random order is a Fisher-Yates shuffle driven by SplitMix64, so the same
// seed gives the same order on every platform and compiler.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace augur::play {

struct Opening {
    std::string fen;                 // empty: the standard start position
    std::vector<std::string> moves;  // UCI moves from fen
};

enum class OpeningFormat { Epd, Pgn };
enum class OpeningOrder { Sequential, Random };

// The format a file name suggests (.pgn: PGN, anything else EPD).
OpeningFormat format_for_path(const std::string& path);

struct LoadedOpenings {
    std::vector<Opening> openings;
    std::string error;  // set when the file cannot be read or holds no valid opening
};

// Reads every opening of the file; plies < 0 keeps all PGN moves. A line or
// game that cannot be read is an error naming its line: a test must not run on
// other openings than the ones the user meant. chess960 reads castling rights
// the Chess960 way.
LoadedOpenings load_openings(const std::string& path, OpeningFormat format, int plies, bool chess960);
// The same from text (for tests and hosts that hold the file already).
LoadedOpenings parse_openings(const std::string& text, OpeningFormat format, int plies, bool chess960);

// Hands out openings one after another, wrapping around at the end.
class OpeningSequence {
public:
    // openings must not be empty. start skips that many openings first (as
    // fastchess's `start=`).
    OpeningSequence(std::vector<Opening> openings, OpeningOrder order, std::uint64_t seed, std::size_t start = 0);

    const Opening& next();
    std::size_t size() const { return openings_.size(); }

private:
    std::vector<Opening> openings_;
    std::size_t next_ = 0;
};

// SplitMix64: a small, fast, well-mixed generator with a defined output for
// every seed, used wherever a match needs reproducible randomness.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    // A generator made from state() goes on with the same numbers.
    std::uint64_t state() const { return state_; }
    std::uint64_t next();
    // A number in [0, bound), bound > 0, every one equally likely.
    std::uint64_t below(std::uint64_t bound);

private:
    std::uint64_t state_;
};

}  // namespace augur::play
