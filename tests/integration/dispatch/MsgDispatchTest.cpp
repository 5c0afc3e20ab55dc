// target msg: strict EVENT_ID order, SENT only from an Acked result, the prefix rule, backoff that
// blocks the head, attempts counted only for Refused records, status and metrics.
#include "DeliveredMarkFailingStore.h"
#include "DispatchTest.h"
#include "msgx/metrics/Metrics.h"

#include <gmock/gmock.h>

#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using delivery::SendResult;
using storage::EventState;
using testing::ElementsAre;
using testing::ElementsAreArray;
using testing::HasSubstr;
using Status = SendResult::Status;

TEST_F(DispatchTest, SendsEveryEventOnceInEventIdOrderAndMarksItSentFromItsAck) {
    const auto first = outbox_.addEvents({{"msg", 7, flightUpdate(7, 1)}, {"msg", 8, flightUpdate(8, 1)}});
    const auto second = outbox_.addEvents({{"schd", 7, flightUpsert(7, 1)}, {"msg", 7, flightUpdate(7, 2)}});
    auto d = dispatcher(msgSettings());

    d->runOnce();

    ASSERT_EQ(sink_.calls().size(), 1u);
    EXPECT_THAT(sink_.sentIds(), ElementsAre(first[0], first[1], second[1]));
    const auto records = sink_.calls()[0];
    EXPECT_EQ(records[0].key, 7);
    EXPECT_EQ(records[0].target, "msg");
    EXPECT_EQ(records[0].eventType, "flight-update");
    EXPECT_EQ(records[0].sourceId, 1);
    for (const auto id : {first[0], first[1], second[1]}) {
        EXPECT_EQ(event(id).state, EventState::Sent) << id; // by the delivered mark
        EXPECT_FALSE(event(id).sentAt.has_value()) << "settled only once quiet";
    }
    EXPECT_EQ(event(second[0]).state, EventState::Pending); // schd is another target
    d->runOnce();
    EXPECT_EQ(sink_.calls().size(), 1u); // nothing sent twice
    EXPECT_EQ(d->status().sentTotal, 3);
    clock_.advance(msgSettings().settleAfterQuiet);
    d->runOnce();
    EXPECT_EQ(sink_.calls().size(), 1u);
    for (const auto id : {first[0], first[1], second[1]}) {
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
        EXPECT_EQ(event(id).sentAt, clock_.now()) << "settled: nothing due for settleAfterQuiet";
    }
}

TEST_F(DispatchTest, OnlyTheAckedPrefixBecomesSentAndTheRestIsSentAgainInOrder) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)},
                                        {"msg", 2, flightUpdate(2, 1)},
                                        {"msg", 1, flightUpdate(1, 2)},
                                        {"msg", 2, flightUpdate(2, 2)}});
    auto d = dispatcher(msgSettings());
    sink_.script(ScriptedSink::each({Status::Acked, Status::Acked, Status::Unavailable, Status::Acked},
                                    "all brokers down"));

    d->runOnce();

    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
    EXPECT_EQ(event(ids[1]).state, EventState::Sent);
    // The fourth was acked but comes after an unconfirmed one: it stays PENDING (a later duplicate).
    for (const auto id : {ids[2], ids[3]}) {
        EXPECT_EQ(event(id).state, EventState::Pending);
        EXPECT_EQ(event(id).attempts, 0);
    }
    EXPECT_FALSE(d->status().healthy);
    EXPECT_THAT(d->status().problem, HasSubstr("all brokers down"));

    d->runOnce(); // waits unavailableRetry (5 s)
    clock_.advance(4s);
    d->runOnce();
    EXPECT_EQ(sink_.calls().size(), 1u);
    clock_.advance(1s);
    d->runOnce();
    ASSERT_EQ(sink_.calls().size(), 2u);
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2], ids[3], ids[2], ids[3]));
    EXPECT_EQ(event(ids[3]).state, EventState::Sent);
    EXPECT_TRUE(d->status().healthy);
}

