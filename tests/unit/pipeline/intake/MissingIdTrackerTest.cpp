// The poller's memory of missing ids: first-seen times survive partial fills and splits, and a
// jump of a million ids is one range.
#include "msgx/pipeline/intake/MissingIdTracker.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;
using storage::Timestamp;

const Timestamp t0 = Timestamp(std::chrono::seconds(1'700'000'000));

TEST(MissingIdTracker, KeepsFirstSeenTimesWhenARangeIsPartlyFilled) {
    MissingIdTracker tracker;
    tracker.update({{5, 9}}, t0);
    // 7 arrived; 12-13 newly missing.
    const auto& ranges = tracker.update({{5, 6}, {8, 9}, {12, 13}}, t0 + 2s);
    const std::vector<MissingRange> expected{{{5, 6}, t0}, {{8, 9}, t0}, {{12, 13}, t0 + 2s}};
    EXPECT_EQ(ranges, expected);
}

TEST(MissingIdTracker, SplitsARangeThatGrewAroundAnOldOne) {
    MissingIdTracker tracker;
    tracker.update({{5, 6}}, t0);
    const auto& ranges = tracker.update({{3, 8}}, t0 + 1s);
    const std::vector<MissingRange> expected{{{3, 4}, t0 + 1s}, {{5, 6}, t0}, {{7, 8}, t0 + 1s}};
    EXPECT_EQ(ranges, expected);
}

TEST(MissingIdTracker, AnOldRangeSpanningTwoNewOnesGivesBothItsTime) {
    MissingIdTracker tracker;
    tracker.update({{1, 10}}, t0);
    const auto& ranges = tracker.update({{2, 3}, {6, 12}}, t0 + 1s);
    const std::vector<MissingRange> expected{{{2, 3}, t0}, {{6, 10}, t0}, {{11, 12}, t0 + 1s}};
    EXPECT_EQ(ranges, expected);
}

TEST(MissingIdTracker, AHugeJumpIsOneRange) {
    MissingIdTracker tracker;
    tracker.update({{101, 1'000'100}}, t0);
    ASSERT_EQ(tracker.ranges().size(), 1u);
    EXPECT_EQ(tracker.ranges().front().ids.size(), 1'000'000);
}

TEST(MissingIdTracker, AddTracksOnlyWhatIsNotTrackedYetAndForgetBelowCuts) {
    MissingIdTracker tracker;
    tracker.add({5, 6}, t0);
    tracker.add({3, 8}, t0 + 1s);
    const std::vector<MissingRange> added{{{3, 4}, t0 + 1s}, {{5, 6}, t0}, {{7, 8}, t0 + 1s}};
    EXPECT_EQ(tracker.ranges(), added);
    tracker.forgetBelow(6);
    const std::vector<MissingRange> cut{{{6, 6}, t0}, {{7, 8}, t0 + 1s}};
    EXPECT_EQ(tracker.ranges(), cut);
}

TEST(MissingIdTracker, DescribesRangesForLogLines) {
    EXPECT_EQ(describe(std::vector<IdRange>{{3, 3}, {5, 9}}), "3, 5-9");
}

} // namespace
} // namespace msgx::pipeline
