#include "msgx/pipeline/pump/FlightStoreMapping.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;

sdk::FlightDocument sampleFlight() {
    sdk::FlightDocument document(880301);
    document.set("ffid", std::string("3U-3U8842-A-07MAR240815-D"));
    document.set("airlineCode", std::string("3U"));
    document.set("flightNumber", std::string("3U8842"));
    document.set("movement", std::string("A"));
    document.set("scheduledTime", std::string("2024-03-07T00:15:00Z"));
    document.set("linkedFlid", std::int64_t{880302});
    document.set("masterFlid", std::int64_t{880300});
    document.set("abdg", sdk::StringList{"B417"});
    document.set("ratio", 0.5);
    document.setList("stands", {{{"seq", std::int64_t{1}}, {"standCode", std::string("417")}},
                                {{"seq", std::int64_t{2}}, {"standCode", std::string("418")}}});
    return document;
}

TEST(FlightStoreMapping, KeyColumnsAreCopiedFromTheirAttributes) {
    const storage::FlightKeys keys = keyColumnsOf(sampleFlight());
    EXPECT_EQ(keys.ffid, "3U-3U8842-A-07MAR240815-D");
    EXPECT_EQ(keys.alcd, "3U");
    EXPECT_EQ(keys.flno, "3U8842");
    EXPECT_EQ(keys.mvin, "A");
    EXPECT_EQ(keys.sodt, std::chrono::sys_days{2024y / 3 / 7} + 15min);
    EXPECT_EQ(keys.maid, 880300);
    EXPECT_EQ(keys.linkFlid, 880302);
}

TEST(FlightStoreMapping, ValueThatDoesNotFitItsColumnStaysOnlyInTheAttributes) {
    sdk::FlightDocument document(1);
    document.set("airlineCode", std::string("ABCD"));
    document.set("movement", std::string("X"));
    document.set("scheduledTime", std::string("07MAR240815"));
    const storage::FlightKeys keys = keyColumnsOf(document);
    EXPECT_EQ(keys.alcd, std::nullopt);
    EXPECT_EQ(keys.mvin, std::nullopt);
    EXPECT_EQ(keys.sodt, std::nullopt);
    EXPECT_NE(attributesJsonOf(document).find("\"airlineCode\":\"ABCD\""), std::string::npos);
}

TEST(FlightStoreMapping, DocumentSurvivesTheRoundTripThroughTheStoredForm) {
    const sdk::FlightDocument document = sampleFlight();
    const storage::FlightWrite write = upsertOf(document, 3, {"stands"});
    EXPECT_EQ(write.expectedVersion, 3);
    ASSERT_EQ(write.lists.size(), 1u);
    EXPECT_EQ(write.lists[0].itemsJson.size(), 2u);

    storage::FlightRecord record;
    record.flid = write.flid;
    record.keys = write.keys;
    record.attributesJson = write.attributesJson;
    EXPECT_EQ(documentFromStore(record, write.lists), document);
}

TEST(FlightStoreMapping, ListTheDocumentDoesNotHaveIsWrittenEmpty) {
    const storage::DetailList list = detailListOf(sampleFlight(), "gates");
    EXPECT_EQ(list.name, "gates");
    EXPECT_TRUE(list.itemsJson.empty());
}

} // namespace
} // namespace msgx::pipeline
