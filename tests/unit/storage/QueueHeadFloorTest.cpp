// QueueHeadFloor: where a head read starts, and what may move it, including a write that overlaps a read.
#include "repository/processing/QueueHeadFloor.h"

#include <gtest/gtest.h>

#include <chrono>

namespace msgx::storage {
namespace {

using namespace std::chrono_literals;

const Timestamp kStart = Timestamp{} + 1'700'000'000s;

TEST(QueueHeadFloor, AFirstReadIsFromTheStartAndTheNextFromTheHeadItFound) {
    QueueHeadFloor floor;
    const auto first = floor.before(kStart);
    EXPECT_FALSE(first.from);
    floor.after(first, 42);
    EXPECT_EQ(floor.before(kStart + 10ms).from, MailboxId{42});
}

TEST(QueueHeadFloor, AReadThatFoundNothingLeavesAFloorThatTheNextUnfinishedRowLowersToItself) {
    QueueHeadFloor floor;
    floor.after(floor.before(kStart), std::nullopt);
    const auto empty = floor.before(kStart);
    ASSERT_TRUE(empty.from);
    EXPECT_GT(*empty.from, MailboxId{1'000'000'000'000});
    floor.unfinished(77);
    EXPECT_EQ(floor.before(kStart).from, MailboxId{77});
    floor.unfinished(90); // above the floor: it stays
    EXPECT_EQ(floor.before(kStart).from, MailboxId{77});
}

TEST(QueueHeadFloor, WhatThisHandleMakesUnfinishedBelowTheFloorLowersIt) {
    QueueHeadFloor floor;
    floor.after(floor.before(kStart), 100);
    floor.unfinished(5);
    EXPECT_EQ(floor.before(kStart).from, MailboxId{5});
}

// A read that began before a row below it became unfinished may have missed that row: its head
// must not raise the floor again.
TEST(QueueHeadFloor, AReadOverlappingAnUnfinishedRowDoesNotMoveTheFloor) {
    QueueHeadFloor floor;
    floor.after(floor.before(kStart), 100);
    const auto read = floor.before(kStart);
    floor.unfinished(50);
    floor.after(read, 120);
    EXPECT_EQ(floor.before(kStart).from, MailboxId{50});

    QueueHeadFloor unknown; // nothing known yet: it stays unknown, the next read is from the start
    const auto full = unknown.before(kStart);
    unknown.unfinished(50);
    unknown.after(full, 120);
    EXPECT_FALSE(unknown.before(kStart).from);
}

TEST(QueueHeadFloor, AReadFromTheStartIsMadeOnceASecondAndWhenTheClockWentBack) {
    QueueHeadFloor floor;
    floor.after(floor.before(kStart), 10);
    EXPECT_TRUE(floor.before(kStart + 999ms).from);
    const auto due = floor.before(kStart + 1s);
    EXPECT_FALSE(due.from);
    floor.after(due, 3);
    EXPECT_EQ(floor.before(kStart + 1500ms).from, MailboxId{3});
    EXPECT_FALSE(floor.before(kStart).from) << "the clock went back";
}

} // namespace
} // namespace msgx::storage
