// The reads behind the HTTP API (issue 15): the live master flights of `GET /all/flights`, the events
// of the messages of `GET /ops/messages`, and PROC_STATE pages bounded by an enqueue window.
#include "StoreSuite.h"

#include <gmock/gmock.h>

#include <algorithm>
#include <set>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::FlightId;
using storage::FlightWrite;
using storage::MailboxId;
using storage::MessageFilter;
using storage::OutboxEvent;
using storage::ProcessingState;

FlightWrite flight(FlightId flid, std::optional<FlightId> master) {
    FlightWrite write;
    write.flid = flid;
    write.keys.flno = "F" + std::to_string(flid);
    write.keys.maid = master;
    write.attributesJson = "{}";
    return write;
}

std::vector<MailboxId> idsOf(const std::vector<storage::ProcessingRecord>& records) {
    std::vector<MailboxId> ids;
    for (const auto& r : records) {
        ids.push_back(r.mailboxId);
    }
    return ids;
}

std::vector<storage::EventId> eventIdsOf(const std::vector<OutboxEvent>& events) {
    std::vector<storage::EventId> ids;
    for (const auto& e : events) {
        ids.push_back(e.id);
    }
    return ids;
}

TEST_P(StoreSuite, LiveMasterFlidsSkipDeletedAndSharedFlightsInAscendingFlidOrder) {
    enqueue(1);
    enqueue(2);
    auto create = succeeded(1);
    // Written out of FLID order, so that an answer in insertion order would show. 7 is shared with
    // master 5, 2 with a master that is not stored; 9 is deleted below.
    create.flights = {flight(15, std::nullopt), flight(7, 5),  flight(3, std::nullopt),
                      flight(12, std::nullopt), flight(2, 99), flight(9, std::nullopt),
                      flight(5, std::nullopt)};
    ASSERT_TRUE(store().processing().commit(create).applied);
    auto remove = succeeded(2);
    remove.flights = {deletion(9, 1)};
    ASSERT_TRUE(store().processing().commit(remove).applied);
    ASSERT_TRUE(store().flights().byFlid(9)->deleted);

    auto& flights = store().flights();
    EXPECT_THAT(flights.liveMasterFlids(0, 100), testing::ElementsAre(3, 5, 12, 15));
    EXPECT_THAT(flights.liveMasterFlids(0, 2), testing::ElementsAre(3, 5));
    EXPECT_THAT(flights.liveMasterFlids(5, 100), testing::ElementsAre(12, 15));
    EXPECT_THAT(flights.liveMasterFlids(3, 2), testing::ElementsAre(5, 12));
    EXPECT_THAT(flights.liveMasterFlids(4, 1), testing::ElementsAre(5));  // afterFlid need not be stored
    EXPECT_THAT(flights.liveMasterFlids(8, 1), testing::ElementsAre(12)); // past the deleted 9
    EXPECT_TRUE(flights.liveMasterFlids(15, 100).empty());
    EXPECT_TRUE(flights.liveMasterFlids(0, 0).empty());
}

