// Every outcome of a message (architecture.md §4, §11), its back-fill intent and its events.
#include "CapturedLog.h"
#include "PumpSuite.h"
#include "msgx/log/Log.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using storage::ProcessingState;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

TEST_P(PumpSuite, AppliedDecisionCommitsFlightEventsStateAndBackfillTogether) {
    enqueue(1, setAttribute(9001, 500001, "currentStand", "107"));

    const auto step = pump().step();

    EXPECT_EQ(step.kind, pipeline::PumpStep::Kind::Progress);
    EXPECT_EQ(step.finished, 1);
    const auto done = record(1);
    EXPECT_EQ(done.state, ProcessingState::Succeeded);
    EXPECT_EQ(done.note, std::nullopt);
    EXPECT_EQ(done.backfillState, storage::BackfillState::Due);
    EXPECT_EQ(done.backfillStatusValue, "PROCESSED");
    EXPECT_EQ(done.identityKey, "TEST|TEST|SET|9001");
    EXPECT_EQ(done.processingStartedAt, start());
    const auto stored = flight(500001);
    ASSERT_TRUE(stored.has_value());
    EXPECT_EQ(stored->text("currentStand"), "107");
    EXPECT_THAT(
        payloads("msg"),
        ElementsAre(R"({"type":"flight-update","flid":500001,"fields":{"currentStand":"107"},"lists":{}})"));
    EXPECT_THAT(payloads("schd"),
                ElementsAre(R"({"type":"flight-upsert","flid":500001,"document":{"flid":500001,)"
                            R"("attributes":{"currentStand":"107"},"lists":{}}})"));
    const auto msg = events("msg");
    ASSERT_EQ(msg.size(), 1u);
    EXPECT_EQ(msg[0].flid, 500001);
    EXPECT_EQ(msg[0].sourceId, 1);
}

TEST_P(PumpSuite, KeyAttributesFillTheKeyColumnsAndListsTheDetailRows) {
    enqueue(1, setAttribute(1, 500002, "airlineCode", "CA"));
    enqueue(2, setAttribute(2, 500002, "scheduledTime", "2024-03-18T09:15:00Z"));
    enqueue(3, scripted("SET", 3,
                        "<FLID>500002</FLID><NAME>standCode</NAME><VALUE>417</VALUE><LIST>stands</LIST>"));

    EXPECT_EQ(runUntilQuiet(), 3);

    const auto stored = realStore_->flights().byFlid(500002);
    ASSERT_TRUE(stored.has_value());
    EXPECT_EQ(stored->keys.alcd, "CA");
    EXPECT_EQ(stored->keys.sodt, start() + 2h + 15min);
    EXPECT_EQ(stored->stateVersion, 3);
    const auto lists = realStore_->flights().detailLists(500002);
    ASSERT_EQ(lists.size(), 1u);
    EXPECT_EQ(lists[0].name, "stands");
    EXPECT_THAT(lists[0].itemsJson, ElementsAre(R"({"standCode":"417"})"));
    EXPECT_THAT(
        payloads("msg").back(),
        R"({"type":"flight-update","flid":500002,"fields":{},"lists":{"stands":[{"standCode":"417"}]}})");
}

TEST_P(PumpSuite, EqualValueSucceedsWithoutChangeOrEvent) {
    enqueue(1, setAttribute(1, 500003, "currentStand", "107"));
    enqueue(2, setAttribute(2, 500003, "currentStand", "107"));

    EXPECT_EQ(runUntilQuiet(), 2);

    EXPECT_EQ(record(2).state, ProcessingState::Succeeded);
    EXPECT_EQ(realStore_->flights().byFlid(500003)->stateVersion, 1);
    EXPECT_EQ(events("msg").size(), 1u);
    EXPECT_EQ(events("schd").size(), 1u);
}

TEST_P(PumpSuite, DeleteWritesTombstoneEventsAndUnknownFlightIsANotedNoOp) {
    enqueue(1, setAttribute(1, 500004, "currentStand", "107"));
    enqueue(2, scripted("DEL", 2, "<FLID>500004</FLID>"));
    enqueue(3, scripted("DEL", 3, "<FLID>500099</FLID>"));

    EXPECT_EQ(runUntilQuiet(), 3);

    EXPECT_EQ(flight(500004), std::nullopt);
    EXPECT_TRUE(realStore_->flights().byFlid(500004)->deleted);
    EXPECT_EQ(payloads("msg").back(), R"({"type":"flight-delete","flid":500004,"fields":{},"lists":{}})");
    EXPECT_EQ(payloads("schd").back(), R"({"type":"flight-delete","flid":500004})");
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded);
    EXPECT_EQ(record(3).note, "unknown-flight");
    EXPECT_EQ(events("msg").size(), 2u);
}

