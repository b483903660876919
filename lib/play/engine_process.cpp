#include "play/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>
#include <vector>

extern char** environ;

namespace augur::play {

namespace {

constexpr auto QUIT_GRACE = std::chrono::milliseconds(500);

}  // namespace

EngineProcess::Started EngineProcess::start(const std::string& program) {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        return {nullptr, std::string("cannot make a socket pair: ") + std::strerror(errno)};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the copies, so the child keeps exactly these.
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    std::vector<char*> argv = {const_cast<char*>(program.c_str()), nullptr};
    pid_t pid = 0;
    int status = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (status != 0) {
        close(fds[0]);
        return {nullptr, "cannot start " + program + ": " + std::strerror(status)};
    }
    return {std::unique_ptr<EngineProcess>(new EngineProcess(pid, fds[0])), {}};
}

EngineProcess::~EngineProcess() {
    end_child();
    close(fd_);
}

void EngineProcess::end_child() {
    if (reaped_) return;
    write_line("quit");
    shutdown(fd_, SHUT_WR);  // an engine reading its input sees the end of it
    auto deadline = Clock::now() + QUIT_GRACE;
    while (Clock::now() < deadline) {
        if (waitpid(pid_, &exit_status_, WNOHANG) == pid_) {
            reaped_ = true;
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, &exit_status_, 0);
    reaped_ = true;
}

bool EngineProcess::write_line(std::string_view line) {
    std::string text(line);
    text += '\n';
    std::size_t sent = 0;
    while (sent < text.size()) {
        ssize_t n = send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        sent += std::size_t(n);
    }
    return true;
}

EngineProcess::ReadStatus EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        if (std::size_t end = buffer_.find('\n'); end != std::string::npos) {
            line = buffer_.substr(0, end);
            buffer_.erase(0, end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return ReadStatus::Line;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return ReadStatus::Timeout;
        pollfd waiting{fd_, POLLIN, 0};
        int ready = poll(&waiting, 1, int(std::min<long long>(left, 1000 * 1000)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;  // the deadline is checked above
        char chunk[4096];
        ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return ReadStatus::Closed;
        buffer_.append(chunk, std::size_t(n));
    }
}

std::string EngineProcess::exit_description() {
    // A child that closed its output is usually a moment away from exiting.
    auto deadline = Clock::now() + std::chrono::milliseconds(200);
    while (!reaped_ && Clock::now() < deadline) {
        if (waitpid(pid_, &exit_status_, WNOHANG) == pid_) reaped_ = true;
        else std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (!reaped_) return "is not answering";
    if (WIFSIGNALED(exit_status_)) return "was killed by signal " + std::to_string(WTERMSIG(exit_status_));
    return "exited with status " + std::to_string(WEXITSTATUS(exit_status_));
}

}  // namespace augur::play
