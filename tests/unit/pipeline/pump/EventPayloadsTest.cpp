#include "msgx/pipeline/pump/EventPayloads.h"

#include "msgx/json/JsonValue.h"

#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

TEST(EventPayloads, MsgEventCarriesTypeFlidChangedFieldsWithNullsAndWholeLists) {
    sdk::MsgEvent event;
    event.type = "flight-update";
    event.flid = 64400207;
    event.fields["currentStand"] = std::string("107");
    event.fields["gate"] = std::monostate{};
    event.lists["stands"] = {{{"seq", std::int64_t{1}}, {"abdg", sdk::StringList{"B417", "B418"}}}};
    event.lists["route"] = {};

    EXPECT_EQ(msgEventPayload(event),
              R"({"type":"flight-update","flid":64400207,"fields":{"currentStand":"107","gate":null},)"
              R"("lists":{"route":[],"stands":[{"abdg":["B417","B418"],"seq":1}]}})");
}

TEST(EventPayloads, UpsertCarriesTheWholeDocument) {
    sdk::FlightDocument document(880301);
    document.set("maxPax", std::int64_t{158});
    document.set("cancelled", false);
    document.setList("stands", {{{"standCode", std::string("417")}}});

    EXPECT_EQ(flightUpsertPayload(document),
              R"({"type":"flight-upsert","flid":880301,"document":{"flid":880301,)"
              R"("attributes":{"cancelled":false,"maxPax":158},"lists":{"stands":[{"standCode":"417"}]}}})");
}

TEST(EventPayloads, DeleteCarriesOnlyTypeAndFlid) {
    EXPECT_EQ(flightDeletePayload(42), R"({"type":"flight-delete","flid":42})");
}

TEST(CompactJson, EscapesControlCharactersKeepsUtf8AndShowsAFraction) {
    json::JsonValue value = json::JsonValue::object();
    value.set("text", json::JsonValue::string("a\"b\\c\nd\x01 登机桥"));
    value.set("height", json::JsonValue::number(5.0));
    value.set("ratio", json::JsonValue::number(5.8));

    EXPECT_EQ(json::renderCompactJson(value),
              "{\"text\":\"a\\\"b\\\\c\\nd\\u0001 登机桥\",\"height\":5.0,\"ratio\":5.8}");
}

} // namespace
} // namespace msgx::pipeline