TEST_P(PumpSuite, SkipIgnoredMalformedAndDuplicateEachEndWithTheirMappedBackfillStatus) {
    config_.mailbox.statusMap = {"SUCCESS", "SKIPPED", "DUPLICATE", "DEAD"};
    enqueue(1, scripted("SKIP", 1, "<TEXT>not today</TEXT>"));
    enqueue(2, "<MSG><META><SNDR>AODB</SNDR><SEQN>2</SEQN><TYPE>ldm</TYPE><STYP>upd</STYP></META></MSG>");
    enqueue(3, "<MSG><META><TYPE>FLOP</TYPE></META></MSG>");
    enqueue(4, setAttribute(4, 500005, "currentStand", "107"));
    enqueue(5, setAttribute(4, 500005, "currentStand", "108"));

    EXPECT_EQ(runUntilQuiet(), 5);

    EXPECT_EQ(record(1).state, ProcessingState::Skipped);
    EXPECT_EQ(record(1).note, "scripted:not today");
    EXPECT_EQ(record(1).backfillStatusValue, "SKIPPED");
    EXPECT_EQ(record(2).state, ProcessingState::Skipped);
    EXPECT_EQ(record(2).note, "ignored:LDM-*");
    EXPECT_EQ(record(2).identityKey, std::nullopt); // ignore rules come before identity
    EXPECT_EQ(record(3).state, ProcessingState::Dead);
    EXPECT_EQ(record(3).errorClass, ErrorClass::Malformed);
    EXPECT_THAT(record(3).lastError.value_or(""), HasSubstr("STYP"));
    EXPECT_EQ(record(3).backfillStatusValue, "DEAD");
    EXPECT_EQ(record(4).backfillStatusValue, "SUCCESS");
    EXPECT_EQ(record(5).state, ProcessingState::Skipped);
    EXPECT_EQ(record(5).note, "duplicate-of:4 content-differs"); // another stand: not the same document
    EXPECT_EQ(record(5).backfillStatusValue, "DUPLICATE");
    EXPECT_EQ(flight(500005)->text("currentStand"), "107");
}

TEST_P(PumpSuite, DuplicateOfAMessageCommittedInAnEarlierStep) {
    enqueue(1, setAttribute(77, 500006, "currentStand", "107"));
    EXPECT_EQ(runUntilQuiet(), 1);
    enqueue(2, setAttribute(77, 500006, "currentStand", "108"));
    enqueue(3, setAttribute(78, 500006, "currentStand", "109"));

    EXPECT_EQ(runUntilQuiet(), 2);

    EXPECT_EQ(record(2).state, ProcessingState::Skipped);
    EXPECT_EQ(record(2).note, "duplicate-of:1 content-differs");
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded);
    EXPECT_EQ(flight(500006)->text("currentStand"), "109");
}

TEST_P(PumpSuite, ShadowModeRecordsNoBackfillIntent) {
    config_.shadow = true;
    enqueue(1, setAttribute(1, 500007, "currentStand", "107"));

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(1).state, ProcessingState::Succeeded);
    EXPECT_EQ(record(1).backfillState, storage::BackfillState::None);
    EXPECT_EQ(record(1).backfillStatusValue, std::nullopt);
}

TEST_P(PumpSuite, NoHandlerIsUnsupportedAndRetriedWithTheIdentityBound) {
    enqueue(1, "<MSG><META><SNDR>AODB</SNDR><SEQN>5</SEQN><TYPE>FLOP</TYPE><STYP>ZZZZ</STYP></META></MSG>");

    const auto step = pump().step();

    EXPECT_EQ(step.failed, 1);
    const auto failed = record(1);
    EXPECT_EQ(failed.state, ProcessingState::Failed);
    EXPECT_EQ(failed.errorClass, ErrorClass::Unsupported);
    EXPECT_EQ(failed.lastError, "no handler serves FLOP-ZZZZ");
    EXPECT_EQ(failed.attempts, 1);
    EXPECT_EQ(failed.nextAttemptAt, start() + 1s);
    EXPECT_EQ(failed.identityKey, "AODB|FLOP|ZZZZ|5");
    EXPECT_EQ(failed.backfillState, storage::BackfillState::None);
}

TEST_P(PumpSuite, HandlerExceptionIsInfraFailureWithItsText) {
    enqueue(1, scripted("THRW", 1, "<TEXT>boom</TEXT>"));

    const auto step = pump().step();

    EXPECT_EQ(step.failed, 1);
    EXPECT_EQ(record(1).state, ProcessingState::Failed);
    EXPECT_EQ(record(1).errorClass, ErrorClass::Infra);
    EXPECT_THAT(record(1).lastError.value_or(""), HasSubstr("scripted exception: boom"));
}

