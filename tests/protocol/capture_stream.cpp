#include "capture_stream.h"

namespace augur::test {

CaptureStream::Buffer::int_type CaptureStream::Buffer::overflow(int_type c) {
    if (c != traits_type::eof()) {
        char ch = traits_type::to_char_type(c);
        owner_.append(&ch, 1);
    }
    return traits_type::not_eof(c);
}

std::streamsize CaptureStream::Buffer::xsputn(const char* s, std::streamsize n) {
    owner_.append(s, std::size_t(n));
    return n;
}

void CaptureStream::append(const char* s, std::size_t n) {
    {
        std::lock_guard lock(mutex_);
        text_.append(s, n);
        for (std::size_t i = 0; i < n; ++i) {
            if (s[i] != '\n') {
                partial_ += s[i];
                continue;
            }
            lines_.push_back(std::move(partial_));
            times_.push_back(Clock::now());
            partial_.clear();
        }
    }
    changed_.notify_all();
}

std::optional<std::pair<std::string, CaptureStream::Clock::time_point>> CaptureStream::expect_timed(
    const std::string& pattern, std::chrono::milliseconds timeout) {
    std::regex re(pattern);
    auto deadline = Clock::now() + timeout;
    std::unique_lock lock(mutex_);
    for (;;) {
        for (; next_ < lines_.size(); ++next_) {
            if (std::regex_match(lines_[next_], re)) {
                auto found = std::make_pair(lines_[next_], times_[next_]);
                ++next_;
                return found;
            }
        }
        if (changed_.wait_until(lock, deadline) == std::cv_status::timeout && next_ == lines_.size())
            return std::nullopt;
    }
}

std::optional<std::string> CaptureStream::expect(const std::string& pattern, std::chrono::milliseconds timeout) {
    auto found = expect_timed(pattern, timeout);
    if (!found) return std::nullopt;
    return found->first;
}

bool CaptureStream::stays_without(const std::string& pattern, std::chrono::milliseconds time) {
    std::regex re(pattern);
    auto deadline = Clock::now() + time;
    std::unique_lock lock(mutex_);
    std::size_t checked = next_;
    for (;;) {
        for (; checked < lines_.size(); ++checked)
            if (std::regex_match(lines_[checked], re)) return false;
        if (changed_.wait_until(lock, deadline) == std::cv_status::timeout) {
            for (; checked < lines_.size(); ++checked)
                if (std::regex_match(lines_[checked], re)) return false;
            return true;
        }
    }
}

std::string CaptureStream::text() const {
    std::lock_guard lock(mutex_);
    return text_;
}

std::vector<std::string> CaptureStream::lines() const {
    std::lock_guard lock(mutex_);
    return lines_;
}

std::vector<std::string> CaptureStream::unread_lines() const {
    std::lock_guard lock(mutex_);
    return {lines_.begin() + long(next_), lines_.end()};
}

}  // namespace augur::test
