// WorkerThread: one thread that runs jobs one at a time and sleeps in between.
//
// The engine keeps one for its asynchronous searches and one per Lazy SMP
// helper, created on first use and reused, so that a search does not pay for
// starting threads. The destructor waits for the running job and joins.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace augur {

class WorkerThread {
public:
    WorkerThread();
    ~WorkerThread();
    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;

    // Runs job on the thread; waits first for a job still running. The job
    // must not throw (an escaping exception would terminate the process).
    void run(std::function<void()> job);
    // Blocks until no job is running.
    void wait_idle();
    std::thread::id id() const { return thread_.get_id(); }

private:
    void loop();

    std::mutex mutex_;
    std::condition_variable changed_;
    std::function<void()> job_;
    bool busy_ = false;
    bool quit_ = false;
    std::thread thread_;  // last: it starts running loop() in the constructor
};

}  // namespace augur
