// The flight history (US-15, docs/operations.md "A season of operation") through the pump and the
// shipped handlers: the sweep moves a due turnaround pair with its details and tells downstream, a
// partner not yet due keeps both live, a message brings a group back (or not: the horizon, a stale
// resend), a deleted flight stays deleted, and a group the database refuses stays whole.
#include "FlightHistorySuite.h"
#include "msgx/golden/OfflineDecision.h"
#include "msgx/pipeline/operations/Replay.h"

#include <gmock/gmock.h>

#include <chrono>
#include <filesystem>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::ProcessingState;
using ::testing::HasSubstr;

std::string golden(const std::string& handler, const std::string& sample) {
    return golden::readTextFile(std::filesystem::path(MSGX_SOURCE_DIR) / "handlers" / handler / "golden" /
                                sample / "message.xml");
}

// FLOP-STND of flight `flid` to stand `stand`, sent at `dttm` (yyyyMMddHHmmss, Asia/Shanghai).
std::string standUpdate(long seqn, sdk::Flid flid, const std::string& stand, const std::string& dttm) {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<MSG>
  <META><SNDR>AODB</SNDR><SEQN>)" +
           std::to_string(seqn) + "</SEQN><DTTM>" + dttm + R"(</DTTM><TYPE>FLOP</TYPE><STYP>STND</STYP></META>
  <FLOP><FLID>)" +
           std::to_string(flid) + "</FLID><STND>" + stand + R"(</STND></FLOP>
</MSG>)";
}

// FDEL of flight `flid`.
std::string deletion(long seqn, sdk::Flid flid) {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<MSG>
  <META><SNDR>AODB</SNDR><SEQN>)" +
           std::to_string(seqn) +
           R"(</SEQN><DTTM>20240318150000</DTTM><TYPE>FLOP</TYPE><STYP>FDEL</STYP></META>
  <FLOP><FLID>)" +
           std::to_string(flid) +
           R"(</FLID></FLOP>
</MSG>)";
}

} // namespace

void FlightHistory::storePair() {
    enqueue(1, golden("ref/abdg", "dnld-replaces-class"));
    enqueue(2, golden("ref/slst", "dnld-replaces-class"));
    enqueue(3, golden("schd/adft", "create-turnaround-pair"));
    ASSERT_EQ(runUntilQuiet(), 3);
    ASSERT_TRUE(flight(880301).has_value());
}

void FlightHistory::sweep() {
    pump().startFlightHistorySweep();
    runUntilQuiet();
}

std::optional<storage::FlightRecord> FlightHistory::inHistory(storage::FlightId flid) {
    for (auto& [record, lists] : realStore_->flights().historyGroupsOf({flid}, start())) {
        if (record.flid == flid) {
            return record;
        }
    }
    return std::nullopt;
}

std::vector<std::string> FlightHistory::typesOf(const std::string& target) {
    std::vector<std::string> types;
    for (const auto& payload : payloads(target)) {
        const auto at = payload.find("\"type\":\"");
        types.push_back(payload.substr(at + 8, payload.find('"', at + 8) - at - 8));
    }
    return types;
}

