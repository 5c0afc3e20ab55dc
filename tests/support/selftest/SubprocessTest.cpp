#include "Subprocess.h"

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>

using msgx::test::runSubprocess;
using namespace std::chrono_literals;

TEST(Subprocess, CollectsExitCodeAndBothOutputs) {
    const auto result = runSubprocess({"sh", "-c", "echo out; echo err >&2; exit 3"}, 10s);
    EXPECT_EQ(result.exitCode, 3);
    EXPECT_EQ(result.out, "out\n");
    EXPECT_EQ(result.err, "err\n");
}

TEST(Subprocess, ReportsDeathBySignalAs128PlusSignal) {
    const auto result = runSubprocess({"sh", "-c", "kill -KILL $$"}, 10s);
    EXPECT_EQ(result.exitCode, 128 + 9);
}

TEST(Subprocess, KillsAProcessThatOverrunsItsTimeout) {
    const auto start = std::chrono::steady_clock::now();
    EXPECT_THROW(runSubprocess({"sleep", "30"}, 200ms), std::runtime_error);
    EXPECT_LT(std::chrono::steady_clock::now() - start, 20s);
}

TEST(Subprocess, ThrowsWhenTheProgramDoesNotExist) {
    EXPECT_THROW(runSubprocess({"/nonexistent/msgx-no-such-program"}, 10s), std::runtime_error);
}
