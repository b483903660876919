// Training data files: a 16-byte header, then TrainingRecords back to back
// (docs/DATAFORMAT.md). The writer and the reader stream over any iostream,
// so that files of any size pass through a fixed amount of memory.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

#include "training/training_record.h"

namespace augur {

constexpr std::size_t TRAINING_FILE_HEADER_SIZE = 16;
constexpr std::uint16_t TRAINING_FILE_VERSION = 1;

// Writes the header at once, then one record per write(). The stream's state
// tells whether everything reached it (check good() after the last write, and
// flush or close the file yourself).
class TrainingFileWriter {
public:
    explicit TrainingFileWriter(std::ostream& out);
    void write(const TrainingRecord& record);
    bool good() const { return out_.good(); }
    std::uint64_t records_written() const { return records_written_; }

private:
    std::ostream& out_;
    std::uint64_t records_written_ = 0;
};

// Reads the header on the first next(), then one record per call. next()
// returns false at the end of the file and on the first fault; error() then
// says what is wrong (empty at a clean end): a missing or foreign header, a
// record cut short, or bytes no writer produces.
class TrainingFileReader {
public:
    explicit TrainingFileReader(std::istream& in) : in_(in) {}
    bool next(TrainingRecord& record);
    const std::string& error() const { return error_; }
    std::uint64_t records_read() const { return records_read_; }

private:
    bool read_header();
    bool fail(std::string message);

    std::istream& in_;
    bool header_read_ = false;
    bool failed_ = false;
    std::string error_;
    std::uint64_t records_read_ = 0;
};

}  // namespace augur
