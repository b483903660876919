// A fixed, varied sample of training records for the format tests: random
// games from standard and Chess960 starts and from positions rich in
// promotions, en passant and castling rights, each position packed with a
// random best move, score (mate scores included) and result. The same sample
// feeds the C++ tests and, through training_sample, the Java reader's test.
#pragma once

#include <string>
#include <vector>

#include "training/training_record.h"

namespace augur::test {

struct SampleRecord {
    std::string fen;  // Position::fen() of the packed position
    bool chess960 = false;
    std::string best_move_uci;
    TrainingRecord record;
};

// About 3,000 records; the same on every run and platform.
std::vector<SampleRecord> sample_records();

// What a reader must find in record, as one line (the Java reader's test
// prints its records the same way):
//     FEN;score;result;best move code;best move in UCI;in check;capture;promotion;mate
std::string record_line(const TrainingRecord& record, const std::string& fen, const std::string& best_move_uci);

}  // namespace augur::test
