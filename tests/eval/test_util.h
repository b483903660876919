// Helpers shared by the evaluation tests: loading position suites from the
// shared data folder and mirroring FENs.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/position.h"

namespace augur::test {

// A Position with its root state, kept together because Position keeps a
// pointer to the state.
struct Board {
    StateInfo st;
    Position pos;
    explicit Board(const std::string& fen, bool chess960 = false) {
        if (auto err = pos.set_fen(fen, st, chess960)) throw std::runtime_error(fen + ": " + *err);
    }
};

inline std::string shared_data_dir() {
    const char* dir = std::getenv("AUGUR_SHARED_DATA");
    return dir ? dir : "tests/data";
}

// The FENs of an EPD-like file: the first four fields of each line (text after
// ';' ignored), with "0 1" appended.
inline std::vector<std::string> load_fens_from(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> fens;
    std::string line;
    while (std::getline(in, line)) {
        line = line.substr(0, line.find(';'));
        std::istringstream fields(line);
        std::string board, side, castling, ep;
        if (!(fields >> board >> side >> castling >> ep) || board[0] == '#') continue;
        fens.push_back(board + " " + side + " " + castling + " " + ep + " 0 1");
    }
    return fens;
}

// The command line of the reference dump tools (eval_dump, order_dump):
// [--every N] FILE ..., N applying to the next file. Calls dump(fen) for every
// Nth position of each file; positions that do not parse (a few suite lines are
// not legal) are skipped, as there is nothing to compare. Returns the exit
// status: 1 for a file without positions or when dump returns false.
template <class Dump>
int for_each_sampled_fen(int argc, char** argv, const char* tool, Dump&& dump) {
    int every = 1;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--every" && i + 1 < argc) {
            every = std::max(1, std::atoi(argv[++i]));
            continue;
        }
        std::vector<std::string> fens = load_fens_from(arg);
        if (fens.empty()) {
            std::fprintf(stderr, "%s: no positions in %s\n", tool, arg.c_str());
            return 1;
        }
        for (std::size_t n = 0; n < fens.size(); n += std::size_t(every)) {
            try {
                if (!dump(fens[n])) return 1;
            } catch (const std::exception&) {
            }
        }
        every = 1;
    }
    return 0;
}

// load_fens_from() a file of the shared data folder.
inline std::vector<std::string> load_fens(const std::string& relative_path) {
    return load_fens_from(shared_data_dir() + "/" + relative_path);
}

struct SuiteFile {
    const char* path;
    bool chess960;
};

inline const std::vector<SuiteFile>& suite_files() {
    static const std::vector<SuiteFile> files = {
        {"perft/perft-marcel.epd", false},         {"perft/ethereal_standard.epd", false},
        {"perft/perft_misc_whittington.epd", false}, {"perft/perft-ferdy-double-checks.epd", false},
        {"perft/ethereal_fischer.epd", true},      {"tactical/wac_arasan_revised.epd", false},
        {"tactical/arasan2024.epd", false},        {"tactical/ecm.epd", false},
        {"tactical/sts1-15_v3.epd", false},        {"openings/noob_2moves.epd", false},
        {"openings/FRC_openings.epd", true},
    };
    return files;
}

// Every position of the suites above that parses, as (fen, chess960) pairs.
inline const std::vector<std::pair<std::string, bool>>& all_suite_positions() {
    static const std::vector<std::pair<std::string, bool>> positions = [] {
        std::vector<std::pair<std::string, bool>> out;
        for (const SuiteFile& f : suite_files())
            for (const std::string& fen : load_fens(f.path)) {
                StateInfo st;
                Position pos;
                if (!pos.set_fen(fen, st, f.chess960)) out.emplace_back(fen, f.chess960);
            }
        return out;
    }();
    return positions;
}

// The colour-flipped FEN: ranks reversed, colours swapped, side to move,
// castling rights and en-passant square mirrored.
inline std::string mirror_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, side, castling, ep, half = "0", full = "1";
    in >> board >> side >> castling >> ep >> half >> full;
    auto swap_case = [](char ch) {
        if (ch >= 'a' && ch <= 'z') return char(ch - 'a' + 'A');
        if (ch >= 'A' && ch <= 'Z') return char(ch - 'A' + 'a');
        return ch;
    };
    std::vector<std::string> ranks;
    std::string rank;
    for (char ch : board) {
        if (ch == '/') ranks.push_back(rank), rank.clear();
        else rank += swap_case(ch);
    }
    ranks.push_back(rank);
    std::string out_board;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out_board += (out_board.empty() ? "" : "/") + *it;
    std::string out_castling;
    if (castling == "-") out_castling = "-";
    else {
        std::string upper, lower;
        for (char ch : castling) (ch >= 'a' ? upper : lower) += swap_case(ch);
        out_castling = upper + lower;
    }
    std::string out_ep = ep == "-" ? "-" : std::string{ep[0], ep[1] == '3' ? '6' : '3'};
    return out_board + " " + (side == "w" ? "b" : "w") + " " + out_castling + " " + out_ep + " " + half + " " + full;
}

}  // namespace augur::test
