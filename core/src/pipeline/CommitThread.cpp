#include "msgx/pipeline/CommitThread.h"

#include <stdexcept>
#include <utility>

namespace msgx::pipeline {

CommitThread::CommitThread() : thread_([this](const std::stop_token& stop) { loop(stop); }) {}

CommitThread::~CommitThread() {
    thread_.request_stop();
    wake_.notify_all();
}

std::future<storage::WriteResult> CommitThread::run(std::function<storage::WriteResult()> work) {
    std::packaged_task<storage::WriteResult()> task(std::move(work));
    auto result = task.get_future();
    {
        const std::scoped_lock lock(mutex_);
        if (next_) {
            throw std::logic_error("CommitThread: a commit is waiting to start already");
        }
        next_ = std::move(task);
    }
    wake_.notify_one();
    return result;
}

void CommitThread::loop(const std::stop_token& stop) {
    while (true) {
        std::packaged_task<storage::WriteResult()> task;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop, [this] { return next_.has_value(); })) {
                return; // stopped with nothing to run
            }
            task = std::move(*next_);
            next_.reset();
        }
        task(); // an exception of the work reaches the future
    }
}

} // namespace msgx::pipeline
