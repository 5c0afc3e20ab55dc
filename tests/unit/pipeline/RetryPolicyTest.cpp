#include "msgx/pipeline/RetryPolicy.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;

const storage::Timestamp kNow = storage::fromEpochMicros(1'710'745'200'000'000); // 2024-03-18T07:00:00Z

config::PipelineConfig pipeline(std::vector<std::chrono::milliseconds> backoff,
                                std::chrono::milliseconds cap) {
    config::PipelineConfig config;
    config.backoff = std::move(backoff);
    config.backoffCap = cap;
    return config;
}

TEST(RetryPolicy, NthFailureWaitsTheNthBackoffAndTheLastValueRepeats) {
    const RetryPolicy policy(pipeline({1s, 2s, 4s}, 60s));
    EXPECT_EQ(policy.nextAttemptAt(kNow, 1), kNow + 1s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 2), kNow + 2s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 3), kNow + 4s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 9), kNow + 4s);
}

TEST(RetryPolicy, BackoffIsCapped) {
    const RetryPolicy policy(pipeline({1s, 90s}, 60s));
    EXPECT_EQ(policy.nextAttemptAt(kNow, 1), kNow + 1s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 2), kNow + 60s);
}

TEST(RetryPolicy, ExhaustedWhenTheAttemptCountReachesMaxAttempts) {
    config::PipelineConfig config;
    config.maxAttempts = 5;
    const RetryPolicy policy(config);
    EXPECT_FALSE(policy.exhausted(4, kNow, kNow));
    EXPECT_TRUE(policy.exhausted(5, kNow, kNow));
}

TEST(RetryPolicy, ExhaustedOnceTheHeadDeadlineHasPassedSinceTheAnchor) {
    config::PipelineConfig config;
    config.headDeadline = 10min;
    const RetryPolicy policy(config);
    EXPECT_FALSE(policy.exhausted(1, kNow, kNow + 10min - 1us));
    EXPECT_TRUE(policy.exhausted(1, kNow, kNow + 10min));
}

} // namespace
} // namespace msgx::pipeline
