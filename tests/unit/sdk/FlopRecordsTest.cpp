// The common FLOP flow (sdk/FlopRecords.h) with a one-line rule: unknown flights, several records,
// problem precedence, master -> shared flights, equal values.
#include "msgx/sdk/FlopRecords.h"

#include "NoReferenceData.h"
#include "msgx/decoder/MessageDecoder.h"
#include "msgx/sdk/AttributeRules.h"

#include <gtest/gtest.h>

#include <map>

namespace msgx::sdk {
namespace {

using namespace stubs;

class Flights final : public FlightView {
public:
    void add(FlightDocument flight) { flights_.insert_or_assign(flight.flid(), std::move(flight)); }
    const FlightDocument* byFlid(Flid flid) const override {
        const auto found = flights_.find(flid);
        return found == flights_.end() ? nullptr : &found->second;
    }
    std::vector<const FlightDocument*> sharedFlightsOf(Flid master) const override {
        std::vector<const FlightDocument*> shared;
        for (const auto& [flid, flight] : flights_) {
            if (flight.masterFlid() == master) {
                shared.push_back(&flight);
            }
        }
        return shared;
    }
    std::vector<const FlightDocument*> linkingTo(Flid) const override { return {}; }

private:
    std::map<Flid, FlightDocument> flights_;
};

codec::Message stndMessage(const std::string& records) {
    auto decoded =
        codec::decodeMessage("<MSG><META><SNDR>AODB</SNDR><SEQN>1</SEQN><DTTM>20240101000000</DTTM>"
                             "<TYPE>FLOP</TYPE><STYP>STND</STYP></META>" +
                             records + "</MSG>");
    EXPECT_TRUE(decoded.ok());
    return decoded.takeMessage();
}

FlightDocument flight(Flid flid, const std::string& stand, std::optional<Flid> master = std::nullopt) {
    FlightDocument doc(flid);
    doc.set("currentStand", stand);
    if (master) {
        doc.set("masterFlid", *master);
    }
    return doc;
}

Decision decide(const Flights& flights, const std::string& records) {
    return decideFlopRecords(
        kContext, flights, stndMessage(records), [](const codec::Element& record, const HandlerContext& c) {
            return mandatoryRule(record, {"STND", "currentStand", FieldType::Text, 8}, c);
        });
}

TEST(FlopRecords, AppliesToTheMasterAndItsSharedFlights) {
    Flights flights;
    flights.add(flight(1, "101"));
    flights.add(flight(2, "101", 1));
    flights.add(flight(3, "102", 1));
    const Decision decision = decide(flights, "<FLOP><FLID>1</FLID><STND>102</STND></FLOP>");
    EXPECT_EQ(decision.outcome, Decision::Outcome::Apply);
    ASSERT_EQ(decision.flights.size(), 2u); // flight 3 already has 102: equal value, no change
    EXPECT_EQ(decision.flights[0].flid, 1);
    EXPECT_EQ(decision.flights[1].flid, 2);
    ASSERT_EQ(decision.events.size(), 2u);
    EXPECT_EQ(decision.events[0].type, "flight-update");
}

TEST(FlopRecords, UnknownFlightIsANoteNotAFailure) {
    Flights flights;
    const Decision decision = decide(flights, "<FLOP><FLID>9</FLID><STND>102</STND></FLOP>");
    EXPECT_EQ(decision.outcome, Decision::Outcome::Apply);
    EXPECT_EQ(decision.notes, std::vector<std::string>{"unknown-flight"});
    EXPECT_TRUE(decision.changesNothing());
}

TEST(FlopRecords, SeveralRecordsAreAllOrNothingWithCodecErrorsFirst) {
    Flights flights;
    flights.add(flight(1, "101"));
    const Decision rejected =
        decide(flights, "<FLOP><FLID>1</FLID><STND/></FLOP><FLOP><FLID>2</FLID></FLOP>");
    EXPECT_EQ(rejected.outcome, Decision::Outcome::Skip);
    EXPECT_EQ(rejected.reason, "rejected:record 1: STND cannot be empty");
    const Decision failed =
        decide(flights, "<FLOP><FLID>1</FLID><STND/></FLOP><FLOP><FLID>x1</FLID><STND>1</STND></FLOP>");
    EXPECT_EQ(failed.outcome, Decision::Outcome::Fail);
    EXPECT_EQ(failed.errorClass, ErrorClass::CodecError);
    EXPECT_EQ(failed.reason.rfind("record 2: FLID 'x1' is not a valid", 0), 0u) << failed.reason;
    const Decision mixed =
        decide(flights, "<FLOP><FLID>1</FLID><STND>7</STND></FLOP><FLOP><FLID>5</FLID></FLOP>");
    EXPECT_EQ(mixed.outcome, Decision::Outcome::Apply);
    EXPECT_EQ(mixed.notes, std::vector<std::string>{"record 2: unknown-flight"});
    EXPECT_EQ(mixed.flights.size(), 1u);
}

TEST(FlopRecords, MissingFlidIsRejected) {
    Flights flights;
    EXPECT_EQ(decide(flights, "<FLOP><STND>1</STND></FLOP>").reason, "rejected:FLID is missing");
    EXPECT_EQ(decide(flights, "<FLOP><FLID/></FLOP>").reason, "rejected:FLID is empty");
    EXPECT_EQ(decide(flights, "").reason, "rejected:no FLOP record");
}

Checked<FlightEdit> standRule(const codec::Element& record, const HandlerContext& context) {
    return mandatoryRule(record, {"STND", "currentStand", FieldType::Text, 8}, context);
}

TEST(FlopRecordHandler, IsTheCommonFlowAroundItsRule) {
    Flights flights;
    flights.add(flight(1, "101"));
    flights.add(flight(2, "101", 1));
    const FlopRecordHandler<standRule> handler;
    const std::string records = "<FLOP><FLID>1</FLID><STND>102</STND></FLOP><FLOP><FLID>5</FLID></FLOP>";
    EXPECT_EQ(handler.decide(kContext, flights, stndMessage(records)), decide(flights, records));
    EXPECT_EQ(handler.decide(kContext, flights, stndMessage("<FLOP><FLID>1</FLID><STND/></FLOP>")).reason,
              "rejected:STND cannot be empty");
}

} // namespace
} // namespace msgx::sdk
