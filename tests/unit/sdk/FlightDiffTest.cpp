#include "msgx/sdk/FlightDiff.h"

#include "msgx/sdk/Decision.h"

#include <gtest/gtest.h>

namespace msgx::sdk {
namespace {

TEST(FlightDiff, EqualDocumentsAreNoChange) {
    FlightDocument flight(1);
    flight.set("currentStand", std::string("107"));
    EXPECT_FALSE(diffFlight(flight, flight).has_value());
}

TEST(FlightDiff, NamesChangedClearedAndListValues) {
    FlightDocument before(1);
    before.set("currentStand", std::string("107"));
    before.set("remarks", std::string("x"));
    before.setList("stands", {{{"seq", std::int64_t{1}}}});
    FlightDocument after = before;
    after.set("currentStand", std::string("108"));
    after.clear("remarks");
    after.setList("stands", {});
    const auto change = diffFlight(before, after);
    ASSERT_TRUE(change.has_value());
    EXPECT_EQ(change->set, (Fields{{"currentStand", std::string("108")}, {"remarks", std::monostate{}}}));
    EXPECT_EQ(change->lists.at("stands"), DetailList{});
    EXPECT_EQ(applyFlightChange(&before, *change), after);
    const MsgEvent event = eventFor(*change, "flight-update");
    EXPECT_EQ(event.flid, 1);
    EXPECT_EQ(event.fields, change->set);
}

TEST(FlightDocument, NullRemovesAndEmptyListRemoves) {
    FlightDocument flight(1);
    flight.set("a", std::string("x"));
    flight.set("a", std::monostate{});
    flight.setList("l", {});
    EXPECT_EQ(flight, FlightDocument(1));
}

} // namespace
} // namespace msgx::sdk
