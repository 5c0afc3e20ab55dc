// ProcessingQueue::commitAll: several processing commits in one transaction, in order, all or nothing;
// identities and processing-start anchors written with them (the batching pump's single transaction).
#include "StoreSuite.h"
#include "msgx/storage/InfraError.h"

#include <gmock/gmock.h>

#include <map>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::FlightWrite;
using storage::InfraError;
using storage::MailboxId;
using storage::ProcessingCommit;
using storage::ProcessingState;

FlightWrite flightVersion(std::optional<std::int64_t> expected, const std::string& stand) {
    FlightWrite write;
    write.flid = 7001;
    write.expectedVersion = expected;
    write.keys.alcd = "3U";
    write.keys.flno = "3U8881";
    write.keys.mvin = "D";
    write.attributesJson = R"({"standCode":")" + stand + R"("})";
    return write;
}

// Commits of mailbox ids 1..5 (expected PENDING/0, ending SUCCEEDED with a back-fill intent), each
// writing the next version of flight 7001 and one `msg` event.
std::vector<ProcessingCommit> fiveCommitsOnOneFlight() {
    std::vector<ProcessingCommit> commits;
    for (MailboxId id = 1; id <= 5; ++id) {
        ProcessingCommit commit;
        commit.mailboxId = id;
        commit.expected = {ProcessingState::Pending, 0};
        commit.outcome.state = ProcessingState::Succeeded;
        commit.outcome.backfillStatus = "PROCESSED";
        commit.flights = {flightVersion(id == 1 ? std::nullopt : std::optional<std::int64_t>(id - 1),
                                        "S" + std::to_string(id))};
        commit.events = {{"msg", 7001, "e" + std::to_string(id)}};
        commits.push_back(commit);
    }
    return commits;
}

TEST_P(StoreSuite, CommitAllAppliesInOrderAndALaterCommitSeesTheFlightVersionAnEarlierOneWrote) {
    for (MailboxId id = 1; id <= 5; ++id) {
        enqueue(id);
    }
    const auto result = store().processing().commitAll(fiveCommitsOnOneFlight());
    ASSERT_TRUE(result.applied) << result.conflict;
    EXPECT_FALSE(result.conflictAt);

    const auto flight = store().flights().byFlid(7001);
    ASSERT_TRUE(flight);
    EXPECT_EQ(flight->stateVersion, 5);
    EXPECT_EQ(flight->attributesJson, R"({"standCode":"S5"})");

    const auto events = store().events().list("msg", std::nullopt, 0, 10);
    ASSERT_EQ(events.size(), 5u);
    for (std::size_t i = 0; i < events.size(); ++i) {
        EXPECT_EQ(events[i].payloadJson, "e" + std::to_string(i + 1));
        EXPECT_EQ(events[i].sourceId, MailboxId(i + 1));
    }
    for (MailboxId id = 1; id <= 5; ++id) {
        const auto row = store().processing().find(id);
        EXPECT_EQ(row->state, ProcessingState::Succeeded) << id;
        EXPECT_EQ(row->backfillState, storage::BackfillState::Due) << id;
    }
    EXPECT_FALSE(store().processing().head());
    // An empty batch writes nothing and is not a conflict.
    EXPECT_TRUE(store().processing().commitAll({}).applied);
}

// Flight `flid` as commit round `round` writes it: every key column and the document depend on both.
FlightWrite roundOf(storage::FlightId flid, int round, std::optional<std::int64_t> expected,
                    storage::Timestamp sodt) {
    FlightWrite write;
    write.flid = flid;
    write.expectedVersion = expected;
    write.keys.ffid = "FF" + std::to_string(flid) + "-" + std::to_string(round);
    write.keys.alcd = round == 1 ? "3U" : "CA";
    write.keys.flno = "F" + std::to_string(flid % 1000) + std::to_string(round);
    write.keys.mvin = flid % 2 == 0 ? "A" : "D";
    write.keys.sodt = sodt + std::chrono::minutes(flid % 1000);
    write.keys.maid = round == 1 ? std::nullopt : std::optional<storage::FlightId>(flid - 1);
    write.keys.linkFlid = round == 1 ? std::optional<storage::FlightId>(flid + 1) : std::nullopt;
    write.attributesJson =
        R"({"round":)" + std::to_string(round) + R"(,"flid":)" + std::to_string(flid) + "}";
    return write;
}

