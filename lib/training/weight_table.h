// WeightTable: the text of an evaluation weight table (lib/eval/weights.table,
// in the format lib/tools/gen_tables.py reads), read into EvalWeights and
// written back with other numbers. Writing keeps every comment, line and
// column: each number is replaced in place, right-aligned where it stood, so
// that a tuned table differs from the original only in its numbers.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "eval/weights.h"

namespace augur::training {

class WeightTable {
public:
    // Fails (a message naming the line) on text gen_tables.py would refuse,
    // or a table whose entries are not exactly EvalWeights' fields and sizes.
    static std::optional<std::string> parse(const std::string& text, const std::string& name, WeightTable& table);

    // The table's numbers; slots a PIECE dimension does not name are zero.
    EvalWeights weights() const;
    // The text with the numbers of weights. Fails when a weight that the table
    // has no place for (a PIECE slot it does not name) is not zero.
    std::optional<std::string> write(const EvalWeights& weights, std::string& text) const;

private:
    struct Value {
        std::size_t line = 0;
        std::size_t segment = 0;  // where the white space before the number starts
        std::size_t begin = 0, end = 0;
        std::size_t element = 0;  // index into the field, in storage order
    };
    struct Entry {
        std::string name;
        bool score = false;
        std::vector<Value> values;
        std::vector<std::size_t> slots;  // the field's ints (eval_trace.h), in storage order
    };

    std::vector<std::string> lines_;
    std::vector<Entry> entries_;
    EvalWeights weights_{};
};

}  // namespace augur::training
