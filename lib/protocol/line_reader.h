// Reading command lines from a stream with a length cap, for both protocols.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace augur {

// Input lines longer than this are discarded with an error: no legitimate
// command comes close (a 1000-move game is about 5 KB), and the cap keeps a
// stream of garbage without line breaks from eating memory.
constexpr std::size_t MAX_LINE_LENGTH = 1 << 20;

enum class LineRead { Complete, TooLong, EndOfInput };

// Like std::getline, but keeps at most max_length bytes and reports when it
// had to drop the rest of the line. A last line without '\n' is Complete.
LineRead read_line(std::istream& in, std::string& line, std::size_t max_length = MAX_LINE_LENGTH);

}  // namespace augur
