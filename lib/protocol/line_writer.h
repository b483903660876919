// LineWriter: the one way a session writes to its output stream.
//
// A session's replies come from two threads: the command reader (readyok,
// errors, reports) and the engine's search thread (info lines, bestmove,
// XBoard thinking output). Routing every write through one mutex keeps their
// lines whole, and flushing after each unit means a GUI reading a pipe sees a
// line as soon as it is complete.
#pragma once

#include <mutex>
#include <ostream>
#include <string_view>

namespace augur {

class LineWriter {
public:
    explicit LineWriter(std::ostream& out) : out_(out) {}
    LineWriter(const LineWriter&) = delete;
    LineWriter& operator=(const LineWriter&) = delete;

    // Writes text and a newline, then flushes.
    void line(std::string_view text) {
        std::lock_guard lock(mutex_);
        out_ << text << '\n';
        out_.flush();
    }

    // Gives write exclusive use of the stream for a multi-line report (perft,
    // bench, d), then flushes.
    template <class Write>
    void block(Write&& write) {
        std::lock_guard lock(mutex_);
        write(out_);
        out_.flush();
    }

private:
    std::mutex mutex_;
    std::ostream& out_;
};

}  // namespace augur
