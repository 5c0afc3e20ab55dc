#include "msgx/plugin/JsonValue.h"

#include "msgx/plugin/DocumentJson.h"
#include "msgx/plugin/TextDiff.h"

#include <gtest/gtest.h>

namespace msgx::plugin {
namespace {

TEST(JsonValue, RendersDeterministicallyAndReadsBack) {
    JsonValue object = JsonValue::object();
    object.set("b", JsonValue::integer(1234567890123));
    object.set("a", JsonValue::number(41.0));
    object.set("text", JsonValue::string("低能见度 \"q\"\n"));
    JsonValue codes = JsonValue::array();
    codes.push(JsonValue::string("417"));
    codes.push(JsonValue::string("418"));
    object.set("codes", codes);
    object.set("none", JsonValue());
    object.set("empty", JsonValue::array());
    const std::string text = renderJson(object);
    EXPECT_EQ(text, "{\n"
                    "  \"b\": 1234567890123,\n"
                    "  \"a\": 41.0,\n"
                    "  \"text\": \"低能见度 \\\"q\\\"\\n\",\n"
                    "  \"codes\": [\"417\", \"418\"],\n"
                    "  \"none\": null,\n"
                    "  \"empty\": []\n"
                    "}\n");
    EXPECT_EQ(parseJson(text, "test"), object);
}

TEST(JsonValue, ParseErrorsNameTheSource) {
    try {
        parseJson("{\"a\": }", "before.json");
        FAIL() << "no error";
    } catch (const JsonError& e) {
        EXPECT_NE(std::string(e.what()).find("before.json: not valid JSON"), std::string::npos) << e.what();
    }
}

TEST(DocumentJson, AFlightDocumentRoundTrips) {
    sdk::FlightDocument flight(64400207);
    flight.set("currentStand", std::string("107"));
    flight.set("maxPax", std::int64_t{158});
    flight.set("abdg", sdk::StringList{"B417"});
    flight.setList("stands", {{{"seq", std::int64_t{1}}, {"standCode", std::string("417")}}});
    const JsonValue json = flightDocumentToJson(flight);
    EXPECT_EQ(flightDocumentFromJson(parseJson(renderJson(json), "test"), "test"), flight);
}

TEST(DocumentJson, ShapeErrorsNameTheMember) {
    try {
        flightDocumentFromJson(parseJson(R"({"flid": 1, "attributes": {"x": {"y": 1}}})", "t"),
                               "before.json: flights[0]");
        FAIL() << "no error";
    } catch (const JsonError& e) {
        EXPECT_NE(std::string(e.what()).find("before.json: flights[0].attributes.x: expected a value"),
                  std::string::npos)
            << e.what();
    }
}

TEST(TextDiff, ShowsOnlyTheChangedLinesWithContext) {
    const std::string expected = "a\nb\nc\nd\ne\nf\ng\n";
    const std::string actual = "a\nb\nc\nD\ne\nf\ng\n";
    EXPECT_EQ(lineDiff(expected, actual), "@@ expected line 2, actual line 2 @@\n"
                                          "  b\n"
                                          "  c\n"
                                          "- d\n"
                                          "+ D\n"
                                          "  e\n"
                                          "  f\n");
    EXPECT_EQ(lineDiff(expected, expected), "");
}

} // namespace
} // namespace msgx::plugin
