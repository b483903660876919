#include "protocol/match_sum_command.h"

#include <cstdio>
#include <fstream>
#include <optional>

#include "play/match_runner.h"
#include "play/match_stats.h"
#include "protocol/match_command.h"
#include "protocol/play_flags.h"

namespace augur {

namespace {

constexpr const char* HELP =
    "usage: augur match-sum LOG... [-sprt elo0=E0 elo1=E1 alpha=A beta=B]\n"
    "  Adds up the last summary of each log of augur match (or fastchess): its\n"
    "  'Games: N, Wins: W, Losses: L, Draws: D' and 'Ptnml(0-2): [a, b, c, d, e]'\n"
    "  lines. Prints each log's counts, then Elo, nElo, LOS and the pentanomial of\n"
    "  all their games, and with -sprt the log-likelihood ratio of the sums against\n"
    "  the test's bounds and, once it passes one, 'H1 accepted' or 'H0 accepted'.\n";

struct SumCommand {
    std::vector<std::string> logs;
    std::optional<play::Sprt> sprt;
    bool help = false;
};

// elo0=E0 elo1=E1 alpha=A beta=B, read as augur match reads its -sprt.
std::string read_sprt(const std::vector<std::string>& words, std::optional<play::Sprt>& sprt) {
    play::SprtSettings s;
    std::string error =
        read_numbers(words, {{"elo0", &s.elo0}, {"elo1", &s.elo1}, {"alpha", &s.alpha}, {"beta", &s.beta}});
    if (error.empty()) error = play::Sprt::check(s.elo0, s.elo1, s.alpha, s.beta);
    if (!error.empty()) return "-sprt: " + error;
    sprt.emplace(s.elo0, s.elo1, s.alpha, s.beta);
    return {};
}

std::string parse(const std::vector<std::string>& args, SumCommand& command) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& word = args[i];
        if (word == "-help" || word == "--help") {
            command.help = true;
        } else if (word == "-sprt") {
            std::vector<std::string> settings;
            while (i + 1 < args.size() && args[i + 1].find('=') != std::string::npos) settings.push_back(args[++i]);
            if (std::string error = read_sprt(settings, command.sprt); !error.empty()) return error;
        } else if (!word.empty() && word[0] == '-') {
            return "unknown flag '" + word + "'";
        } else {
            command.logs.push_back(word);
        }
    }
    if (!command.help && command.logs.empty()) return "names no log (augur match-sum --help)";
    return {};
}

// The counts of a log's last summary.
std::string read_log(const std::string& file, play::MatchCounts& counts) {
    std::ifstream in(file);
    if (!in) return "cannot read " + file;
    std::optional<play::MatchCounts> games;
    std::optional<std::array<int, 5>> pairs;
    for (std::string line; std::getline(in, line);) {
        play::MatchCounts c;
        int total = 0;
        std::array<int, 5> p{};
        if (std::sscanf(line.c_str(), "Games: %d, Wins: %d, Losses: %d, Draws: %d", &total, &c.wins, &c.losses,
                        &c.draws) == 4 &&
            total == c.games())
            games = c;
        else if (std::sscanf(line.c_str(), "Ptnml(0-2): [%d, %d, %d, %d, %d]", &p[0], &p[1], &p[2], &p[3], &p[4]) == 5)
            pairs = p;
    }
    if (!games || !pairs) return file + ": no summary (a 'Games:' and a 'Ptnml(0-2):' line)";
    counts = *games;
    counts.pentanomial = *pairs;
    for (int n : counts.pentanomial)
        if (n < 0) return file + ": a negative pair count";
    if (counts.wins < 0 || counts.losses < 0 || counts.draws < 0) return file + ": a negative game count";
    if (2 * counts.pairs() > counts.games())
        return file + ": its pairs (" + std::to_string(counts.pairs()) + ") hold more games than it played (" +
               std::to_string(counts.games()) + ")";
    return {};
}

void add(play::MatchCounts& sum, const play::MatchCounts& counts) {
    sum.wins += counts.wins;
    sum.losses += counts.losses;
    sum.draws += counts.draws;
    for (int i = 0; i < 5; ++i) sum.pentanomial[i] += counts.pentanomial[i];
}

}  // namespace

int run_match_sum_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    SumCommand command;
    if (std::string error = parse(args, command); !error.empty()) {
        err << "augur match-sum: " << error << '\n';
        return 1;
    }
    if (command.help) {
        out << HELP;
        return 0;
    }
    play::MatchCounts sum;
    for (const std::string& log : command.logs) {
        play::MatchCounts counts;
        if (std::string error = read_log(log, counts); !error.empty()) {
            err << "augur match-sum: " << error << '\n';
            return 1;
        }
        out << log << ": Games: " << counts.games() << ", Wins: " << counts.wins << ", Losses: " << counts.losses
            << ", Draws: " << counts.draws << ", Ptnml(0-2): " << pentanomial_text(counts.pentanomial) << '\n';
        add(sum, counts);
    }
    const double llr = command.sprt ? command.sprt->llr(sum.pentanomial) : 0;
    out << "--------------------------------------------------\n";
    out << "Results of " << command.logs.size() << (command.logs.size() == 1 ? " log" : " logs") << " added:\n";
    write_result_lines(out, sum, command.sprt ? &*command.sprt : nullptr, llr);
    out << "--------------------------------------------------\n";
    if (command.sprt) write_decision(out, command.sprt->decide(llr));
    return 0;
}

}  // namespace augur
