#include "protocol/line_reader.h"

namespace augur {

LineRead read_line(std::istream& in, std::string& line, std::size_t max_length) {
    line.clear();
    bool too_long = false;
    char c;
    while (in.get(c)) {
        if (c == '\n') return too_long ? LineRead::TooLong : LineRead::Complete;
        if (line.size() < max_length)
            line += c;
        else
            too_long = true;
    }
    if (too_long) return LineRead::TooLong;
    return line.empty() ? LineRead::EndOfInput : LineRead::Complete;
}

}  // namespace augur
