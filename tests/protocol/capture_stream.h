// CaptureStream: an std::ostream that a session writes to from several
// threads while a test waits for lines to appear, pexpect-style.
//
// expect() waits for the next line (after the ones already matched) that
// matches a regular expression and returns it; lines skipped on the way count
// as seen. The whole output stays available through text() and lines().
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <ostream>
#include <regex>
#include <streambuf>
#include <string>
#include <vector>

namespace augur::test {

class CaptureStream : public std::ostream {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::chrono::milliseconds DEFAULT_TIMEOUT{10000};

    CaptureStream() : std::ostream(&buffer_) {}

    // The next line matching pattern (std::regex, ECMAScript, whole line), or
    // nullopt once timeout has passed without one.
    std::optional<std::string> expect(const std::string& pattern,
                                      std::chrono::milliseconds timeout = DEFAULT_TIMEOUT);
    // Like expect(), also giving the moment the line was written.
    std::optional<std::pair<std::string, Clock::time_point>> expect_timed(
        const std::string& pattern, std::chrono::milliseconds timeout = DEFAULT_TIMEOUT);
    // True when no line matching pattern appears within the time (lines are not consumed).
    bool stays_without(const std::string& pattern, std::chrono::milliseconds time);

    std::string text() const;
    std::vector<std::string> lines() const;
    // The complete lines not yet passed by expect().
    std::vector<std::string> unread_lines() const;

private:
    class Buffer : public std::streambuf {
    public:
        explicit Buffer(CaptureStream& owner) : owner_(owner) {}

    protected:
        int_type overflow(int_type c) override;
        std::streamsize xsputn(const char* s, std::streamsize n) override;

    private:
        CaptureStream& owner_;
    };

    void append(const char* s, std::size_t n);

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::string text_;
    std::string partial_;
    std::vector<std::string> lines_;
    std::vector<Clock::time_point> times_;
    std::size_t next_ = 0;  // first line expect() has not passed
    Buffer buffer_{*this};
};

}  // namespace augur::test
