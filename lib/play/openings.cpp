#include "play/openings.h"

#include <cctype>
#include <fstream>
#include <sstream>
#include <utility>

#include "core/game.h"
#include "core/notation.h"

namespace augur::play {

std::uint64_t SplitMix64::next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t bound) {
    // Rejecting the few values above the last whole multiple of bound keeps every result equally likely.
    std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        std::uint64_t value = next();
        if (value >= threshold) return value % bound;
    }
}

OpeningFormat format_for_path(const std::string& path) {
    auto dot = path.rfind('.');
    std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
    for (char& ch : ext) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return ext == "pgn" ? OpeningFormat::Pgn : OpeningFormat::Epd;
}

namespace {

bool is_number(const std::string& word) {
    return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

// An EPD line: four FEN fields, then either the two FEN counters or EPD
// operations (which are ignored).
std::string epd_fen(const std::string& line) {
    std::istringstream words(line);
    std::vector<std::string> fields;
    std::string word;
    while (fields.size() < 6 && words >> word) fields.push_back(word);
    if (fields.size() < 4) return line;  // let the FEN reader name the problem
    std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
    if (fields.size() == 6 && is_number(fields[4]) && is_number(fields[5])) fen += " " + fields[4] + " " + fields[5];
    return fen;
}

LoadedOpenings parse_epd(const std::string& text, bool chess960) {
    LoadedOpenings loaded;
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
        std::string fen = epd_fen(line);
        auto game = Game::from_fen(fen, chess960);
        if (!game.game) {
            loaded.error = "line " + std::to_string(number) + ": " + game.error;
            loaded.openings.clear();
            return loaded;
        }
        loaded.openings.push_back({fen, {}});
    }
    return loaded;
}

// One PGN game as read: its tags of interest and its SAN moves.
struct PgnGame {
    int line = 0;
    std::string fen;
    std::vector<std::string> sans;
};

bool is_result(const std::string& token) {
    return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// Splits PGN text into games, skipping comments, variations, NAGs and move
// numbers: what remains of the movetext is SAN.
class PgnScanner {
public:
    explicit PgnScanner(const std::string& text) : text_(text) {}

    std::vector<PgnGame> games() {
        std::vector<PgnGame> games;
        PgnGame current;
        bool in_game = false;
        auto finish = [&] {
            if (in_game) games.push_back(std::move(current));
            current = PgnGame{};
            in_game = false;
        };
        while (skip_space(), pos_ < text_.size()) {
            char ch = text_[pos_];
            if (ch == '[') {
                if (in_game && !current.sans.empty()) finish();
                if (!in_game) current.line = line_;
                in_game = true;
                read_tag(current);
            } else if (ch == '{') {
                skip_until('}');
            } else if (ch == ';' || (ch == '%' && at_line_start())) {
                skip_until('\n');
            } else if (ch == '(') {
                skip_variation();
            } else {
                std::string token = read_token();
                if (!in_game) current.line = line_;
                in_game = true;
                if (is_result(token)) {
                    finish();
                } else if (!token.empty() && token[0] != '$') {
                    std::string san = strip_move_number(token);
                    if (!san.empty()) current.sans.push_back(san);
                }
            }
        }
        finish();
        return games;
    }

private:
    bool at_line_start() const { return pos_ == 0 || text_[pos_ - 1] == '\n'; }

    void advance() {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
    }

    void skip_space() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) advance();
    }

    void skip_until(char end) {
        while (pos_ < text_.size() && text_[pos_] != end) advance();
        if (pos_ < text_.size()) advance();
    }

    void skip_variation() {
        int depth = 0;
        do {
            char ch = text_[pos_];
            if (ch == '{') {
                skip_until('}');
                continue;
            }
            if (ch == '(') ++depth;
            if (ch == ')') --depth;
            advance();
        } while (depth > 0 && pos_ < text_.size());
    }

