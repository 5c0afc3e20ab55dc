#include "msgx/plugin/SemanticVersion.h"

#include <gtest/gtest.h>

namespace msgx::plugin {
namespace {

TEST(SemanticVersion, ParsesMajorMinorPatch) {
    const auto version = SemanticVersion::parse("1.10.3");
    ASSERT_TRUE(version.has_value());
    EXPECT_EQ(version->major, 1u);
    EXPECT_EQ(version->minor, 10u);
    EXPECT_EQ(version->patch, 3u);
    EXPECT_EQ(version->toString(), "1.10.3");
}

TEST(SemanticVersion, RefusesAnythingElse) {
    for (const char* text : {"", "1", "1.0", "1.0.0.0", "01.0.0", "1.0.x", "1.0.0-rc1", " 1.0.0", "v1.0.0"}) {
        EXPECT_FALSE(SemanticVersion::parse(text).has_value()) << text;
    }
}

TEST(SemanticVersion, ComparesNumerically) {
    EXPECT_LT(*SemanticVersion::parse("1.9.0"), *SemanticVersion::parse("1.10.0"));
    EXPECT_LT(*SemanticVersion::parse("1.0.9"), *SemanticVersion::parse("1.1.0"));
    EXPECT_LT(*SemanticVersion::parse("0.9.9"), *SemanticVersion::parse("1.0.0"));
    EXPECT_EQ(*SemanticVersion::parse("2.0.0"), *SemanticVersion::parse("2.0.0"));
}

} // namespace
} // namespace msgx::plugin
