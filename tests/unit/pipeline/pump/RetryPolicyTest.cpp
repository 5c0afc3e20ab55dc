#include "msgx/pipeline/pump/RetryPolicy.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;

const storage::Timestamp kNow = storage::fromEpochMicros(1'710'745'200'000'000); // 2024-03-18T07:00:00Z

// Every class on the general schedule (no pipeline.retry.<class> key).
config::PipelineConfig pipeline(std::vector<std::chrono::milliseconds> backoff, std::chrono::milliseconds cap,
                                int maxAttempts = 5) {
    config::PipelineConfig config;
    config.backoff = std::move(backoff);
    config.backoffCap = cap;
    config.maxAttempts = maxAttempts;
    return config;
}

TEST(RetryPolicy, NthFailureWaitsTheNthBackoffAndTheLastValueRepeats) {
    const RetryPolicy policy(pipeline({1s, 2s, 4s}, 60s));
    EXPECT_EQ(policy.nextAttemptAt(kNow, 1, ErrorClass::Infra), kNow + 1s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 2, ErrorClass::Infra), kNow + 2s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 3, ErrorClass::Infra), kNow + 4s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 9, ErrorClass::Infra), kNow + 4s);
}

TEST(RetryPolicy, BackoffIsCapped) {
    const RetryPolicy policy(pipeline({1s, 90s}, 60s));
    EXPECT_EQ(policy.nextAttemptAt(kNow, 1, ErrorClass::Infra), kNow + 1s);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 2, ErrorClass::Infra), kNow + 60s);
}

TEST(RetryPolicy, ExhaustedWhenTheAttemptCountReachesMaxAttempts) {
    const RetryPolicy policy(pipeline({1s}, 60s, 5));
    EXPECT_FALSE(policy.exhausted(4, kNow, kNow, ErrorClass::CodecError));
    EXPECT_TRUE(policy.exhausted(5, kNow, kNow, ErrorClass::CodecError));
}

TEST(RetryPolicy, ExhaustedOnceTheHeadDeadlineHasPassedSinceTheAnchor) {
    config::PipelineConfig config;
    config.headDeadline = 10min;
    const RetryPolicy policy(config);
    EXPECT_FALSE(policy.exhausted(1, kNow, kNow + 10min - 1us, ErrorClass::Infra));
    EXPECT_TRUE(policy.exhausted(1, kNow, kNow + 10min, ErrorClass::Infra));
    EXPECT_TRUE(policy.exhausted(1, kNow, kNow + 10min, ErrorClass::Unsupported));
}

// Issue 17 (6): an unknown key may be given fewer, shorter attempts than an outage; each failure
// is timed and counted by its own class.
TEST(RetryPolicy, EachClassHasItsOwnAttemptsAndBackoff) {
    config::PipelineConfig config = pipeline({1s, 2s, 4s, 8s, 16s}, 60s, 5);
    config.unsupportedRetry = {2, std::vector<std::chrono::milliseconds>{200ms}};
    config.codecErrorRetry.maxAttempts = 3; // its backoff is the general one
    const RetryPolicy policy(config);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 1, ErrorClass::Unsupported), kNow + 200ms);
    EXPECT_EQ(policy.nextAttemptAt(kNow, 4, ErrorClass::Unsupported), kNow + 200ms);
    EXPECT_FALSE(policy.exhausted(1, kNow, kNow, ErrorClass::Unsupported));
    EXPECT_TRUE(policy.exhausted(2, kNow, kNow, ErrorClass::Unsupported));
    EXPECT_EQ(policy.nextAttemptAt(kNow, 2, ErrorClass::CodecError), kNow + 2s);
    EXPECT_TRUE(policy.exhausted(3, kNow, kNow, ErrorClass::CodecError));
    EXPECT_EQ(policy.nextAttemptAt(kNow, 2, ErrorClass::Infra), kNow + 2s);
    EXPECT_FALSE(policy.exhausted(4, kNow, kNow, ErrorClass::Infra));
    EXPECT_TRUE(policy.exhausted(5, kNow, kNow, ErrorClass::Infra));
}

} // namespace
} // namespace msgx::pipeline
