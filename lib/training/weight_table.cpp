#include "training/weight_table.h"

#include <algorithm>
#include <charconv>
#include <regex>
#include <sstream>
#include <type_traits>

#include "eval/eval_trace.h"

namespace augur::training {

namespace {

constexpr const char* PIECE_NAMES[] = {"NONE", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"};
constexpr std::size_t PIECE_SLOTS = 7;

// A field of EvalWeights: its ints' slots in storage order.
struct Field {
    std::string name;
    bool score = false;
    std::vector<std::size_t> slots;
};

template <class F>
void visit_ints(const int& value, F& f) { f(value); }
template <class F>
void visit_ints(const Score& value, F& f) {
    f(value.mg);
    f(value.eg);
}
template <class T, std::size_t N, class F>
void visit_ints(const T (&array)[N], F& f) {
    for (const T& item : array) visit_ints(item, f);
}

std::vector<Field> fields_of(const EvalWeights& weights) {
    std::vector<Field> fields;
    weights.for_each([&](const char* name, const auto& field) {
        using Element = std::remove_all_extents_t<std::remove_cvref_t<decltype(field)>>;
        Field f{name, std::is_same_v<Element, Score>, {}};
        auto add = [&](const int& value) { f.slots.push_back(weight_slot(weights, value)); };
        visit_ints(field, add);
        fields.push_back(std::move(f));
    });
    return fields;
}

struct Token {
    std::size_t line = 0, segment = 0, begin = 0, end = 0;
    std::string text;
};

// The white-space separated words of line[from, the first "//").
void tokenize(const std::string& line, std::size_t line_index, std::size_t from, std::vector<Token>& out) {
    std::size_t to = std::min(line.find("//", from), line.size());
    std::size_t segment = from, i = from;
    while (true) {
        while (i < to && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i >= to) return;
        std::size_t begin = i;
        while (i < to && line[i] != ' ' && line[i] != '\t') ++i;
        out.push_back({line_index, segment, begin, i, line.substr(begin, i - begin)});
        segment = i;
    }
}

std::optional<int> parse_int(const std::string& text) {
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

// An entry as read: its header's parts and its words.
struct RawEntry {
    std::string name, kind, where;
    std::vector<std::string> dims;
    std::vector<Token> tokens;
};

// Gives each number of an entry its element index in storage order, as
// gen_tables.py's shaped() does: a PIECE dimension is a piece name followed by
// its values, a SQUARE one 64 values written rank 8 first.
class Shaper {
public:
    Shaper(const RawEntry& raw, std::vector<std::size_t> sizes) : raw_(raw), sizes_(std::move(sizes)) {}

    std::optional<std::string> shape(std::size_t level, std::size_t base, std::vector<std::pair<Token, std::size_t>>& out) {
        if (level == sizes_.size()) {
            if (next_ >= raw_.tokens.size()) return raw_.where + ": " + raw_.name + ": too few values";
            out.emplace_back(raw_.tokens[next_++], base);
            return std::nullopt;
        }
        std::size_t stride = 1;
        for (std::size_t l = level + 1; l < sizes_.size(); ++l) stride *= sizes_[l];
        if (raw_.dims[level] == "PIECE") {
            while (next_ < raw_.tokens.size()) {
                const std::string& word = raw_.tokens[next_].text;
                auto piece = std::find_if(std::begin(PIECE_NAMES) + 1, std::end(PIECE_NAMES),
                                          [&](const char* n) { return word == n; });
                if (piece == std::end(PIECE_NAMES))
                    return raw_.where + ": " + raw_.name + ": expected a piece type, got \"" + word + "\"";
                ++next_;
                auto index = std::size_t(piece - std::begin(PIECE_NAMES));
                if (auto error = shape(level + 1, base + index * stride, out)) return error;
            }
            return std::nullopt;
        }
        bool board = raw_.dims[level] == "SQUARE";
        for (std::size_t k = 0; k < sizes_[level]; ++k) {
            std::size_t index = board ? (7 - k / 8) * 8 + k % 8 : k;
            if (auto error = shape(level + 1, base + index * stride, out)) return error;
        }
        return std::nullopt;
    }
    bool all_used() const { return next_ == raw_.tokens.size(); }

private:
    const RawEntry& raw_;
    std::vector<std::size_t> sizes_;
    std::size_t next_ = 0;
};

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::optional<std::string> read_entries(const std::vector<std::string>& lines, const std::string& name,
                                        std::vector<RawEntry>& entries) {
    static const std::regex HEADER(R"(^([a-z][a-z0-9_]*)\s*:\s*(int|Score|string)((?:\[[A-Z0-9]*\])*)\s*=(.*)$)");
    RawEntry* current = nullptr;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        std::string where = name + ":" + std::to_string(i + 1);
        auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos) {
            current = nullptr;
            continue;
        }
        if (line[first] == '#') continue;
        if (line.compare(first, 2, "//") == 0) {
            current = nullptr;
            continue;
        }
        if (first > 0) {
            if (!current) return where + ": a continuation line without an entry";
            tokenize(line, i, 0, current->tokens);
            continue;
        }
        std::smatch match;
        if (!std::regex_match(line, match, HEADER)) return where + ": expected \"name: TYPE = VALUES\", got: " + line;
        RawEntry entry{match[1], match[2], where, {}, {}};
        if (entry.kind == "string") return where + ": " + entry.name + ": a weight table holds no strings";
        std::string dims = match[3];
        static const std::regex DIM(R"(\[([A-Z0-9]*)\])");
        for (auto it = std::sregex_iterator(dims.begin(), dims.end(), DIM); it != std::sregex_iterator(); ++it)
            entry.dims.push_back((*it)[1]);
        for (const RawEntry& e : entries)
            if (e.name == entry.name) return where + ": " + entry.name + " is defined twice";
        tokenize(line, i, std::size_t(match.position(4)), entry.tokens);
        entries.push_back(std::move(entry));
        current = &entries.back();
    }
    return std::nullopt;
}

std::optional<std::string> sizes_of(const RawEntry& raw, std::vector<std::size_t>& sizes) {
    for (const std::string& d : raw.dims) {
        if (d == "PIECE") sizes.push_back(PIECE_SLOTS);
        else if (d == "SQUARE") sizes.push_back(64);
        else if (auto n = parse_int(d); n && *n > 0) sizes.push_back(std::size_t(*n));
        else return raw.where + ": " + raw.name + ": a dimension is a number, PIECE or SQUARE";
    }
    return std::nullopt;
}

std::string number_text(const std::vector<std::size_t>& slots, bool score, std::size_t element, const EvalWeights& w) {
    if (!score) return std::to_string(weight_at(w, slots[element]));
    return std::to_string(weight_at(w, slots[2 * element])) + "/" + std::to_string(weight_at(w, slots[2 * element + 1]));
}

}  // namespace

std::optional<std::string> WeightTable::parse(const std::string& text, const std::string& name, WeightTable& table) {
    table = WeightTable{};
    table.lines_ = split_lines(text);
    std::vector<RawEntry> raw_entries;
    if (auto error = read_entries(table.lines_, name, raw_entries)) return error;
    std::vector<Field> fields = fields_of(table.weights_);
    for (const RawEntry& raw : raw_entries) {
        auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == raw.name; });
        if (field == fields.end()) return raw.where + ": " + raw.name + " is not a weight of the evaluation";
        std::vector<std::size_t> sizes;
        if (auto error = sizes_of(raw, sizes)) return error;
        std::size_t elements = 1;
        for (std::size_t s : sizes) elements *= s;
        if ((raw.kind == "Score") != field->score || elements * (field->score ? 2 : 1) != field->slots.size())
            return raw.where + ": " + raw.name + " has another type or size than the evaluation's";
        Shaper shaper(raw, sizes);
        std::vector<std::pair<Token, std::size_t>> numbers;
        if (auto error = shaper.shape(0, 0, numbers)) return error;
        if (!shaper.all_used()) return raw.where + ": " + raw.name + ": too many values";
        Entry entry{raw.name, field->score, {}, field->slots};
        for (const auto& [token, element] : numbers) {
            std::string mg = token.text, eg;
            if (entry.score) {
                auto slash = token.text.find('/');
                if (slash == std::string::npos) mg.clear();
                else mg = token.text.substr(0, slash), eg = token.text.substr(slash + 1);
            }
            auto m = parse_int(mg);
            auto e = entry.score ? parse_int(eg) : std::optional<int>(0);
            if (!m || !e)
                return name + ":" + std::to_string(token.line + 1) + ": " + raw.name + ": \"" + token.text + "\" is not a" +
                       (entry.score ? " Score" : "n int");
            set_weight_at(table.weights_, entry.slots[entry.score ? 2 * element : element], *m);
            if (entry.score) set_weight_at(table.weights_, entry.slots[2 * element + 1], *e);
            entry.values.push_back({token.line, token.segment, token.begin, token.end, element});
        }
        table.entries_.push_back(std::move(entry));
        fields.erase(field);
    }
    if (!fields.empty()) return name + ": the evaluation's weight " + fields.front().name + " is missing";
    return std::nullopt;
}

