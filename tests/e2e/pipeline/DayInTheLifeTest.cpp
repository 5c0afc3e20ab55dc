// A day in the life of a turnaround pair with a code-share flight, through the real pipeline (issue
// 13 acceptance): msgxd on the embedded profile with the shipped handlers. SLST and ABDG are loaded
// first; SCHD-ADFT creates the arrival A, its departure D (linked both ways) and the code-share
// flight S of D; GTDT/CKDT/ERUT on the master D reach S too; DELY (twice, merged), PSDT, PSHT and
// TIPT on A; SCHD-UPD replaces A's schedule fields; FDEL deletes D with its shared flight and clears
// A's link. The test asserts every message's outcome, A's final values and lists field by field,
// that D and S are gone, and the msg events per FLID (flop.md, schedule.md §7.3, architecture.md §11).
#include "DaemonProcess.h"
#include "EmbeddedSite.h"

#include <gtest/gtest.h>

#include <map>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using json::JsonValue;

constexpr std::int64_t kArrival = 73000001;   // A: 3U8881 arrival
constexpr std::int64_t kDeparture = 73000002; // D: 3U8882 departure, master of S
constexpr std::int64_t kShared = 73000003;    // S: CA1234, code-share of D

std::string message(std::int64_t seqn, const std::string& type, const std::string& styp,
                    const std::string& body) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" +
           std::to_string(seqn) + "</SEQN><DTTM>20240610080000</DTTM><TYPE>" + type + "</TYPE><STYP>" + styp +
           "</STYP></META>\n" + body + "\n</MSG>\n";
}

std::string flop(std::int64_t seqn, const std::string& styp, std::int64_t flid, const std::string& payload) {
    return message(seqn, "FLOP", styp,
                   "<FLOP><FLID>" + std::to_string(flid) + "</FLID>" + payload + "</FLOP>");
}

// The arrival's FLTR: the ADFT's without stands (PSDT brings them later), the UPD's with another
// registration and the stands PSDT allocated.
std::string arrivalRecord(const std::string& registration, bool withStands) {
    return "<FLTR><FLID>73000001</FLID><ALCD>3U</ALCD><FLNO>3U8881</FLNO><MVIN>A</MVIN><SODT>10JUN241015</"
           "SODT>"
           "<FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT><RENO>" +
           registration +
           "</RENO><TRML>T1</TRML>"
           "<TAOP>3U</TAOP><TAFL>3U8882</TAFL><TAID>73000002</TAID>" +
           std::string(withStands ? "<PSDT PSNO=\"1\"><PSST>221</PSST><STST>10JUN241015</STST>"
                                    "<STET>10JUN241140</STET></PSDT>"
                                    "<PSDT PSNO=\"2\"><PSST>R07</PSST><STST>10JUN241145</STST></PSDT>"
                                  : "") +
           "</FLTR>";
}

std::vector<std::string> theDay() {
    const std::string departure =
        "<FLTR><FLID>73000002</FLID><ALCD>3U</ALCD><FLNO>3U8882</FLNO><MVIN>D</MVIN><SODT>10JUN241150</SODT>"
        "<FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT><RENO>B6571</RENO>"
        "<TAOP>3U</TAOP><TAFL>3U8881</TAFL><TAID>73000001</TAID></FLTR>";
    const std::string shared =
        "<FLTR><FLID>73000003</FLID><ALCD>CA</ALCD><FLNO>CA1234</FLNO><MVIN>D</MVIN><SODT>10JUN241150</SODT>"
        "<FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT>"
        "<CSOP>3U</CSOP><CSFT>3U8882</CSFT><MAID>73000002</MAID></FLTR>";
    return {
        message(
            730001, "SLST", "ADD",
            "<RECS>1</RECS><SLST><SCOD>221</SCOD><STNM>Stand 221</STNM><MABS>1</MABS><REMT>N</REMT></SLST>"),
        message(
            730002, "SLST", "ADD",
            "<RECS>1</RECS><SLST><SCOD>R07</SCOD><STNM>Remote 07</STNM><MABS>0</MABS><REMT>R</REMT></SLST>"),
        message(730003, "ABDG", "ADD",
                "<RECS>1</RECS><ABDG><ABCD>B221A</ABCD><ATHE>N</ATHE><STND>221</STND><AMNO>1</AMNO></ABDG>"),
        message(730004, "SCHD", "ADFT",
                "<SCHD>" + arrivalRecord("B6571", false) + departure + shared + "</SCHD>"),
        flop(730005, "GTDT", kDeparture,
             "<GTDT GTNO=\"1\"><GATE>118</GATE><PGOT>10JUN241050</PGOT><PGCT>10JUN241130</PGCT>"
             "<GTYP>D</GTYP></GTDT>"),
        flop(730006, "CKDT", kDeparture,
             "<CKDT CKNO=\"1\"><CHKC>01</CHKC><CCLS>Y</CCLS><PCOT>10JUN240930</PCOT><PCCT>10JUN241110</PCCT>"
             "<CTYP>D</CTYP></CKDT>"),
        flop(730007, "DELY", kArrival,
             "<DELY CODE=\"RA\" STRT=\"10JUN241015\" DURA=\"0045\">LATE INBOUND AIRCRAFT</DELY>"
             "<DELY CODE=\"WO\" DURA=\"0130\">THUNDERSTORM</DELY>"),
        flop(730008, "DELY", kArrival, "<DELY CODE=\"RA\" DURA=\"0100\"/>"),
        flop(730009, "ERUT", kDeparture,
             "<ERUT RTNO=\"1\"><APCD>CTU</APCD><SCDT>10JUN241150</SCDT></ERUT>"
             "<ERUT RTNO=\"2\"><APCD>PEK</APCD><SCAT>10JUN241420</SCAT></ERUT>"),
        flop(730010, "PSDT", kArrival,
             "<PSDT PSNO=\"1\"><PSST>221</PSST><STST>10JUN241015</STST><STET>10JUN241140</STET></PSDT>"
             "<PSDT PSNO=\"2\"><PSST>R07</PSST><STST>10JUN241145</STST></PSDT>"),
        flop(730011, "PSHT", kArrival,
             "<PSHT PSHN=\"1\"><PSTM>10JUN241135</PSTM><PSID>OUT</PSID><PUST>221</PUST></PSHT>"),
        flop(730012, "TIPT", kArrival, "<TIPT><TRTM>10JUN241130</TRTM><TRST>221</TRST></TIPT>"),
        message(730013, "SCHD", "UPD", "<SCHD>" + arrivalRecord("B6572", true) + "</SCHD>"),
        flop(730014, "FDEL", kDeparture, "<FDEL/>"),
    };
}

