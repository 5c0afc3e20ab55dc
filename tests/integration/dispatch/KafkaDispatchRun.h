#pragma once

#include "OutboxFixture.h"
#include "msgx/clock/SystemClock.h"
#include "msgx/delivery/Dispatcher.h"
#include "msgx/delivery/KafkaSink.h"

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace msgx::test {

// MSG_EVENT -> Kafka for real: a SQLite own store, the dispatcher of one target and a KafkaSink on `topic`,
// running on the system clock in a thread of its own from start() until the destructor.
class KafkaDispatchRun {
public:
    // message.timeout.ms 30 s by default: longer than any outage the tests inject. `store`: the
    // store the dispatcher works on when not the run's own (e.g. a decorator of it).
    KafkaDispatchRun(const std::string& bootstrap, const std::string& topic,
                     delivery::DispatcherSettings settings = defaultSettings());
    KafkaDispatchRun(const std::string& bootstrap, const std::string& topic, storage::OwnStore* store,
                     delivery::DispatcherSettings settings, const std::string& messageTimeoutMs = "30000");
    ~KafkaDispatchRun();

    static delivery::DispatcherSettings defaultSettings();

    // Adds `count` flight-update events, event n going to FLID (n % flights) + 1, `perCommit` per
    // processing commit; remembers their ids per FLID.
    void addEvents(int count, int flights, int perCommit = 500);
    void start();
    // Waits (for real, bounded) until no event of the dispatcher's target is PENDING; false on timeout.
    bool waitUntilDelivered(std::chrono::seconds timeout);

    [[nodiscard]] const std::map<std::int64_t, std::vector<std::int64_t>>& expectedPerFlight() const {
        return expected_;
    }
    SqliteOwnStore& outbox() { return outbox_; }
    delivery::Dispatcher& dispatcher() { return *dispatcher_; }

private:
    SystemClock clock_;
    SqliteOwnStore outbox_{clock_};
    std::unique_ptr<delivery::KafkaSink> sink_;
    std::string target_;
    std::unique_ptr<delivery::Dispatcher> dispatcher_;
    std::jthread worker_;
    std::map<std::int64_t, std::vector<std::int64_t>> expected_;
    int added_ = 0;
};

} // namespace msgx::test