EvalWeights WeightTable::weights() const { return weights_; }

std::optional<std::string> WeightTable::write(const EvalWeights& weights, std::string& text) const {
    struct Replacement {
        const Value* value;
        std::string text;
    };
    std::vector<std::vector<Replacement>> by_line(lines_.size());
    for (const Entry& entry : entries_) {
        std::vector<bool> written(entry.slots.size(), false);
        for (const Value& v : entry.values) {
            by_line[v.line].push_back({&v, number_text(entry.slots, entry.score, v.element, weights)});
            std::size_t width = entry.score ? 2 : 1;
            for (std::size_t i = 0; i < width; ++i) written[v.element * width + i] = true;
        }
        for (std::size_t i = 0; i < entry.slots.size(); ++i)
            if (!written[i] && weight_at(weights, entry.slots[i]) != 0)
                return entry.name + ": a value other than 0 where the table has no place for one";
    }
    for (auto& line : by_line)
        std::sort(line.begin(), line.end(), [](const Replacement& a, const Replacement& b) { return a.value->begin < b.value->begin; });
    text.clear();
    for (std::size_t line = 0; line < lines_.size(); ++line) {
        const std::string& old = lines_[line];
        std::size_t done = 0;
        for (const Replacement& r : by_line[line]) {
            const Value& v = *r.value;
            std::size_t space = v.begin - v.segment, width = v.end - v.segment;
            std::size_t min_space = space > 0 ? 1 : 0;
            std::size_t new_space = width > r.text.size() + min_space ? width - r.text.size() : min_space;
            text.append(old, done, v.segment - done);
            text.append(new_space, ' ');
            text += r.text;
            done = v.end;
        }
        text.append(old, done, std::string::npos);
        text += '\n';
    }
    return std::nullopt;
}

}  // namespace augur::training
