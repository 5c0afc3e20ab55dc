// Metrics (docs/metrics.md): the series and labels each recording call produces in the text
// format, the dropped-lines counter following a total, and a failed store read leaving the gauges.
#include "msgx/metrics/Metrics.h"

#include <gtest/gtest.h>

using msgx::metrics::Metrics;
using msgx::metrics::Outcome;
using msgx::metrics::StoreSample;

namespace {

bool has(const std::string& text, const std::string& line) {
    return text.find("\n" + line + "\n") != std::string::npos;
}

} // namespace

TEST(Metrics, OutcomesAreCountedPerKeyWithTheirLabels) {
    Metrics metrics("1.2.3");
    metrics.messageProcessed("FLOP-GTDT", Outcome::Succeeded);
    metrics.messageProcessed("FLOP-GTDT", Outcome::Succeeded);
    metrics.messageProcessed("FLOP-GTDT", Outcome::Duplicate);
    metrics.messageProcessed("", Outcome::Dead);
    metrics.unknownKey("ABCD-XYZ");
    const std::string text = metrics.text();
    EXPECT_TRUE(has(text, R"(msgx_messages_processed_total{key="FLOP-GTDT",outcome="succeeded"} 2)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_messages_processed_total{key="FLOP-GTDT",outcome="duplicate"} 1)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_messages_processed_total{key="unknown",outcome="dead"} 1)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_unknown_key_messages_total{key="ABCD-XYZ"} 1)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_build_info{version="1.2.3"} 1)")) << text;
}

TEST(Metrics, DroppedLinesFollowTheTotalTheLoggerReports) {
    Metrics metrics("x");
    metrics.logLinesDroppedTotal(3);
    metrics.logLinesDroppedTotal(3);
    metrics.logLinesDroppedTotal(10);
    EXPECT_TRUE(has(metrics.text(), "msgx_log_lines_dropped_total 10")) << metrics.text();
}

TEST(Metrics, AStoreSampleSetsTheGaugesAndAFailedReadKeepsThem) {
    Metrics metrics("x");
    StoreSample sample;
    sample.messagesByState = {{"DEAD", 2}, {"PENDING", 5}};
    sample.queueDepth = 5;
    sample.headAgeSeconds = 12.5;
    sample.targets.push_back({"msg", 3, 40, 1, 7, true});
    sample.backfillBacklog = 4;
    metrics.storeSample(sample);
    metrics.storeSample(std::nullopt);
    const std::string text = metrics.text();
    EXPECT_TRUE(has(text, "msgx_store_up 0")) << text;
    EXPECT_TRUE(has(text, R"(msgx_messages{state="DEAD"} 2)")) << text;
    EXPECT_TRUE(has(text, "msgx_queue_depth 5")) << text;
    EXPECT_TRUE(has(text, "msgx_queue_head_age_seconds 12.5")) << text;
    EXPECT_TRUE(has(text, R"(msgx_events{state="DEAD",target="msg"} 1)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_events_oldest_pending_age_seconds{target="msg"} 7)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_delivery_target_held{target="msg"} 1)")) << text;
    EXPECT_TRUE(has(text, "msgx_backfill_backlog 4")) << text;
}

TEST(Metrics, AFailedPollCountsAndMarksTheMailboxDown) {
    Metrics metrics("x");
    metrics.poll(true);
    metrics.poll(false);
    const std::string text = metrics.text();
    EXPECT_TRUE(has(text, "msgx_polls_total 2")) << text;
    EXPECT_TRUE(has(text, "msgx_poll_failures_total 1")) << text;
    EXPECT_TRUE(has(text, "msgx_mailbox_up 0")) << text;
}

// Routing keys come from upstream documents: each distinct one would be a series of its own. Keys no
// plugin serves get a label of their own up to limits.unknown-key-labels (100 by default), then
// share `other`; a key not shaped like TYPE-STYP never gets one.
TEST(Metrics, UnknownKeysBeyondTheLimitShareTheOtherLabel) {
    Metrics metrics("x");
    for (int i = 0; i < 150; ++i) {
        metrics.unknownKey("ZZ" + std::to_string(i) + "-X");
        metrics.messageProcessed("ZZ" + std::to_string(i) + "-X", Outcome::Dead);
    }
    metrics.unknownKey(std::string(500, 'A') + "-B");
    metrics.messageProcessed("FLOP-\"GTDT\n", Outcome::Dead);
    const std::string text = metrics.text();
    EXPECT_TRUE(has(text, R"(msgx_unknown_key_messages_total{key="ZZ99-X"} 1)")) << text;
    EXPECT_FALSE(has(text, R"(msgx_unknown_key_messages_total{key="ZZ100-X"} 1)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_unknown_key_messages_total{key="other"} 51)")) << text;
    EXPECT_TRUE(has(text, R"(msgx_messages_processed_total{key="other",outcome="dead"} 51)")) << text;
    std::size_t series = 0;
    for (std::size_t at = text.find("\nmsgx_unknown_key_messages_total{"); at != std::string::npos;
         at = text.find("\nmsgx_unknown_key_messages_total{", at + 1)) {
        ++series;
    }
    EXPECT_EQ(series, 101u) << "100 keys and other";
}
