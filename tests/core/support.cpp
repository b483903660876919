#include "support.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "core/notation.h"

namespace augur::test {

namespace {

std::string data_path(const char* variable, std::string_view relative) {
    const char* root = std::getenv(variable);
    if (!root || !*root)
        throw std::runtime_error(std::string(variable) + " is not set; run the tests through 'meson test'");
    return std::string(root) + "/" + std::string(relative);
}

}  // namespace

std::string shared_data(std::string_view relative) { return data_path("AUGUR_SHARED_DATA", relative); }
std::string test_data(std::string_view relative) { return data_path("AUGUR_TEST_DATA", relative); }

std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
    }
    return lines;
}

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) words.emplace_back(text.substr(start, i - start));
    }
    return words;
}

TestGame::TestGame(std::string_view fen, bool chess960) {
    if (auto error = pos_.set_fen(fen, root_, chess960))
        throw std::invalid_argument("bad FEN '" + std::string(fen) + "': " + *error);
}

void TestGame::play(Move m) {
    states_.emplace_back();
    pos_.do_move(m, states_.back());
    moves_.push_back(m);
}

void TestGame::play_uci(std::string_view uci) {
    std::string error;
    Move m = parse_uci_move(pos_, uci, &error);
    if (!m) throw std::invalid_argument(error + " in " + pos_.fen());
    play(m);
}

void TestGame::play_san(std::string_view san) {
    std::string error;
    Move m = parse_san_move(pos_, san, &error);
    if (!m) throw std::invalid_argument(error + " in " + pos_.fen());
    play(m);
}

void TestGame::play_uci_line(std::string_view moves) {
    for (const std::string& uci : split_words(moves)) play_uci(uci);
}

void TestGame::play_null() {
    states_.emplace_back();
    pos_.do_null_move(states_.back());
    moves_.push_back(Move::null());
}

void TestGame::undo() {
    if (moves_.empty()) throw std::logic_error("undo with no move played");
    Move m = moves_.back();
    if (m == Move::null()) pos_.undo_null_move();
    else pos_.undo_move(m);
    moves_.pop_back();
    states_.pop_back();
}

Square square(std::string_view name) {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8')
        throw std::invalid_argument("not a square: " + std::string(name));
    return make_square(name[0] - 'a', name[1] - '1');
}

Bitboard squares(std::string_view names) {
    Bitboard b = 0;
    for (const std::string& name : split_words(names)) b |= square_bb(square(name));
    return b;
}

std::string describe(Bitboard b) {
    std::string out;
    while (b) {
        if (!out.empty()) out += ' ';
        out += square_to_string(pop_lsb(b));
    }
    return out.empty() ? "(none)" : out;
}

void Failures::add(std::string what) {
    if (first_.size() < KEEP) first_.push_back(std::move(what));
    ++count_;
}

std::string Failures::summary() const {
    std::string out;
    for (const std::string& line : first_) out += "  " + line + "\n";
    if (count_ > first_.size()) out += "  ... and " + std::to_string(count_ - first_.size()) + " more\n";
    return out;
}

}  // namespace augur::test
