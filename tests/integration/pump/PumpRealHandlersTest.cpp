// The shipped handler plugins through the pump: reference data first (ABDG, SLST), then a
// schedule that creates flights using it (SCHD-ADFT), then an operational update (FLOP-STND).
#include "PumpSuite.h"
#include "msgx/golden/OfflineDecision.h"

#include <gmock/gmock.h>

#include <filesystem>

namespace msgx::test {
namespace {

using storage::ProcessingState;

std::string golden(const std::string& handler, const std::string& sample) {
    return golden::readTextFile(std::filesystem::path(MSGX_SOURCE_DIR) / "handlers" / handler / "golden" /
                                sample / "message.xml");
}

const char* const kStandUpdate = R"(<?xml version="1.0" encoding="UTF-8"?>
<MSG>
  <META><SNDR>AODB</SNDR><SEQN>610099</SEQN><DTTM>20240307080000</DTTM><TYPE>FLOP</TYPE><STYP>STND</STYP></META>
  <FLOP><FLID>880301</FLID><FFID>3U-3U8842-A-07MAR240815-D</FFID><STND>418</STND></FLOP>
</MSG>)";

TEST_P(PumpSuite, ReferenceThenScheduleThenOperationalUpdate) {
    enqueue(1, golden("ref/abdg", "dnld-replaces-class"));
    enqueue(2, golden("ref/slst", "dnld-replaces-class"));
    enqueue(3, golden("schd/adft", "create-turnaround-pair"));
    enqueue(4, kStandUpdate);

    // One batch: the classes messages 1 and 2 replace are in the reference view (applied as they
    // were decided) when 3 is decided.
    EXPECT_EQ(pump().step().finished, 4);

    for (const storage::MailboxId id : {1, 2, 3, 4}) {
        EXPECT_EQ(record(id).state, ProcessingState::Succeeded)
            << "message " << id << ": " << record(id).lastError.value_or("");
    }
    EXPECT_EQ(realStore_->references().listClass("ABDG").size(), 2u);
    EXPECT_FALSE(realStore_->references().listClass("SLST").empty());

    const auto arrival = flight(880301);
    const auto departure = flight(880302);
    ASSERT_TRUE(arrival.has_value());
    ASSERT_TRUE(departure.has_value());
    // The stand->airbridge map came from the stored ABDG class.
    const sdk::Value* abdg = arrival->attribute("abdg");
    ASSERT_NE(abdg, nullptr);
    EXPECT_EQ(*abdg, sdk::Value(sdk::StringList{"B417"}));
    EXPECT_EQ(arrival->text("currentStand"), "418");
    EXPECT_EQ(departure->text("currentStand"), "417");
    EXPECT_EQ(arrival->list("stands").size(), 1u);

    const auto stored = realStore_->flights().byFlid(880301);
    EXPECT_EQ(stored->keys.linkFlid, 880302);
    EXPECT_EQ(stored->keys.alcd, "3U");
    EXPECT_EQ(stored->keys.mvin, "A");
    EXPECT_EQ(stored->stateVersion, 2);
    EXPECT_EQ(realStore_->flights().linkingTo(880301).size(), 1u);

    const auto msg = events("msg");
    ASSERT_EQ(msg.size(), 3u); // two flight-upserts (ADFT), one flight-update (STND)
    EXPECT_THAT(msg[2].payloadJson, ::testing::StartsWith(R"({"type":"flight-update","flid":880301,)"));
    EXPECT_THAT(msg[2].payloadJson, ::testing::HasSubstr(R"("currentStand":"418")"));
}

// ABDG replaced again: stand 417 is served by B999 alone.
const char* const kAirbridgesReplaced = R"(<?xml version="1.0" encoding="UTF-8"?>
<MSG>
  <META><SNDR>AODB</SNDR><SEQN>61299</SEQN><DTTM>20240412150000</DTTM><TYPE>ABDG</TYPE><STYP>DNLD</STYP></META>
  <RECS>1</RECS>
  <ABDG><ABCD>B999</ABCD><DESC>Bridge 999</DESC><ATHE>N</ATHE><STND>417</STND></ABDG>
</MSG>)";

// The reference view holds a message's changes from its decision on; when its batch is not
// committed they must go with it: a message before it, decided again, sees the stored classes.
TEST_P(PumpSuite, ReferenceChangesOfABatchThatWasNotCommittedAreNotSeenWhenItIsDecidedAgain) {
    enqueue(1, golden("ref/abdg", "dnld-replaces-class"));
    ASSERT_EQ(runUntilQuiet(), 1);
    enqueue(2, golden("schd/adft", "create-turnaround-pair")); // the arrival's airbridges from ABDG
    enqueue(3, kAirbridgesReplaced);
    bool moved = false;
    store_->beforeCommit = [&] { // another writer takes message 2 first: the commit of 2 and 3 is refused
        if (!moved) {
            moved = true;
            ASSERT_TRUE(realStore_->processing()
                            .recordFailure(2, {ProcessingState::Pending, 0},
                                           {ErrorClass::Infra, "moved by another writer", clock_.now()})
                            .applied);
        }
    };

    EXPECT_EQ(pump().step().finished, 0);
    EXPECT_EQ(record(3).state, ProcessingState::Pending);
    EXPECT_EQ(runUntilQuiet(), 2);

    const auto arrival = flight(880301);
    ASSERT_TRUE(arrival.has_value());
    const sdk::Value* abdg = arrival->attribute("abdg");
    ASSERT_NE(abdg, nullptr);
    EXPECT_EQ(*abdg, sdk::Value(sdk::StringList{"B417"})); // not B999: message 3 came after it
    const auto stored = realStore_->references().listClass("ABDG");
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored.front().rkey, "B999");
}

} // namespace
} // namespace msgx::test
