#include "play/pgn_writer.h"

#include <cstdio>
#include <cstdlib>

#include "core/game.h"
#include "search/score.h"

namespace augur::play {

namespace {

std::string score_text(int score) {
    char text[32];
    if (is_mate_score(score)) {
        int moves = mate_in_moves(score);
        std::snprintf(text, sizeof text, "%sM%d", moves > 0 ? "+" : "-", std::abs(moves));
    } else {
        std::snprintf(text, sizeof text, "%+.2f", score / 100.0);
    }
    return text;
}

// PGN's export format keeps lines under 80 characters.
class LineBreaker {
public:
    explicit LineBreaker(std::ostream& out) : out_(out) {}
    void word(const std::string& w) {
        if (column_ > 0 && column_ + 1 + w.size() > 79) {
            out_ << '\n';
            column_ = 0;
        }
        if (column_ > 0) {
            out_ << ' ';
            ++column_;
        }
        out_ << w;
        column_ += w.size();
    }
    void end() { out_ << "\n\n"; }

private:
    std::ostream& out_;
    std::size_t column_ = 0;
};

void tag(std::ostream& out, const char* name, const std::string& value) {
    out << '[' << name << " \"";
    for (char ch : value) {
        if (ch == '"' || ch == '\\') out << '\\';
        out << ch;
    }
    out << "\"]\n";
}

}  // namespace

std::string move_comment(const MoveRecord& move) {
    if (move.book) return "book";
    char time[32];
    std::snprintf(time, sizeof time, "%.3fs", move.time_ms / 1000.0);
    std::string score = move.has_score ? score_text(move.score) + "/" + std::to_string(move.depth) : "n/a";
    return score + " " + time;
}

void write_pgn(std::ostream& out, const GameRecord& game, const PgnHeader& header) {
    tag(out, "Event", header.event);
    tag(out, "Site", header.site);
    tag(out, "Date", header.date.empty() ? "????.??.??" : header.date);
    tag(out, "Round", header.round > 0 ? std::to_string(header.round) : "?");
    tag(out, "White", game.white);
    tag(out, "Black", game.black);
    tag(out, "Result", result_text(game.result));
    bool standard_start = game.start_fen == Position::START_FEN && !game.chess960;
    if (!standard_start) {
        tag(out, "FEN", game.start_fen);
        tag(out, "SetUp", "1");
    }
    if (game.chess960) tag(out, "Variant", "Chess960");
    if (!header.time_control.empty()) tag(out, "TimeControl", header.time_control);
    tag(out, "Termination", termination_name(game.termination));
    tag(out, "PlyCount", std::to_string(game.moves.size()));
    out << '\n';

    // Move numbers follow the start position's own numbering.
    auto created = Game::from_fen(game.start_fen, game.chess960);
    int ply = created.game ? 2 * (created.game->position().fullmove_number() - 1) +
                                 (created.game->position().side_to_move() == BLACK)
                           : 0;
    LineBreaker text(out);
    for (const MoveRecord& move : game.moves) {
        // Every move carries a comment, after which Black's moves are numbered again ("5...").
        text.word(std::to_string(ply / 2 + 1) + (ply % 2 == 0 ? "." : "..."));
        text.word(move.san);
        text.word("{" + move_comment(move) + "}");
        ++ply;
    }
    text.word("{" + game.reason + "}");
    text.word(result_text(game.result));
    text.end();
}

}  // namespace augur::play
