// DispatcherSettings from the delivery section (config::dispatcherSettings), and the backoff schedule of
// refused deliveries.
#include "msgx/delivery/DispatcherSettings.h"

#include "msgx/config/DeliverySettings.h"
#include "msgx/delivery/TargetRelease.h"

#include <gtest/gtest.h>

namespace msgx::delivery {
namespace {

using namespace std::chrono_literals;

config::DeliveryConfig deliveryConfig() {
    config::DeliveryConfig delivery;
    delivery.maxAttempts = 7;
    delivery.backoff = {250ms, 500ms, 30s};
    delivery.backoffCap = 20s;
    delivery.onDead = config::OnDead::Continue;
    delivery.schdFlushPeriod = 4s;
    delivery.schdFlushLimit = 123;
    return delivery;
}

TEST(DispatcherSettings, SchdIsAggregatedWithTheFlushPeriodAndLimit) {
    const auto schd = config::dispatcherSettings(deliveryConfig(), "schd");
    EXPECT_EQ(schd.target, "schd");
    EXPECT_TRUE(schd.aggregated);
    EXPECT_EQ(schd.batchSize, 123);
    EXPECT_EQ(schd.flushPeriod, 4s);
    EXPECT_EQ(schd.maxAttempts, 7);
    EXPECT_EQ(schd.onDead, config::OnDead::Continue);
}

TEST(DispatcherSettings, MsgSendsOneRecordPerEventWithTheSharedRetryRules) {
    const auto msg = config::dispatcherSettings(deliveryConfig(), "msg");
    EXPECT_EQ(msg.target, "msg");
    EXPECT_FALSE(msg.aggregated);
    EXPECT_EQ(msg.batchSize, DispatcherSettings{}.batchSize);
    EXPECT_EQ(msg.maxAttempts, 7);
    EXPECT_EQ(msg.backoff, (std::vector<std::chrono::milliseconds>{250ms, 500ms, 30s}));
    EXPECT_EQ(msg.backoffCap, 20s);
}

TEST(DispatcherSettings, BackoffFollowsTheStepsRepeatsTheLastAndIsCapped) {
    const auto msg = config::dispatcherSettings(deliveryConfig(), "msg");
    EXPECT_EQ(msg.backoffAfter(1), 250ms);
    EXPECT_EQ(msg.backoffAfter(2), 500ms);
    EXPECT_EQ(msg.backoffAfter(3), 20s); // 30 s capped
    EXPECT_EQ(msg.backoffAfter(9), 20s);
    EXPECT_EQ(msg.backoffAfter(0), 250ms);
    DispatcherSettings none;
    none.backoff.clear();
    EXPECT_EQ(none.backoffAfter(1), none.backoffCap);
}

TEST(DispatcherSettings, TheDefaultsAreTheDocumentedOnes) {
    const auto msg = config::dispatcherSettings(config::DeliveryConfig{}, "msg");
    EXPECT_EQ(msg.maxAttempts, 5);
    EXPECT_EQ(msg.backoffAfter(1), 1s);
    EXPECT_EQ(msg.backoffAfter(5), 16s);
    EXPECT_EQ(msg.onDead, config::OnDead::Stop);
    EXPECT_EQ(msg.batchSize, 1000);
    EXPECT_EQ(msg.settleAfterQuiet, 5s);
    const auto schd = config::dispatcherSettings(config::DeliveryConfig{}, "schd");
    EXPECT_EQ(schd.flushPeriod, 3s);
    EXPECT_EQ(schd.batchSize, 500);
}

TEST(TargetRelease, TheReleaseMarkLivesInANamedInboxCursorThatFitsItsColumn) {
    EXPECT_EQ(releaseCursorName("msg"), "delivery-released:msg");
    EXPECT_LE(releaseCursorName("schd").size(), 32u);
}

} // namespace
} // namespace msgx::delivery
