// The kept state counts (PROC_STATE_COUNT, MSG_EVENT_COUNT; docs/storage.md "State counts"): every
// write that changes a state keeps them, so countByState() and summary() say what a scan of the rows
// says, and recountStates() finds nothing to correct; a count left wrong by SQL outside msgx is set
// from the rows by the recount.
#include "StoreSuite.h"
#include "session/SessionPool.h"

#include <Poco/Data/Statement.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::CountCorrection;
using storage::MailboxId;
using storage::ProcessingState;
using storage::StateCount;
using storage::TargetSummary;

// Runs `sql` through a session of its own, committed: an operator's edit by hand.
void executeByHand(TestDatabase& database, const std::string& sql) {
    storage::DatabaseSettings settings = database.settings();
    settings.poolSize = 1;
    storage::SessionPool hand(settings);
    hand.transact("by hand", [&sql](storage::Transaction& tx) {
        Poco::Data::Statement statement(tx.session());
        statement << sql;
        statement.execute();
    });
}

TEST_P(StoreSuite, TheKeptCountsFollowEveryWriteThatChangesAStateAndARecountFindsNothingToCorrect) {
    auto& queue = store().processing();
    auto& outbox = store().events();
    for (MailboxId id = 1; id <= 5; ++id) {
        enqueue(id);
    }
    storage::NewMessage skipped{6, "<MSG/>", std::nullopt, "VALID", std::nullopt};
    skipped.skipNote = "backlog skipped";
    ASSERT_EQ(queue.enqueue({skipped}, std::nullopt), (std::vector<MailboxId>{6}));
    ASSERT_TRUE(
        queue.recordFailure(2, {ProcessingState::Pending, 0}, {ErrorClass::Infra, "down", clock_.now()})
            .applied);
    auto first = succeeded(1);
    first.events = {{"msg", 1, "m1"}, {"msg", 1, "m2"}, {"schd", 1, "s1"}};
    auto dead = succeeded(3);
    dead.outcome.state = ProcessingState::Dead;
    dead.outcome.errorClass = ErrorClass::Malformed;
    ASSERT_TRUE(queue.commitAll({first, dead}).applied);
    // The failed attempt of 2 ends: FAILED/INFRA -> SUCCEEDED.
    auto second = succeeded(2);
    second.expected = {ProcessingState::Failed, 1};
    ASSERT_TRUE(queue.commit(second).applied);
    ASSERT_TRUE(queue.resetForReplay(3, {ProcessingState::Dead, 0}).applied); // keeps its class

    EXPECT_EQ(queue.countByState(),
              (std::vector<StateCount>{{ProcessingState::Pending, std::nullopt, 2},
                                       {ProcessingState::Pending, ErrorClass::Malformed, 1},
                                       {ProcessingState::Succeeded, std::nullopt, 2},
                                       {ProcessingState::Skipped, std::nullopt, 1}}));

    const auto events = outbox.list("msg", std::nullopt, 0, 10);
    ASSERT_EQ(events.size(), 2u);
    outbox.markSent("msg", 0, events[0].id);
    outbox.markDead({events[1].id, events[1].id + 1000}, "too large"); // an unknown id changes nothing
    EXPECT_EQ(outbox.summary(),
              (std::vector<TargetSummary>{{"msg", 0, 1, 1, std::nullopt, events[1].id},
                                          {"schd", 1, 0, 0, StoreSuite::start(), std::nullopt}}));
    EXPECT_EQ(outbox.requeueDead("msg", 0), 1);
    EXPECT_EQ(outbox.summary(),
              (std::vector<TargetSummary>{{"msg", 1, 1, 0, StoreSuite::start(), std::nullopt},
                                          {"schd", 1, 0, 0, StoreSuite::start(), std::nullopt}}));
    // Delivered above the settled rows: the summary reports them SENT; the archive settles them.
    outbox.recordDelivered("msg", events[1].id);
    EXPECT_EQ(outbox.summary(),
              (std::vector<TargetSummary>{{"msg", 0, 2, 0, std::nullopt, std::nullopt},
                                          {"schd", 1, 0, 0, StoreSuite::start(), std::nullopt}}));
    clock_.advance(25h);
    // 6 moves (1 and 2 wait for their back-fill, 1 also for its schd event), with msg's two events.
    EXPECT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 100), (storage::ArchiveReport{1, 2}));
    EXPECT_EQ(queue.countByState(),
              (std::vector<StateCount>{{ProcessingState::Pending, std::nullopt, 2},
                                       {ProcessingState::Pending, ErrorClass::Malformed, 1},
                                       {ProcessingState::Succeeded, std::nullopt, 2}}));
    EXPECT_EQ(outbox.summary(),
              (std::vector<TargetSummary>{{"schd", 1, 0, 0, StoreSuite::start(), std::nullopt}}));

    EXPECT_EQ(queue.recountStates(), std::vector<CountCorrection>{});
}

TEST_P(StoreSuite, ARecountSetsTheCountsThatRowsChangedByHandLeftWrong) {
    auto& queue = store().processing();
    for (MailboxId id = 1; id <= 3; ++id) {
        enqueue(id);
    }
    executeByHand(*database_,
                  "UPDATE PROC_STATE SET STATE = 'DEAD', ERROR_CLASS = 'INFRA' WHERE CMINMSGS_ID = 2");
    executeByHand(*database_, "DELETE FROM PROC_STATE WHERE CMINMSGS_ID = 3");
    EXPECT_EQ(queue.countByState(), (std::vector<StateCount>{{ProcessingState::Pending, std::nullopt, 3}}));

    EXPECT_EQ(queue.recountStates(), (std::vector<CountCorrection>{{"PROC_STATE_COUNT", "DEAD/INFRA", 0, 1},
                                                                   {"PROC_STATE_COUNT", "PENDING/-", 3, 1}}));
    EXPECT_EQ(queue.countByState(), (std::vector<StateCount>{{ProcessingState::Pending, std::nullopt, 1},
                                                             {ProcessingState::Dead, ErrorClass::Infra, 1}}));
    EXPECT_EQ(queue.recountStates(), std::vector<CountCorrection>{});
}

} // namespace
} // namespace msgx::test