TEST_P(PumpSuite, FailDecisionKeepsItsClassAndReason) {
    enqueue(1, failWith(1, "CODEC_ERROR", "bad ETOT"));

    pump().step();

    EXPECT_EQ(record(1).state, ProcessingState::Failed);
    EXPECT_EQ(record(1).errorClass, ErrorClass::CodecError);
    EXPECT_EQ(record(1).lastError, "bad ETOT");
}

TEST_P(PumpSuite, HandlerSeesTheClocksNowTruncatedToSeconds) {
    clock_.advance(1500ms);
    enqueue(1, setAttribute(1, 500101, "decidedAt", "{now}"));

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(flight(500101)->text("decidedAt"), "2024-03-18T07:00:01Z");
}

TEST_P(PumpSuite, OutboundRequestIsNotedAndTheMessageSucceedsWithoutACoordinator) {
    enqueue(1,
            scripted("SET", 1,
                     "<FLID>500102</FLID><NAME>currentStand</NAME><VALUE>107</VALUE><OUTB>RQRD-ABDG</OUTB>"));

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(1).state, storage::ProcessingState::Succeeded);
    EXPECT_EQ(record(1).note, "outbound request RQRD-ABDG");
    EXPECT_EQ(flight(500102)->text("currentStand"), "107");
}

} // namespace
} // namespace msgx::test

namespace msgx::test {
namespace {

std::string traced(const std::string& id) {
    return std::string(1, log::kTraceStart) + id + std::string(1, log::kTraceEnd);
}

TEST_P(PumpSuite, EveryProcessedMessageLogsOneLineUnderItsTraceId) {
    enqueue(41, setAttribute(1, 500201, "currentStand", "107"));
    enqueue(42, scripted("DEL", 2, "<FLID>500299</FLID>"));
    enqueue(43, failWith(3, "CODEC_ERROR", "bad ETOT"));
    const CapturedLog captured;

    pump().step();

    const auto succeeded = captured.linesWith("message 41 ");
    ASSERT_EQ(succeeded.size(), 1u);
    EXPECT_NE(succeeded[0].find(traced("41")), std::string::npos) << succeeded[0];
    EXPECT_NE(succeeded[0].find("message 41 TEST-SET: SUCCEEDED"), std::string::npos) << succeeded[0];
    const auto noted = captured.linesWith("message 42 ");
    ASSERT_EQ(noted.size(), 1u);
    EXPECT_NE(noted[0].find("TEST-DEL: SUCCEEDED unknown-flight"), std::string::npos) << noted[0];
    const auto failed = captured.linesWith("message 43 ");
    ASSERT_EQ(failed.size(), 1u);
    EXPECT_NE(failed[0].find(traced("43")), std::string::npos) << failed[0];
    EXPECT_NE(failed[0].find("TEST-FAIL: FAILED(CODEC_ERROR) attempt 1"), std::string::npos) << failed[0];
    EXPECT_NE(failed[0].find("bad ETOT"), std::string::npos) << failed[0];
}

} // namespace
} // namespace msgx::test

namespace msgx::test {
namespace {

using storage::ProcessingState;
using ::testing::HasSubstr;

// A value longer than its column (a list name over FLIGHT_DETAIL.LIST_NAME's 32 characters) is that
// message's failure: found before the write (issue 17), CODEC_ERROR with the column named, retried
// and finally DEAD(EXHAUSTED), replayable, never a stalled pipeline; the message behind it, decided
// in the same batch, goes through afterwards.
TEST_P(PumpSuite, ValueTheStoreRefusesFailsItsMessageAndTheQueueMovesOn) {
    const std::string longList(40, 'l');
    enqueue(1, scripted("SET", 1,
                        "<FLID>500090</FLID><NAME>standCode</NAME><VALUE>417</VALUE><LIST>" + longList +
                            "</LIST>"));
    enqueue(2, setAttribute(2, 500091, "currentStand", "108"));

    for (int round = 0; round < 10 && (record(1).state == ProcessingState::Pending ||
                                       record(1).state == ProcessingState::Failed);
         ++round) {
        const auto step = pump().step();
        ASSERT_NE(step.kind, pipeline::PumpStep::Kind::StoreUnavailable) << step.problem;
        clock_.advance(std::chrono::seconds(20));
    }
    runUntilQuiet();

    const auto first = record(1);
    EXPECT_EQ(first.state, ProcessingState::Dead);
    EXPECT_EQ(first.errorClass, ErrorClass::Exhausted);
    EXPECT_EQ(first.note, "after 5 attempts, last CODEC_ERROR");
    EXPECT_THAT(first.lastError.value_or(""),
                HasSubstr("the decision writes FLIGHT_DETAIL.LIST_NAME '" + longList +
                          "' (40 bytes), more than the 32 the store keeps"));
    EXPECT_FALSE(flight(500090).has_value());
    EXPECT_EQ(record(2).state, ProcessingState::Succeeded);
    EXPECT_EQ(flight(500091)->text("currentStand"), "108");
}

} // namespace
} // namespace msgx::test
