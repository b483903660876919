// Prints what a reader must find in a training data file, one line per record
// (record_line in sample_records.h), as read by the C++ reader. The build runs
// it on a file `augur datagen` wrote, and the Java reader's test
// (dev.augur.data) compares its own reading of that file with these lines.
//
//     training_dump DATA.bin EXPECTED.txt
#include <fstream>
#include <iostream>

#include "core/notation.h"
#include "sample_records.h"
#include "training/training_file.h"

int main(int argc, char* argv[]) {
    using namespace augur;
    if (argc != 3) {
        std::cerr << "usage: training_dump DATA.bin EXPECTED.txt\n";
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    std::ofstream expected(argv[2], std::ios::trunc);
    if (!file || !expected) {
        std::cerr << "training_dump: cannot read " << argv[1] << " or write " << argv[2] << '\n';
        return 1;
    }
    TrainingFileReader reader(file);
    TrainingRecord record;
    std::size_t records = 0;
    while (reader.next(record)) {
        Position pos;
        StateInfo st;
        if (auto error = record.set_position(pos, st)) {
            std::cerr << "training_dump: record " << records << ": " << *error << '\n';
            return 1;
        }
        expected << test::record_line(record, record.fen(), move_to_uci(pos, record.best_move())) << '\n';
        ++records;
    }
    expected.close();
    if (!reader.error().empty() || records == 0 || !expected) {
        std::cerr << "training_dump: " << argv[1] << ": "
                  << (reader.error().empty() ? "no records (or writing failed)" : reader.error()) << '\n';
        return 1;
    }
    return 0;
}
