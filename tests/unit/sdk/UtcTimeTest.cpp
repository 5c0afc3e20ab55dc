#include "msgx/sdk/UtcTime.h"

#include <gtest/gtest.h>

namespace msgx::sdk {
namespace {

using namespace std::chrono;

TEST(UtcTime, FormatsIso8601WithZ) {
    EXPECT_EQ(formatUtc(sys_days(2024y / March / 18) + 7h + 15min), "2024-03-18T07:15:00Z");
    EXPECT_EQ(formatUtc(sys_days(1999y / December / 31) + 23h + 59min + 59s), "1999-12-31T23:59:59Z");
}

TEST(UtcTime, ParsesWhatItFormats) {
    EXPECT_EQ(parseUtc("2024-03-18T07:15:00Z"), sys_days(2024y / March / 18) + 7h + 15min);
    for (const char* bad : {"2024-03-18T07:15:00", "2024-02-30T00:00:00Z", "2024-03-18 07:15:00Z",
                            "2024-03-18T24:00:00Z", "", "18MAR240715"}) {
        EXPECT_FALSE(parseUtc(bad).has_value()) << bad;
    }
}

} // namespace
} // namespace msgx::sdk
