// The router's path rule: the decoded path of a request target, or 400 BAD_PATH for what could
// reach outside a route (".." also percent-encoded, "//", backslashes, NUL).
#include "msgx/http/ApiError.h"
#include "msgx/http/Router.h"

#include <gtest/gtest.h>

using msgx::http::ApiError;
using msgx::http::safePath;

namespace {

std::string pathRefusal(const std::string& target) {
    try {
        (void)safePath(target);
    } catch (const ApiError& e) {
        return e.code() + " " + std::to_string(e.status());
    }
    return "accepted";
}

} // namespace

TEST(SafePath, PlainPathsAreDecodedAndTheQueryIsDropped) {
    EXPECT_EQ(safePath("/health"), "/health");
    EXPECT_EQ(safePath("/"), "/");
    EXPECT_EQ(safePath("/console/"), "/console/");
    EXPECT_EQ(safePath("/ops/messages?state=DEAD&limit=5"), "/ops/messages");
    EXPECT_EQ(safePath("/ops/targets/m%73g/retry"), "/ops/targets/msg/retry");
}

TEST(SafePath, DotSegmentsEmptySegmentsBackslashesAndNulAreRefused) {
    for (const std::string bad :
         {"/ops/../health", "/ops/%2e%2e/health", "/ops/%2E%2E/health", "/..", "/./health", "//health",
          "/ops//messages", "/ops\\..\\x", "/ops%5c..", "/x%00y", "health", "/%zz"}) {
        EXPECT_EQ(pathRefusal(bad), "BAD_PATH 400") << bad;
    }
}

// A control character would end or rewrite the access log line the path is written into
// (docs/security.md "Logs"): refused raw and percent-encoded, before anything logs the path.
TEST(SafePath, ControlCharactersAreRefused) {
    for (const std::string bad :
         {"/ops/x%0a2026-01-01T00:00:00Z info  ops: operator=alice", "/ops/x%0D", "/ops/%09", "/x%1b[2J",
          "/x%7f", "/x%7F", "/ops/a\x01", "/ops/a\x7f", "/ops/a\x1f"}) {
        EXPECT_EQ(pathRefusal(bad), "BAD_PATH 400") << bad;
    }
    EXPECT_EQ(pathRefusal("/ops/messages/%E8%88%AA"), "accepted") << "UTF-8 is no control character";
}
