// Fuzz target: the training data reader (lib/training). An input that starts
// like a file ('A') is the file; any other has its first byte replaced by a
// valid header, so that the fuzzer spends its time on records rather than on
// the magic. Every record
// the reader accepts must print its FEN, and if its position is set, packing
// that position again must give the same 32 bytes.
#include <sstream>

#include "fuzz_support.h"
#include "training/training_file.h"

namespace {

using namespace augur;

std::string valid_header() {
    std::ostringstream out;
    TrainingFileWriter writer(out);
    return out.str();
}

void check_record(const TrainingRecord& record) {
    std::string fen = record.fen();
    Position pos;
    StateInfo st;
    if (record.set_position(pos, st)) return;  // refused with a reason
    FUZZ_CHECK(pos.fen() == fen, fen + " set as " + pos.fen());
    std::string error;
    auto again = TrainingRecord::pack(pos, record.score(), record.best_move(), record.result(), &error);
    FUZZ_CHECK(again.has_value(), fen + ": " + error);
    FUZZ_CHECK(again->bytes() == record.bytes(), fen + " packs to other bytes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string file;
    if (size > 0 && data[0] != 'A') {
        file = valid_header();
        ++data;
        --size;
    }
    file.append(reinterpret_cast<const char*>(data), size);
    std::istringstream in(file);
    TrainingFileReader reader(in);
    TrainingRecord record;
    std::uint64_t records = 0;
    while (reader.next(record)) {
        check_record(record);
        ++records;
    }
    FUZZ_CHECK(records == reader.records_read(), "record count");
    // A clean end (no error) is only possible after the last byte of the last record.
    if (reader.error().empty())
        FUZZ_CHECK(file.size() == TRAINING_FILE_HEADER_SIZE + records * TrainingRecord::SIZE, "clean end mid-file");
    return 0;
}
