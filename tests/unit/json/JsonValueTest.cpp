#include "msgx/json/JsonValue.h"

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

} // namespace
} // namespace msgx::json
