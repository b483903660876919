// A C++ host of the Augur C API. It wraps the handle in a small RAII class that
// turns status codes into exceptions, the usual shape of a C++ binding, then
// lists moves, runs a perft divide, castles in Chess960 and draws by
// repetition. It uses only the installed header <augur/augur.h>; the tests
// compare its output with cpp_host.expected.
#include <augur/augur.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

class ChessError : public std::runtime_error {
public:
    ChessError(int status, const std::string& message)
        : std::runtime_error(std::string(augur_status_name(status)) + ": " + message), status_(status) {}
    int status() const { return status_; }

private:
    int status_;
};

class Position {
public:
    Position() {
        augur_position* raw = nullptr;
        if (int status = augur_position_create(&raw)) throw ChessError(status, "cannot create a position");
        handle_.reset(raw);
    }

    void set_fen(const std::string& fen) { check(augur_position_set_fen(get(), fen.c_str())); }
    void set_chess960(bool on) { check(augur_position_set_chess960(get(), on ? 1 : 0)); }
    void play_san(const std::string& san) { check(augur_position_play_san(get(), san.c_str())); }

    std::vector<augur_move> legal_moves() const {
        std::vector<augur_move> moves(AUGUR_MAX_MOVES);
        size_t count = 0;
        check(augur_position_legal_moves(get(), moves.data(), moves.size(), &count));
        moves.resize(count);
        return moves;
    }

    std::string uci(augur_move move) const {
        char buf[AUGUR_UCI_MAX];
        check(augur_position_move_to_uci(get(), move, buf, sizeof buf));
        return buf;
    }

    std::string san(augur_move move) const {
        char buf[AUGUR_SAN_MAX];
        check(augur_position_move_to_san(get(), move, buf, sizeof buf));
        return buf;
    }

    std::string fen() const {
        char buf[AUGUR_FEN_MAX];
        check(augur_position_fen(get(), buf, sizeof buf));
        return buf;
    }

    std::string game_status() const {
        int status = 0;
        check(augur_position_game_status(get(), &status));
        return augur_game_status_name(status);
    }

    // Calls f(uci, nodes) for every root move; the lambda travels through the
    // C callback's user pointer.
    template <class F>
    std::uint64_t divide(int depth, F f) const {
        auto thunk = [](void* user, augur_move, const char* uci, std::uint64_t nodes) {
            (*static_cast<F*>(user))(uci, nodes);
        };
        std::uint64_t total = 0;
        check(augur_perft_divide(get(), depth, thunk, &f, &total));
        return total;
    }

private:
    struct Destroy {
        void operator()(augur_position* p) const { augur_position_destroy(p); }
    };

    augur_position* get() const { return handle_.get(); }
    void check(int status) const {
        if (status != AUGUR_OK) throw ChessError(status, augur_position_last_error(get()));
    }

    std::unique_ptr<augur_position, Destroy> handle_;
};

void print_castling(const Position& pos) {
    for (augur_move move : pos.legal_moves())
        if (AUGUR_MOVE_KIND(move) == AUGUR_MOVE_KIND_CASTLING) std::cout << ' ' << pos.san(move) << '=' << pos.uci(move);
    std::cout << '\n';
}

}  // namespace

int main() {
    try {
        Position pos;
        pos.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        std::cout << "castling:";
        print_castling(pos);
        pos.set_chess960(true);
        std::cout << "castling in Chess960 mode:";
        print_castling(pos);
        std::cout << "FEN in Chess960 mode: " << pos.fen() << '\n';
        pos.set_chess960(false);

        std::cout << "perft divide 2 from the start position:";
        pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        std::uint64_t total = pos.divide(2, [](const char* uci, std::uint64_t nodes) {
            if (uci[0] == 'g') std::cout << ' ' << uci << ':' << nodes;
        });
        std::cout << " ... total " << total << '\n';

        pos.set_fen("1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1");
        std::cout << "Chess960 position " << pos.fen() << ", castling:";
        print_castling(pos);
        try {
            pos.set_chess960(false);
        } catch (const ChessError& e) {
            std::cout << "caught: " << e.what() << '\n';
        }

        pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for (const char* san : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}) pos.play_san(san);
        std::cout << "after Nf3 Nf6 Ng1 Ng8 twice: " << pos.game_status() << '\n';

        try {
            pos.play_san("Nf4");
        } catch (const ChessError& e) {
            std::cout << "caught: " << e.what() << '\n';
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
}
