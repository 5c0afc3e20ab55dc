#include "msgx/golden/TextDiff.h"

#include <gtest/gtest.h>

namespace msgx::golden {
namespace {

TEST(TextDiff, ShowsOnlyTheChangedLinesWithContext) {
    const std::string expected = "a\nb\nc\nd\ne\nf\ng\n";
    const std::string actual = "a\nb\nc\nD\ne\nf\ng\n";
    EXPECT_EQ(golden::lineDiff(expected, actual), "@@ expected line 2, actual line 2 @@\n"
                                                  "  b\n"
                                                  "  c\n"
                                                  "- d\n"
                                                  "+ D\n"
                                                  "  e\n"
                                                  "  f\n");
    EXPECT_EQ(golden::lineDiff(expected, expected), "");
}

} // namespace
} // namespace msgx::golden
