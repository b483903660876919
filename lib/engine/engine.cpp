#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <charconv>

namespace augur {

namespace {

// Boolean options: each names one switch in the search features or eval options.
struct FeatureSwitch {
    const char* name;
    bool SearchFeatures::*member;
};
constexpr FeatureSwitch SEARCH_SWITCHES[] = {
    {"TranspositionTable", &SearchFeatures::transposition_table},
    {"AspirationWindows", &SearchFeatures::aspiration_windows},
    {"NullMove", &SearchFeatures::null_move},
    {"CheckExtension", &SearchFeatures::check_extension},
    {"LateMoveReductions", &SearchFeatures::late_move_reductions},
    {"FutilityPruning", &SearchFeatures::futility_pruning},
    {"ReverseFutilityPruning", &SearchFeatures::reverse_futility_pruning},
    {"LateMovePruning", &SearchFeatures::late_move_pruning},
    {"MateDistancePruning", &SearchFeatures::mate_distance_pruning},
    {"SeePruning", &SearchFeatures::see_pruning},
    {"DeltaPruning", &SearchFeatures::delta_pruning},
    {"Killers", &SearchFeatures::killers},
    {"HistoryHeuristic", &SearchFeatures::history},
    {"QuiescenceEvasions", &SearchFeatures::quiescence_checks_evasions},
};
constexpr std::string_view EVAL_PREFIX = "Eval_";
constexpr std::string_view ENDGAME_SCALING = "Eval_EndgameScaling";

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](char x, char y) { return std::tolower((unsigned char)x) == std::tolower((unsigned char)y); });
}

std::optional<bool> parse_bool(std::string_view value) {
    if (equal_ignoring_case(value, "true")) return true;
    if (equal_ignoring_case(value, "false")) return false;
    return std::nullopt;
}

std::vector<EngineOption> build_option_list() {
    std::vector<EngineOption> list;
    list.push_back({"Hash", EngineOption::Type::Spin, Engine::DEFAULT_HASH_MB, 1, Engine::MAX_HASH_MB});
    list.push_back({"Clear Hash", EngineOption::Type::Button, 0, 0, 0});
    for (const FeatureSwitch& s : SEARCH_SWITCHES) list.push_back({s.name, EngineOption::Type::Check, 1, 0, 0});
    for (int t = 0; t < EVAL_TERM_NB; ++t)
        list.push_back({std::string(EVAL_PREFIX) + eval_term_name(EvalTerm(t)), EngineOption::Type::Check, 1, 0, 0});
    list.push_back({std::string(ENDGAME_SCALING), EngineOption::Type::Check, 1, 0, 0});
    return list;
}

}  // namespace

Engine::Engine() : tt_(DEFAULT_HASH_MB), searcher_(tt_, evaluator_) {}

const std::vector<EngineOption>& Engine::option_list() {
    static const std::vector<EngineOption> list = build_option_list();
    return list;
}

std::optional<std::string> Engine::set_option(std::string_view name, std::string_view value) {
    if (equal_ignoring_case(name, "Hash")) {
        int mb = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), mb);
        if (ec != std::errc() || end != value.data() + value.size() || mb < 1 || mb > MAX_HASH_MB)
            return "Hash must be a whole number of MB from 1 to " + std::to_string(MAX_HASH_MB);
        tt_.resize(std::size_t(mb));
        hash_mb_ = mb;
        return std::nullopt;
    }
    if (equal_ignoring_case(name, "Clear Hash")) {
        clear_hash();
        return std::nullopt;
    }
    for (const EngineOption& option : option_list()) {
        if (option.type != EngineOption::Type::Check || !equal_ignoring_case(name, option.name)) continue;
        std::optional<bool> on = parse_bool(value);
        if (!on) return "option " + option.name + " takes true or false";
        for (const FeatureSwitch& s : SEARCH_SWITCHES)
            if (option.name == s.name) searcher_.features().*s.member = *on;
        EvalOptions eval_options = evaluator_.options();
        if (option.name == ENDGAME_SCALING) eval_options.endgame_scaling = *on;
        else if (auto term = eval_term_from_name(std::string_view(option.name).substr(EVAL_PREFIX.size()));
                 term && option.name.starts_with(EVAL_PREFIX))
            eval_options.set(*term, *on);
        evaluator_.set_options(eval_options);
        return std::nullopt;
    }
    return "unknown option '" + std::string(name.substr(0, 60)) + "'";
}