// After a full batch the next one is read (and built) while the sink works; it is used only when
// the mark then stands where that read started. A batch whose last record was not acknowledged
// drops it and ends the round: the records after the unconfirmed one come again behind it, in order.
TEST_F(DispatchTest, TheBatchReadAheadIsDroppedWhenTheBatchBeforeItWasNotWhollyAcknowledged) {
    std::vector<storage::EventId> ids;
    for (int i = 0; i < 5; ++i) {
        ids.push_back(outbox_.addEvents({{"msg", 1, flightUpdate(1, i + 1)}}).at(0));
    }
    auto settings = msgSettings();
    settings.batchSize = 2;
    auto d = dispatcher(settings);

    sink_.script(ScriptedSink::all(Status::Acked));
    sink_.script(ScriptedSink::each({Status::Acked, Status::Unavailable}, "all brokers down"));
    // 0, 1 acked; 2, 3 (read ahead) sent while their mark is written; 2 acked, 3 not: the
    // read-ahead of 4 (above 3) no longer starts at the mark.
    d->runOnce();
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[2]);
    EXPECT_EQ(event(ids[3]).state, EventState::Pending);
    clock_.advance(settings.unavailableRetry);
    d->runOnce(); // 3, 4
    d->runOnce(); // nothing due
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2], ids[3], ids[3], ids[4]));
    for (const auto id : ids) {
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
    }
    ASSERT_EQ(sink_.calls().size(), 3u);
    EXPECT_EQ(sink_.calls()[2].size(), 2u);
}

// A read-ahead from before a writer change is not used: meanwhile the other writer's dispatcher may
// have made an event DEAD and an operator skipped it, and a skipped event is never delivered.
TEST_F(DispatchTest, AReadAheadFromBeforeAWriterChangeIsDroppedSoASkippedEventIsNotSent) {
    std::vector<storage::EventId> ids;
    for (int i = 0; i < 4; ++i) {
        ids.push_back(outbox_.addEvents({{"msg", i + 1, flightUpdate(i + 1, 1)}}).at(0));
    }
    auto settings = msgSettings();
    settings.batchSize = 2;
    settings.batchesPerRound = 1; // the round ends with the read-ahead waiting
    settings.maxAttempts = 1;
    auto first = dispatcher(settings);
    first->runOnce(); // 0, 1 acked; 2, 3 read ahead
    auto second = dispatcher(settings);
    sink_.script(ScriptedSink::each({Status::Refused}, "MSG_SIZE_TOO_LARGE"));
    second->runOnce(); // the other writer: 2 refused, DEAD at once
    ASSERT_EQ(event(ids[2]).state, EventState::Dead);
    ASSERT_EQ(delivery::skipDeadEvents(store(), "msg", "test"), 1);

    first->writerChanged();
    first->runOnce();
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2], ids[3], ids[3]));
    EXPECT_EQ(event(ids[2]).state, EventState::Dead);
    EXPECT_EQ(event(ids[3]).state, EventState::Sent);
}

