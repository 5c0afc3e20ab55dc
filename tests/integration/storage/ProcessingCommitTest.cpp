// The processing commit: flight changes, events, terminal state and back-fill intent in one
// transaction, all or nothing.
#include "StoreSuite.h"
#include "msgx/storage/InfraError.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::FlightWrite;
using storage::InfraError;
using storage::NewEvent;
using storage::ProcessingState;

FlightWrite newFlight(storage::FlightId flid, std::string flno) {
    FlightWrite write;
    write.flid = flid;
    write.keys.alcd = "3U";
    write.keys.flno = std::move(flno);
    write.keys.mvin = "D";
    write.attributesJson = R"({"flid":)" + std::to_string(flid) + R"(,"standCode":"207"})";
    return write;
}

TEST_P(StoreSuite, CommitWritesFlightsEventsTerminalStateAndBackfillIntentTogether) {
    enqueue(100);
    auto commit = succeeded(100);
    auto flight = newFlight(5001, "3U8881");
    flight.keys.sodt = clock_.now() + 2h;
    flight.lists = {{"stands", {R"({"psno":1,"stand":"207"})", R"({"psno":2,"stand":"208"})"}}};
    commit.flights = {flight};
    commit.events = {{"msg", 5001, R"({"flid":5001,"changed":["standCode"]})"},
                     {"schd", 5001, R"({"flid":5001})"}};
    commit.outcome.note = "unknown-flight";
    ASSERT_TRUE(store().processing().commit(commit).applied);

    const auto stored = store().flights().byFlid(5001);
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->keys.flno, "3U8881");
    EXPECT_EQ(stored->keys.sodt, clock_.now() + 2h);
    EXPECT_EQ(stored->stateVersion, 1);
    EXPECT_FALSE(stored->deleted);
    EXPECT_EQ(stored->attributesJson, flight.attributesJson);
    EXPECT_EQ(store().flights().detailLists(5001), flight.lists);

    const auto msg = store().events().head("msg", 0);
    ASSERT_TRUE(msg);
    EXPECT_EQ(msg->payloadJson, R"({"flid":5001,"changed":["standCode"]})");
    EXPECT_EQ(msg->sourceId, 100);
    EXPECT_EQ(msg->flid, 5001);
    EXPECT_EQ(store().events().pendingCount("schd", 0), 1);

    const auto row = store().processing().find(100);
    EXPECT_EQ(row->state, ProcessingState::Succeeded);
    EXPECT_EQ(row->note, "unknown-flight");
    EXPECT_EQ(row->processedAt, clock_.now());
    EXPECT_EQ(row->backfillState, storage::BackfillState::Due);
    EXPECT_EQ(row->backfillStatusValue, "PROCESSED");
    EXPECT_FALSE(store().processing().head());
}

TEST_P(StoreSuite, RepeatingAnAppliedCommitChangesNothing) {
    enqueue(110);
    auto commit = succeeded(110);
    commit.flights = {newFlight(5101, "3U1")};
    commit.events = {{"msg", 5101, "{}"}};
    ASSERT_TRUE(store().processing().commit(commit).applied);
    // A commit whose outcome was unknown (the connection broke after COMMIT was sent) is retried:
    // the guard sees the row already terminal, and no second flight version or event appears.
    const auto repeated = store().processing().commit(commit);
    EXPECT_FALSE(repeated.applied);
    EXPECT_THAT(repeated.conflict, testing::HasSubstr("SUCCEEDED"));
    EXPECT_EQ(store().flights().byFlid(5101)->stateVersion, 1);
    EXPECT_EQ(store().events().pendingCount("msg", 0), 1);
}

TEST_P(StoreSuite, FailureMidCommitLeavesNothingVisible) {
    enqueue(120);
    auto commit = succeeded(120);
    commit.flights = {newFlight(5201, "3U2")};
    // The second event's target does not fit MSG_EVENT.TARGET (32): the database refuses it after the
    // flight and the first event were written in the same transaction.
    commit.events = {{"msg", 5201, "{}"}, {std::string(33, 't'), 5201, "{}"}};
    try {
        store().processing().commit(commit);
        FAIL() << "the commit should have failed";
    } catch (const InfraError& e) {
        EXPECT_EQ(e.reason(), InfraError::Reason::ValueTooLong) << e.what();
    }
    EXPECT_FALSE(store().flights().byFlid(5201));
    EXPECT_EQ(rowCount("FLIGHT"), 0);
    EXPECT_EQ(rowCount("MSG_EVENT"), 0);
    const auto row = store().processing().find(120);
    EXPECT_EQ(row->state, ProcessingState::Pending);
    EXPECT_EQ(row->backfillState, storage::BackfillState::None);
    // The store is usable at once (the failed session was replaced) and the retry succeeds.
    commit.events.pop_back();
    EXPECT_TRUE(store().processing().commit(commit).applied);
    EXPECT_EQ(rowCount("MSG_EVENT"), 1);
}

TEST_P(StoreSuite, FlightVersionConflictRollsBackTheWholeCommit) {
    enqueue(130);
    enqueue(131);
    auto first = succeeded(130);
    first.flights = {newFlight(5301, "3U3")};
    ASSERT_TRUE(store().processing().commit(first).applied);

    auto second = succeeded(131);
    second.flights = {newFlight(5302, "3U4"), newFlight(5301, "3U3")}; // 5301 exists: expected absent
    second.events = {{"msg", 5302, "{}"}};
    const auto result = store().processing().commit(second);
    EXPECT_FALSE(result.applied);
    EXPECT_THAT(result.conflict, testing::HasSubstr("FLIGHT 5301 is version 1"));
    EXPECT_FALSE(store().flights().byFlid(5302));
    EXPECT_EQ(rowCount("MSG_EVENT"), 0);
    EXPECT_EQ(store().processing().find(131)->state, ProcessingState::Pending);

    second.flights[1].expectedVersion = 1;
    ASSERT_TRUE(store().processing().commit(second).applied);
    EXPECT_EQ(store().flights().byFlid(5301)->stateVersion, 2);
}

TEST_P(StoreSuite, ValueTooLongForAKeyColumnIsAnErrorNotATruncation) {
    enqueue(140);
    auto commit = succeeded(140);
    commit.flights = {newFlight(5401, "3U123456789AB")}; // FLNO is 12 characters at most
    try {
        store().processing().commit(commit);
        FAIL() << "a 13-character FLNO must be refused";
    } catch (const InfraError& e) {
        EXPECT_EQ(e.reason(), InfraError::Reason::ValueTooLong) << e.what();
    }
    EXPECT_FALSE(store().flights().byFlid(5401));
}

TEST_P(StoreSuite, DeadOutcomeKeepsItsErrorClassAndShadowModeRecordsNoBackfill) {
    enqueue(150);
    auto commit = succeeded(150);
    commit.outcome.state = ProcessingState::Dead;
    commit.outcome.errorClass = ErrorClass::Malformed;
    commit.outcome.lastError = "no META element";
    commit.outcome.backfillStatus.reset();
    ASSERT_TRUE(store().processing().commit(commit).applied);
    const auto row = store().processing().find(150);
    EXPECT_EQ(row->state, ProcessingState::Dead);
    EXPECT_EQ(row->errorClass, ErrorClass::Malformed);
    EXPECT_EQ(row->lastError, "no META element");
    EXPECT_EQ(row->backfillState, storage::BackfillState::None);
    EXPECT_THROW(store().processing().commit([] {
        auto c = succeeded(150);
        c.outcome.state = ProcessingState::Failed;
        return c;
    }()),
                 std::invalid_argument);
}

} // namespace
} // namespace msgx::test
