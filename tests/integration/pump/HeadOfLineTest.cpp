// Issue 17 (5, 6): what one message costs the queue behind it. An unknown key is retried on its own
// schedule (pipeline.retry.unsupported) and reported once per key at WARN; a document over
// limits.max-document-size is FAILED(CODEC_ERROR), not DEAD(MALFORMED), so a replay recovers it
// once the limit is raised.
#include "CapturedLog.h"
#include "PumpSuite.h"
#include "msgx/pipeline/operations/Replay.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using storage::ProcessingState;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

std::string unknown(const std::string& styp, long seqn) {
    return "<MSG><META><SNDR>AODB</SNDR><SEQN>" + std::to_string(seqn) + "</SEQN><TYPE>FLOP</TYPE><STYP>" +
           styp + "</STYP></META></MSG>";
}

TEST_P(PumpSuite, AnUnknownKeyIsRetriedOnItsOwnScheduleAndWarnedOncePerKey) {
    config_.pipeline.unsupportedRetry = {2, std::vector<std::chrono::milliseconds>{200ms}};
    enqueue(1, unknown("ZZZZ", 1));
    enqueue(2, unknown("ZZZZ", 2));
    enqueue(3, unknown("YYYY", 3));
    enqueue(4, setAttribute(4, 500401, "currentStand", "107"));
    const CapturedLog captured("%l %v");

    pump().step();
    EXPECT_EQ(record(1).state, ProcessingState::Failed);
    EXPECT_EQ(record(1).errorClass, ErrorClass::Unsupported);
    EXPECT_EQ(record(1).nextAttemptAt, start() + 200ms) << "pipeline.retry.unsupported.backoff";

    // Each further step: the head's next attempt once it is due. Two attempts each, then DEAD, and
    // the message behind them goes through: about a second of clock in all instead of 3 x 31 s.
    for (int i = 0; i < 20 && record(4).state != ProcessingState::Succeeded; ++i) {
        clock_.advance(200ms);
        pump().step();
    }
    for (const storage::MailboxId id : {1, 2, 3}) {
        const auto dead = record(id);
        EXPECT_EQ(dead.state, ProcessingState::Dead) << id;
        EXPECT_EQ(dead.errorClass, ErrorClass::Exhausted) << id;
        EXPECT_EQ(dead.note, "after 2 attempts, last UNSUPPORTED") << id;
    }
    EXPECT_EQ(record(4).state, ProcessingState::Succeeded);
    EXPECT_LE(clock_.now() - start(), 2s);

    const auto zzzz = captured.linesWith("no plugin serves the key FLOP-ZZZZ");
    ASSERT_EQ(zzzz.size(), 1u) << "one WARN for the key, not one per message or attempt";
    EXPECT_EQ(zzzz[0].rfind("warning ", 0), 0u) << zzzz[0];
    EXPECT_THAT(zzzz[0], HasSubstr("message 1 "));
    EXPECT_EQ(captured.linesWith("no plugin serves the key FLOP-YYYY").size(), 1u);
    // Each failed attempt still has its INFO line.
    EXPECT_EQ(captured.linesWith("message 2 FLOP-ZZZZ: FAILED(UNSUPPORTED)").size(), 1u);
}

// The keys warned about are remembered for the run: an upstream sending ever new TYPE-STYP values
// must not grow that set without end. After limits.unknown-key-labels keys one WARN says that
// further keys are not warned one by one (their FAILED lines and the `other` label still count them).
TEST_P(PumpSuite, UnknownKeysAreWarnedAboutUpToTheLimitThenOnce) {
    config_.pipeline.unsupportedRetry.maxAttempts = 1;
    config_.limits.unknownKeyLabels = 3;
    constexpr int kKeys = 6;
    for (int i = 1; i <= kKeys; ++i) {
        enqueue(i, unknown("Z" + std::to_string(i), i));
    }
    const CapturedLog captured("%l %v");
    for (int i = 0; i < 20 && record(kKeys).state != ProcessingState::Dead; ++i) {
        pump().step();
    }
    ASSERT_EQ(record(kKeys).state, ProcessingState::Dead);
    EXPECT_EQ(captured.linesWith("no plugin serves the key FLOP-Z").size(), 3u);
    EXPECT_EQ(captured.linesWith("no plugin serves the key FLOP-Z4").size(), 0u);
    const auto limit = captured.linesWith("limits.unknown-key-labels");
    ASSERT_EQ(limit.size(), 1u) << "one WARN when the limit is reached";
    EXPECT_THAT(limit[0], HasSubstr("3 keys without a plugin"));
    EXPECT_THAT(limit[0], HasSubstr("FLOP-Z4 (message 4)"));
    EXPECT_EQ(captured.linesWith("message 6 FLOP-Z6: DEAD(EXHAUSTED)").size(), 1u)
        << "each message still has its own outcome line";
}

