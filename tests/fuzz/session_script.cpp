#include "session_script.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

#include "protocol/tokens.h"

namespace augur::fuzz {

namespace {

// A UCI `go` (not perft) with its arguments: every value after `nodes` capped
// at MAX_SEARCH_NODES, or, without `nodes`, SEARCH_NODES appended.
std::string bounded_search(std::string_view line, const std::vector<std::string_view>& arguments) {
    if (std::ranges::find(arguments, std::string_view("nodes")) == arguments.end())
        return std::string(line) + " nodes " + std::to_string(SEARCH_NODES);
    std::string out = "go";
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        bool node_limit = i > 0 && arguments[i - 1] == "nodes";
        out += ' ' + (node_limit ? capped(arguments[i], MAX_SEARCH_NODES) : std::string(arguments[i]));
    }
    return out;
}

// One UCI line, rewritten if it asks for too much; nullopt drops it.
std::optional<std::string> bounded_uci_line(std::string_view line) {
    Tokens tokens(line);
    std::string_view command = tokens.next();
    if (command == "bench") return std::nullopt;
    if (command == "go") {
        if (tokens.peek() == "perft") {
            tokens.next();
            std::string depth = capped(tokens.next(), MAX_PERFT_DEPTH);
            return "go perft " + depth + " " + join_words(tokens.take_rest());
        }
        return bounded_search(line, tokens.take_rest());
    }
    if (command == "setoption") {
        std::vector<std::string_view> words = tokens.take_rest();
        auto name_end = std::ranges::find(words, std::string_view("value"));
        if (name_end == words.end()) return std::string(line);
        std::vector<std::string_view> name_words(words.begin(), name_end);
        if (!name_words.empty() && name_words.front() == "name") name_words.erase(name_words.begin());
        std::vector<std::string_view> value_words(name_end + 1, words.end());
        auto value = bounded_option(join_words(name_words), join_words(value_words));
        if (!value) return std::nullopt;
        std::vector<std::string_view> rebuilt(words.begin(), name_end + 1);
        return "setoption " + join_words(rebuilt) + " " + *value;
    }
    return std::string(line);
}

// The line that limits the depth of the XBoard searches that follow.
std::string xboard_depth_line() { return "sd " + std::to_string(SEARCH_DEPTH); }

// One XBoard line, rewritten if it asks for too much; nullopt drops it.
std::optional<std::string> bounded_xboard_line(std::string_view line) {
    Tokens tokens(line);
    std::string_view command = tokens.next();
    if (command == "sd") return "sd " + capped(tokens.next(), MAX_SEARCH_DEPTH) + " " + join_words(tokens.take_rest());
    // `new` lifts the depth limit: it is set again at once.
    if (command == "new") return std::string(line) + "\n" + xboard_depth_line();
    if (command == "memory") return "memory " + capped(tokens.next(), MAX_HASH_MB);
    if (command == "cores") return "cores " + capped(tokens.next(), MAX_THREADS);
    if (command == "egtpath") {
        // egtpath KIND PATH: the path is SyzygyPath's.
        std::string kind(tokens.next());
        std::string path = join_words(tokens.take_rest());
        if (!bounded_option("SyzygyPath", path)) return std::nullopt;
        return "egtpath " + kind + " " + path;
    }
    if (command == "option") {
        // option NAME=VALUE, where NAME may hold spaces.
        std::string_view rest = line.substr(line.find("option") + 6);
        std::size_t equals = rest.find('=');
        if (equals == std::string_view::npos) return std::string(line);
        Tokens name_words(rest.substr(0, equals));
        auto value = bounded_option(join_words(name_words.take_rest()), rest.substr(equals + 1));
        if (!value) return std::nullopt;
        return "option " + std::string(rest.substr(0, equals)) + "=" + *value;
    }
    return std::string(line);
}

std::string bounded_script(std::string_view script,
                           const std::function<std::optional<std::string>(std::string_view)>& bound_line) {
    std::string out;
    while (!script.empty()) {
        std::size_t end = script.find('\n');
        std::string_view line = script.substr(0, end);
        script = end == std::string_view::npos ? std::string_view() : script.substr(end + 1);
        if (auto bounded = bound_line(line)) out += *bounded + '\n';
    }
    return out;
}

// Every option's value at the start of an input, in engine_options() order:
// a new engine's, but Hash INPUT_HASH_MB.
std::vector<std::string> input_option_values() {
    Engine fresh;
    (void)fresh.set_option("Hash", INPUT_HASH_MB);
    std::span<const std::string> values = fresh.option_values();
    return {values.begin(), values.end()};
}

}  // namespace

std::string bounded_uci_script(std::string_view script) { return bounded_script(script, bounded_uci_line); }

std::string bounded_xboard_script(std::string_view script) {
    return xboard_depth_line() + "\n" + bounded_script(script, bounded_xboard_line);
}

int count_requests(std::string_view script, std::string_view word, bool with_number) {
    int count = 0;
    while (!script.empty()) {
        std::size_t end = script.find('\n');
        std::string_view line = script.substr(0, end);
        script = end == std::string_view::npos ? std::string_view() : script.substr(end + 1);
        if (line.find("quit") != std::string_view::npos) break;
        if (with_number) {
            if (line.starts_with(word) && line.size() > word.size() && line[word.size()] == ' ' &&
                plain_number(line.substr(word.size() + 1)))
                ++count;
        } else if (line == word) {
            ++count;
        }
    }
    return count;
}

int count_lines_starting(std::string_view output, std::string_view prefix) {
    int count = 0;
    while (!output.empty()) {
        std::size_t end = output.find('\n');
        if (output.substr(0, end).starts_with(prefix)) ++count;
        output = end == std::string_view::npos ? std::string_view() : output.substr(end + 1);
    }
    return count;
}

Engine& reused_engine() {
    static Engine engine;
    static const bool hash_set = !engine.set_option("Hash", INPUT_HASH_MB);
    FUZZ_CHECK(hash_set, "Hash " + std::string(INPUT_HASH_MB));
    return engine;
}

void restore_engine(Engine& engine, bool searched) {
    static const std::vector<std::string> defaults = input_option_values();
    std::span<const OptionSpec> specs = Engine::option_list();
    engine.stop_and_wait();
    try {
        (void)engine.wait();
    } catch (...) {
        // A listener's error the session left uncollected: dropped, as the
        // destructor of the engine a session owns drops it.
    }
    auto changed_options = [&] {
        std::vector<std::size_t> changed;
        std::span<const std::string> values = engine.option_values();
        for (std::size_t i = 0; i < specs.size(); ++i)
            if (values[i] != defaults[i]) changed.push_back(i);
        return changed;
    };
    // Most inputs change no option: one look at each, and nothing to set.
    std::vector<std::size_t> changed = changed_options();
    // One option may refuse its default while another still holds it back
    // (EvalFile cannot be emptied while Eval is nnue): a second pass sets it.
    for (int pass = 0; pass < 2 && !changed.empty(); ++pass) {
        for (std::size_t i : changed) (void)engine.set_option(specs[i].name, defaults[i]);
        changed = changed_options();
    }
    FUZZ_CHECK(changed.empty(),
               changed.empty() ? "" : "option " + std::string(specs[changed[0]].name) + " not back at its value");
    // Only a search writes the table and the histories (an evaluation's pawn
    // hash changes no result): emptying them costs more than most inputs.
    if (searched) engine.new_game();
}

}  // namespace augur::fuzz
