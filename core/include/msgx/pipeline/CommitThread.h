#pragma once

#include "msgx/storage/ProcessingQueue.h"

#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <thread>

namespace msgx::pipeline {

// The thread the pump's overlapped commits run on (Pump.h), one at a time. A long-lived thread
// rather than std::async's new thread per commit: with a commit every ~50 ms (make soak, 1,000
// msg/s) the short-lived threads' allocations spread over malloc's per-thread arenas and msgxd's
// RSS rose by ~2 MB in the first minutes (docs/performance.md, 2026-12-07).
class CommitThread {
public:
    CommitThread();
    // Waits for the commit that runs, if any.
    ~CommitThread();
    CommitThread(const CommitThread&) = delete;
    CommitThread& operator=(const CommitThread&) = delete;

    // Runs `work` on the thread; its result, or what it threw, through the future. Throws
    // std::logic_error while an earlier commit has not started yet (the pump runs one at a time).
    std::future<storage::WriteResult> run(std::function<storage::WriteResult()> work);

private:
    void loop(const std::stop_token& stop);

    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::optional<std::packaged_task<storage::WriteResult()>> next_;
    std::jthread thread_; // last: started after, and joined before, what it uses
};

} // namespace msgx::pipeline
