// target msg while a backlog lasts: one round sends batch after batch (each read ahead while the one
// before it was sent, each one's delivered mark written while the next one is sent), at most
// batchesPerRound of them, and returns only once every mark it moved is in the store.
#include "DeliveredMarkFailingStore.h"
#include "DispatchTest.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using delivery::SendResult;
using storage::EventId;
using storage::EventState;
using testing::ElementsAre;
using testing::ElementsAreArray;
using testing::HasSubstr;
using Status = SendResult::Status;

class BacklogRoundTest : public DispatchTest {
protected:
    // `count` events of two flights, in EVENT_ID order.
    std::vector<EventId> addEvents(int count) {
        std::vector<EventId> ids;
        for (int i = 0; i < count; ++i) {
            const storage::FlightId flid = i % 2 + 1;
            ids.push_back(outbox_.addEvents({{"msg", flid, flightUpdate(flid, i + 1)}}).at(0));
        }
        return ids;
    }
    static delivery::DispatcherSettings backlogSettings(int batchesPerRound) {
        auto settings = msgSettings();
        settings.batchSize = 2;
        settings.batchesPerRound = batchesPerRound;
        return settings;
    }
    std::vector<std::size_t> callSizes() const {
        std::vector<std::size_t> sizes;
        for (const auto& call : sink_.calls()) {
            sizes.push_back(call.size());
        }
        return sizes;
    }
};

// The last batch is full too: its mark is written beside the read of the (empty) batch after it,
// and the round waits for it before it returns (the store is slow to write it).
TEST_F(BacklogRoundTest, ARoundSendsFullBatchesUntilNoneIsLeftAndReturnsWithItsMarkInTheStore) {
    const auto ids = addEvents(8);
    DeliveredMarkFailingStore slow(store());
    slow.slowRecordDelivered(std::chrono::milliseconds(100));
    auto d = std::make_unique<delivery::Dispatcher>(slow, sink_, clock_, backlogSettings(8));

    d->runOnce();

    EXPECT_EQ(slow.recordDeliveredRunning(), 0);

    EXPECT_THAT(callSizes(), ElementsAre(2u, 2u, 2u, 2u));
    EXPECT_THAT(sink_.sentIds(), ElementsAreArray(ids));
    EXPECT_EQ(store().events().deliveredMark("msg"), ids.back());
    EXPECT_EQ(store().events().pendingCount("msg", store().events().deliveredMark("msg")), 0);
    EXPECT_EQ(d->status().sentTotal, 8);
    d->runOnce();
    EXPECT_EQ(sink_.calls().size(), 4u) << "nothing sent twice";
}

TEST_F(BacklogRoundTest, ARoundSendsAtMostBatchesPerRoundAndTheNextRoundTakesTheBatchReadAhead) {
    const auto ids = addEvents(10);
    auto d = dispatcher(backlogSettings(3));

    d->runOnce();
    EXPECT_THAT(callSizes(), ElementsAre(2u, 2u, 2u));
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[5]);
    // Rows added now, above the batch read ahead (6, 7): the next round reads them after it.
    const auto later = addEvents(1);
    d->runOnce();
    EXPECT_THAT(callSizes(), ElementsAre(2u, 2u, 2u, 2u, 2u, 1u));
    std::vector<EventId> all = ids;
    all.push_back(later[0]);
    EXPECT_THAT(sink_.sentIds(), ElementsAreArray(all));
    EXPECT_EQ(store().events().deliveredMark("msg"), later[0]);
}

// The mark of the first batch is written while the second is sent; writing it fails. The round
// ends with the store failure, and the next one starts from the mark the store kept: both batches
// are sent again (duplicates with the same event ids), none is skipped, the order holds.
TEST_F(BacklogRoundTest, AMarkThatFailedBesideTheNextBatchSendsBothAgainFromTheStoredMark) {
    const auto ids = addEvents(6);
    DeliveredMarkFailingStore failing(store());
    delivery::Dispatcher d(failing, sink_, clock_, backlogSettings(8));
    failing.failNextRecordDelivered(1);

    d.runOnce();
    EXPECT_EQ(failing.failedRecordDelivered(), 1);
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2], ids[3]));
    EXPECT_EQ(store().events().deliveredMark("msg"), 0);
    EXPECT_FALSE(d.status().healthy);
    EXPECT_THAT(d.status().problem, HasSubstr("own store"));

    d.runOnce();
    EXPECT_THAT(sink_.sentIds(),
                ElementsAre(ids[0], ids[1], ids[2], ids[3], ids[0], ids[1], ids[2], ids[3], ids[4], ids[5]));
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[5]);
    for (const auto id : ids) {
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
    }
    EXPECT_TRUE(d.status().healthy);
}

// The same when the upsert committed and only its answer was lost: the next round reads the mark
// that did reach the store and sends again only what is above it.
TEST_F(BacklogRoundTest, AMarkWhoseAnswerWasLostBesideTheNextBatchSendsAgainOnlyAboveTheStoredMark) {
    const auto ids = addEvents(6);
    DeliveredMarkFailingStore failing(store());
    delivery::Dispatcher d(failing, sink_, clock_, backlogSettings(8));
    failing.failNextRecordDelivered(1, true);

    d.runOnce();
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[1]);
    d.runOnce();
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2], ids[3], ids[2], ids[3], ids[4], ids[5]));
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[5]);
}

// A refused record in the third batch ends the round there: the two batches before it are
// delivered and recorded, the rest waits behind the refused event's backoff.
TEST_F(BacklogRoundTest, ARefusedRecordEndsTheRoundWithTheBatchesBeforeItRecorded) {
    const auto ids = addEvents(8);
    auto d = dispatcher(backlogSettings(8));
    sink_.script(ScriptedSink::all(Status::Acked));
    sink_.script(ScriptedSink::all(Status::Acked));
    sink_.script(ScriptedSink::each({Status::Acked, Status::Refused}, "INVALID_RECORD"));

    d->runOnce();

    EXPECT_THAT(callSizes(), ElementsAre(2u, 2u, 2u));
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[4]);
    EXPECT_EQ(event(ids[5]).state, EventState::Pending);
    EXPECT_EQ(event(ids[5]).attempts, 1);
    clock_.advance(msgSettings().backoff.front());
    d->runOnce();
    EXPECT_THAT(sink_.sentIds(),
                ElementsAre(ids[0], ids[1], ids[2], ids[3], ids[4], ids[5], ids[5], ids[6], ids[7]));
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[7]);
}

} // namespace
} // namespace msgx::test