TEST_F(DispatchTest, ARefusedHeadCountsOneAttemptAndBlocksTheTargetForItsBackoff) {
    const auto ids = outbox_.addEvents(
        {{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}, {"msg", 1, flightUpdate(1, 3)}});
    auto d = dispatcher(msgSettings());
    sink_.script(ScriptedSink::each({Status::Acked, Status::Refused, Status::Acked}, "MSG_SIZE_TOO_LARGE"));

    d->runOnce();

    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
    EXPECT_EQ(event(ids[1]).attempts, 1);
    EXPECT_EQ(event(ids[1]).lastError, "MSG_SIZE_TOO_LARGE");
    EXPECT_EQ(event(ids[1]).nextAttemptAt, clock_.now() + 1s);
    EXPECT_EQ(event(ids[2]).state, EventState::Pending); // acked, but behind the refused head
    EXPECT_EQ(event(ids[2]).attempts, 0);

    d->runOnce();
    clock_.advance(999ms);
    d->runOnce();
    EXPECT_EQ(sink_.calls().size(), 1u); // the head waits, nothing passes it
    clock_.advance(1ms);
    sink_.script(ScriptedSink::each({Status::Refused}, "MSG_SIZE_TOO_LARGE"));
    d->runOnce();
    EXPECT_EQ(event(ids[1]).attempts, 2);
    EXPECT_EQ(event(ids[1]).nextAttemptAt, clock_.now() + 2s); // the second backoff step
    clock_.advance(2s);
    d->runOnce();
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2], ids[1], ids[2], ids[1], ids[2]));
    EXPECT_EQ(event(ids[1]).state, EventState::Sent);
    EXPECT_EQ(event(ids[2]).state, EventState::Sent);
}

TEST_F(DispatchTest, UnavailableNeverCountsAnAttemptHoweverLongItLasts) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}});
    auto d = dispatcher(msgSettings());
    for (int i = 0; i < 10; ++i) {
        sink_.script(ScriptedSink::all(Status::Unavailable, "Local: Message timed out"));
        d->runOnce();
        clock_.advance(5s);
    }
    EXPECT_EQ(sink_.calls().size(), 10u);
    EXPECT_EQ(event(ids[0]).state, EventState::Pending);
    EXPECT_EQ(event(ids[0]).attempts, 0);
    EXPECT_FALSE(d->status().healthy);
    d->runOnce();
    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
    EXPECT_TRUE(d->status().healthy);
}

TEST_F(DispatchTest, ExhaustedAttemptsMakeTheEventDeadAndHoldTheTargetAcrossARestart) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
    auto d = dispatcher(msgSettings());
    for (int attempt = 1; attempt <= 3; ++attempt) {
        sink_.script(ScriptedSink::each({Status::Refused}, "INVALID_RECORD #" + std::to_string(attempt)));
        d->runOnce();
        clock_.advance(10s);
    }
    const auto dead = event(ids[0]);
    EXPECT_EQ(dead.state, EventState::Dead);
    EXPECT_EQ(dead.attempts, 3);
    EXPECT_EQ(dead.lastError, "INVALID_RECORD #3");

    d->runOnce();
    EXPECT_TRUE(d->status().held);
    EXPECT_FALSE(d->status().healthy);
    EXPECT_THAT(d->status().problem, HasSubstr("event " + std::to_string(ids[0]) + " is DEAD"));
    EXPECT_THAT(d->status().problem, HasSubstr("msgxctl events retry|skip --target msg"));

    d.reset(); // a restart: the hold is in the store, not in the dispatcher
    auto restarted = dispatcher(msgSettings());
    clock_.advance(1h);
    restarted->runOnce();
    EXPECT_TRUE(restarted->status().held);
    EXPECT_EQ(sink_.calls().size(), 3u);
    EXPECT_EQ(event(ids[1]).state, EventState::Pending); // never passed the DEAD one
}