const JsonValue* field(const JsonValue& object, std::string_view name) {
    return object.find(name);
}

std::string text(const JsonValue& object, std::string_view name) {
    const JsonValue* value = object.find(name);
    if (value == nullptr || value->isNull()) {
        return "<absent>";
    }
    return value->kind() == JsonValue::Kind::String ? value->asString() : json::renderCompactJson(*value);
}

TEST(DayInTheLife, ATurnaroundPairWithACodeShareFlightEndsWithTheValuesListsAndEventsTheSpecImplies) {
    EmbeddedSite site;
    const auto documents = theDay();
    const auto ids = site.inject(documents);
    ASSERT_EQ(ids.size(), documents.size());
    DaemonProcess daemon(kMsgxdBin, site.config(), site.logFile(), site.environment());
    daemon.start();
    ASSERT_GE(daemon.waitForLog("writer lease acquired", 30s), 0) << daemon.log();
    ASSERT_TRUE(waitUntil([&] { return site.settled(static_cast<std::int64_t>(documents.size())); }, 60s))
        << renderJson(site.status()) << daemon.log();
    ASSERT_TRUE(waitUntil(
        [&] {
            const auto status = site.status();
            const JsonValue* schd = status.isNull() ? nullptr : status.find("delivery")->find("schd");
            return schd != nullptr && schd->find("pending")->asInteger() == 0;
        },
        30s))
        << "the schd target did not flush: " << renderJson(site.status());

    const auto messages = site.messagesById();
    for (std::size_t i = 0; i < ids.size(); ++i) {
        EXPECT_EQ(text(messages.at(ids[i]), "state"), "SUCCEEDED")
            << "message " << i + 1 << ": " << renderJson(messages.at(ids[i]));
    }

    // D and its shared flight S are gone; A stays, unlinked.
    const auto flights = site.storedFlights();
    EXPECT_FALSE(flights.contains(kDeparture));
    EXPECT_FALSE(flights.contains(kShared));
    ASSERT_TRUE(flights.contains(kArrival));
    const StoredFlight& a = flights.at(kArrival);
    EXPECT_EQ(text(a.attributes, "registration"), "B6572") << "SCHD-UPD replaced the schedule fields";
    EXPECT_EQ(text(a.attributes, "terminal"), "T1");
    EXPECT_EQ(field(a.attributes, "linkedFlid"), nullptr) << "FDEL of D cleared A's link";
    EXPECT_EQ(field(a.attributes, "linkedAirline"), nullptr);
    EXPECT_EQ(field(a.attributes, "linkedFlightNumber"), nullptr);
    EXPECT_EQ(text(a.attributes, "abdg"), "[\"B221A\"]")
        << "an arrival takes the airbridges of its first stand";
    EXPECT_FALSE(a.lists.contains("delays"))
        << "a FLTR without DELY replaces the delays with none (schedule.md §7.3)";

    // The stands: SCHD-UPD sent the same two entries, so PSHT's and TIPT's values stay.
    ASSERT_TRUE(a.lists.contains("stands"));
    const auto& stands = a.lists.at("stands");
    ASSERT_EQ(stands.size(), 2U);
    EXPECT_EQ(text(stands[0], "standCode"), "221");
    EXPECT_EQ(text(stands[0], "startTime"), "2024-06-10T02:15:00Z");
    EXPECT_EQ(text(stands[0], "endTime"), "2024-06-10T03:40:00Z");
    EXPECT_EQ(text(stands[0], "pushTime"), "2024-06-10T03:35:00Z");
    EXPECT_EQ(text(stands[0], "pushIndicator"), "OUT");
    EXPECT_EQ(text(stands[0], "tractorTime"), "2024-06-10T03:30:00Z");
    EXPECT_EQ(text(stands[0], "abdg"), "[\"B221A\"]");
    EXPECT_EQ(text(stands[1], "standCode"), "R07");
    EXPECT_EQ(text(stands[1], "startTime"), "2024-06-10T03:45:00Z");
    EXPECT_EQ(text(stands[1], "abdg"), "[]") << "a remote stand has no airbridge";
    EXPECT_EQ(field(stands[1], "pushTime"), nullptr);

    // msg events per FLID and source, in the order they were published.
    std::map<std::int64_t, std::vector<std::pair<std::int64_t, std::string>>> byFlid;
    std::map<std::pair<std::int64_t, std::int64_t>, JsonValue> payload; // (flid, source) -> value
    for (const auto& record : site.delivered("msg")) {
        byFlid[record.flid].emplace_back(record.sourceId, record.type);
        payload[{record.flid, record.sourceId}] = record.value;
    }
    const auto source = [&ids](std::size_t message) { return ids[message - 1]; };
    using Events = std::vector<std::pair<std::int64_t, std::string>>;
    EXPECT_EQ(byFlid[kArrival], (Events{{source(4), "flight-upsert"},
                                        {source(7), "flight-update"},
                                        {source(8), "flight-update"},
                                        {source(10), "flight-update"},
                                        {source(11), "flight-update"},
                                        {source(12), "flight-update"},
                                        {source(13), "flight-upsert"},
                                        {source(14), "flight-update"}}));
    const Events masterAndShared{{source(4), "flight-upsert"},
                                 {source(5), "flight-update"},
                                 {source(6), "flight-update"},
                                 {source(9), "flight-update"},
                                 {source(14), "flight-delete"}};
    EXPECT_EQ(byFlid[kDeparture], masterAndShared);
    EXPECT_EQ(byFlid[kShared], masterAndShared)
        << "FLOP on a master reaches its shared flight; FDEL cascades";

    // What the events carry.
    const JsonValue& created = payload[{kDeparture, source(4)}];
    EXPECT_EQ(text(*created.find("fields"), "codeShareFlightList"), "CA1234");
    const JsonValue& merged = payload[{kArrival, source(8)}];
    const auto& delays = merged.find("lists")->find("delays")->items();
    ASSERT_EQ(delays.size(), 2U) << renderJson(merged);
    EXPECT_EQ(text(delays[0], "delayCode"), "RA");
    EXPECT_EQ(text(delays[0], "durationMinutes"), "60") << "RA rebuilt from its group alone";
    EXPECT_EQ(field(delays[0], "startTime"), nullptr);
    EXPECT_EQ(text(delays[1], "delayCode"), "WO");
    EXPECT_EQ(text(delays[1], "durationMinutes"), "90") << "0130 is 1 x 60 + 30 minutes";
    const JsonValue& pushed = payload[{kArrival, source(11)}];
    const auto& changed = pushed.find("lists")->find("changedStands")->items();
    ASSERT_EQ(changed.size(), 1U) << renderJson(pushed);
    EXPECT_EQ(text(changed[0], "standCode"), "221");
    EXPECT_EQ(pushed.find("lists")->find("stands"), nullptr);
    const JsonValue& unlinked = payload[{kArrival, source(14)}];
    EXPECT_TRUE(unlinked.find("fields")->find("linkedFlid")->isNull()) << renderJson(unlinked);

    // The schd target ends with tombstones for the deleted flights.
    std::map<std::int64_t, std::string> lastSchd;
    for (const auto& record : site.delivered("schd")) {
        lastSchd[record.flid] = record.type;
    }
    EXPECT_EQ(lastSchd[kDeparture], "flight-delete");
    EXPECT_EQ(lastSchd[kShared], "flight-delete");
    EXPECT_EQ(lastSchd[kArrival], "flight-upsert");

    EXPECT_EQ(daemon.terminate(), 0) << daemon.log();
}

} // namespace
} // namespace msgx::test