TEST_P(StoreSuite, BySourcesReturnsExactlyTheEventsOfTheNamedMessagesInEventIdOrder) {
    // Messages 60 down to 1, committed in that order: the events of the smaller ids (the first chunk
    // of 50) get the larger EVENT_IDs, so chunks appended one after the other would be out of order.
    // Message i has event "m<i>" for msg; every tenth one also "s<i>" for schd.
    auto& queue = store().processing();
    for (MailboxId id = 60; id >= 1; --id) {
        enqueue(id);
        auto commit = succeeded(id);
        commit.events = {{"msg", id, "m" + std::to_string(id)}};
        if (id % 10 == 0) {
            commit.events.push_back({"schd", std::nullopt, "s" + std::to_string(id)});
        }
        ASSERT_TRUE(queue.commit(commit).applied);
        clock_.advance(1s);
    }
    auto& outbox = store().events();
    // Events in every state are returned.
    const auto msgEvents = outbox.list("msg", std::nullopt, 0, 100);
    ASSERT_EQ(msgEvents.size(), 60u);
    outbox.markSent("msg", msgEvents[0].id - 1, msgEvents[0].id);
    outbox.markDead({msgEvents[1].id}, "refused");

    // 56 named messages with events (2..56 and 58) and one without (500), out of order, 58 and 51
    // named twice: sorted with its repeat, 51 is the 50th and the 51st id, so a repeat left in would
    // fall in two chunks of 50 and read m51 twice. 1, 57, 59 and 60 are not named.
    std::vector<MailboxId> named{58, 500, 51};
    for (MailboxId id = 56; id >= 2; --id) {
        named.push_back(id);
    }
    named.push_back(58);
    const std::set<MailboxId> wanted(named.begin(), named.end());
    std::vector<OutboxEvent> expected;
    for (const char* target : {"msg", "schd"}) {
        for (const auto& event : outbox.list(target, std::nullopt, 0, 100)) {
            ASSERT_TRUE(event.sourceId);
            if (wanted.count(*event.sourceId) != 0) {
                expected.push_back(event);
            }
        }
    }
    std::sort(expected.begin(), expected.end(),
              [](const OutboxEvent& a, const OutboxEvent& b) { return a.id < b.id; });
    ASSERT_EQ(expected.size(), 56u + 5u); // m2..m56, m58 and s10..s50; no m1, m57, m59, m60, s60
    // Every column as find() reads it, checked on three of them (list() reads the same columns into
    // the same record).
    for (const std::size_t at : {std::size_t{0}, expected.size() / 2, expected.size() - 1}) {
        EXPECT_TRUE(*outbox.find(expected[at].id) == expected[at]) << expected[at].id;
    }

    const auto events = outbox.bySources(named);
    EXPECT_EQ(eventIdsOf(events), eventIdsOf(expected));
    EXPECT_TRUE(events == expected) << "the same events, but not every column as find() reads it";
    ASSERT_EQ(events.size(), expected.size()); // the checks below only make sense on a full answer
    EXPECT_EQ(events.front().payloadJson, "m58");
    EXPECT_EQ(events.back().payloadJson, "m2");
    EXPECT_TRUE(std::none_of(events.begin(), events.end(), [](const OutboxEvent& e) {
        return e.sourceId == MailboxId{1} || e.sourceId == MailboxId{57} || e.sourceId == MailboxId{59} ||
               e.sourceId == MailboxId{60};
    }));

    EXPECT_THAT(outbox.bySources({60}), testing::SizeIs(2));
    EXPECT_TRUE(outbox.bySources({500}).empty());
    EXPECT_TRUE(outbox.bySources({}).empty());
}

TEST_P(StoreSuite, BySourcesReadsTheOnlineOutboxOnly) {
    auto& queue = store().processing();
    enqueue(1);
    enqueue(2);
    for (const MailboxId id : {1, 2}) {
        auto commit = succeeded(id);
        commit.outcome.backfillStatus.reset();
        commit.events = {{"msg", std::nullopt, "e" + std::to_string(id)}};
        ASSERT_TRUE(queue.commit(commit).applied);
    }
    const auto first = store().events().list("msg", std::nullopt, 0, 10);
    ASSERT_EQ(first.size(), 2u);
    store().events().markSent("msg", first[0].id - 1,
                              first[0].id); // message 1 is finished; 2 keeps a pending event
    clock_.advance(48h);
    ASSERT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 100), (storage::ArchiveReport{1, 1}));

    const auto events = store().events().bySources({1, 2});
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].payloadJson, "e2");
}

