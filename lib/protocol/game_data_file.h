// The -dataout file of `augur match` and `augur tune`: the searched positions
// of every counted game as training records (docs/DATAFORMAT.md), so that the
// games a test or a tuning run plays are data for the trainer as well.
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>

#include "play/game_record.h"
#include "training/training_file.h"

namespace augur {

class GameDataFile {
public:
    // Creates (or empties) the file at path (an empty path: no file, nothing
    // to do); the reason it cannot, or empty.
    std::string open(const std::string& path);
    // The positions of a game, unless it was lost by a forfeit (whose last
    // moves were not searched to their end).
    void write_game(const play::GameRecord& record);
    // Flushes the file and tells out how many positions it holds; the reason
    // writing failed, or empty. Nothing without a file.
    std::string finish(std::ostream& out);
    std::uint64_t positions() const { return writer_ ? writer_->records_written() : 0; }

private:
    std::string path_;
    std::ofstream file_;
    std::optional<TrainingFileWriter> writer_;
};

}  // namespace augur
