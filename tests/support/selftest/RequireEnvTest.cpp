#include "RequireEnv.h"

#include <gmock/gmock.h>
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

using msgx::test::MissingTestEnvironment;
using msgx::test::requireEnv;
using testing::HasSubstr;

namespace {

constexpr const char* kVariable = "MSGX_TEST_SELFTEST_REQUIRE_ENV";

// Single-threaded test: nothing reads the environment concurrently.
void setVariable(const char* value) {
    ::setenv(kVariable, value, 1); // NOLINT(concurrency-mt-unsafe)
}
void unsetVariable() {
    ::unsetenv(kVariable); // NOLINT(concurrency-mt-unsafe)
}

struct Outcome {
    bool threw = false;
    std::vector<testing::TestPartResult> reported;
};

// Calls requireEnv(kVariable) with GoogleTest's result reporter intercepted, so that the failure it
// records lands in Outcome::reported instead of failing this test.
Outcome callRequireEnvIntercepted() {
    Outcome outcome;
    testing::TestPartResultArray reported;
    {
        testing::ScopedFakeTestPartResultReporter reporter(
            testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &reported);
        try {
            requireEnv(kVariable);
        } catch (const MissingTestEnvironment&) {
            outcome.threw = true;
        }
    }
    for (int i = 0; i < reported.size(); ++i) {
        outcome.reported.push_back(reported.GetTestPartResult(i));
    }
    return outcome;
}

} // namespace

TEST(RequireEnv, ReturnsTheValueOfASetVariable) {
    setVariable("host=127.0.0.1 port=1");
    EXPECT_EQ(requireEnv(kVariable), "host=127.0.0.1 port=1");
    unsetVariable();
}

TEST(RequireEnv, MissingVariableRecordsAFailureNotASkipAndThrows) {
    unsetVariable();
    const Outcome outcome = callRequireEnvIntercepted();

    EXPECT_TRUE(outcome.threw);
    ASSERT_EQ(outcome.reported.size(), 1u);
    const testing::TestPartResult& result = outcome.reported[0];
    EXPECT_TRUE(result.failed());
    EXPECT_FALSE(result.skipped());
    EXPECT_THAT(result.message(), HasSubstr(kVariable));
    EXPECT_THAT(result.message(), HasSubstr("make test"));
    EXPECT_THAT(result.message(), HasSubstr("tests/services/with-services"));
}

TEST(RequireEnv, EmptyVariableCountsAsMissing) {
    setVariable("");
    const Outcome outcome = callRequireEnvIntercepted();
    unsetVariable();

    EXPECT_TRUE(outcome.threw);
    ASSERT_EQ(outcome.reported.size(), 1u);
    EXPECT_TRUE(outcome.reported[0].failed());
}