TEST_P(StoreSuite, ListHonoursAnEnqueueWindowFromInclusiveBeforeExclusiveWithTheOtherFilters) {
    // Message i is enqueued at start() + i minutes; 2, 3, 4 and 6 end DEAD (4 EXHAUSTED, the others
    // MALFORMED), 1, 5 and 7 stay PENDING.
    auto& queue = store().processing();
    const auto at = [](MailboxId id) { return start() + std::chrono::minutes(id); };
    for (MailboxId id = 1; id <= 7; ++id) {
        clock_.set(at(id));
        enqueue(id);
        ASSERT_EQ(queue.find(id)->enqueuedAt, at(id));
    }
    for (const MailboxId id : {2, 3, 4, 6}) {
        auto dead = succeeded(id);
        dead.outcome.state = ProcessingState::Dead;
        dead.outcome.errorClass = id == 4 ? ErrorClass::Exhausted : ErrorClass::Malformed;
        ASSERT_TRUE(queue.commit(dead).applied);
    }
    const auto window = [&](std::optional<ProcessingState> state, std::optional<ErrorClass> errorClass,
                            std::optional<storage::Timestamp> from,
                            std::optional<storage::Timestamp> before) {
        MessageFilter filter;
        filter.state = state;
        filter.errorClass = errorClass;
        filter.enqueuedFrom = from;
        filter.enqueuedBefore = before;
        return filter;
    };
    const auto ids = [&](const MessageFilter& filter, MailboxId afterId = 0, int limit = 100) {
        return idsOf(queue.list(filter, afterId, limit));
    };
    constexpr auto none = std::nullopt;
    const auto dead = ProcessingState::Dead;

    // [3, 6): 1 and 2 before it, 3 at its start (in), 4 and 5 inside, 6 at its end (out), 7 after it.
    EXPECT_THAT(ids(window(none, none, at(3), at(6))), testing::ElementsAre(3, 4, 5));
    EXPECT_THAT(ids(window(dead, none, at(3), at(6))), testing::ElementsAre(3, 4));
    EXPECT_THAT(ids(window(ProcessingState::Pending, none, at(3), at(6))), testing::ElementsAre(5));
    EXPECT_THAT(ids(window(none, ErrorClass::Malformed, at(3), at(6))), testing::ElementsAre(3));
    EXPECT_THAT(ids(window(dead, ErrorClass::Exhausted, at(3), at(6))), testing::ElementsAre(4));
    // The bounds are exact to the microsecond.
    EXPECT_THAT(ids(window(none, none, at(3) + 1us, at(6) + 1us)), testing::ElementsAre(4, 5, 6));
    EXPECT_THAT(ids(window(none, none, at(3) - 1us, at(6) - 1us)), testing::ElementsAre(3, 4, 5));
    // One bound alone.
    EXPECT_THAT(ids(window(none, none, at(3), none)), testing::ElementsAre(3, 4, 5, 6, 7));
    EXPECT_THAT(ids(window(none, none, none, at(3))), testing::ElementsAre(1, 2));
    EXPECT_THAT(ids(window(dead, none, at(3), none)), testing::ElementsAre(3, 4, 6));
    EXPECT_THAT(ids(window(dead, none, none, at(6))), testing::ElementsAre(2, 3, 4));
    EXPECT_THAT(ids(window(none, ErrorClass::Malformed, none, at(6))), testing::ElementsAre(2, 3));
    EXPECT_THAT(ids(window(dead, ErrorClass::Malformed, at(3), none)), testing::ElementsAre(3, 6));
    // Paging within the window.
    EXPECT_THAT(ids(window(none, none, at(3), at(6)), 3), testing::ElementsAre(4, 5));
    EXPECT_THAT(ids(window(none, none, at(3), at(6)), 0, 2), testing::ElementsAre(3, 4));
    EXPECT_THAT(ids(window(dead, none, at(2), at(7)), 2, 2), testing::ElementsAre(3, 4));
    // An empty window, and one before every message.
    EXPECT_TRUE(ids(window(none, none, at(4), at(4))).empty());
    EXPECT_TRUE(ids(window(none, none, none, at(1))).empty());
    EXPECT_THAT(ids(window(none, none, at(7), none)), testing::ElementsAre(7));
    // No window: the page is what it was without these fields.
    EXPECT_THAT(ids(window(dead, none, none, none)), testing::ElementsAre(2, 3, 4, 6));
}

} // namespace
} // namespace msgx::test