// The hold check is a store read; it runs again only when this dispatcher may have made an event
// DEAD (or the store failed, or the writer changed), not every round.
TEST_F(DispatchTest, TheHoldIsReadOnceWhileNothingIsHeldAndAgainAfterAnEventWentDead) {
    const auto ids = outbox_.addEvents(
        {{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}, {"msg", 1, flightUpdate(1, 3)}});
    DeliveredMarkFailingStore counting(store());
    auto settings = msgSettings();
    settings.batchSize = 1;
    settings.maxAttempts = 1;
    delivery::Dispatcher d(counting, sink_, clock_, settings);
    for (int round = 0; round < 5; ++round) { // three deliveries and two idle rounds
        d.runOnce();
        clock_.advance(1s);
    }
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2]));
    EXPECT_EQ(counting.newestDeadReads(), 1);

    const auto refused = outbox_.addEvents({{"msg", 1, flightUpdate(1, 4)}, {"msg", 1, flightUpdate(1, 5)}});
    sink_.script(ScriptedSink::each({Status::Refused}, "INVALID_RECORD"));
    d.runOnce(); // its only attempt: DEAD
    ASSERT_EQ(event(refused[0]).state, EventState::Dead);
    d.runOnce();
    EXPECT_EQ(counting.newestDeadReads(), 2);
    EXPECT_TRUE(d.status().held);
    EXPECT_EQ(event(refused[1]).state, EventState::Pending); // not passed
    d.runOnce(); // held: checked every round until an operator releases it
    EXPECT_EQ(counting.newestDeadReads(), 3);

    delivery::passDeadEvents(store(), "msg", refused[0]); // what `msgxctl events skip` does
    d.runOnce();
    EXPECT_FALSE(d.status().held);
    EXPECT_EQ(event(refused[1]).state, EventState::Sent);
    d.writerChanged(); // another writer may have made events DEAD meanwhile
    d.runOnce();
    EXPECT_EQ(counting.newestDeadReads(), 5);
}

TEST_F(DispatchTest, OnDeadContinuePassesTheDeadEventAndRemembersThatItDid) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
    auto settings = msgSettings();
    settings.onDead = delivery::OnDead::Continue;
    settings.maxAttempts = 1;
    auto d = dispatcher(settings);
    sink_.script(ScriptedSink::each({Status::Refused}, "INVALID_RECORD"));

    d->runOnce();
    EXPECT_EQ(event(ids[0]).state, EventState::Dead);
    d->runOnce();
    EXPECT_EQ(event(ids[1]).state, EventState::Sent);
    EXPECT_FALSE(d->status().held);
    EXPECT_EQ(delivery::releaseMark(store(), "msg"), ids[0]);
    // Nothing holds the target, so the counter behind the MsgxDeadEventPassed alert tells someone.
    EXPECT_THAT(metrics::Metrics::process().text(),
                HasSubstr("msgx_events_dead_passed_total{target=\"msg\"} 1"));

    // Switching to stop later does not hold on what continue already passed.
    auto stopping = dispatcher(msgSettings());
    outbox_.addEvents({{"msg", 1, flightUpdate(1, 3)}});
    stopping->runOnce();
    EXPECT_FALSE(stopping->status().held);
    EXPECT_EQ(sink_.calls().size(), 3u);
}

TEST_F(DispatchTest, APayloadThatBreaksTheContractIsDeadAtOnceAfterTheEventsBeforeIt) {
    const auto ids = outbox_.addEvents(
        {{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, "not json"}, {"msg", 1, flightUpdate(1, 2)}});
    auto d = dispatcher(msgSettings());

    d->runOnce();

    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0]));
    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
    EXPECT_EQ(event(ids[1]).state, EventState::Dead);
    EXPECT_THAT(event(ids[1]).lastError.value_or(""), HasSubstr(std::to_string(ids[1])));
    EXPECT_EQ(event(ids[2]).state, EventState::Pending);
    d->runOnce();
    EXPECT_TRUE(d->status().held);
    EXPECT_EQ(sink_.calls().size(), 1u);
}

