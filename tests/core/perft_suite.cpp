#include "perft_suite.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <thread>

#include "core/perft.h"
#include "core/position.h"
#include "support.h"

namespace augur::test {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

bool skipped(std::string_view line) {
    line = trim(line);
    return line.empty() || line.front() == '#';
}

template <class Int>
Int parse_int(std::string_view text, std::string_view context) {
    Int value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        throw std::invalid_argument("bad number '" + std::string(text) + "' in: " + std::string(context));
    return value;
}

// "D5 4865609" -> (5, 4865609)
std::pair<int, std::uint64_t> parse_depth_count(std::string_view field, std::string_view line) {
    std::vector<std::string> words = split_words(field);
    if (words.size() != 2 || words[0].size() < 2 || words[0][0] != 'D')
        throw std::invalid_argument("bad perft field '" + std::string(field) + "' in: " + std::string(line));
    return {parse_int<int>(std::string_view(words[0]).substr(1), line), parse_int<std::uint64_t>(words[1], line)};
}

}  // namespace

PerftCase parse_epd_perft_line(std::string_view line) {
    PerftCase c;
    std::size_t semicolon = line.find(';');
    c.fen = std::string(trim(line.substr(0, semicolon)));
    std::size_t fields = split_words(c.fen).size();
    if (fields != 4 && fields != 6)
        throw std::invalid_argument("FEN with " + std::to_string(fields) + " fields in: " + std::string(line));
    while (semicolon != std::string_view::npos) {
        std::size_t next = line.find(';', semicolon + 1);
        std::string_view field = trim(line.substr(semicolon + 1, next == std::string_view::npos ? next : next - semicolon - 1));
        if (!field.empty()) {
            auto [depth, count] = parse_depth_count(field, line);
            if (!c.counts.emplace(depth, count).second)
                throw std::invalid_argument("depth repeated in: " + std::string(line));
        }
        semicolon = next;
    }
    if (c.counts.empty()) throw std::invalid_argument("no perft counts in: " + std::string(line));
    return c;
}

std::vector<PerftCase> load_epd_perft(std::string_view relative_path, bool chess960) {
    std::vector<std::string> lines = read_lines(shared_data(relative_path));
    std::vector<PerftCase> cases;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (skipped(lines[i])) continue;
        PerftCase c = parse_epd_perft_line(lines[i]);
        c.name = std::string(relative_path) + ":" + std::to_string(i + 1);
        c.chess960 = chess960;
        cases.push_back(std::move(c));
    }
    return cases;
}

std::vector<PerftCase> parse_python_chess_perft(const std::vector<std::string>& lines) {
    std::vector<PerftCase> cases;
    for (const std::string& raw : lines) {
        if (skipped(raw)) continue;
        std::string_view line = trim(raw);
        std::size_t space = line.find(' ');
        std::string_view keyword = line.substr(0, space);
        std::string_view rest = space == std::string_view::npos ? std::string_view() : trim(line.substr(space));
        if (keyword == "id") {
            cases.emplace_back().name = std::string(rest);
        } else if (keyword == "epd" && !cases.empty() && cases.back().fen.empty()) {
            cases.back().fen = std::string(rest);
        } else if (keyword == "perft" && !cases.empty() && !cases.back().fen.empty()) {
            std::vector<std::string> words = split_words(rest);
            if (words.size() != 2) throw std::invalid_argument("bad perft line: " + raw);
            cases.back().counts[parse_int<int>(words[0], raw)] = parse_int<std::uint64_t>(words[1], raw);
        } else {
            throw std::invalid_argument("unexpected line: " + raw);
        }
    }
    return cases;
}

std::vector<PerftCase> load_python_chess_perft(std::string_view relative_path) {
    return parse_python_chess_perft(read_lines(shared_data(relative_path)));
}

std::vector<PerftCase> load_tricky_cases() {
    std::vector<PerftCase> cases = load_python_chess_perft("perft/python-chess_tricky.perft");
    // The X-FEN cases put kings and rooks where only Chess960 castling makes sense.
    for (PerftCase& c : cases) c.chess960 = c.name.starts_with("xfen-") || c.name.starts_with("asymmetrical");
    return cases;
}

std::vector<PerftCase> load_all_suite_cases() {
    std::vector<PerftCase> all;
    auto append = [&all](std::vector<PerftCase> cases) {
        for (PerftCase& c : cases) all.push_back(std::move(c));
    };
    append(load_epd_perft("perft/ethereal_standard.epd"));
    append(load_epd_perft("perft/cpw_perft_positions.epd"));
    append(load_epd_perft("perft/perft-marcel.epd"));
    append(load_epd_perft("perft/perft-ferdy-double-checks.epd"));
    append(load_epd_perft("perft/perft_misc_whittington.epd"));
    append(load_epd_perft("perft/ethereal_fischer.epd", true));
    append(load_tricky_cases());
    return all;
}

std::vector<PerftCase> every_nth(const std::vector<PerftCase>& cases, std::size_t n) {
    std::vector<PerftCase> sample;
    for (std::size_t i = 0; i < cases.size(); i += n) sample.push_back(cases[i]);
    return sample;
}

std::vector<std::pair<int, std::uint64_t>> selected_counts(const PerftCase& c, const PerftBudget& budget) {
    std::vector<std::pair<int, std::uint64_t>> selected;
    for (auto [depth, count] : c.counts)
        if (depth <= budget.max_depth && count <= budget.max_nodes) selected.emplace_back(depth, count);
    if (!budget.all_depths && selected.size() > 1) selected.erase(selected.begin(), selected.end() - 1);
    return selected;
}

namespace {

PerftRun run_perft_case(const PerftCase& c, const PerftBudget& budget) {
    PerftRun run;
    run.total_counts = c.counts.size();
    auto selected = selected_counts(c, budget);
    if (selected.empty()) return run;
    run.cases = 1;
    Position pos;
    StateInfo st;
    if (auto error = pos.set_fen(c.fen, st, c.chess960)) {
        run.failures.push_back(c.name + " [" + c.fen + "]: " + *error);
        return run;
    }
    for (auto [depth, expected] : selected) {
        std::uint64_t nodes = perft(pos, depth);
        ++run.counts;
        run.nodes += nodes;
        if (nodes != expected)
            run.failures.push_back(c.name + " [" + c.fen + "] depth " + std::to_string(depth) + ": expected " +
                                   std::to_string(expected) + ", got " + std::to_string(nodes));
    }
    return run;
}

}  // namespace

PerftRun run_perft_suite(const std::vector<PerftCase>& cases, const PerftBudget& budget, unsigned threads) {
    // Each case gets its own result slot, so the merged report does not depend on scheduling.
    std::vector<PerftRun> results(cases.size());
    auto work = [&](unsigned first) {
        for (std::size_t i = first; i < cases.size(); i += std::max(1u, threads)) results[i] = run_perft_case(cases[i], budget);
    };
    if (threads <= 1) {
        work(0);
    } else {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, t);
        for (std::thread& t : pool) t.join();
    }
    PerftRun total;
    for (PerftRun& r : results) {
        total.cases += r.cases;
        total.counts += r.counts;
        total.total_counts += r.total_counts;
        total.nodes += r.nodes;
        for (std::string& f : r.failures) total.failures.push_back(std::move(f));
    }
    return total;
}

std::string describe_run(std::string_view name, const PerftRun& run) {
    return std::string(name) + ": " + std::to_string(run.cases) + " positions, " + std::to_string(run.counts) +
           " of " + std::to_string(run.total_counts) + " counts, " + std::to_string(run.nodes) + " nodes";
}

}  // namespace augur::test
