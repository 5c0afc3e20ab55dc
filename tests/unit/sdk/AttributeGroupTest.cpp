// Grouped attributes (sdk/AttributeGroup.h): a table of fields read from the record or one child
// element, with keep / clear / clear-all / reject per absent and empty field, allowed codes, the
// empty element that clears all, all-or-none groups, and the precedence codec error > clear-all >
// reject. Each group here has the shape of a FLOP STYP that uses it.
#include "msgx/sdk/AttributeGroup.h"

#include "NoReferenceData.h"
#include "msgx/decoder/MessageDecoder.h"

#include <gtest/gtest.h>

#include <map>

namespace msgx::sdk {
namespace {

using namespace stubs;

class OneFlight final : public FlightView {
public:
    explicit OneFlight(FlightDocument flight) : flight_(std::move(flight)) {}
    const FlightDocument* byFlid(Flid flid) const override {
        return flid == flight_.flid() ? &flight_ : nullptr;
    }
    std::vector<const FlightDocument*> sharedFlightsOf(Flid) const override { return {}; }
    std::vector<const FlightDocument*> linkingTo(Flid) const override { return {}; }

private:
    FlightDocument flight_;
};

codec::Message fdivFlop(const std::string& inner) {
    auto decoded = codec::decodeMessage("<MSG><META><SNDR>A</SNDR><SEQN>1</SEQN><DTTM>20240101000000</DTTM>"
                                        "<TYPE>FLOP</TYPE><STYP>FDIV</STYP></META><FLOP><FLID>1</FLID>" +
                                        inner + "</FLOP></MSG>");
    EXPECT_TRUE(decoded.ok()) << (decoded.ok() ? "" : decoded.failure().reason);
    return decoded.takeMessage();
}

constexpr std::string_view kDirections[] = {"TO", "FROM"};
constexpr GroupField kDiversionFields[] = {
    {{"@DDES", "divAirport", FieldType::Text, 3}, WhenMissing::ClearAll, WhenMissing::ClearAll},
    {{"@DDIR", "divDirection", FieldType::Text, 4}, WhenMissing::Reject, WhenMissing::Reject, kDirections},
    {{".", "divReason", FieldType::Text, 30}},
};
constexpr AttributeGroup kDiversion{"FDIV", kDiversionFields};

constexpr std::string_view kAbortKinds[] = {"O", "G"};
constexpr GroupField kAbortFields[] = {
    {{"@ARES", "landingAbortIndicator", FieldType::Char},
     WhenMissing::Reject,
     WhenMissing::Reject,
     kAbortKinds},
    {{".", "landingAbortReason", FieldType::Text, 30}},
};
constexpr AttributeGroup kLandingAbort{"FLAB", kAbortFields, true};

constexpr GroupField kAgentFields[] = {
    {{"PHAG", "paxAgent", FieldType::Int}},
    {{"FHAG", "fieldAgent", FieldType::Int}},
};
constexpr AttributeGroup kAgents{"", kAgentFields};

constexpr GroupField kLinkFields[] = {
    {{"TAOP", "linkedAirline", FieldType::Text, 3}, WhenMissing::Keep, WhenMissing::ClearAll},
    {{"TAFL", "linkedFlightNumber", FieldType::Text, 12}, WhenMissing::Keep, WhenMissing::ClearAll},
    {{"TAID", "linkedFlid", FieldType::Long}, WhenMissing::Keep, WhenMissing::ClearAll},
};
constexpr AttributeGroup kLink{"", kLinkFields, false, true};

FlightDocument storedFlight() {
    FlightDocument flight(1);
    flight.set("divAirport", std::string("CKG"));
    flight.set("divDirection", std::string("TO"));
    flight.set("divReason", std::string("FOG"));
    flight.set("landingAbortIndicator", std::string("G"));
    flight.set("landingAbortReason", std::string("WIND"));
    flight.set("paxAgent", std::int64_t{7});
    flight.set("fieldAgent", std::int64_t{8});
    flight.set("linkedAirline", std::string("CA"));
    flight.set("linkedFlightNumber", std::string("CA1"));
    flight.set("linkedFlid", std::int64_t{9});
    return flight;
}

// The stored flight after the group's edit of `inner`, or the problem.
Checked<FlightDocument> after(const AttributeGroup& group, const std::string& inner) {
    const codec::Message message = fdivFlop(inner);
    Checked<FlightEdit> edit = attributeGroupRule(*message.root().child("FLOP"), group, kContext);
    if (!edit.ok()) {
        return edit.problem();
    }
    FlightDocument flight = storedFlight();
    edit.value()(flight);
    return flight;
}

std::optional<std::string> textOf(const Checked<FlightDocument>& flight, std::string_view name) {
    return flight.value().text(name);
}

TEST(AttributeGroup, SetsEveryFieldOfTheElement) {
    const auto flight = after(kDiversion, R"(<FDIV DDES = "PEK" DDIR="FROM">  雷雨 </FDIV>)");
    ASSERT_TRUE(flight.ok()) << flight.problem().why;
    EXPECT_EQ(textOf(flight, "divAirport"), "PEK");
    EXPECT_EQ(textOf(flight, "divDirection"), "FROM");
    EXPECT_EQ(textOf(flight, "divReason"), "雷雨");
}

TEST(AttributeGroup, AnEmptyFieldWithClearClearsOnlyItsAttribute) {
    const auto flight = after(kDiversion, R"(<FDIV DDES="PEK" DDIR="TO"/>)");
    ASSERT_TRUE(flight.ok()) << flight.problem().why;
    EXPECT_EQ(textOf(flight, "divAirport"), "PEK");
    EXPECT_EQ(textOf(flight, "divReason"), std::nullopt);
}

TEST(AttributeGroup, AnAbsentElementChangesNothing) {
    const auto flight = after(kDiversion, "<FLAB ARES=\"O\"/>");
    ASSERT_TRUE(flight.ok());
    EXPECT_EQ(flight.value(), storedFlight());
}

TEST(AttributeGroup, ClearAllWinsOverRejectsOfOtherFields) {
    for (const char* inner :
         {R"(<FDIV DDES="" DDIR="TOO">x</FDIV>)", "<FDIV DDIR=\"TO\">x</FDIV>", "<FDIV/>"}) {
        const auto flight = after(kDiversion, inner);
        ASSERT_TRUE(flight.ok()) << inner << ": " << flight.problem().why;
        EXPECT_EQ(textOf(flight, "divAirport"), std::nullopt) << inner;
        EXPECT_EQ(textOf(flight, "divDirection"), std::nullopt) << inner;
        EXPECT_EQ(textOf(flight, "divReason"), std::nullopt) << inner;
    }
}

TEST(AttributeGroup, AnUnparseableFieldIsACodecErrorEvenBesideAClearAll) {
    const auto tooLong =
        after(kDiversion, R"(<FDIV DDES="" DDIR="TO">0123456789012345678901234567890</FDIV>)");
    ASSERT_FALSE(tooLong.ok());
    EXPECT_EQ(tooLong.problem().kind, Problem::Kind::CodecError);
    EXPECT_EQ(tooLong.problem().why.rfind("FDIV text '0123", 0), 0u) << tooLong.problem().why;
    const auto twoChars = after(kLandingAbort, R"(<FLAB ARES="OG"/>)");
    ASSERT_FALSE(twoChars.ok());
    EXPECT_EQ(twoChars.problem().kind, Problem::Kind::CodecError);
    EXPECT_EQ(twoChars.problem().why.rfind("FLAB ARES 'OG' is not a valid", 0), 0u) << twoChars.problem().why;
}

TEST(AttributeGroup, ACodeOutsideItsSetOrMissingIsARejectNamingTheElement) {
    const auto wrong = after(kDiversion, R"(<FDIV DDES="PEK" DDIR="TOO"/>)");
    ASSERT_FALSE(wrong.ok());
    EXPECT_EQ(wrong.problem().kind, Problem::Kind::Reject);
    EXPECT_EQ(wrong.problem().why, "FDIV DDIR 'TOO' is not one of TO, FROM");
    EXPECT_EQ(after(kDiversion, R"(<FDIV DDES="PEK" DDIR="to"/>)").problem().why,
              "FDIV DDIR 'to' is not one of TO, FROM");
    EXPECT_EQ(after(kDiversion, R"(<FDIV DDES="PEK" DDIR=""/>)").problem().why, "FDIV DDIR is empty");
    EXPECT_EQ(after(kDiversion, R"(<FDIV DDES="PEK"/>)").problem().why, "FDIV DDIR is missing");
}

TEST(AttributeGroup, AnEmptyElementClearsAllWhenTheGroupSaysSo) {
    for (const char* inner : {"<FLAB/>", "<FLAB></FLAB>", "<FLAB> \t </FLAB>"}) {
        const auto flight = after(kLandingAbort, inner);
        ASSERT_TRUE(flight.ok()) << inner << ": " << flight.problem().why;
        EXPECT_EQ(textOf(flight, "landingAbortIndicator"), std::nullopt) << inner;
        EXPECT_EQ(textOf(flight, "landingAbortReason"), std::nullopt) << inner;
    }
    EXPECT_EQ(after(kLandingAbort, R"(<FLAB ARES=""></FLAB>)").problem().why, "FLAB ARES is empty");
    EXPECT_EQ(after(kLandingAbort, "<FLAB>reason</FLAB>").problem().why, "FLAB ARES is missing");
}

TEST(AttributeGroup, OnTheRecordAbsentKeepsAndEmptyClears) {
    const auto flight = after(kAgents, "<PHAG/>");
    ASSERT_TRUE(flight.ok());
    EXPECT_EQ(flight.value().integer("paxAgent"), std::nullopt);
    EXPECT_EQ(flight.value().integer("fieldAgent"), 8);
    const auto set = after(kAgents, "<FHAG> 310017 </FHAG>");
    EXPECT_EQ(set.value().integer("paxAgent"), 7);
    EXPECT_EQ(set.value().integer("fieldAgent"), 310017);
    const auto letters = after(kAgents, "<PHAG>12a</PHAG>");
    ASSERT_FALSE(letters.ok());
    EXPECT_EQ(letters.problem().kind, Problem::Kind::CodecError);
    EXPECT_EQ(letters.problem().why.rfind("PHAG '12a'", 0), 0u) << letters.problem().why;
}

TEST(AttributeGroup, AllOrNoneRejectsAnIncompleteGroupAndStillClearsOnEmpty) {
    EXPECT_EQ(after(kLink, "").value(), storedFlight());
    const auto linked = after(kLink, "<TAOP>MU</TAOP><TAFL>MU2</TAFL><TAID>12</TAID>");
    EXPECT_EQ(linked.value().integer("linkedFlid"), 12);
    EXPECT_EQ(textOf(linked, "linkedAirline"), "MU");
    const auto incomplete = after(kLink, "<TAOP>MU</TAOP><TAID>12</TAID>");
    ASSERT_FALSE(incomplete.ok());
    EXPECT_EQ(incomplete.problem().kind, Problem::Kind::Reject);
    EXPECT_EQ(incomplete.problem().why, "TAFL is missing: TAOP, TAFL, TAID go together");
    const auto unlinked = after(kLink, "<TAOP>MU</TAOP><TAFL/>");
    ASSERT_TRUE(unlinked.ok());
    EXPECT_EQ(textOf(unlinked, "linkedAirline"), std::nullopt);
    EXPECT_EQ(textOf(unlinked, "linkedFlightNumber"), std::nullopt);
    EXPECT_EQ(unlinked.value().integer("linkedFlid"), std::nullopt);
}

constexpr std::string_view kDoorIds[] = {"O", "C"};

TEST(ReadOneOf, GivesTheCodeOrTheProblem) {
    const codec::Message message = fdivFlop("<PORT><POID>C</POID><A/><B>X</B><D>CO</D></PORT>");
    const codec::Element& port = *message.root().child("FLOP")->child("PORT");
    const auto read = [&port](std::string_view source) {
        return readOneOf(port, {source, "doorId", FieldType::Char}, kDoorIds, kUtc);
    };
    EXPECT_EQ(read("POID").value(), "C");
    EXPECT_EQ(read("Z").problem().why, "Z is missing");
    EXPECT_EQ(read("A").problem().why, "A is empty");
    EXPECT_EQ(read("B").problem().why, "B 'X' is not one of O, C");
    EXPECT_EQ(read("B").problem().kind, Problem::Kind::Reject);
    EXPECT_EQ(read("D").problem().kind, Problem::Kind::CodecError);
}

TEST(AttributeGroupHandler, AnEqualGroupChangesNothingAndAChangeIsOneEvent) {
    const OneFlight flights(storedFlight());
    const AttributeGroupHandler<kLandingAbort> handler;
    const Decision equal = handler.decide(kContext, flights, fdivFlop(R"(<FLAB ARES="G">WIND</FLAB>)"));
    EXPECT_EQ(equal.outcome, Decision::Outcome::Apply);
    EXPECT_TRUE(equal.changesNothing());
    const Decision changed = handler.decide(kContext, flights, fdivFlop(R"(<FLAB ARES="O"/>)"));
    ASSERT_EQ(changed.events.size(), 1u);
    EXPECT_EQ(changed.events[0].fields,
              (Fields{{"landingAbortIndicator", std::string("O")}, {"landingAbortReason", Value()}}));
    const Decision rejected = handler.decide(kContext, flights, fdivFlop(R"(<FLAB ARES="g"/>)"));
    EXPECT_EQ(rejected.outcome, Decision::Outcome::Skip);
    EXPECT_EQ(rejected.reason, "rejected:FLAB ARES 'g' is not one of O, G");
}

} // namespace
} // namespace msgx::sdk