TEST_P(StoreSuite, ABatchUpdatingManyFlightsWritesEachWholeKeepsItsCreationTimeAndTheLastWriteOfAFlight) {
    // 63 flights updated in one batch: multi-row updates of 32, 16, 8, 4 and 2 flights and a single
    // one (where the dialect writes several per statement); one of them twice, one then deleted, one
    // brought back from deleted; every third one has its "stands" list replaced (21 lists: two full
    // multi-list deletes and a short one; 42 detail rows created, 39 written again), flight 8000
    // twice.
    constexpr int kFlights = 63;
    constexpr storage::FlightId kFirst = 8000;
    const auto created = clock_.now();
    std::vector<ProcessingCommit> creates;
    for (int i = 0; i < kFlights; ++i) {
        enqueue(i + 1);
        auto commit = succeeded(i + 1);
        commit.flights = {roundOf(kFirst + i, 1, std::nullopt, created)};
        if (i % 3 == 0) {
            commit.flights[0].lists = {{"stands", {R"({"stand":"1"})"}}, {"delays", {R"({"code":"93"})"}}};
        }
        creates.push_back(commit);
    }
    ASSERT_TRUE(store().processing().commitAll(creates).applied);
    enqueue(100);
    auto remove = succeeded(100);
    remove.flights = {deletion(kFirst + 5, 1)};
    ASSERT_TRUE(store().processing().commit(remove).applied);

    clock_.advance(1h);
    const auto updated = clock_.now();
    std::vector<ProcessingCommit> updates;
    MailboxId id = 200;
    for (int i = 0; i < kFlights; ++i) {
        enqueue(id);
        auto commit = succeeded(id++);
        commit.flights = {roundOf(kFirst + i, 2, i == 5 ? 2 : 1, updated)};
        if (i % 3 == 0) {
            commit.flights[0].lists = {{"stands", {R"({"stand":"7"})", R"({"stand":"8"})"}}};
        }
        updates.push_back(commit);
    }
    enqueue(id);
    auto again = succeeded(id++);
    again.flights = {roundOf(kFirst, 3, 2, updated)}; // flight 8000 a second time in the batch
    again.flights[0].lists = {{"stands", {R"({"stand":"last"})"}}};
    updates.push_back(again);
    enqueue(id);
    auto gone = succeeded(id++);
    gone.flights = {deletion(kFirst + 9, 2)}; // the update above made it version 2
    updates.push_back(gone);
    const auto result = store().processing().commitAll(updates);
    ASSERT_TRUE(result.applied) << result.conflict;

    // One read of the 63 flights with their lists (byFlids: also the deleted one, its lists empty),
    // not 126 round trips; byFlid and detailLists, the single reads, are compared with it on flight
    // 8000 here.
    std::vector<storage::FlightId> flids;
    for (int i = 0; i < kFlights; ++i) {
        flids.push_back(kFirst + i);
    }
    std::map<storage::FlightId, std::pair<storage::FlightRecord, std::vector<storage::DetailList>>> stored;
    for (auto& found : store().flights().byFlids(flids)) {
        stored.emplace(found.first.flid, std::move(found));
    }
    ASSERT_EQ(stored.size(), static_cast<std::size_t>(kFlights));
    EXPECT_EQ(store().flights().byFlid(kFirst), stored.at(kFirst).first);
    EXPECT_EQ(store().flights().detailLists(kFirst), stored.at(kFirst).second);
    for (int i = 0; i < kFlights; ++i) {
        const storage::FlightId flid = kFirst + i;
        const auto& flight = stored.at(flid).first;
        const int round = i == 0 ? 3 : 2;
        FlightWrite expected = roundOf(flid, round, std::nullopt, updated);
        EXPECT_EQ(flight.keys, expected.keys) << flid;
        EXPECT_EQ(flight.attributesJson, expected.attributesJson) << flid;
        EXPECT_EQ(flight.stateVersion, i == 0 || i == 5 || i == 9 ? 3 : 2) << flid;
        EXPECT_EQ(flight.deleted, i == 9) << flid;
        EXPECT_EQ(flight.createdAt, created) << flid;
        EXPECT_EQ(flight.updatedAt, updated) << flid;
        std::vector<storage::DetailList> lists;
        if (i == 0) {
            lists = {{"delays", {R"({"code":"93"})"}}, {"stands", {R"({"stand":"last"})"}}};
        } else if (i % 3 == 0 && i != 9) {
            lists = {{"delays", {R"({"code":"93"})"}}, {"stands", {R"({"stand":"7"})", R"({"stand":"8"})"}}};
        }
        EXPECT_EQ(stored.at(flid).second, lists) << flid;
    }
    EXPECT_EQ(rowCount("FLIGHT"), kFlights);
    // flight 8000 (two rows), and the other multiples of three but 8009 (three rows each)
    EXPECT_EQ(rowCount("FLIGHT_DETAIL"), 1 + 1 + ((kFlights + 2) / 3 - 2) * 3);
}

