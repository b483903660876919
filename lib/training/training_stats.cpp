#include "training/training_stats.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <iomanip>

#include "search/score.h"

namespace augur {

namespace {

constexpr RecordFlag FILTER_FLAGS[] = {RECORD_IN_CHECK, RECORD_CAPTURE, RECORD_PROMOTION, RECORD_MATE_SCORE};
constexpr const char* FILTER_NAMES[] = {"in check", "best move captures", "best move promotes", "mate score"};

std::size_t flag_index(RecordFlag flag) { return std::size_t(std::countr_zero(unsigned(flag)) - 4); }

// "12.3%" of the total (0 of 0 is 0.0%).
std::string percent(std::uint64_t part, std::uint64_t total) {
    char text[16];
    std::snprintf(text, sizeof text, "%5.1f%%", total ? 100.0 * double(part) / double(total) : 0.0);
    return text;
}

}  // namespace

std::size_t TrainingStats::band_of(int score) {
    if (score <= -SCORE_MATE_IN_MAX_PLY) return 0;
    if (score >= SCORE_MATE_IN_MAX_PLY) return SCORE_BANDS - 1;
    auto above = std::upper_bound(SCORE_EDGES.begin(), SCORE_EDGES.end(), score);
    return 1 + std::size_t(above - SCORE_EDGES.begin());
}

std::string TrainingStats::band_name(std::size_t band) {
    if (band == 0) return "mated";
    if (band == SCORE_BANDS - 1) return "mating";
    if (band == 1) return "< " + std::to_string(SCORE_EDGES.front());
    if (band == SCORE_BANDS - 2) return ">= " + std::to_string(SCORE_EDGES.back());
    return std::to_string(SCORE_EDGES[band - 2]) + ".." + std::to_string(SCORE_EDGES[band - 1] - 1);
}

void TrainingStats::add(const TrainingRecord& record) {
    ++positions_;
    ++results_[std::size_t(record.result())];
    for (RecordFlag flag : FILTER_FLAGS) flags_[flag_index(flag)] += record.has(flag);
    unfiltered_ += record.filter_flags() == 0;
    black_to_move_ += record.side_to_move() == BLACK;
    chess960_ += record.chess960();
    ++bands_[band_of(record.score())];
}

std::uint64_t TrainingStats::with_flag(RecordFlag flag) const { return flags_[flag_index(flag)]; }

void TrainingStats::write_report(std::ostream& out) const {
    auto row = [&](const std::string& label, std::uint64_t count) {
        out << "  " << std::left << std::setw(20) << label << std::right << std::setw(12) << count << "  "
            << percent(count, positions_) << '\n';
    };
    out << "positions: " << positions_ << " (black to move " << black_to_move_ << ", chess960 " << chess960_ << ")\n";
    out << "results (White's view):\n";
    for (auto r : {TrainingRecord::Result::WhiteWins, TrainingRecord::Result::Draw, TrainingRecord::Result::BlackWins})
        row(TrainingRecord::result_text(r), with_result(r));
    out << "filters:\n";
    for (std::size_t i = 0; i < std::size(FILTER_FLAGS); ++i) row(FILTER_NAMES[i], flags_[i]);
    row("none of them", unfiltered_);
    out << "scores (side to move's view):\n";
    for (std::size_t band = 0; band < SCORE_BANDS; ++band) row(band_name(band), bands_[band]);
}

}  // namespace augur
