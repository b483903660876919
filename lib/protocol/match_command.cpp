#include "protocol/match_command.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>

#include "play/pgn_writer.h"
#include "protocol/game_data_file.h"
#include "protocol/match_options.h"

namespace augur {

namespace {

// printf's %f, but "nan" and "inf" without a sign for NaN, and no "-0.00".
std::string fixed(double value, int decimals) {
    if (std::isnan(value)) return "nan";
    if (std::abs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0;
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string limits_text(const play::PlayLimits& limits) {
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (limits.has_clock()) add("tc=" + play::clock_to_string(limits));
    if (limits.move_time_ms > 0) add("st=" + fixed(limits.move_time_ms / 1000.0, 3));
    if (limits.nodes > 0) add("nodes=" + std::to_string(limits.nodes));
    if (limits.depth > 0) add("depth=" + std::to_string(limits.depth));
    return text;
}

// PGN's TimeControl tag: "40/60+0.1" style for clocks, "-" otherwise.
std::string pgn_time_control(const play::PlayLimits& limits) {
    if (limits.has_clock()) return play::clock_to_string(limits);
    if (limits.move_time_ms > 0) return fixed(limits.move_time_ms / 1000.0, 3) + "/move";
    return "-";
}

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &local);
    return text;
}

void write_forfeits(std::ostream& out, const play::MatchSettings& settings, const play::MatchState& state) {
    out << "Forfeits:";
    for (int i = 0; i < 2; ++i) {
        const play::ForfeitCounts& f = state.forfeits[i];
        out << (i ? "; " : " ") << settings.engines[i].name << ": " << f.time << " on time, " << f.illegal
            << " illegal moves, " << f.disconnected << " crashes, " << f.stalled << " stalls";
    }
    out << '\n';
}

class MatchPrinter final : public play::MatchObserver {
public:
    MatchPrinter(std::ostream& out, const MatchCommand& command, std::ofstream* pgn, GameDataFile& data)
        : out_(out), command_(command), pgn_(pgn), data_(data) {}

    void on_game_finished(const play::FinishedGame& game, const play::MatchState& state) override {
        const play::GameRecord& record = game.record;
        out_ << "Finished game " << game.number << " (" << record.white << " vs " << record.black
             << "): " << play::result_text(record.result) << " {" << record.reason << "}\n";
        if (pgn_) write_game(game);
        data_.write_game(record);
        int games = state.counts.games();
        if (command_.rating_interval > 0 && games % command_.rating_interval == 0 &&
            games < command_.settings.total_games() && state.decision == play::Sprt::Decision::Continue)
            write_match_summary(out_, command_.settings, command_.openings_file, state);
        out_.flush();
    }

private:
    void write_game(const play::FinishedGame& game) {
        play::PgnHeader header;
        header.date = today();
        header.round = game.round;
        const play::EngineSpec& white = command_.settings.engines[game.first_is_white ? 0 : 1];
        header.time_control = pgn_time_control(white.limits);
        play::write_pgn(*pgn_, game.record, header);
        pgn_->flush();
    }

    std::ostream& out_;
    const MatchCommand& command_;
    std::ofstream* pgn_;
    GameDataFile& data_;
};

}  // namespace

void write_match_summary(std::ostream& out, const play::MatchSettings& settings, const std::string& openings,
                         const play::MatchState& state) {
    std::string first = limits_text(settings.engines[0].limits), second = limits_text(settings.engines[1].limits);
    out << "--------------------------------------------------\n";
    out << "Results of " << settings.engines[0].name << " vs " << settings.engines[1].name << " ("
        << (first == second ? first : first + " - " + second) << (openings.empty() ? "" : ", " + openings) << "):\n";
    write_result_lines(out, state.counts, state.sprt ? &*state.sprt : nullptr, state.llr);
    write_forfeits(out, settings, state);
    if (settings.adjudication.any()) {
        const play::AdjudicationCounts& a = state.adjudications;
        out << "Adjudications: " << a.resign << " resign, " << a.draw << " draw, " << a.tablebase << " tablebase\n";
    }
    out << "--------------------------------------------------\n";
}

std::string pentanomial_text(const std::array<int, 5>& p) {
    return "[" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " + std::to_string(p[2]) + ", " +
           std::to_string(p[3]) + ", " + std::to_string(p[4]) + "]";
}

void write_result_lines(std::ostream& out, const play::MatchCounts& c, const play::Sprt* sprt, double llr) {
    play::EloEstimate e = play::pentanomial_elo(c.pentanomial);
    out << "Elo: " << fixed(e.elo, 2) << " +/- " << fixed(e.elo_error, 2) << ", nElo: " << fixed(e.nelo, 2)
        << " +/- " << fixed(e.nelo_error, 2) << '\n';
    double draw_ratio = c.pairs() > 0 ? 100.0 * c.pentanomial[2] / c.pairs() : 0;
    out << "LOS: " << fixed(e.los * 100, 2) << " %, DrawRatio: " << fixed(draw_ratio, 2) << " %\n";
    double points_percent = c.games() > 0 ? 100.0 * c.points() / c.games() : 0;
    out << "Games: " << c.games() << ", Wins: " << c.wins << ", Losses: " << c.losses << ", Draws: " << c.draws
        << ", Points: " << fixed(c.points(), 1) << " (" << fixed(points_percent, 2) << " %)\n";
    out << "Ptnml(0-2): " << pentanomial_text(c.pentanomial) << '\n';
    if (sprt) {
        out << "LLR: " << fixed(llr, 2) << " (" << fixed(sprt->lower_bound(), 2) << ", "
            << fixed(sprt->upper_bound(), 2) << ") [" << fixed(sprt->elo0(), 2) << ", " << fixed(sprt->elo1(), 2)
            << "]\n";
    }
}

void write_decision(std::ostream& out, play::Sprt::Decision decision) {
    if (decision == play::Sprt::Decision::AcceptH1) out << "H1 accepted\n";
    if (decision == play::Sprt::Decision::AcceptH0) out << "H0 accepted\n";
}

int run_match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ParsedMatchCommand parsed = parse_match_command(args);
    if (!parsed.error.empty()) {
        err << "augur match: " << parsed.error << '\n';
        return 1;
    }
    const MatchCommand& command = parsed.command;
    if (command.help) {
        out << match_help();
        return 0;
    }
    std::ofstream pgn;
    if (!command.pgn_file.empty()) {
        pgn.open(command.pgn_file, std::ios::app);
        if (!pgn) {
            err << "augur match: cannot write the PGN file " << command.pgn_file << '\n';
            return 1;
        }
    }
    GameDataFile data;
    if (std::string error = data.open(command.data_file); !error.empty()) {
        err << "augur match: " << error << '\n';
        return 1;
    }
    MatchPrinter printer(out, command, pgn.is_open() ? &pgn : nullptr, data);
    auto started = std::chrono::steady_clock::now();
    play::MatchOutcome outcome = play::run_match(command.settings, printer);
    if (!outcome.error.empty()) {
        err << "augur match: " << outcome.error << '\n';
        return 1;
    }
    write_match_summary(out, command.settings, command.openings_file, outcome.state);
    write_decision(out, outcome.state.decision);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    int games = outcome.state.counts.games();
    out << "Finished match: " << games << " games in " << fixed(seconds, 1) << " s ("
        << fixed(seconds > 0 ? games * 60 / seconds : 0, 1) << " games/minute)\n";
    if (std::string error = data.finish(out); !error.empty()) {
        err << "augur match: " << error << '\n';
        return 1;
    }
    return 0;
}

}  // namespace augur
