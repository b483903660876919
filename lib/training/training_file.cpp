#include "training/training_file.h"

#include <array>
#include <cstring>

namespace augur {

namespace {

// The header: magic, format version and record size (both 16-bit little
// endian), then four bytes that are zero in version 1.
constexpr char MAGIC[8] = {'A', 'U', 'G', 'U', 'R', 'T', 'D', '\n'};

std::array<char, TRAINING_FILE_HEADER_SIZE> header_bytes() {
    std::array<char, TRAINING_FILE_HEADER_SIZE> h{};
    std::memcpy(h.data(), MAGIC, sizeof MAGIC);
    h[8] = char(TRAINING_FILE_VERSION & 0xFF);
    h[9] = char(TRAINING_FILE_VERSION >> 8);
    h[10] = char(TrainingRecord::SIZE & 0xFF);
    h[11] = char(TrainingRecord::SIZE >> 8);
    return h;
}

}  // namespace

TrainingFileWriter::TrainingFileWriter(std::ostream& out) : out_(out) {
    auto h = header_bytes();
    out_.write(h.data(), std::streamsize(h.size()));
}

void TrainingFileWriter::write(const TrainingRecord& record) {
    out_.write(reinterpret_cast<const char*>(record.bytes().data()), std::streamsize(TrainingRecord::SIZE));
    ++records_written_;
}

bool TrainingFileReader::fail(std::string message) {
    failed_ = true;
    error_ = std::move(message);
    return false;
}

bool TrainingFileReader::read_header() {
    header_read_ = true;
    std::array<char, TRAINING_FILE_HEADER_SIZE> h{};
    in_.read(h.data(), std::streamsize(h.size()));
    if (in_.gcount() == 0) return fail("empty file: not a training data file");
    if (std::size_t(in_.gcount()) < h.size() || std::memcmp(h.data(), MAGIC, sizeof MAGIC) != 0)
        return fail("not a training data file (no AUGURTD header)");
    auto expected = header_bytes();
    int version = std::uint8_t(h[8]) | std::uint8_t(h[9]) << 8;
    if (version != TRAINING_FILE_VERSION)
        return fail("training data format version " + std::to_string(version) + " is not supported (this reader knows " +
                    std::to_string(TRAINING_FILE_VERSION) + ")");
    if (h != expected) return fail("training data header has an unexpected record size or reserved bytes");
    return true;
}

bool TrainingFileReader::next(TrainingRecord& record) {
    if (failed_) return false;
    if (!header_read_ && !read_header()) return false;

    TrainingRecord::Bytes bytes;
    in_.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    std::size_t got = std::size_t(in_.gcount());
    if (got == 0 && in_.eof()) return false;
    std::uint64_t offset = TRAINING_FILE_HEADER_SIZE + records_read_ * TrainingRecord::SIZE;
    if (got < bytes.size())
        return fail("record " + std::to_string(records_read_) + " at byte " + std::to_string(offset) + " is cut short (" +
                    std::to_string(got) + " of 32 bytes)");
    std::string problem;
    auto read = TrainingRecord::from_bytes(bytes, &problem);
    if (!read) return fail("record " + std::to_string(records_read_) + " at byte " + std::to_string(offset) + ": " + problem);
    record = *read;
    ++records_read_;
    return true;
}

}  // namespace augur
