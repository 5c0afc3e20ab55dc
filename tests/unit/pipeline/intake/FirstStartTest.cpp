// pipeline.first-start (issue 17, item 1): the cursor a first start begins from, for each mode.
#include "msgx/pipeline/intake/FirstStart.h"

#include "msgx/config/Config.h"

#include <gmock/gmock.h>

namespace msgx::pipeline {
namespace {

using config::FirstStart;
using storage::InboxCursor;

TEST(FirstStart, EachModeStartsWhereItSays) {
    EXPECT_EQ(firstStartCursor(FirstStart::Beginning, 900, 700), std::nullopt);
    EXPECT_EQ(firstStartCursor(FirstStart::AfterMaxId, 900, 700), (InboxCursor{"inbox", 900, 901}));
    EXPECT_EQ(firstStartCursor(FirstStart::LowestUnprocessed, 900, 700), (InboxCursor{"inbox", 699, 700}));
    EXPECT_EQ(firstStartCursor(FirstStart::LowestUnprocessed, 900, std::nullopt),
              (InboxCursor{"inbox", 900, 901}))
        << "the legacy consumer processed every row";
}

TEST(FirstStart, RefuseSaysHowToChooseAndAnEmptyMailboxNeedsNoChoice) {
    try {
        (void)firstStartCursor(FirstStart::Refuse, 900, 700);
        ADD_FAILURE() << "refuse started";
    } catch (const std::runtime_error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("rows up to id 900"));
        EXPECT_THAT(e.what(), ::testing::HasSubstr("not processed: 700"));
        EXPECT_THAT(e.what(), ::testing::HasSubstr("pipeline.first-start"));
        EXPECT_THAT(e.what(), ::testing::HasSubstr("msgxctl cursor set --watermark"));
    }
    for (const auto mode : {FirstStart::Refuse, FirstStart::AfterMaxId, FirstStart::LowestUnprocessed}) {
        EXPECT_EQ(firstStartCursor(mode, std::nullopt, std::nullopt), std::nullopt);
    }
}

TEST(FirstStart, AutoIsBeginningOnEmbeddedAndRefuseOnProduction) {
    config::Config embedded;
    embedded.profile = config::Profile::Embedded;
    EXPECT_EQ(resolvedFirstStart(embedded), FirstStart::Beginning);
    config::Config production;
    EXPECT_EQ(resolvedFirstStart(production), FirstStart::Refuse);
    production.pipeline.firstStart = FirstStart::AfterMaxId;
    EXPECT_EQ(resolvedFirstStart(production), FirstStart::AfterMaxId);
}

} // namespace
} // namespace msgx::pipeline
