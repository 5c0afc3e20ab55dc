#pragma once

// The upstream's side of the mailbox during a chaos run: one thread inserting the stream rows of
// the load into CMINMSGS in order, at a steady rate, recording each row's mailbox id; and
// transactions held open (an insert not yet committed) for the held rows.

#include "ChaosLoad.h"

#include <Poco/Data/Session.h>

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace msgx::chaos {

class MailboxWriter {
public:
    // `connect`: the Poco MySQL string of the mailbox database. The load's rows get their `id` and
    // `insertedAt` when they are inserted (read them only after finished() or under no race: the
    // checks run after join()).
    MailboxWriter(std::string connect, ChaosLoad& load, double rowsPerSecond);
    ~MailboxWriter();
    MailboxWriter(const MailboxWriter&) = delete;
    MailboxWriter& operator=(const MailboxWriter&) = delete;

    void start();
    // The upstream cannot write while the mailbox server is down: the stream waits between
    // statements (pause() returns once no statement is running).
    void pause();
    void resume();
    [[nodiscard]] bool finished() const { return finished_; }
    [[nodiscard]] std::size_t inserted() const { return inserted_; }
    // The stream's failure ("" when none): an insert failed outside a pause.
    [[nodiscard]] std::string error() const;
    void join();

    // Opens a transaction that inserts held row `row` and keeps it open; returns its mailbox id.
    std::int64_t hold(std::size_t row);
    // Commits the transaction of held row `row`.
    void commitHeld(std::size_t row);

private:
    void run();

    std::string connect_;
    ChaosLoad& load_;
    double rowsPerSecond_;
    std::thread thread_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    bool paused_ = false;
    bool busy_ = false;
    bool stop_ = false;
    std::string error_;
    std::atomic<bool> finished_{false};
    std::atomic<std::size_t> inserted_{0};
    std::map<std::size_t, std::unique_ptr<Poco::Data::Session>> held_;
};

} // namespace msgx::chaos
