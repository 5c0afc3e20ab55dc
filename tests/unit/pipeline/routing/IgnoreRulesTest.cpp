#include "msgx/pipeline/routing/IgnoreRules.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

TEST(IgnoreRules, TheDefaultsMatchCaseInsensitively) {
    const pipeline::IgnoreRules rules({"LDM-*", "REGN-*", "RSTA-*", "EROR-*"});
    EXPECT_EQ(rules.match("REGN-UPD"), "REGN-*");
    EXPECT_EQ(rules.match("regn-upd"), "REGN-*");
    EXPECT_EQ(rules.match("LDM-X"), "LDM-*");
    EXPECT_FALSE(rules.match("FLOP-STND").has_value());
    EXPECT_FALSE(rules.match("REGL-UPD").has_value());
}

TEST(IgnoreRules, QuestionMarkIsOneCharacterAndStarAnyRun) {
    const pipeline::IgnoreRules rules({"FLOP-PS?T", "SCH*-D*"});
    EXPECT_EQ(rules.match("FLOP-PSDT"), "FLOP-PS?T");
    EXPECT_FALSE(rules.match("FLOP-PSDDT").has_value());
    EXPECT_EQ(rules.match("SCHS-DNLD"), "SCH*-D*");
    EXPECT_EQ(rules.match("SCHD-DEL"), "SCH*-D*");
    EXPECT_FALSE(rules.match("SCHD-UPD").has_value());
}

} // namespace
} // namespace msgx::pipeline