TEST_F(DispatchTest, StatusReportsPendingDeadOldestPendingAgeAndSendLatency) {
    auto d = dispatcher(msgSettings());
    d->runOnce();
    EXPECT_EQ(d->status().pending, 0);
    EXPECT_FALSE(d->status().oldestPendingAge.has_value());
    EXPECT_EQ(d->status().sink, "scripted sink");
    EXPECT_EQ(d->status().target, "msg");

    outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 2, flightUpdate(2, 1)}});
    clock_.advance(42s);
    sink_.takeTime(clock_, 250ms);
    sink_.script(ScriptedSink::each({Status::Acked, Status::Unavailable}, "timed out"));
    d->runOnce();
    auto status = d->status();
    EXPECT_EQ(status.pending, 1);
    EXPECT_EQ(status.dead, 0);
    EXPECT_EQ(status.oldestPendingAge, std::chrono::milliseconds(42250));
    EXPECT_EQ(status.lastSendLatency, 250ms);
    EXPECT_EQ(status.sentTotal, 1);

    auto settings = msgSettings();
    settings.maxAttempts = 1;
    auto strict = dispatcher(settings);
    clock_.advance(5s);
    sink_.script(ScriptedSink::all(Status::Refused, "refused"));
    strict->runOnce();
    status = strict->status();
    EXPECT_EQ(status.pending, 0);
    EXPECT_EQ(status.dead, 1);
}

TEST_F(DispatchTest, ALostDeliveredRecordLeadsToOneDuplicateWithTheSameEventIdAndNoReorder) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
    DeliveredMarkFailingStore failing(store());
    delivery::Dispatcher d(failing, sink_, clock_, msgSettings());
    failing.failNextRecordDelivered(1);

    d.runOnce(); // acked by the sink, the delivered mark not recorded
    EXPECT_EQ(failing.failedRecordDelivered(), 1);
    EXPECT_EQ(event(ids[0]).state, EventState::Pending);
    EXPECT_EQ(store().events().deliveredMark("msg"), 0);
    EXPECT_FALSE(d.status().healthy);
    EXPECT_THAT(d.status().problem, HasSubstr("own store"));
    d.runOnce(); // nothing was claimed, so nothing waits to be handed back: sent again at once

    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[0], ids[1]));
    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
    EXPECT_EQ(event(ids[1]).state, EventState::Sent);
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[1]);
    EXPECT_TRUE(d.status().healthy);
}

// The upsert of the mark committed but its answer was lost: the dispatcher reads the mark again
// and does not send what the store already records as delivered.
TEST_F(DispatchTest, ADeliveredRecordWhoseAnswerWasLostIsReadBackAndNothingIsSentTwice) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
    DeliveredMarkFailingStore failing(store());
    delivery::Dispatcher d(failing, sink_, clock_, msgSettings());
    failing.failNextRecordDelivered(1, true);

    d.runOnce();
    EXPECT_FALSE(d.status().healthy);
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[1]);
    const auto more = outbox_.addEvents({{"msg", 1, flightUpdate(1, 3)}});
    d.runOnce();

    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], more[0]));
    for (const auto id : {ids[0], ids[1], more[0]}) {
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
    }
    EXPECT_TRUE(d.status().healthy);
}