std::optional<std::string> Engine::option_value(std::string_view name) const {
    if (equal_ignoring_case(name, "Hash")) return std::to_string(hash_mb_);
    for (const FeatureSwitch& s : SEARCH_SWITCHES)
        if (equal_ignoring_case(name, s.name))
            return searcher_.features().*s.member ? "true" : "false";
    if (equal_ignoring_case(name, ENDGAME_SCALING)) return evaluator_.options().endgame_scaling ? "true" : "false";
    if (name.size() > EVAL_PREFIX.size() && equal_ignoring_case(name.substr(0, EVAL_PREFIX.size()), EVAL_PREFIX))
        if (auto term = eval_term_from_name(name.substr(EVAL_PREFIX.size())))
            return evaluator_.options().enabled(*term) ? "true" : "false";
    return std::nullopt;
}

void Engine::new_game() {
    tt_.clear();
    searcher_.clear_history();
    evaluator_.clear();
}

SearchResult Engine::search(Game& game, const SearchLimits& limits, SearchListener* listener, SearchTracer* tracer) {
    stop_.store(false);
    searcher_.set_stop_flag(&stop_);
    searcher_.set_listener(listener);
    searcher_.set_tracer(tracer);
    SearchResult result = searcher_.search(game.position(), limits);
    searcher_.set_listener(nullptr);
    searcher_.set_tracer(nullptr);
    return result;
}

// ---------------------------------------------------------------------------
// Bench

const std::vector<std::string_view>& bench_positions() {
    // The CPW perft positions (chessprogramming.org) and positions from the
    // Bratko-Kopec, Arasan 2024, ECM (GCP) and STS suites in ../shared/data/tactical.
    static const std::vector<std::string_view> positions = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
        "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
        "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
        "rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - 0 1",
        "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
        "r1bq1r1k/p1pnbpp1/1p2p3/6p1/3PB3/5N2/PPPQ1PPP/2KR3R w - - 0 1",
        "k1b4r/1p3p2/pq2pNp1/5n1p/P3QP2/1P1R1BPP/2P5/1K6 b - - 0 1",
        "r4r2/pp1b1ppk/2n1p3/3pPnB1/q1pP2QP/P1P4R/2PKNPP1/R7 w - - 0 1",
        "8/5rk1/p3Q1pp/1p1P1p1b/2p1Pq1P/P4P2/1PKN4/5R2 w - - 0 1",
        "5r2/1b2k2p/3bp3/5PP1/Bn1Q3P/1N6/1Pr5/1K3R2 b - - 0 1",
        "r2q1rkb/pp2p3/2p2pp1/3pPb2/3P3R/2N3P1/PPPQBPK1/3R4 w - - 0 1",
        "2b5/2qrrpk1/5Rp1/2p4p/1pB1PR1P/1P1P2P1/5Q1K/8 w - - 0 1",
        "4rrk1/2q1bppp/p2p4/1p1Pn3/3B1R2/P2B2Q1/1PP3PP/5R1K w - - 0 1",
        "2r1q1k1/2p2rbp/p2p2p1/Q2P4/b3P3/3p2P1/3B1PBP/2R1R1K1 w - - 0 1",
        "rq4k1/1b1nbpp1/4p2p/r1PnP3/Np6/1P1B1N2/1Q1B1PPP/R2R2K1 b - - 0 1",
        "rq3k2/1p3bp1/2p1pp1p/2P5/1P2PPP1/4Q2P/6BK/3R4 b - - 0 1",
        "8/8/8/1N6/n7/3N4/k7/2K5 w - - 0 1",
        "8/8/1p1k4/1P6/2PK4/8/8/8 w - - 0 1",
    };
    return positions;
}

BenchResult run_bench(Engine& engine, int depth, const BenchProgress& progress) {
    BenchResult total;
    const auto& positions = bench_positions();
    for (std::size_t i = 0; i < positions.size(); ++i) {
        auto created = Game::from_fen(positions[i]);
        engine.new_game();
        SearchLimits limits;
        limits.depth = depth;
        SearchResult result = engine.search(*created.game, limits);
        total.nodes += result.stats.nodes;
        total.time_ms += result.time_ms;
        if (progress) progress(i, positions[i], result);
    }
    return total;
}

}  // namespace augur
