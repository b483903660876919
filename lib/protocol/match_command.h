// `augur match`: runs a match from its command line (match_options.h) and
// prints, as fastchess does, a line per finished game and at every rating
// interval and at the end the statistics:
//
//   Results of A vs B (nodes=5000, openings.epd):
//   Elo: 12.34 +/- 5.67, nElo: 15.00 +/- 7.00
//   LOS: 99.99 %, DrawRatio: 40.00 %
//   Games: 100, Wins: 40, Losses: 30, Draws: 30, Points: 55.0 (55.00 %)
//   Ptnml(0-2): [1, 10, 20, 15, 4]
//   LLR: 1.23 (-2.94, 2.94) [0.00, 10.00]
//
// then "H1 accepted" or "H0 accepted" when an SPRT has decided (which ends
// the match). Statistics are from the first engine's view.
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "play/match_runner.h"

namespace augur {

// Returns the process exit status: 0 after a match (whatever its result), 1
// with a message on err for a bad command line or a match that could not run.
int run_match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The statistics block (without the decision line).
void write_match_summary(std::ostream& out, const play::MatchSettings& settings, const std::string& openings,
                         const play::MatchState& state);
// Pentanomial counts as the summary prints them: "[a, b, c, d, e]".
std::string pentanomial_text(const std::array<int, 5>& pentanomial);
// Its lines from "Elo:" to "Ptnml(0-2):", and "LLR:" with an SPRT.
void write_result_lines(std::ostream& out, const play::MatchCounts& counts, const play::Sprt* sprt, double llr);
// "H1 accepted" or "H0 accepted" once an SPRT has decided; nothing otherwise.
void write_decision(std::ostream& out, play::Sprt::Decision decision);

}  // namespace augur
