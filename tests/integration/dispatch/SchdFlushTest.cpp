// target schd: the aggregated flush (period and limit), latest state per FLID, tombstones, and a
// failing batch that is retried whole and goes DEAD whole.
#include "DeliveredMarkFailingStore.h"
#include "DispatchTest.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using delivery::SendResult;
using storage::EventState;
using testing::ElementsAre;
using testing::HasSubstr;
using Status = SendResult::Status;

std::vector<std::optional<storage::FlightId>> keys(const std::vector<delivery::DeliveryRecord>& records) {
    std::vector<std::optional<storage::FlightId>> out;
    for (const auto& r : records) {
        out.push_back(r.key);
    }
    return out;
}

std::vector<storage::EventId> eventIds(const std::vector<delivery::DeliveryRecord>& records) {
    std::vector<storage::EventId> out;
    for (const auto& r : records) {
        out.push_back(r.eventId);
    }
    return out;
}

TEST_F(DispatchTest, ThreeUpdatesOfOneFlightInOneFlushWindowBecomeOneRecordWithTheLatestState) {
    const auto first = outbox_.addEvents({{"schd", 1, flightUpsert(1, 1)}, {"schd", 2, flightUpsert(2, 1)}});
    clock_.advance(1s);
    const auto second = outbox_.addEvents({{"schd", 1, flightUpsert(1, 2)}});
    clock_.advance(1s);
    const auto third = outbox_.addEvents({{"schd", 1, flightUpsert(1, 3)}});
    auto d = dispatcher(schdSettings());

    d->runOnce();
    clock_.set(dispatchTestStart() + 3s - 1ms);
    d->runOnce();
    EXPECT_TRUE(sink_.calls().empty()); // the window (3 s from the oldest pending) is still open
    clock_.advance(1ms);
    d->runOnce();

    ASSERT_EQ(sink_.calls().size(), 1u);
    const auto records = sink_.calls()[0];
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].key, 2); // ordered by each flight's latest event
    EXPECT_EQ(records[1].key, 1);
    EXPECT_EQ(records[1].eventId, third[0]);
    ASSERT_TRUE(records[1].value.has_value());
    EXPECT_THAT(*records[1].value, HasSubstr(R"("version":3)"));
    for (const auto id : {first[0], first[1], second[0], third[0]}) {
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
    }
}

TEST_F(DispatchTest, AFlightDeletedInTheWindowIsSentAsItsTombstone) {
    outbox_.addEvents(
        {{"schd", 5, flightUpsert(5, 1)}, {"schd", 5, flightDelete(5)}, {"schd", 6, flightUpsert(6, 1)}});
    auto d = dispatcher(schdSettings());
    clock_.advance(3s);
    d->runOnce();
    ASSERT_EQ(sink_.calls().size(), 1u);
    const auto records = sink_.calls()[0];
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].key, 5);
    EXPECT_EQ(records[0].eventType, "flight-delete");
    EXPECT_FALSE(records[0].value.has_value());
    EXPECT_TRUE(records[1].value.has_value());
}

TEST_F(DispatchTest, TheFlushLimitFlushesBeforeThePeriodAndBoundsTheBatch) {
    auto settings = schdSettings();
    settings.batchSize = 3;
    outbox_.addEvents({{"schd", 1, flightUpsert(1, 1)}, {"schd", 2, flightUpsert(2, 1)}});
    auto d = dispatcher(settings);
    d->runOnce();
    EXPECT_TRUE(sink_.calls().empty());
    outbox_.addEvents({{"schd", 3, flightUpsert(3, 1)}, {"schd", 4, flightUpsert(4, 1)}});
    d->runOnce();
    ASSERT_EQ(sink_.calls().size(), 1u);
    EXPECT_THAT(keys(sink_.calls()[0]), ElementsAre(1, 2, 3));
    d->runOnce(); // one left: waits for its window
    EXPECT_EQ(sink_.calls().size(), 1u);
    clock_.advance(3s);
    d->runOnce();
    ASSERT_EQ(sink_.calls().size(), 2u);
    EXPECT_THAT(keys(sink_.calls()[1]), ElementsAre(4));
}

