// target msg: strict EVENT_ID order, SENT only from an Acked result, the prefix rule, backoff that
// blocks the head, attempts counted only for Refused records, status and metrics.
#include "DispatchTest.h"
#include "MarkSentFailingStore.h"

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
        EXPECT_EQ(event(id).state, EventState::Sent) << id;
        EXPECT_EQ(event(id).sentAt, clock_.now());
    }
    EXPECT_EQ(event(second[0]).state, EventState::Pending); // schd is another target
    d->runOnce();
    EXPECT_EQ(sink_.calls().size(), 1u); // nothing sent twice
    EXPECT_EQ(d->status().sentTotal, 3);
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

TEST_F(DispatchTest, OnDeadContinuePassesTheDeadEventAndRemembersThatItDid) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
    auto settings = msgSettings();
    settings.onDead = config::OnDead::Continue;
    settings.maxAttempts = 1;
    auto d = dispatcher(settings);
    sink_.script(ScriptedSink::each({Status::Refused}, "INVALID_RECORD"));

    d->runOnce();
    EXPECT_EQ(event(ids[0]).state, EventState::Dead);
    d->runOnce();
    EXPECT_EQ(event(ids[1]).state, EventState::Sent);
    EXPECT_FALSE(d->status().held);
    EXPECT_EQ(delivery::releaseMark(store(), "msg"), ids[0]);

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

TEST_F(DispatchTest, ALostSentUpdateLeadsToOneDuplicateWithTheSameEventIdAndNoReorder) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
    MarkSentFailingStore failing(store());
    auto settings = msgSettings();
    settings.claimFor = 5min;
    delivery::Dispatcher d(failing, sink_, clock_, settings);
    failing.failNextMarkSent(1);

    d.runOnce(); // acked by the sink, SENT lost
    EXPECT_EQ(failing.failedMarkSents(), 1);
    EXPECT_EQ(event(ids[0]).state, EventState::Pending);
    EXPECT_FALSE(d.status().healthy);
    EXPECT_THAT(d.status().problem, HasSubstr("own store"));
    // The next round hands its own claims back at once instead of waiting out claimFor (a store
    // restart between send and SENT once held a target for the whole claim).
    d.runOnce();

    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1], ids[0], ids[1]));
    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
    EXPECT_EQ(event(ids[1]).state, EventState::Sent);
    EXPECT_TRUE(d.status().healthy);
}

// Issue 18 (5): the claim committed, but its answer did not reach the dispatcher (its client timed
// out): the dispatcher does not know the ids, yet hands its target's head claims back at the next
// round instead of leaving the target idle for the whole claim period.
TEST_F(DispatchTest, AClaimWhoseAnswerWasLostIsHandedBackAtTheNextRound) {
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}, {"msg", 1, flightUpdate(1, 2)}});
    MarkSentFailingStore failing(store());
    auto settings = msgSettings();
    settings.claimFor = 5min;
    delivery::Dispatcher d(failing, sink_, clock_, settings);
    failing.loseNextClaimAnswer();

    d.runOnce(); // claimed in the store, the answer lost
    EXPECT_TRUE(sink_.calls().empty());
    EXPECT_FALSE(d.status().healthy);
    ASSERT_GT(event(ids[0]).nextAttemptAt, clock_.now() + 1min) << "the claim did commit";
    d.runOnce();

    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[1]));
    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
    EXPECT_EQ(event(ids[1]).state, EventState::Sent);
    EXPECT_TRUE(d.status().healthy);
}

TEST_F(DispatchTest, ClaimsOfAnotherDispatcherStillWaitOutTheirClaim) {
    // A claim this dispatcher did not make (a previous writer's) is not handed back by it; the new
    // writer's start (releaseStaleClaims) does that.
    const auto ids = outbox_.addEvents({{"msg", 1, flightUpdate(1, 1)}});
    MarkSentFailingStore failing(store());
    auto settings = msgSettings();
    settings.claimFor = 30s;
    delivery::Dispatcher first(failing, sink_, clock_, settings);
    failing.failNextMarkSent(1);
    first.runOnce();
    auto second = dispatcher(settings);

    second->runOnce();
    EXPECT_EQ(sink_.calls().size(), 1u);
    clock_.advance(30s);
    second->runOnce();
    EXPECT_THAT(sink_.sentIds(), ElementsAre(ids[0], ids[0]));
    EXPECT_EQ(event(ids[0]).state, EventState::Sent);
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
    for (int i = 0; i < 100 && event(more[0]).state != EventState::Sent; ++i) {
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
