#include "msgx/json/JsonValue.h"

#include "msgx/golden/TextDiff.h"
#include "msgx/model/DocumentJson.h"

#include <gtest/gtest.h>

namespace msgx::json {
namespace {

TEST(JsonValue, RendersDeterministicallyAndReadsBack) {
    json::JsonValue object = json::JsonValue::object();
    object.set("b", json::JsonValue::integer(1234567890123));
    object.set("a", json::JsonValue::number(41.0));
    object.set("text", json::JsonValue::string("低能见度 \"q\"\n"));
    json::JsonValue codes = json::JsonValue::array();
    codes.push(json::JsonValue::string("417"));
    codes.push(json::JsonValue::string("418"));
    object.set("codes", codes);
    object.set("none", json::JsonValue());
    object.set("empty", json::JsonValue::array());
    const std::string text = json::renderJson(object);
    EXPECT_EQ(text, "{\n"
                    "  \"b\": 1234567890123,\n"
                    "  \"a\": 41.0,\n"
                    "  \"text\": \"低能见度 \\\"q\\\"\\n\",\n"
                    "  \"codes\": [\"417\", \"418\"],\n"
                    "  \"none\": null,\n"
                    "  \"empty\": []\n"
                    "}\n");
    EXPECT_EQ(json::parseJson(text, "test"), object);
}

TEST(JsonValue, ParseErrorsNameTheSource) {
    try {
        json::parseJson("{\"a\": }", "before.json");
        FAIL() << "no error";
    } catch (const json::JsonError& e) {
        EXPECT_NE(std::string(e.what()).find("before.json: not valid JSON"), std::string::npos) << e.what();
    }
}

TEST(DocumentJson, AFlightDocumentRoundTrips) {
    sdk::FlightDocument flight(64400207);
    flight.set("currentStand", std::string("107"));
    flight.set("maxPax", std::int64_t{158});
    flight.set("abdg", sdk::StringList{"B417"});
    flight.setList("stands", {{{"seq", std::int64_t{1}}, {"standCode", std::string("417")}}});
    const json::JsonValue json = model::flightDocumentToJson(flight);
    EXPECT_EQ(model::flightDocumentFromJson(json::parseJson(json::renderJson(json), "test"), "test"), flight);
}

TEST(DocumentJson, ShapeErrorsNameTheMember) {
    try {
        model::flightDocumentFromJson(json::parseJson(R"({"flid": 1, "attributes": {"x": {"y": 1}}})", "t"),
                                      "before.json: flights[0]");
        FAIL() << "no error";
    } catch (const json::JsonError& e) {
        EXPECT_NE(std::string(e.what()).find("before.json: flights[0].attributes.x: expected a value"),
                  std::string::npos)
            << e.what();
    }
}

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
} // namespace msgx::json