TEST_P(StoreSuite, ACommitThatReadsTheFrontReturnsTheHeadAndTheRowsAfterItAsTheWritesLeftThem) {
    auto& queue = store().processing();
    for (MailboxId id = 1; id <= 9; ++id) {
        enqueue(id);
    }
    const storage::ProcessingFailure failure{ErrorClass::Infra, "down", clock_.now() + 1min};
    ASSERT_TRUE(queue.recordFailure(6, {ProcessingState::Pending, 0}, failure).applied);

    storage::QueueFront front;
    auto result = queue.commitAllAndReadFront({succeeded(1), succeeded(2), succeeded(3)}, 3, front);
    ASSERT_TRUE(result.applied) << result.conflict;
    ASSERT_TRUE(front.head);
    EXPECT_EQ(front.head->mailboxId, MailboxId{4});
    std::vector<MailboxId> next;
    for (const auto& record : front.next) {
        next.push_back(record.mailboxId);
    }
    EXPECT_EQ(next, (std::vector<MailboxId>{5, 6, 7})); // 6 FAILED is unfinished too, at most 3
    EXPECT_EQ(front.next[1].state, ProcessingState::Failed);
    EXPECT_EQ(front.next[0].rawXml, queue.find(5)->rawXml);

    // A refused commit writes nothing and leaves the front as it was.
    auto stale = succeeded(4);
    stale.expected = {ProcessingState::Failed, 1};
    EXPECT_FALSE(queue.commitAllAndReadFront({stale, succeeded(5)}, 3, front).applied);
    EXPECT_EQ(front.head->mailboxId, MailboxId{4});
    EXPECT_EQ(queue.find(5)->state, ProcessingState::Pending);

    // The head read sees the batch's own writes: a batch that finishes the rest leaves 6 alone.
    std::vector<ProcessingCommit> rest;
    for (MailboxId id : {4, 5, 7, 8, 9}) {
        rest.push_back(succeeded(id));
    }
    ASSERT_TRUE(queue.commitAllAndReadFront(rest, 3, front).applied);
    ASSERT_TRUE(front.head);
    EXPECT_EQ(front.head->mailboxId, MailboxId{6});
    EXPECT_TRUE(front.next.empty());
    auto last = succeeded(6);
    last.expected = {ProcessingState::Failed, 1};
    ASSERT_TRUE(queue.commitAllAndReadFront({last}, 3, front).applied);
    EXPECT_FALSE(front.head);
    EXPECT_TRUE(front.next.empty());
}