    void read_tag(PgnGame& game) {
        std::size_t end = text_.find(']', pos_);
        std::string tag = text_.substr(pos_ + 1, end == std::string::npos ? std::string::npos : end - pos_ - 1);
        while (pos_ < text_.size() && (end == std::string::npos || pos_ <= end)) advance();
        std::size_t open = tag.find('"'), close = tag.rfind('"');
        if (open == std::string::npos || close <= open) return;
        std::string name = tag.substr(0, tag.find_first_of(" \t"));
        if (name == "FEN") game.fen = tag.substr(open + 1, close - open - 1);
    }

    std::string read_token() {
        std::size_t start = pos_;
        while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_])) &&
               std::string_view("{}();[").find(text_[pos_]) == std::string_view::npos)
            advance();
        if (pos_ == start) advance();  // a stray ')' or '}': skip it
        return text_.substr(start, pos_ - start);
    }

    // "12.e4" -> "e4", "12..." -> "".
    static std::string strip_move_number(const std::string& token) {
        std::size_t i = 0;
        while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
        if (i == 0 || i == token.size() || token[i] != '.') return token;
        while (i < token.size() && token[i] == '.') ++i;
        return token.substr(i);
    }

    const std::string& text_;
    std::size_t pos_ = 0;
    int line_ = 1;
};

LoadedOpenings parse_pgn(const std::string& text, int plies, bool chess960) {
    LoadedOpenings loaded;
    for (const PgnGame& pgn : PgnScanner(text).games()) {
        auto where = [&] { return "game at line " + std::to_string(pgn.line) + ": "; };
        auto created = pgn.fen.empty() ? Game::Created{Game::start_position(), {}} : Game::from_fen(pgn.fen, chess960);
        if (!created.game) {
            loaded.error = where() + created.error;
            loaded.openings.clear();
            return loaded;
        }
        if (chess960 && !created.game->position().is_chess960()) created = created.game->replay(true);
        Opening opening{pgn.fen, {}};
        for (const std::string& san : pgn.sans) {
            if (plies >= 0 && int(opening.moves.size()) >= plies) break;
            std::string error;
            Move m = parse_san_move(created.game->position(), san, &error);
            if (!m) {
                loaded.error = where() + "move " + san + ": " + error;
                loaded.openings.clear();
                return loaded;
            }
            opening.moves.push_back(move_to_uci(created.game->position(), m));
            created.game->play(m);
        }
        loaded.openings.push_back(std::move(opening));
    }
    return loaded;
}

}  // namespace

LoadedOpenings parse_openings(const std::string& text, OpeningFormat format, int plies, bool chess960) {
    LoadedOpenings loaded = format == OpeningFormat::Pgn ? parse_pgn(text, plies, chess960) : parse_epd(text, chess960);
    if (loaded.error.empty() && loaded.openings.empty()) loaded.error = "no opening in the file";
    return loaded;
}

LoadedOpenings load_openings(const std::string& path, OpeningFormat format, int plies, bool chess960) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return {{}, "cannot open " + path};
    std::ostringstream text;
    text << file.rdbuf();
    LoadedOpenings loaded = parse_openings(text.str(), format, plies, chess960);
    if (!loaded.error.empty()) loaded.error = path + ": " + loaded.error;
    return loaded;
}

OpeningSequence::OpeningSequence(std::vector<Opening> openings, OpeningOrder order, std::uint64_t seed, std::size_t start)
    : openings_(std::move(openings)) {
    if (order == OpeningOrder::Random) {
        SplitMix64 random(seed);
        for (std::size_t i = openings_.size(); i > 1; --i) std::swap(openings_[i - 1], openings_[random.below(i)]);
    }
    next_ = openings_.empty() ? 0 : start % openings_.size();
}

const Opening& OpeningSequence::next() {
    const Opening& opening = openings_[next_];
    next_ = (next_ + 1) % openings_.size();
    return opening;
}

}  // namespace augur::play
