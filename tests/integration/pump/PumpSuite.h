#pragma once

#include "FlakyStore.h"
#include "TempDir.h"
#include "TestDatabase.h"
#include "msgx/clock/ManualClock.h"
#include "msgx/config/Config.h"
#include "msgx/pipeline/pump/Pump.h"
#include "msgx/plugin/PluginHost.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/storage/OwnStore.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

// The pump's test suite: a real own store (one executable per backend, like the storage suite),
// the real handler plugins and the scripted test handler (tests/plugins/scripted-handler), time
// from a ManualClock. Tests change config_ before their first pump() call.
namespace msgx::test {

class PumpSuite : public ::testing::TestWithParam<StoreBackend> {
public:
    // 2024-03-18T07:00:00Z.
    static Clock::time_point start();

    // A TEST-<styp> message of the scripted handler with SEQN `seqn` and `body` inside TEST.
    static std::string scripted(const std::string& styp, long seqn, const std::string& body = {});
    // TEST-SET of attribute `name` = `value` on flight `flid`.
    static std::string setAttribute(long seqn, sdk::Flid flid, const std::string& name,
                                    const std::string& value);
    // TEST-FAIL with error class `errorClass` and reason `text`.
    static std::string failWith(long seqn, const std::string& errorClass, const std::string& text);

protected:
    void SetUp() override;
    void TearDown() override;

    pipeline::Pump& pump();
    // Queues mailbox message `id` as PENDING.
    void enqueue(storage::MailboxId id, const std::string& xml);
    [[nodiscard]] storage::ProcessingRecord record(storage::MailboxId id);
    // The payloads of target `target`, in EVENT_ID order.
    [[nodiscard]] std::vector<std::string> payloads(const std::string& target);
    [[nodiscard]] std::vector<storage::OutboxEvent> events(const std::string& target);
    // The stored flight as a document; nullopt when unknown or deleted.
    [[nodiscard]] std::optional<sdk::FlightDocument> flight(sdk::Flid flid);
    // Runs `sql` on the store's database behind the pump's back (its schema on PostgreSQL).
    void executeOnStore(const std::string& sql);
    // Steps until the pump is idle or its head waits (at most 100 steps); the finished count.
    int runUntilQuiet();
    // A message that ended holding its identity: the key and PROCESSED_AT.
    struct Holder {
        std::string identity;
        storage::Timestamp ended{};
    };
    // Queues message `id`, runs the pump until quiet; nullopt (and a test failure) unless it alone
    // finished and holds an identity.
    std::optional<Holder> processHolder(storage::MailboxId id, const std::string& xml);

    ManualClock clock_{start()};
    config::Config config_;
    std::unique_ptr<TestDatabase> database_;
    std::unique_ptr<storage::OwnStore> realStore_;
    std::unique_ptr<FlakyStore> store_;
    TempDir pluginsDir_;
    std::unique_ptr<plugin::PluginHost> plugins_;
    std::unique_ptr<pipeline::Pump> pump_;
};

// Another writer's commit of its own PENDING row `id` that changes flight `flid` (currentStand 999)
// behind the pump's view; a test failure when it is not applied.
void changeFlightBehindThePump(storage::OwnStore& store, storage::MailboxId id, storage::FlightId flid);

// The suite with three messages per transaction, for overlapped commits (OverlappedCommitTest.cpp).
class OverlappedCommits : public PumpSuite {
protected:
    void SetUp() override {
        PumpSuite::SetUp();
        config_.pipeline.messagesPerTransaction = 3;
    }

    // Messages first..last, each on one of three flights (700001 + id % 3), each a new stand value.
    void enqueueStands(storage::MailboxId first, storage::MailboxId last) {
        for (storage::MailboxId id = first; id <= last; ++id) {
            enqueue(id, setAttribute(id, 700001 + id % 3, "currentStand", std::to_string(100 + id)));
        }
    }
};

} // namespace msgx::test