namespace {

// The DTTM of a message sent now (the suite's clock, in Asia/Shanghai).
constexpr const char* kSentAfterTheSweep = "20240325090000";

TEST_P(FlightHistory, ADuePairMovesWithItsDetailsAndDownstreamIsToldOncePerFlight) {
    storePair();
    const auto msgBefore = payloads("msg").size();
    clock_.advance(2 * 24h + 1min); // stored 2 days ago, scheduled 11 days ago

    sweep();

    EXPECT_FALSE(realStore_->flights().byFlid(880301).has_value());
    EXPECT_FALSE(realStore_->flights().byFlid(880302).has_value());
    EXPECT_TRUE(realStore_->flights().detailLists(880301).empty());
    const auto groups = realStore_->flights().historyGroupsOf({880301}, start());
    ASSERT_EQ(groups.size(), 2u); // the arrival brought its partner
    for (const auto& [record, lists] : groups) {
        EXPECT_EQ(record.movedToHistoryAt, clock_.now());
        EXPECT_EQ(record.historyGroupFlid, 880301);
        EXPECT_FALSE(lists.empty()) << record.flid << " lost its detail lists";
    }
    const auto msg = payloads("msg");
    ASSERT_EQ(msg.size(), msgBefore + 2);
    EXPECT_EQ(msg[msgBefore], R"({"type":"flight-to-history","flid":880301})");
    EXPECT_EQ(msg[msgBefore + 1], R"({"type":"flight-to-history","flid":880302})");
    EXPECT_THAT(typesOf("schd"), ::testing::ElementsAre("flight-upsert", "flight-upsert", "flight-to-history",
                                                        "flight-to-history"));
    EXPECT_TRUE(realStore_->flights().liveMasterFlids(0, 10).empty());

    sweep(); // nothing left to move, nothing told twice
    EXPECT_EQ(payloads("msg").size(), msgBefore + 2);
}

TEST_P(FlightHistory, APartnerChangedSinceKeepsBothLive) {
    storePair();
    clock_.advance(24h);
    enqueue(4, standUpdate(4, 880302, "418", "20240319150000")); // the departure changes a day later
    ASSERT_EQ(runUntilQuiet(), 1);
    clock_.advance(24h + 1min); // the arrival is due, its partner changed a day ago

    sweep();

    EXPECT_TRUE(realStore_->flights().byFlid(880301).has_value());
    EXPECT_TRUE(realStore_->flights().byFlid(880302).has_value());
    EXPECT_FALSE(inHistory(880301).has_value());

    clock_.advance(24h); // now both are due
    sweep();
    EXPECT_FALSE(realStore_->flights().byFlid(880301).has_value());
    EXPECT_TRUE(inHistory(880302).has_value());
}

TEST_P(FlightHistory, AFlightTakingOffLaterThanTheHorizonStaysLive) {
    storePair();
    // An estimated time in the future of the cutoff keeps the pair, whatever its SODT.
    enqueue(4, R"(<?xml version="1.0" encoding="UTF-8"?>
<MSG>
  <META><SNDR>AODB</SNDR><SEQN>9004</SEQN><DTTM>20240318150000</DTTM><TYPE>SCHD</TYPE><STYP>UPD</STYP></META>
  <SCHD><RECS>1</RECS><FLTR><FLID>880302</FLID><ALCD>3U</ALCD><FLNO>3U8841</FLNO><MVIN>D</MVIN>
  <SODT>07MAR241000</SODT><ESTT>20MAR241000</ESTT><ACFT>320</ACFT><FLTY>J</FLTY><FLIN>D</FLIN><TAID>880301</TAID></FLTR></SCHD>
</MSG>)");
    ASSERT_EQ(runUntilQuiet(), 1);
    ASSERT_EQ(record(4).state, ProcessingState::Succeeded) << record(4).lastError.value_or("");
    ASSERT_EQ(flight(880302)->text("estimatedTime"), "2024-03-20T02:00:00Z");
    clock_.advance(2 * 24h + 1h); // cutoff 18 March 08:00Z: the departure's best time is after it

    sweep();

    EXPECT_TRUE(realStore_->flights().byFlid(880301).has_value());
    EXPECT_TRUE(realStore_->flights().byFlid(880302).has_value());
}

TEST_P(FlightHistory, AMessageBringsTheGroupBackAsItWasInItsCommit) {
    storePair();
    clock_.advance(2 * 24h + 1min);
    sweep();
    ASSERT_TRUE(inHistory(880301).has_value());
    const auto versionInHistory = inHistory(880301)->stateVersion;

    const auto msgBefore = typesOf("msg").size();
    const auto schdBefore = typesOf("schd").size();
    enqueue(4, standUpdate(4, 880301, "420", kSentAfterTheSweep));
    ASSERT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(4).state, ProcessingState::Succeeded) << record(4).note.value_or("");
    // Downstream is told the group is back as it was told it left: msg before the change, schd
    // the whole documents (no tombstone is the last word on a live flight).
    const auto msg = payloads("msg");
    ASSERT_EQ(msg.size(), msgBefore + 3);
    EXPECT_EQ(msg[msgBefore], R"({"type":"flight-from-history","flid":880301})");
    EXPECT_EQ(msg[msgBefore + 1], R"({"type":"flight-from-history","flid":880302})");
    EXPECT_THAT(msg[msgBefore + 2], ::testing::StartsWith(R"({"type":"flight-update","flid":880301,)"));
    const auto schd = events("schd");
    ASSERT_EQ(schd.size(), schdBefore + 2);
    EXPECT_THAT(schd[schdBefore].payloadJson,
                ::testing::StartsWith(R"({"type":"flight-upsert","flid":880301,)"));
    EXPECT_THAT(schd[schdBefore].payloadJson, HasSubstr(R"("currentStand":"420")"));
    EXPECT_THAT(schd[schdBefore + 1].payloadJson,
                ::testing::StartsWith(R"({"type":"flight-upsert","flid":880302,)"));
    const auto arrival = flight(880301);
    ASSERT_TRUE(arrival.has_value());
    EXPECT_EQ(arrival->text("currentStand"), "420");
    EXPECT_EQ(arrival->text("flightNumber"), "3U8842"); // the rest as it was
    EXPECT_EQ(realStore_->flights().byFlid(880301)->stateVersion, versionInHistory + 1);
    EXPECT_FALSE(realStore_->flights().detailLists(880301).empty());
    EXPECT_TRUE(realStore_->flights().byFlid(880302).has_value()); // its partner came back with it
    EXPECT_FALSE(inHistory(880301).has_value());
    EXPECT_FALSE(inHistory(880302).has_value());
}