// While events keep coming only the delivered mark moves; the rows are settled in one statement
// once nothing was due for settleAfterQuiet after the last delivery. Before that every reader
// already reports the delivered events SENT, and none of them is sent again.
TEST_F(DispatchTest, OnlyTheMarkMovesUntilTheTargetWasQuietAndADeliveredEventIsNeverSentTwice) {
    const auto add = [this](int count) {
        std::vector<storage::EventId> ids;
        for (int i = 0; i < count; ++i) {
            ids.push_back(outbox_.addEvents({{"msg", 1, flightUpdate(1, i + 1)}}).at(0));
        }
        return ids;
    };
    const auto ids = add(5);
    auto settings = msgSettings();
    settings.batchSize = 2;
    settings.batchesPerRound = 1; // the burst in steps
    const auto quiet = settings.settleAfterQuiet;
    auto d = dispatcher(settings);
    const auto stored = [this](storage::EventId id) {
        for (const auto& e : store().events().list("msg", std::nullopt, id - 1, 1)) {
            return e.sentAt.has_value(); // SENT_AT is written by the settle only
        }
        return false;
    };

    d->runOnce(); // 0, 1: a full batch
    d->runOnce(); // 2, 3: a full batch
    EXPECT_EQ(store().events().deliveredMark("msg"), ids[3]);
    for (const auto id : {ids[0], ids[3]}) {
        EXPECT_FALSE(stored(id)) << "not settled during the burst";
        EXPECT_EQ(event(id).state, EventState::Sent) << "yet read as SENT by the mark";
    }
    EXPECT_EQ(store().events().pendingCount("msg", store().events().deliveredMark("msg")), 1);
    for (const auto& summary : store().events().summary()) {
        if (summary.target == "msg") {
            EXPECT_EQ(summary.pending, 1);
            EXPECT_EQ(summary.sent, 4);
        }
    }
    d->runOnce(); // 4 alone: caught up, still not settled
    d->runOnce(); // nothing due, but the last delivery was just now
    EXPECT_FALSE(stored(ids[4]));
    clock_.advance(quiet - 1ms);
    d->runOnce();
    EXPECT_FALSE(stored(ids[0])) << "quiet for less than settleAfterQuiet";
    clock_.advance(1ms);
    d->runOnce(); // quiet long enough: the whole span settled
    for (const auto id : ids) {
        EXPECT_TRUE(stored(id)) << id;
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
    }

    const auto last = add(2);
    d->runOnce(); // a full batch that empties the outbox: not settled yet
    clock_.advance(quiet / 2);
    d->runOnce(); // nothing due, quiet for half the time
    EXPECT_FALSE(stored(last[1]));
    clock_.advance(quiet / 2);
    d->runOnce(); // nothing due for settleAfterQuiet: settled, nothing sent
    EXPECT_TRUE(stored(last[0]));
    EXPECT_TRUE(stored(last[1]));

    std::vector<storage::EventId> all = ids;
    all.insert(all.end(), last.begin(), last.end());
    EXPECT_THAT(sink_.sentIds(), ElementsAreArray(all));
}

// A new writer's dispatcher starts from the mark the previous one recorded, also while the span
// below it is not settled yet; writerChanged() makes a dispatcher read the mark again.
TEST_F(DispatchTest, ANewWritersDispatcherStartsAtTheRecordedMark) {
    const auto ids = outbox_.addEvents(
        {{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}, {"msg", 1, flightUpdate(1, 3)}});
    auto settings = msgSettings();
    settings.batchSize = 2;
    auto first = dispatcher(settings);
    first->runOnce();
    auto second = dispatcher(settings);
    second->runOnce();
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2]));

    const auto more = outbox_.addEvents({{"msg", 1, flightUpdate(1, 4)}});
    first->writerChanged(); // it had the mark of before the second one's delivery
    first->runOnce();
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[2], more[0]));
}

TEST_F(DispatchTest, RunDeliversUntilStoppedAndWaitsOnTheClock) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}});
    auto d = dispatcher(msgSettings());
    std::jthread worker([&](std::stop_token stop) { d->run(stop); });
    ASSERT_TRUE(clock_.waitForSleepers(1, 10s));
    EXPECT_EQ(event(ids[0]).state, EventState::Sent);

    const auto more = outbox_.addEvents({{"msg", 1, flightUpdate(1, 2)}});
    clock_.advance(200ms); // the idle poll
    ASSERT_TRUE(clock_.waitForSleepers(1, 10s));
    // waitForSleepers may return while the worker is still waking from the last advance (its sleeper
    // count drops only once it has the clock's lock), so the loop is bounded by real time, not by a
    // number of advances: it waits for the worker thread's rounds, never for a timer.
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (event(more[0]).state != EventState::Sent && std::chrono::steady_clock::now() < deadline) {
        clock_.advance(200ms);
        ASSERT_TRUE(clock_.waitForSleepers(1, 10s));
    }
    EXPECT_EQ(event(more[0]).state, EventState::Sent);
    worker.request_stop();
    worker.join();
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], more[0]));
}

} // namespace
} // namespace msgx::test
