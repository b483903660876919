#include "protocol/game_data_file.h"

#include "training/datagen.h"

namespace augur {

std::string GameDataFile::open(const std::string& path) {
    if (path.empty()) return {};
    path_ = path;
    file_.open(path, std::ios::binary | std::ios::trunc);
    if (file_) writer_.emplace(file_);
    if (!file_ || !writer_->good()) {
        writer_.reset();
        return "cannot write the data file " + path;
    }
    return {};
}

void GameDataFile::write_game(const play::GameRecord& record) {
    if (!writer_ || is_forfeit(record.termination)) return;
    for (const TrainingRecord& position : training_records_of(record)) writer_->write(position);
}

std::string GameDataFile::finish(std::ostream& out) {
    if (!writer_) return {};
    file_.flush();
    if (!file_) return "writing the data file " + path_ + " failed";
    out << "Training data: " << positions() << " positions written to " << path_ << '\n';
    return {};
}

}  // namespace augur