TEST_P(FlightHistory, AResendOfAnOlderStretchDoesNotBringAFlightBack) {
    storePair();
    const auto version = realStore_->flights().byFlid(880301)->stateVersion;
    clock_.advance(2 * 24h + 1min);
    sweep();

    // Sent on 7 March, before the flight's last change (18 March): a resend.
    enqueue(4, standUpdate(4, 880301, "420", "20240307080000"));
    ASSERT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(4).state, ProcessingState::Succeeded);
    EXPECT_THAT(record(4).note.value_or(""), HasSubstr("stale-for-history:880301"));
    EXPECT_FALSE(realStore_->flights().byFlid(880301).has_value());
    EXPECT_EQ(inHistory(880301)->stateVersion, version);
    EXPECT_EQ(payloads("schd").size(), 4u); // two upserts, two moves: nothing about this message
}

TEST_P(FlightHistory, PastTheReviveHorizonAFlidStartsAFreshFlight) {
    storePair();
    clock_.advance(2 * 24h + 1min);
    sweep();
    clock_.advance(config_.flights.reviveWithin + 1h);

    enqueue(4, standUpdate(4, 880301, "420", "20240415090000"));
    enqueue(5, golden("schd/adft", "create-turnaround-pair"));
    ASSERT_EQ(runUntilQuiet(), 2);

    EXPECT_EQ(record(4).state, ProcessingState::Succeeded);
    EXPECT_THAT(record(4).note.value_or(""), HasSubstr("unknown-flight"));
    const auto fresh = realStore_->flights().byFlid(880301);
    ASSERT_TRUE(fresh.has_value());
    EXPECT_EQ(fresh->stateVersion, 1); // created, not the old flight brought back
    EXPECT_NE(flight(880301)->text("currentStand"), "420");
    // The old rows stay in the history (found by FLID when asked from far enough back).
    EXPECT_EQ(realStore_->flights().historyGroupsOf({880301}, start()).size(), 2u);
}

