// Writes the format tests' sample (sample_records.h) as a training data file,
// and beside it what a reader must find in it, one line per record
// (record_line). The Java reader's test (dev.augur.data) reads both and compares.
//
//     training_sample OUTPUT.bin EXPECTED.txt
#include <fstream>
#include <iostream>

#include "sample_records.h"
#include "training/training_file.h"

int main(int argc, char* argv[]) {
    using namespace augur;
    if (argc != 3) {
        std::cerr << "usage: training_sample OUTPUT.bin EXPECTED.txt\n";
        return 2;
    }
    std::ofstream file(argv[1], std::ios::binary | std::ios::trunc);
    std::ofstream expected(argv[2], std::ios::trunc);
    TrainingFileWriter writer(file);
    for (const auto& sample : test::sample_records()) {
        const TrainingRecord& r = sample.record;
        writer.write(r);
        expected << test::record_line(r, sample.fen, sample.best_move_uci) << '\n';
    }
    file.close();
    expected.close();
    if (!file || !expected) {
        std::cerr << "training_sample: cannot write " << argv[1] << " or " << argv[2] << '\n';
        return 1;
    }
    return 0;
}
