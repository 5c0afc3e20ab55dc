// The back-fill retry delay: backfill.backoff doubling per failed attempt, capped at backoff-cap.
#include "msgx/pipeline/housekeeping/BackfillWorker.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;

TEST(BackfillBackoff, DoublesFromTheFirstDelayUpToTheCap) {
    config::BackfillConfig settings; // 30 s doubling to 15 min
    EXPECT_EQ(BackfillWorker::retryDelay(settings, 0), 30s);
    EXPECT_EQ(BackfillWorker::retryDelay(settings, 1), 60s);
    EXPECT_EQ(BackfillWorker::retryDelay(settings, 4), 480s);
    EXPECT_EQ(BackfillWorker::retryDelay(settings, 5), 15min);
    EXPECT_EQ(BackfillWorker::retryDelay(settings, 60), 15min);
}

} // namespace
} // namespace msgx::pipeline