TEST_P(StoreSuite, TheEventsOfABatchGetIdsInCommitOrderAcrossMultiRowInserts) {
    // 63 events of 9 messages: multi-row inserts of 32, 16, 8, 4 and 2 events and a single one
    // (where the dialect writes several per statement); every fourth payload is long (bound as CLOB
    // on MariaDB ODBC) and every third event has no flight.
    constexpr int kEvents = 63;
    constexpr int kPerMessage = 7;
    std::vector<ProcessingCommit> commits;
    int n = 0;
    for (MailboxId id = 1; id <= kEvents / kPerMessage; ++id) {
        enqueue(id);
        auto commit = succeeded(id);
        for (int e = 0; e < kPerMessage; ++e, ++n) {
            const std::string payload = "p" + std::to_string(n) + (n % 4 == 0 ? std::string(300, 'x') : "");
            commit.events.push_back({n % 2 == 0 ? "msg" : "schd",
                                     n % 3 == 0 ? std::nullopt : std::optional<storage::FlightId>(100 + n),
                                     payload});
        }
        commits.push_back(commit);
    }
    ASSERT_TRUE(store().processing().commitAll(commits).applied);

    std::vector<storage::OutboxEvent> all;
    for (const char* target : {"msg", "schd"}) {
        const auto events = store().events().list(target, std::nullopt, 0, 100);
        all.insert(all.end(), events.begin(), events.end());
    }
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    ASSERT_EQ(all.size(), static_cast<std::size_t>(kEvents));
    for (int k = 0; k < kEvents; ++k) {
        const auto& event = all[k];
        EXPECT_EQ(event.payloadJson, "p" + std::to_string(k) + (k % 4 == 0 ? std::string(300, 'x') : ""))
            << k;
        EXPECT_EQ(event.target, k % 2 == 0 ? "msg" : "schd") << k;
        EXPECT_EQ(event.flid, k % 3 == 0 ? std::nullopt : std::optional<storage::FlightId>(100 + k)) << k;
        EXPECT_EQ(event.sourceId, MailboxId(k / kPerMessage + 1)) << k;
        EXPECT_EQ(event.state, storage::EventState::Pending) << k;
        EXPECT_EQ(event.createdAt, clock_.now()) << k;
    }
}

TEST_P(StoreSuite, AGuardConflictInTheThirdOfFiveCommitsRollsAllOfThemBack) {
    for (MailboxId id = 1; id <= 5; ++id) {
        enqueue(id);
    }
    auto commits = fiveCommitsOnOneFlight();
    commits[2].expected = {ProcessingState::Failed, 1};
    const auto result = store().processing().commitAll(commits);
    EXPECT_FALSE(result.applied);
    EXPECT_EQ(result.conflictAt, MailboxId{3});
    EXPECT_FALSE(result.identityHeldBy);
    EXPECT_THAT(result.conflict, testing::HasSubstr("PROC_STATE 3 is PENDING/0, expected FAILED/1"));
    EXPECT_EQ(rowCount("FLIGHT"), 0);
    EXPECT_EQ(rowCount("MSG_EVENT"), 0);
    for (MailboxId id = 1; id <= 5; ++id) {
        EXPECT_EQ(store().processing().find(id)->state, ProcessingState::Pending) << id;
    }
}

TEST_P(StoreSuite, AFlightVersionConflictInABatchNamesTheMessageAndRollsAllBack) {
    for (MailboxId id = 1; id <= 5; ++id) {
        enqueue(id);
    }
    auto commits = fiveCommitsOnOneFlight();
    commits[3].flights[0].expectedVersion = 2; // the third commit made it version 3
    const auto result = store().processing().commitAll(commits);
    EXPECT_FALSE(result.applied);
    EXPECT_EQ(result.conflictAt, MailboxId{4});
    EXPECT_THAT(result.conflict, testing::HasSubstr("FLIGHT 7001 is version 3"));
    EXPECT_EQ(rowCount("FLIGHT"), 0);
    EXPECT_EQ(rowCount("MSG_EVENT"), 0);
    EXPECT_EQ(store().processing().find(1)->state, ProcessingState::Pending);
}

