#include "msgx/model/DocumentJson.h"

#include <gtest/gtest.h>

namespace msgx::model {
namespace {

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

} // namespace
} // namespace msgx::model