TEST_F(DispatchTest, AFailingBatchIsRetriedWholeThenGoesDeadWhole) {
    const auto ids = outbox_.addEvents(
        {{"schd", 1, flightUpsert(1, 1)}, {"schd", 2, flightUpsert(2, 1)}, {"schd", 1, flightUpsert(1, 2)}});
    auto settings = schdSettings();
    settings.maxAttempts = 2;
    auto d = dispatcher(settings);
    clock_.advance(3s);
    // Only one record is refused; the batch is one unit.
    sink_.script(ScriptedSink::each({Status::Acked, Status::Refused}, "RECORD_LIST_TOO_LARGE"));
    d->runOnce();
    for (const auto id : ids) {
        EXPECT_EQ(event(id).state, EventState::Pending) << id;
        EXPECT_EQ(event(id).attempts, 1) << id;
        EXPECT_EQ(event(id).nextAttemptAt, clock_.now() + 1s) << id;
    }

    // A newer event joins during the backoff; it must not pass the waiting batch.
    const auto late = outbox_.addEvents({{"schd", 3, flightUpsert(3, 1)}});
    d->runOnce();
    EXPECT_EQ(sink_.calls().size(), 1u);
    clock_.advance(1s);
    sink_.script(ScriptedSink::each({Status::Refused}, "RECORD_LIST_TOO_LARGE"));
    d->runOnce();
    ASSERT_EQ(sink_.calls().size(), 2u);
    EXPECT_THAT(keys(sink_.calls()[1]), ElementsAre(2, 1, 3)); // claimed again from the same head
    EXPECT_EQ(sink_.calls()[0].size(), 2u);
    for (const auto id : {ids[0], ids[1], ids[2], late[0]}) {
        EXPECT_EQ(event(id).state, EventState::Dead) << id;
        EXPECT_EQ(event(id).lastError, "RECORD_LIST_TOO_LARGE") << id;
    }
    d->runOnce();
    EXPECT_TRUE(d->status().held);
    EXPECT_EQ(d->status().dead, 4);
}

TEST_F(DispatchTest, AnUnavailableSinkPostponesTheWholeBatchWithoutCountingAndSendsItLaterWhole) {
    const auto ids = outbox_.addEvents({{"schd", 1, flightUpsert(1, 1)}, {"schd", 2, flightUpsert(2, 1)}});
    auto d = dispatcher(schdSettings());
    clock_.advance(3s);
    sink_.script(ScriptedSink::each({Status::Acked, Status::Unavailable}, "all brokers down"));
    d->runOnce();
    for (const auto id : ids) {
        EXPECT_EQ(event(id).state, EventState::Pending);
        EXPECT_EQ(event(id).attempts, 0);
    }
    EXPECT_FALSE(d->status().healthy);
    clock_.advance(5s);
    d->runOnce();
    ASSERT_EQ(sink_.calls().size(), 2u);
    EXPECT_EQ(eventIds(sink_.calls()[1]), eventIds(sink_.calls()[0])); // the same records, same order
    EXPECT_EQ(keys(sink_.calls()[1]), keys(sink_.calls()[0]));
    for (const auto id : ids) {
        EXPECT_EQ(event(id).state, EventState::Sent);
    }
}

TEST_F(DispatchTest, ABatchWhoseDeliveredRecordIsLostIsFlushedAgainWholeAtTheNextRound) {
    // A CI failure once: PostgreSQL restarted between the file sink's ack and the batch's SENT
    // update; the batch stayed claimed for 5 min and the target stood still. Nothing is claimed now.
    const auto ids = outbox_.addEvents({{"schd", 1, flightUpsert(1, 1)}, {"schd", 2, flightUpsert(2, 1)}});
    DeliveredMarkFailingStore failing(store());
    delivery::Dispatcher d(failing, sink_, clock_, schdSettings());
    failing.failNextRecordDelivered(1);
    clock_.advance(3s);

    d.runOnce();
    EXPECT_EQ(failing.failedRecordDelivered(), 1);
    EXPECT_FALSE(d.status().healthy);
    d.runOnce();

    ASSERT_EQ(sink_.calls().size(), 2u);
    EXPECT_EQ(eventIds(sink_.calls()[1]), eventIds(sink_.calls()[0])); // the same batch, same order
    for (const auto id : ids) {
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
        EXPECT_EQ(event(id).attempts, 0) << id;
    }
    EXPECT_TRUE(d.status().healthy);
}

} // namespace
} // namespace msgx::test
