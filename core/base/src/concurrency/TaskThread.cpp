#include "msgx/concurrency/TaskThread.h"

namespace msgx::concurrency {

TaskThread::TaskThread() : thread_([this](const std::stop_token& stop) { loop(stop); }) {}

TaskThread::~TaskThread() {
    thread_.request_stop();
    wake_.notify_all();
}

void TaskThread::hand(std::function<void()> piece) {
    {
        const std::scoped_lock lock(mutex_);
        pieces_.push_back(std::move(piece));
    }
    wake_.notify_one();
}

void TaskThread::loop(const std::stop_token& stop) {
    while (true) {
        std::function<void()> piece;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, stop, [this] { return !pieces_.empty(); });
            if (pieces_.empty()) {
                return; // stopped with nothing left to run
            }
            piece = std::move(pieces_.front());
            pieces_.pop_front();
        }
        piece(); // a packaged_task: what the work throws reaches its future
    }
}

} // namespace msgx::concurrency
