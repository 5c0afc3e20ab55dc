// TaskThread: the long-lived worker thread of the pump's overlapped commits and the msg
// dispatcher's read-ahead. A piece's result and its exception reach the caller, pieces run one
// after another in the order handed over on the same thread, and the destructor runs every piece
// handed over before it.
#include "msgx/concurrency/TaskThread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace msgx::concurrency {
namespace {

TEST(TaskThread, APiecesResultReachesTheCaller) {
    TaskThread thread;

    EXPECT_EQ(thread.run([] { return std::string("done"); }).get(), "done");
}

TEST(TaskThread, WhatAPieceThrowsReachesTheCallerAndTheThreadGoesOn) {
    TaskThread thread;

    auto future = thread.run([]() -> int { throw std::runtime_error("store gone"); });

    EXPECT_THROW(future.get(), std::runtime_error);
    EXPECT_EQ(thread.run([] { return 7; }).get(), 7);
}

TEST(TaskThread, EveryPieceRunsOnTheSameThreadThatIsNotTheCallers) {
    TaskThread thread;

    const auto first = thread.run([] { return std::this_thread::get_id(); }).get();
    const auto second = thread.run([] { return std::this_thread::get_id(); }).get();

    EXPECT_EQ(first, second);
    EXPECT_NE(first, std::this_thread::get_id());
}

TEST(TaskThread, PiecesRunOneAtATimeInTheOrderHandedOver) {
    std::atomic<bool> release{false};
    std::atomic<int> running{0};
    std::atomic<int> mostAtOnce{0};
    std::vector<int> order;
    TaskThread thread;
    std::vector<std::future<void>> done;
    for (int i = 0; i < 5; ++i) {
        done.push_back(thread.run([&, i] {
            mostAtOnce = std::max(mostAtOnce.load(), ++running);
            while (i == 0 && !release) {
                std::this_thread::yield(); // the first holds the thread while the rest queue up
            }
            order.push_back(i);
            --running;
        }));
    }
    release = true;
    for (auto& piece : done) {
        piece.get();
    }

    EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(mostAtOnce, 1);
}

TEST(TaskThread, PiecesHandedOverBeforeTheDestructorRunToTheirEndFirst) {
    std::atomic<int> ran{0};
    std::vector<std::future<int>> futures;
    {
        TaskThread thread;
        for (int i = 0; i < 3; ++i) {
            futures.push_back(thread.run([&ran] { return ++ran; }));
        }
    } // whether they had started or not

    EXPECT_EQ(ran, 3);
    for (auto& future : futures) {
        ASSERT_EQ(future.wait_for(std::chrono::seconds(0)), std::future_status::ready);
    }
    EXPECT_EQ(futures.back().get(), 3);
}

} // namespace
} // namespace msgx::concurrency
