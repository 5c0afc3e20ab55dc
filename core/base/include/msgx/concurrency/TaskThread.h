#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>

namespace msgx::concurrency {

// One long-lived thread that runs the work handed to it, one piece at a time, in the order it was
// handed over: for work started often and waited for later (the pump's overlapped commits, the msg
// dispatcher's read-ahead and delivered-mark writes). Not std::async's new thread per piece: with
// thousands of short-lived threads their allocations spread over malloc's per-thread arenas, and
// msgxd's RSS rose by 2-3 MB with the pump's commits alone (docs/performance.md, 2026-12-07).
class TaskThread {
public:
    TaskThread();
    // Runs every piece handed over before it (none is dropped: its future gets its result), then
    // joins the thread.
    ~TaskThread();
    TaskThread(const TaskThread&) = delete;
    TaskThread& operator=(const TaskThread&) = delete;

    // Runs `work` on the thread after everything handed over before it; its result, or what it
    // threw, through the future.
    template <typename Work>
    std::future<std::invoke_result_t<Work&>> run(Work work) {
        using Result = std::invoke_result_t<Work&>;
        auto task = std::make_shared<std::packaged_task<Result()>>(std::move(work));
        auto result = task->get_future();
        hand(std::function<void()>([task] { (*task)(); }));
        return result;
    }

private:
    void hand(std::function<void()> piece);
    void loop(const std::stop_token& stop);

    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::deque<std::function<void()>> pieces_;
    std::jthread thread_; // last: started after, and joined before, what it uses
};

} // namespace msgx::concurrency
