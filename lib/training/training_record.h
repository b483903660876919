// TrainingRecord: one position of a self-play game with the search's verdict
// on it (score, best move) and the game's result, packed into 32 bytes for
// training data files. docs/DATAFORMAT.md describes the layout byte by byte;
// the Java reader (dev.augur.data) reads the same bytes.
//
// The board is an occupancy bitboard followed by one 4-bit code per occupied
// square. Two spare codes carry the state a FEN keeps apart: a rook that still
// has its castling right (any file, so Chess960 needs nothing more) and the
// pawn that may be taken en passant. The score is from the side to move's
// view, the result from White's.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/position.h"

namespace augur {

// Per-position facts a trainer may filter on; bits 4-7 of the flags byte.
enum RecordFlag : std::uint8_t {
    RECORD_IN_CHECK = 1 << 4,    // the side to move is in check
    RECORD_CAPTURE = 1 << 5,     // the best move captures (en passant included)
    RECORD_PROMOTION = 1 << 6,   // the best move promotes
    RECORD_MATE_SCORE = 1 << 7,  // the score announces a mate
};

class TrainingRecord {
public:
    static constexpr std::size_t SIZE = 32;
    using Bytes = std::array<std::uint8_t, SIZE>;

    // The result of the game the position came from, from White's view.
    enum class Result : std::uint8_t { BlackWins = 0, Draw = 1, WhiteWins = 2 };
    static const char* result_text(Result result);  // "0-1", "1/2-1/2", "1-0"

    // All zero bytes: not a valid record, a place to read one into.
    TrainingRecord() = default;

    // Packs pos with the search's score (side to move's view) and best move
    // (legal in pos) and the game's result. Fails, with the reason in *error,
    // when the position does not fit the format (a halfmove clock over 255, a
    // fullmove number over 65,535) or the score is outside +/-32,000.
    static std::optional<TrainingRecord> pack(const Position& pos, int score, Move best_move, Result result,
                                              std::string* error = nullptr);
    // Reads 32 bytes of a file; fails, with the reason in *error, on anything a
    // writer cannot have produced.
    static std::optional<TrainingRecord> from_bytes(const Bytes& bytes, std::string* error = nullptr);

    const Bytes& bytes() const { return bytes_; }

    int score() const;
    Result result() const { return Result((flags_byte() >> 2) & 3); }
    Move best_move() const;
    bool has(RecordFlag flag) const { return flags_byte() & flag; }
    std::uint8_t filter_flags() const { return flags_byte() & 0xF0; }
    Color side_to_move() const { return Color(flags_byte() & 1); }
    bool chess960() const { return flags_byte() & 2; }

    // The position as Position::fen() prints it (Shredder-FEN castling files in
    // Chess960, KQkq otherwise).
    std::string fen() const;
    // Sets pos to the recorded position; fails (with the reason) when the board
    // is not a legal chess position or the best move is not legal in it.
    std::optional<std::string> set_position(Position& pos, StateInfo& st) const;

private:
    explicit TrainingRecord(const Bytes& bytes) : bytes_(bytes) {}
    std::uint8_t flags_byte() const { return bytes_[25]; }
    std::optional<std::string> validate() const;

    Bytes bytes_{};
};

}  // namespace augur
