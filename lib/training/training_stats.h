// TrainingStats: what a training data file holds, in numbers: positions, the
// game results, the scores in bands and the filter flags. `augur datagen
// --stats FILE` prints them; a trainer checks a file with them before using it.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <string>

#include "training/training_record.h"

namespace augur {

class TrainingStats {
public:
    // Score bands: the upper edges (exclusive) of the bands below the last; mate
    // scores have bands of their own at both ends.
    static constexpr std::array<int, 12> SCORE_EDGES = {-1600, -800, -400, -200, -100, -25,
                                                        25,    100,  200,  400,  800,  1600};
    static constexpr std::size_t SCORE_BANDS = SCORE_EDGES.size() + 3;  // + above the last edge + two mate bands

    void add(const TrainingRecord& record);

    std::uint64_t positions() const { return positions_; }
    std::uint64_t with_result(TrainingRecord::Result r) const { return results_[std::size_t(r)]; }
    std::uint64_t with_flag(RecordFlag flag) const;
    // Positions with none of the filter flags set.
    std::uint64_t unfiltered() const { return unfiltered_; }
    std::uint64_t black_to_move() const { return black_to_move_; }
    std::uint64_t chess960() const { return chess960_; }
    std::uint64_t in_band(std::size_t band) const { return bands_[band]; }
    // "mated", "< -1600", "-1600..-801", ..., ">= 1600", "mating".
    static std::string band_name(std::size_t band);

    // The report `augur datagen --stats` prints: one line of counts, then the
    // results, the filter flags and the score bands with percentages.
    void write_report(std::ostream& out) const;

private:
    static std::size_t band_of(int score);

    std::uint64_t positions_ = 0;
    std::array<std::uint64_t, 3> results_{};
    std::array<std::uint64_t, 4> flags_{};  // in check, capture, promotion, mate score
    std::uint64_t unfiltered_ = 0;
    std::uint64_t black_to_move_ = 0;
    std::uint64_t chess960_ = 0;
    std::array<std::uint64_t, SCORE_BANDS> bands_{};
};

}  // namespace augur