TEST_P(StoreSuite, ADatabaseFailureInABatchLeavesNothingWritten) {
    for (MailboxId id = 1; id <= 5; ++id) {
        enqueue(id);
    }
    auto commits = fiveCommitsOnOneFlight();
    for (auto& commit : commits) {
        commit.identityKey = "AODB|FLOP|ABTM|" + std::to_string(commit.mailboxId);
        commit.processingStartedAt = clock_.now();
    }
    commits[3].events.push_back({std::string(33, 't'), 7001, "{}"}); // TARGET is 32 at most
    try {
        store().processing().commitAll(commits);
        FAIL() << "the batch should have failed";
    } catch (const InfraError& e) {
        EXPECT_EQ(e.reason(), InfraError::Reason::ValueTooLong) << e.what();
    }
    EXPECT_EQ(rowCount("FLIGHT"), 0);
    EXPECT_EQ(rowCount("MSG_EVENT"), 0);
    for (MailboxId id = 1; id <= 5; ++id) {
        const auto row = store().processing().find(id);
        EXPECT_EQ(row->state, ProcessingState::Pending) << id;
        EXPECT_FALSE(row->identityKey) << id;
        EXPECT_FALSE(row->processingStartedAt) << id;
    }
    commits[3].events.pop_back();
    ASSERT_TRUE(store().processing().commitAll(commits).applied);
    EXPECT_EQ(rowCount("MSG_EVENT"), 5);
}

TEST_P(StoreSuite, CommitAllBindsIdentitiesAndAnchorsTheProcessingStartOnlyWhereUnset) {
    auto& queue = store().processing();
    for (MailboxId id = 1; id <= 3; ++id) {
        enqueue(id);
    }
    const auto earlier = clock_.now();
    ASSERT_EQ(queue.markProcessingStarted(1), earlier);
    ASSERT_TRUE(queue.bindIdentity(3, "AODB|FLOP|ABTM|first").bound);
    clock_.advance(5s);
    std::vector<ProcessingCommit> commits;
    for (MailboxId id = 1; id <= 3; ++id) {
        auto commit = succeeded(id);
        commit.identityKey = "AODB|FLOP|ABTM|" + std::to_string(id);
        commit.processingStartedAt = clock_.now();
        commits.push_back(commit);
    }
    ASSERT_TRUE(queue.commitAll(commits).applied);
    EXPECT_EQ(queue.find(1)->processingStartedAt, earlier); // the anchor in force is kept
    EXPECT_EQ(queue.find(2)->processingStartedAt, clock_.now());
    EXPECT_EQ(queue.find(1)->identityKey, "AODB|FLOP|ABTM|1");
    EXPECT_EQ(queue.find(2)->identityKey, "AODB|FLOP|ABTM|2");
    EXPECT_EQ(queue.find(3)->identityKey, "AODB|FLOP|ABTM|first"); // a bound message keeps its first key
    // The keys are held now: a later message with one of them is a duplicate.
    enqueue(4);
    EXPECT_EQ(queue.bindIdentity(4, "AODB|FLOP|ABTM|2").duplicateOf, MailboxId{2});
}

