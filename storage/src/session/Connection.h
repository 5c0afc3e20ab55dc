#pragma once

#include "session/PreparedStatements.h"
#include "session/ServerSession.h"

#include <Poco/Data/Session.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace msgx::storage {

// One database session and the one thread that uses it. Every unit of work on the session runs on
// that thread, so a caller can stop waiting for a server that does not answer (a frozen process, a
// partitioned network: no driver timeout covers every case, platform-notes §12): the work goes on
// without the caller, and the connection is abandoned.
class Connection {
public:
    // What the tasks work on; shared by the worker thread and the connection object.
    struct Slot {
        std::optional<Poco::Data::Session> session; // opened lazily; only touched on the worker thread
        std::optional<ServerSession> server;        // who `session` is on its server, when known
        PreparedStatements prepared;                // of `session`; cleared before it is closed
        std::atomic<bool> abandoned{false};         // the caller gave up: the task must not commit
        std::atomic<bool> committing{false};        // the task of this run() is about to send COMMIT
    };

    // The worker thread starts with the first run(). `onRetired` is called when the connection
    // ends, after the session was closed (on the worker thread when there is one).
    explicit Connection(std::function<void()> onRetired);
    // Ends the worker: joins it when it is idle; detaches it when it is still running a task (an
    // abandoned connection), in which case it ends on its own when the task returns. Without a
    // worker, closes the session at once.
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    [[nodiscard]] const std::shared_ptr<Slot>& slot() const { return slot_; }

    // Runs `task` on the calling thread instead (no worker is started for it).
    void runHere(const std::function<void()>& task) { task(); }

    // Runs `task` (which must not throw) on the worker. Returns true when it finished by
    // `deadline`; false otherwise, and the task keeps running: call abandon() and never use this
    // connection again.
    bool run(std::function<void()> task, std::chrono::steady_clock::time_point deadline);

    // Marks the connection as given up; the running task sees Slot::abandoned. Returns whether the
    // task had already decided to send COMMIT (Slot::committing): then its outcome is unknown.
    bool abandon() {
        slot_->abandoned = true;
        return slot_->committing;
    }

private:
    struct Worker;
    static void runWorker(std::shared_ptr<Slot> slot, std::shared_ptr<Worker> worker);

    std::shared_ptr<Slot> slot_;
    std::shared_ptr<Worker> worker_;
    std::thread thread_;
};

} // namespace msgx::storage
