// CommitThread: the overlapped commits' one thread. A commit's result and its exception reach the
// caller, commits run one after another on the same thread, and the destructor waits for a commit
// that runs or waits to start.
#include "msgx/pipeline/CommitThread.h"

#include "msgx/storage/InfraError.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace msgx::pipeline {
namespace {

storage::WriteResult refusedAt(storage::MailboxId id) {
    storage::WriteResult result;
    result.applied = false;
    result.conflictAt = id;
    result.conflict = "test";
    return result;
}

TEST(CommitThread, ACommitsResultReachesTheCaller) {
    CommitThread thread;

    auto result = thread.run([] { return refusedAt(42); }).get();

    EXPECT_FALSE(result.applied);
    EXPECT_EQ(result.conflictAt, 42);
}

TEST(CommitThread, WhatACommitThrowsReachesTheCaller) {
    CommitThread thread;

    auto future = thread.run([]() -> storage::WriteResult {
        throw storage::InfraError(storage::InfraError::Reason::Unavailable, "store: commit", "gone");
    });

    EXPECT_THROW(future.get(), storage::InfraError);
    EXPECT_TRUE(thread.run([] { return storage::WriteResult::ok(); }).get().applied); // still runs
}

TEST(CommitThread, EveryCommitRunsOnTheSameThreadThatIsNotTheCallers) {
    CommitThread thread;
    std::thread::id first;
    std::thread::id second;

    thread
        .run([&] {
            first = std::this_thread::get_id();
            return storage::WriteResult::ok();
        })
        .get();
    thread
        .run([&] {
            second = std::this_thread::get_id();
            return storage::WriteResult::ok();
        })
        .get();

    EXPECT_EQ(first, second);
    EXPECT_NE(first, std::this_thread::get_id());
}

TEST(CommitThread, ACommitHandedOverBeforeTheDestructorRunsToItsEndFirst) {
    std::atomic<int> ran{0};
    std::future<storage::WriteResult> future;
    {
        CommitThread thread;
        future = thread.run([&] {
            ++ran;
            return storage::WriteResult::ok();
        });
    } // whether it had started or not

    EXPECT_EQ(ran, 1);
    ASSERT_EQ(future.wait_for(std::chrono::seconds(0)), std::future_status::ready);
    EXPECT_TRUE(future.get().applied);
}

TEST(CommitThread, ASecondCommitBeforeTheFirstStartedIsRefused) {
    std::atomic<bool> release{false};
    CommitThread thread;
    auto first = thread.run([&] {
        while (!release) {
            std::this_thread::yield();
        }
        return storage::WriteResult::ok();
    });
    // The first one may still wait to start or may already run; a third, queued behind a second
    // while the first runs, is what run() refuses.
    std::future<storage::WriteResult> second;
    bool refused = false;
    try {
        second = thread.run([] { return storage::WriteResult::ok(); });
        thread.run([] { return storage::WriteResult::ok(); });
    } catch (const std::logic_error&) {
        refused = true;
    }
    release = true;
    EXPECT_TRUE(refused);
    EXPECT_TRUE(first.get().applied);
    if (second.valid()) {
        EXPECT_TRUE(second.get().applied);
    }
}

} // namespace
} // namespace msgx::pipeline