TEST_P(StoreSuite, SixtyCommitsWithMixedOutcomesEachEndWithTheirOwnValues) {
    // The terminal writes go 25 rows with one outcome per statement (CASE on the id for identity and
    // processing start): groups that interleave, chunks that end short, rows that keep their values.
    auto& queue = store().processing();
    for (MailboxId id = 1; id <= 60; ++id) {
        enqueue(id);
    }
    const auto started = clock_.now();
    ASSERT_EQ(queue.markProcessingStarted(7), started);
    clock_.advance(3s);
    std::vector<ProcessingCommit> commits;
    for (MailboxId id = 1; id <= 60; ++id) {
        auto commit = succeeded(id);
        if (id % 3 == 1) {
            commit.outcome.state = ProcessingState::Skipped;
            commit.outcome.note = "duplicate-of:" + std::to_string(id % 2);
            commit.outcome.backfillStatus = "SKIPPED";
        } else if (id % 7 == 0) {
            commit.outcome.state = ProcessingState::Dead;
            commit.outcome.errorClass = ErrorClass::Malformed;
            commit.outcome.lastError = "line " + std::to_string(id);
            commit.outcome.backfillStatus = "DEAD";
        }
        if (id % 5 != 0) {
            commit.identityKey = "AODB|FLOP|STND|" + std::to_string(id);
        }
        commit.processingStartedAt = clock_.now() + std::chrono::milliseconds(id);
        commits.push_back(commit);
    }
    ASSERT_TRUE(queue.commitAll(commits).applied);

    // One listing instead of 60 finds (one round trip, not 60); the listing reads the same columns
    // into the same record as find().
    const auto rows = queue.list({}, 0, 100);
    ASSERT_EQ(rows.size(), commits.size());
    for (std::size_t i = 0; i < commits.size(); ++i) {
        const auto& commit = commits[i];
        const MailboxId id = commit.mailboxId;
        const auto& row = rows[i];
        ASSERT_EQ(row.mailboxId, id);
        EXPECT_EQ(row.state, commit.outcome.state) << id;
        EXPECT_EQ(row.note, commit.outcome.note) << id;
        EXPECT_EQ(row.errorClass, commit.outcome.errorClass) << id;
        EXPECT_EQ(row.lastError, commit.outcome.lastError) << id;
        EXPECT_EQ(row.identityKey, commit.identityKey) << id;
        EXPECT_EQ(row.processingStartedAt, id == 7 ? started : *commit.processingStartedAt) << id;
        EXPECT_EQ(row.backfillState, storage::BackfillState::Due) << id;
    }
    const auto due = store().backfill().nextDue(100, 0);
    ASSERT_EQ(due.size(), 60u);
    for (const auto& task : due) {
        EXPECT_EQ(task.status, *commits[static_cast<std::size_t>(task.mailboxId - 1)].outcome.backfillStatus)
            << task.mailboxId;
    }
    enqueue(61);
    EXPECT_EQ(queue.bindIdentity(61, "AODB|FLOP|STND|59").duplicateOf, MailboxId{59}); // keys are held
}

TEST_P(StoreSuite, AnIdentityHeldByAnotherMessageRefusesTheWholeBatch) {
    auto& queue = store().processing();
    for (MailboxId id = 1; id <= 4; ++id) {
        enqueue(id);
    }
    ASSERT_TRUE(queue.bindIdentity(1, "K-held").bound);
    auto second = succeeded(2);
    second.identityKey = "K-free";
    second.processingStartedAt = clock_.now();
    auto third = succeeded(3);
    third.identityKey = "K-held";
    const auto held = queue.commitAll({second, third});
    EXPECT_FALSE(held.applied);
    EXPECT_EQ(held.identityHeldBy, MailboxId{1});
    EXPECT_EQ(held.conflictAt, MailboxId{3});
    EXPECT_THAT(held.conflict, testing::HasSubstr("K-held"));
    EXPECT_FALSE(queue.find(2)->identityKey);
    EXPECT_FALSE(queue.find(2)->processingStartedAt);
    EXPECT_EQ(queue.find(2)->state, ProcessingState::Pending);

    // Two messages of one batch with the same key: the earlier one binds it, the later is refused.
    auto fourth = succeeded(4);
    fourth.identityKey = "K-free";
    const auto twice = queue.commitAll({second, fourth});
    EXPECT_FALSE(twice.applied);
    EXPECT_EQ(twice.identityHeldBy, MailboxId{2});
    EXPECT_EQ(twice.conflictAt, MailboxId{4});
    EXPECT_FALSE(queue.find(2)->identityKey);

    // The holder itself may commit with its key.
    auto first = succeeded(1);
    first.identityKey = "K-held";
    EXPECT_TRUE(queue.commitAll({first, second}).applied);
    EXPECT_EQ(queue.find(2)->identityKey, "K-free");
}

TEST_P(StoreSuite, AnArchivedHolderOfAnIdentityRefusesACommitWithIt) {
    auto& queue = store().processing();
    enqueue(1);
    auto first = succeeded(1);
    first.identityKey = "K-archived";
    first.outcome.backfillStatus.reset();
    ASSERT_TRUE(queue.commit(first).applied);
    clock_.advance(48h);
    ASSERT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 10).messages, 1);
    enqueue(2);
    auto second = succeeded(2);
    second.identityKey = "K-archived";
    const auto result = queue.commit(second);
    EXPECT_FALSE(result.applied);
    EXPECT_EQ(result.identityHeldBy, MailboxId{1});
    EXPECT_EQ(result.conflictAt, MailboxId{2});
}

} // namespace
} // namespace msgx::test
