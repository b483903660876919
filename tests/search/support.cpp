#include "support.h"

#include <cctype>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "core/movegen.h"
#include "core/notation.h"

namespace augur::test {

std::string shared_data(std::string_view relative) {
    const char* dir = std::getenv("AUGUR_SHARED_DATA");
    if (!dir) throw std::runtime_error("AUGUR_SHARED_DATA is not set (run the tests through meson test)");
    return std::string(dir) + "/" + std::string(relative);
}

std::unique_ptr<Game> make_game(std::string_view fen, const std::vector<std::string>& san_moves) {
    Game::Created created = Game::from_fen(fen);
    if (!created.game) throw std::invalid_argument(std::string(fen) + ": " + created.error);
    for (const std::string& san : san_moves) play_san(*created.game, san);
    return std::move(created.game);
}

void play_san(Game& game, std::string_view san) {
    std::string error;
    Move m = parse_san_move(game.position(), san, &error);
    if (!m) throw std::invalid_argument("cannot play " + std::string(san) + " in " + game.position().fen() + ": " + error);
    game.play(m);
}

std::string move_uci(const Game& game, Move m) { return m ? move_to_uci(game.position(), m) : "(none)"; }

std::string line_to_uci(Game& game, const std::vector<Move>& line) {
    std::string text;
    std::size_t played = 0;
    for (Move m : line) {
        if (!text.empty()) text += ' ';
        if (!game.position().is_legal(m)) {
            text += "<illegal " + std::to_string(m.raw()) + ">";
            break;
        }
        text += move_to_uci(game.position(), m);
        game.play(m);
        ++played;
    }
    while (played--) game.undo();
    return text;
}

bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal_moves(pos) == 0; }
bool is_stalemate(const Position& pos) { return !pos.in_check() && count_legal_moves(pos) == 0; }

bool line_ends_in_mate(Game& game, const std::vector<Move>& line) {
    std::size_t played = 0;
    bool legal = true;
    for (Move m : line) {
        if (!game.position().is_legal(m)) {
            legal = false;
            break;
        }
        game.play(m);
        ++played;
    }
    bool mate = legal && is_checkmate(game.position());
    while (played--) game.undo();
    return mate;
}

namespace {

bool defender_is_lost(Position& pos, int moves);

}  // namespace

bool can_force_mate(Position& pos, int moves) {
    MoveList<> list(pos);
    // Checks first: they find most mates quickly; the result does not depend on it.
    for (int pass = 0; pass < 2; ++pass) {
        for (Move m : list) {
            bool check = pos.gives_check(m);
            if (check != (pass == 0)) continue;
            StateInfo st;
            pos.do_move(m, st);
            bool won = defender_is_lost(pos, moves);
            pos.undo_move(m);
            if (won) return true;
        }
        if (moves == 1) break;  // a mate in one is a check
    }
    return false;
}

namespace {

bool defender_is_lost(Position& pos, int moves) {
    MoveList<> replies(pos);
    if (replies.empty()) return pos.in_check();
    if (moves == 1) return false;
    for (Move r : replies) {
        StateInfo st;
        pos.do_move(r, st);
        bool lost = can_force_mate(pos, moves - 1);
        pos.undo_move(r);
        if (!lost) return false;
    }
    return true;
}

}  // namespace

bool move_forces_mate(Position& pos, Move m, int moves) {
    StateInfo st;
    pos.do_move(m, st);
    bool won = defender_is_lost(pos, moves);
    pos.undo_move(m);
    return won;
}

std::string mirror_fen(std::string_view fen) {
    std::istringstream in{std::string(fen)};
    std::string board, side, castling = "-", ep = "-", halfmove = "0", fullmove = "1";
    in >> board >> side >> castling >> ep >> halfmove >> fullmove;
    std::vector<std::string> ranks;
    std::string rank;
    for (char c : board) {
        if (c == '/') {
            ranks.push_back(rank);
            rank.clear();
        } else {
            rank += std::isalpha((unsigned char)c) ? char(std::isupper((unsigned char)c) ? std::tolower(c) : std::toupper(c)) : c;
        }
    }
    ranks.push_back(rank);
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + *it;
    std::string new_castling;
    for (char c : castling)
        new_castling += c == '-' ? c : std::isupper((unsigned char)c) ? char(std::tolower(c)) : char(std::toupper(c));
    // Keep the order KQkq.
    std::string ordered;
    for (char c : std::string("KQkq"))
        if (new_castling.find(c) != std::string::npos) ordered += c;
    if (ordered.empty()) ordered = "-";
    std::string new_ep = ep;
    if (ep != "-") new_ep = std::string(1, ep[0]) + (ep[1] == '3' ? "6" : "3");
    return out + " " + (side == "w" ? "b" : "w") + " " + ordered + " " + new_ep + " " + halfmove + " " + fullmove;
}

SearchResult search_fresh(Engine& engine, Game& game, int depth, std::uint64_t nodes) {
    engine.new_game();
    SearchLimits limits;
    limits.depth = depth;
    limits.nodes = nodes;
    return engine.search(game, limits);
}

SearchResult search_depth(Engine& engine, Game& game, int depth) {
    SearchLimits limits;
    limits.depth = depth;
    return engine.search(game, limits);
}

// Every switch of SearchFeatures, on or off by default, from the option table
// (so a new switch is never missed): switching them all off leaves alpha-beta
// with quiescence.
const std::vector<std::string>& search_feature_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> list;
        for (const OptionSpec& spec : Engine::option_list())
            if (spec.target == OptionTarget::SearchFeature) list.emplace_back(spec.name);
        return list;
    }();
    return names;
}

}  // namespace augur::test
