// SessionEvents: the queue that serialises everything an XBoard session
// reacts to. Command lines arrive from a reader thread, finished searches from
// the engine's thread; the session takes them one at a time on its own
// thread, so its game, clocks and modes are only ever touched by one thread
// and a search never has to wait for the session (or the other way round)
// while holding a lock.
//
// It is shared (shared_ptr) with the reader thread, which may outlive the
// session when it is blocked reading a terminal or pipe at exit.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

#include "search/search.h"

namespace augur {

struct SessionEvent {
    enum class Kind { Line, LineTooLong, EndOfInput, SearchDone };
    Kind kind = Kind::Line;
    std::string line;           // Line
    int search_id = 0;          // SearchDone: which search ended
    SearchResult result;        // SearchDone
};

class SessionEvents {
public:
    void push(SessionEvent event) {
        {
            std::lock_guard lock(mutex_);
            events_.push_back(std::move(event));
        }
        ready_.notify_one();
    }
    void push_line(std::string line) { push({SessionEvent::Kind::Line, std::move(line), 0, {}}); }
    void push_end_of_input() { push({SessionEvent::Kind::EndOfInput, {}, 0, {}}); }

    // Blocks until an event arrives.
    SessionEvent pop() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return !events_.empty(); });
        SessionEvent event = std::move(events_.front());
        events_.pop_front();
        return event;
    }

    // Set when the session has ended; a reader stops at its next line.
    void close() {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    bool closed() const {
        std::lock_guard lock(mutex_);
        return closed_;
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<SessionEvent> events_;
    bool closed_ = false;
};

}  // namespace augur