TEST_P(FlightHistory, ASweptDeletedFlightStaysDeletedUntilAScheduleCreatesItAgain) {
    storePair();
    enqueue(4, deletion(4, 880301));
    ASSERT_EQ(runUntilQuiet(), 1);
    ASSERT_FALSE(flight(880301).has_value());
    clock_.advance(2 * 24h + 1min);
    sweep();
    ASSERT_FALSE(realStore_->flights().byFlid(880301).has_value());
    ASSERT_TRUE(inHistory(880301).has_value());
    EXPECT_TRUE(inHistory(880301)->deleted);

    enqueue(5, standUpdate(5, 880301, "420", kSentAfterTheSweep));
    ASSERT_EQ(runUntilQuiet(), 1);
    EXPECT_THAT(record(5).note.value_or(""), HasSubstr("unknown-flight"));
    EXPECT_TRUE(inHistory(880301).has_value()); // a no-op brings nothing back

    std::string again = golden("schd/adft", "create-turnaround-pair");
    again.replace(again.find("<SEQN>70412</SEQN>"), 18, "<SEQN>70413</SEQN>"); // not a repeat of message 3
    again.replace(again.find("<DTTM>20240306221840</DTTM>"), 27, "<DTTM>20240325090000</DTTM>"); // sent now
    enqueue(6, again);
    ASSERT_EQ(runUntilQuiet(), 1);
    ASSERT_EQ(record(6).state, ProcessingState::Succeeded) << record(6).lastError.value_or("");
    ASSERT_TRUE(flight(880301).has_value());
    EXPECT_GT(realStore_->flights().byFlid(880301)->stateVersion, 2); // the deleted flight, created again
}

// A history row the move would collide with (same FLID and ARCHIVED_AT) makes the database refuse
// that group: it stays whole in the live tables, the other group moves.
TEST_P(FlightHistory, AGroupTheDatabaseRefusesStaysWholeAndTheOthersMove) {
    storePair();
    enqueue(4, setAttribute(4, 770001, "scheduledTime", "2024-03-07T01:00:00Z"));
    ASSERT_EQ(runUntilQuiet(), 1);
    clock_.advance(2 * 24h + 1min);
    executeOnStore(
        "INSERT INTO FLIGHT_HST (FLID, ARCHIVED_AT, GROUP_FLID, DELETED, STATE_VERSION, ATTRIBUTES,"
        " CREATED_AT, UPDATED_AT) VALUES (880302, " +
        std::to_string(storage::toEpochMicros(clock_.now())) + ", 1, 0, 1, '{}', 0, 0)");

    sweep();

    EXPECT_TRUE(realStore_->flights().byFlid(880301).has_value());
    EXPECT_TRUE(realStore_->flights().byFlid(880302).has_value());
    EXPECT_FALSE(realStore_->flights().detailLists(880301).empty());
    EXPECT_FALSE(realStore_->flights().byFlid(770001).has_value());
    EXPECT_EQ(typesOf("msg").back(), "flight-to-history");
    EXPECT_THAT(payloads("msg").back(), HasSubstr("770001"));
}

// The replay guard (US-10.4) reads a flight moved to the history after the message failed as changed.
TEST_P(FlightHistory, AReplayOverAFlightChangedAndMovedSinceNeedsForce) {
    enqueue(1, setAttribute(1, 500301, "scheduledTime", "2024-03-07T01:00:00Z"));
    enqueue(2, scripted("FAIL", 2, "<FLID>500301</FLID><CLASS>INFRA</CLASS><TEXT>view not loaded</TEXT>"));
    for (int i = 0; i < 50 && !storage::isTerminal(record(2).state); ++i) {
        pump().step();
        clock_.advance(30s);
    }
    ASSERT_EQ(record(2).state, ProcessingState::Dead);
    enqueue(3, setAttribute(3, 500301, "currentStand", "13"));
    ASSERT_EQ(runUntilQuiet(), 1);
    const auto changedAt = realStore_->flights().byFlid(500301)->updatedAt;
    clock_.advance(2 * 24h + 1min);
    sweep();
    ASSERT_TRUE(inHistory(500301).has_value());

    const auto plan = pipeline::planReplay(*realStore_, {{2}, std::nullopt, 1000});
    ASSERT_EQ(plan.candidates.size(), 1u);
    ASSERT_EQ(plan.candidates[0].changedFlights.size(), 1u);
    EXPECT_EQ(plan.candidates[0].changedFlights[0].flid, 500301);
    EXPECT_EQ(plan.candidates[0].changedFlights[0].updatedAt, changedAt);
}

TEST_P(FlightHistory, OffKeepsEveryFlightLive) {
    config_.flights.historyAfter.reset();
    storePair();
    clock_.advance(30 * 24h);
    sweep();
    EXPECT_TRUE(realStore_->flights().byFlid(880301).has_value());
}

} // namespace
} // namespace msgx::test
