// EngineProcess: another program run as a child process that talks in lines
// over its standard input and output, as UCI engines do. Reads wait at most
// until a deadline, so a hung engine cannot hang the caller; writes never raise
// SIGPIPE (the channel is a socket pair written with MSG_NOSIGNAL), so an
// engine that died is an error to report, not a signal that kills the match.
// The child's standard error goes to /dev/null, keeping the match's output clean.
//
// Destroying the object ends the child: it is asked to quit, given a moment,
// then killed, and always reaped (no zombies). POSIX only.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

namespace augur::play {

class EngineProcess {
public:
    using Clock = std::chrono::steady_clock;

    struct Started {
        std::unique_ptr<EngineProcess> process;
        std::string error;  // why the program could not be started
    };
    static Started start(const std::string& program);

    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Sends one line (a newline is added); false if the engine is gone.
    bool write_line(std::string_view line);

    enum class ReadStatus { Line, Timeout, Closed };
    // The next line (without its end of line), waiting until deadline.
    ReadStatus read_line(std::string& line, Clock::time_point deadline);

    // A sentence on how the child ended, once it has ("exited with status 1",
    // "killed by signal 11"), or "is not answering" while it runs.
    std::string exit_description();

private:
    EngineProcess(pid_t pid, int fd) : pid_(pid), fd_(fd) {}
    void end_child();

    pid_t pid_;
    int fd_;
    int exit_status_ = -1;  // waitpid status once reaped
    bool reaped_ = false;
    std::string buffer_;    // read but not yet returned
};

}  // namespace augur::play
