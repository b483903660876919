// Drivers for live protocol sessions in tests: commands go in one at a time
// from the test's thread while the engine searches on its own, and the test
// waits for the replies it expects on a CaptureStream.
#pragma once

#include <string>
#include <thread>

#include "capture_stream.h"
#include "protocol/uci_session.h"
#include "protocol/xboard_session.h"

namespace augur::test {

// A UCI session: send() runs a command on the test's thread, as the engine
// binary's reader does; the search prints from the engine's thread.
class UciDriver {
public:
    UciDriver() : session(out) {}
    bool send(const std::string& line) { return session.execute(line); }
    // Waits until every command sent so far has been answered (isready is
    // answered in order, even during a search).
    bool sync() {
        send("isready");
        return out.expect("readyok").has_value();
    }

    CaptureStream out;
    UciSession session;
};

// An XBoard session answering on its own thread, as the engine binary's main
// thread does while a reader thread feeds it.
class XBoardDriver {
public:
    XBoardDriver() : session(out), thread_([this] { session.run_events(); }) {}
    ~XBoardDriver() { quit(); }
    void send(const std::string& line) { session.post_line(line); }
    // Waits until every command sent so far has been handled.
    bool sync() {
        std::string n = std::to_string(++pings_);
        send("ping " + n);
        return out.expect("pong " + n).has_value();
    }
    // Sends quit and waits for the session to end.
    void quit() {
        send("quit");
        if (thread_.joinable()) thread_.join();
    }

    CaptureStream out;
    XBoardSession session;

private:
    std::thread thread_;
    int pings_ = 0;
};

}  // namespace augur::test