TEST_P(PumpSuite, EachFailureCountsAgainstItsOwnClassSchedule) {
    config_.pipeline.maxAttempts = 5;
    config_.pipeline.backoff = {100ms};
    config_.pipeline.unsupportedRetry.maxAttempts = 1;
    config_.pipeline.codecErrorRetry.maxAttempts = 3;
    enqueue(1, failWith(1, "CODEC_ERROR", "bad ETOT"));
    enqueue(2, unknown("ZZZZ", 2));

    for (int i = 0; i < 20 && record(2).state != ProcessingState::Dead; ++i) {
        pump().step();
        clock_.advance(100ms);
    }

    EXPECT_EQ(record(1).state, ProcessingState::Dead);
    EXPECT_EQ(record(1).note, "after 3 attempts, last CODEC_ERROR") << "its own 3, not the general 5";
    EXPECT_EQ(record(2).state, ProcessingState::Dead);
    EXPECT_EQ(record(2).note, "after 1 attempts, last UNSUPPORTED")
        << "pipeline.retry.unsupported.max-attempts 1: dead at its first failure";
}

TEST_P(PumpSuite, ADocumentOverTheSizeLimitIsACodecErrorThatAReplayRecoversOnceTheLimitIsRaised) {
    std::string big = setAttribute(1, 500402, "currentStand", "107");
    big.insert(big.rfind("</MSG>"), std::string(3000, ' ')); // well-formed, only larger
    config_.limits.maxDocumentSize = 2048;
    config_.pipeline.codecErrorRetry.maxAttempts = 1;
    enqueue(1, big);

    pump().step();

    const auto refused = record(1);
    EXPECT_EQ(refused.state, ProcessingState::Dead);
    EXPECT_EQ(refused.errorClass, ErrorClass::Exhausted) << "retried as CODEC_ERROR, never MALFORMED";
    EXPECT_EQ(refused.note, "after 1 attempts, last CODEC_ERROR");
    EXPECT_THAT(refused.lastError.value_or(""), HasSubstr("the document is " + std::to_string(big.size()) +
                                                          " bytes, more than limits.max-document-size 2KB"));
    EXPECT_FALSE(flight(500402).has_value());

    // The operator raises the limit and restarts (a new pump on the new configuration), then replays.
    const auto plan = pipeline::planReplay(*realStore_, {{1}, std::nullopt, 10});
    ASSERT_EQ(plan.eligibleCount(), 1) << "DEAD(EXHAUSTED) after CODEC_ERROR is replayable";
    pipeline::applyReplay(*realStore_, plan, "msgxctl:ops", "limit raised to 10MB");
    config_.limits.maxDocumentSize = 10ULL * 1024 * 1024;
    pump_.reset();
    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(1).state, ProcessingState::Succeeded);
    ASSERT_TRUE(flight(500402).has_value());
}

// Issue 17 (4): a META value longer than its column is that message's failure, decided before the
// write, and the queue moves on (on PostgreSQL the write itself would be refused on every attempt).
TEST_P(PumpSuite, MetaValuesLongerThanTheirColumnsAreMalformedAndTheQueueMovesOn) {
    const std::string longType(33, 'T');
    enqueue(1, "<MSG><META><SNDR>AODB</SNDR><SEQN>1</SEQN><TYPE>" + longType +
                   "</TYPE><STYP>UPD</STYP></META></MSG>");
    enqueue(2, "<MSG><META><SNDR>AODB</SNDR><SEQN>" + std::string(190, '9') +
                   "</SEQN><TYPE>FLOP</TYPE><STYP>ZZZZ</STYP></META></MSG>");
    enqueue(3, setAttribute(3, 500403, "currentStand", "107"));

    EXPECT_EQ(runUntilQuiet(), 3);

    EXPECT_EQ(record(1).state, ProcessingState::Dead);
    EXPECT_EQ(record(1).errorClass, ErrorClass::Malformed);
    EXPECT_EQ(record(1).lastError, "META TYPE is 33 bytes, more than the 32 the store keeps (TYPE)");
    EXPECT_EQ(record(2).state, ProcessingState::Dead);
    EXPECT_EQ(record(2).errorClass, ErrorClass::Malformed);
    EXPECT_THAT(
        record(2).lastError.value_or(""),
        HasSubstr("the identity SNDR|TYPE|STYP|SEQN is 205 bytes, more than the 200 the store keeps"));
    EXPECT_EQ(record(2).identityKey, std::nullopt);
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded);
}

} // namespace
} // namespace msgx::test
