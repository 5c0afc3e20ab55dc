#include "session/Connection.h"

namespace msgx::storage {

struct Connection::Worker {
    std::mutex mutex;
    std::condition_variable wake;     // a task was posted, or stop
    std::condition_variable finished; // the posted task returned
    std::function<void()> task;
    bool busy = false;
    bool stop = false;
    std::uint64_t posted = 0;
    std::uint64_t completed = 0;
    std::function<void()> onRetired;
};

void Connection::runWorker(std::shared_ptr<Slot> slot, std::shared_ptr<Worker> workerState) {
    Worker& worker = *workerState;
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock lock(worker.mutex);
            worker.wake.wait(lock, [&] { return worker.stop || worker.task; });
            if (!worker.task) {
                break;
            }
            task = std::move(worker.task);
            worker.task = nullptr;
            worker.busy = true;
        }
        task();
        task = nullptr; // what the task captured is released here, before the caller may go on
        {
            std::lock_guard lock(worker.mutex);
            worker.busy = false;
            ++worker.completed;
            if (slot->abandoned) {
                worker.stop = true;
            }
        }
        worker.finished.notify_all();
    }
    slot->prepared = PreparedStatements();
    slot->session.reset(); // closes the connection to the server, on the thread that used it
    if (worker.onRetired) {
        worker.onRetired();
    }
}

Connection::Connection(std::function<void()> onRetired)
    : slot_(std::make_shared<Slot>()), worker_(std::make_shared<Worker>()) {
    worker_->onRetired = std::move(onRetired);
}

Connection::~Connection() {
    if (!thread_.joinable()) {
        slot_->prepared = PreparedStatements();
        slot_->session.reset();
        if (worker_->onRetired) {
            worker_->onRetired();
        }
        return;
    }
    bool busy = false;
    {
        std::lock_guard lock(worker_->mutex);
        worker_->stop = true;
        busy = worker_->busy || static_cast<bool>(worker_->task);
    }
    worker_->wake.notify_all();
    if (busy) {
        slot_->abandoned = true;
        thread_.detach();
    } else {
        thread_.join();
    }
}

bool Connection::run(std::function<void()> task, std::chrono::steady_clock::time_point deadline) {
    if (!thread_.joinable()) {
        thread_ = std::thread(runWorker, slot_, worker_);
    }
    slot_->committing = false; // the worker is idle: no task of it can be at its COMMIT now
    std::unique_lock lock(worker_->mutex);
    const std::uint64_t ticket = ++worker_->posted;
    worker_->task = std::move(task);
    worker_->wake.notify_all();
    return worker_->finished.wait_until(lock, deadline, [&] { return worker_->completed >= ticket; });
}

} // namespace msgx::storage
