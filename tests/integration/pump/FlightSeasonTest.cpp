// 100 simulated days of a sample feed through the pump and the shipped handlers, the flight history
// sweep run at each day's archive.at (issue 44, US-15): what GET /all/flights answers stays the
// operational set (the flights of the last two days and the ones to come), every day, and the
// history holds the rest. Time comes from the suite's ManualClock (libfaketime does not mix with
// ASan; tests/season/faketime-sweep.sh runs the daemon under it).
//
// The feed, each day d at 15:00 Asia/Shanghai:
// - an ADFT creating group d+1 for tomorrow: a turnaround pair (arrival 08:15, departure 10:00) and
//   a code-share of the departure, with their detail lists;
// - a FLOP-STND of today's arrival (group d), and on even days one of a flight scheduled on the
//   first day (a flight changed within flights.history-after is never swept, whatever its dates);
// - for a group d with d % 8 == 1, an SCHD-UPD delaying its departure by a day (estimated time);
// - for a group d with d % 10 == 5, an FDEL of its code-share.
// A flight scheduled 150 days ahead, created on the first day, stays live throughout.
#include "FlightHistorySuite.h"
#include "msgx/golden/OfflineDecision.h"

#include <gmock/gmock.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::FlightId;

constexpr int kSeasonDays = 100;
constexpr FlightId kFarFutureFlight = 990001; // scheduled on day 150
constexpr FlightId kTouchedOften = 990002;    // scheduled on day 0, a stand change every other day

FlightId arrivalOf(int group) {
    return 700000 + 10 * group + 1;
}
FlightId departureOf(int group) {
    return arrivalOf(group) + 1;
}
FlightId codeShareOf(int group) {
    return arrivalOf(group) + 2;
}
bool delayedGroup(int group) {
    return group % 8 == 1;
}
bool codeShareDeleted(int group) {
    return group % 10 == 5;
}

// Day `day` of the season (day 0 is 18 March 2024), in Asia/Shanghai (UTC+8 all year).
std::chrono::year_month_day seasonDate(int day) {
    return std::chrono::sys_days{std::chrono::year{2024} / 3 / 18} + std::chrono::days{day};
}

// SODT-style local time: 07MAR240815.
std::string scheduleTime(int day, int hour, int minute) {
    static constexpr std::array<const char*, 12> kMonths{"JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                                         "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
    const auto date = seasonDate(day);
    std::array<char, 16> text{};
    std::snprintf(text.data(), text.size(), "%02u%s%02d%02d%02d", static_cast<unsigned>(date.day()),
                  kMonths.at(static_cast<unsigned>(date.month()) - 1), static_cast<int>(date.year()) % 100,
                  hour, minute);
    return text.data();
}

// META DTTM local time: 20240318150000.
std::string sentAt(int day, int hour) {
    const auto date = seasonDate(day);
    std::array<char, 16> text{};
    std::snprintf(text.data(), text.size(), "%04d%02u%02u%02d0000", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()), hour);
    return text.data();
}

std::string seasonMeta(long seqn, int day, const std::string& type, const std::string& styp) {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<MSG>
  <META><SNDR>AODB</SNDR><SEQN>)" +
           std::to_string(seqn) + "</SEQN><DTTM>" + sentAt(day, 15) + "</DTTM><TYPE>" + type +
           "</TYPE><STYP>" + styp + "</STYP></META>\n";
}

// The ADFT of group `group` (flights on day `group`), sent on day group - 1; modelled on
// handlers/schd/adft/golden/create-turnaround-pair and shared-flight-updates-master-list.
std::string groupSchedule(long seqn, int group) {
    const int d = group;
    const std::string arr = std::to_string(arrivalOf(group));
    const std::string dep = std::to_string(departureOf(group));
    return seasonMeta(seqn, group - 1, "SCHD", "ADFT") + R"(  <SCHD><RECS>3</RECS>
    <FLTR><FLID>)" +
           arr + R"(</FLID><ALCD>3U</ALCD><FLNO>3U8842</FLNO><MVIN>A</MVIN><SODT>)" + scheduleTime(d, 8, 15) +
           R"(</SODT><FLTY>J</FLTY><FLIN>D</FLIN>
      <ROUT RTNO="1"><APCD>KMG</APCD><SCDT>)" +
           scheduleTime(d, 6, 30) +
           R"(</SCDT></ROUT><ACFT>320</ACFT><RENO>B6571</RENO><TAOP>3U</TAOP><TAFL>3U8841</TAFL><TAID>)" +
           dep + R"(</TAID>
      <TRML>T1</TRML><MAXP>158</MAXP><STND>417</STND>
      <PSDT PSNO="1"><PSST>417</PSST><STST>)" +
           scheduleTime(d, 8, 15) + "</STST><STET>" + scheduleTime(d, 10, 0) + R"(</STET></PSDT>
      <CLDT CLNO="1"><BELT>7</BELT><BCLS>Y</BCLS><PCOT>)" +
           scheduleTime(d, 8, 25) + "</PCOT><PCCT>" + scheduleTime(d, 9, 5) +
           R"(</PCCT><BTYP>D</BTYP></CLDT>
      <ERUT RTNO="1"><APCD>KMG</APCD><SCDT>)" +
           scheduleTime(d, 6, 30) + R"(</SCDT></ERUT><ERUT RTNO="2"><APCD>TFU</APCD><SCAT>)" +
           scheduleTime(d, 8, 15) + R"(</SCAT></ERUT>
      <FTSS>SCH</FTSS></FLTR>
    <FLTR><FLID>)" +
           dep + R"(</FLID><ALCD>3U</ALCD><FLNO>3U8841</FLNO><MVIN>D</MVIN><SODT>)" + scheduleTime(d, 10, 0) +
           R"(</SODT><FLTY>J</FLTY><FLIN>D</FLIN>
      <ACFT>320</ACFT><RENO>B6571</RENO><TAOP>3U</TAOP><TAFL>3U8842</TAFL><TAID>)" +
           arr + R"(</TAID><TRML>T1</TRML><MAXP>158</MAXP>
      <GTDT GTNO="1"><GATE>B12</GATE><PGOT>)" +
           scheduleTime(d, 9, 20) + "</PGOT><PGCT>" + scheduleTime(d, 9, 45) + R"(</PGCT><GTYP>D</GTYP></GTDT>
      <STND>417</STND>
      <CKDT CKNO="1"><CHKC>C21</CHKC><CCLS>Y</CCLS><PCOT>)" +
           scheduleTime(d, 7, 50) + "</PCOT><PCCT>" + scheduleTime(d, 9, 20) + R"(</PCCT><CTYP>D</CTYP></CKDT>
      <ERUT RTNO="1"><APCD>TFU</APCD><SCDT>)" +
           scheduleTime(d, 10, 0) + R"(</SCDT></ERUT><ERUT RTNO="2"><APCD>URC</APCD><SCAT>)" +
           scheduleTime(d, 14, 5) + R"(</SCAT></ERUT>
      <FTSS>SCH</FTSS></FLTR>
    <FLTR><FLID>)" +
           std::to_string(codeShareOf(group)) +
           R"(</FLID><ALCD>MU</ALCD><FLNO>MU5427</FLNO><MVIN>D</MVIN><SODT>)" + scheduleTime(d, 10, 0) +
           R"(</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT>
      <CSOP>3U</CSOP><CSFT>3U8841</CSFT><MAID>)" +
           dep + R"(</MAID>
      <ERUT RTNO="1"><APCD>TFU</APCD><SCDT>)" +
           scheduleTime(d, 10, 0) + R"(</SCDT></ERUT><ERUT RTNO="2"><APCD>URC</APCD><SCAT>)" +
           scheduleTime(d, 14, 5) + R"(</SCAT></ERUT></FLTR>
  </SCHD>
</MSG>)";
}

// An ADFT of one departure `flid` without partner, scheduled on day `flightDay` 10:00, sent on day 0.
std::string singleSchedule(long seqn, FlightId flid, int flightDay) {
    return seasonMeta(seqn, 0, "SCHD", "ADFT") + R"(  <SCHD><RECS>1</RECS>
    <FLTR><FLID>)" +
           std::to_string(flid) + R"(</FLID><ALCD>CA</ALCD><FLNO>CA4401</FLNO><MVIN>D</MVIN><SODT>)" +
           scheduleTime(flightDay, 10, 0) +
           R"(</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT><STND>101</STND>
      <ERUT RTNO="1"><APCD>TFU</APCD><SCDT>)" +
           scheduleTime(flightDay, 10, 0) + R"(</SCDT></ERUT><ERUT RTNO="2"><APCD>PEK</APCD><SCAT>)" +
           scheduleTime(flightDay, 13, 0) + R"(</SCAT></ERUT><FTSS>SCH</FTSS></FLTR>
  </SCHD>
</MSG>)";
}

// FLOP-STND of `flid` to `stand`, sent on day `day`.
std::string seasonStand(long seqn, int day, FlightId flid, const std::string& stand) {
    return seasonMeta(seqn, day, "FLOP", "STND") + "  <FLOP><FLID>" + std::to_string(flid) + "</FLID><STND>" +
           stand + "</STND></FLOP>\n</MSG>";
}

// SCHD-UPD of group `group`'s departure: estimated a day late (day group + 1, 10:00), sent on its day.
std::string seasonDelay(long seqn, int group) {
    return seasonMeta(seqn, group, "SCHD", "UPD") + R"(  <SCHD><RECS>1</RECS><FLTR><FLID>)" +
           std::to_string(departureOf(group)) +
           R"(</FLID><ALCD>3U</ALCD><FLNO>3U8841</FLNO><MVIN>D</MVIN>
  <SODT>)" +
           scheduleTime(group, 10, 0) + "</SODT><ESTT>" + scheduleTime(group + 1, 10, 0) +
           R"(</ESTT><ACFT>320</ACFT><FLTY>J</FLTY><FLIN>D</FLIN><TAID>)" + std::to_string(arrivalOf(group)) +
           R"(</TAID></FLTR></SCHD>
</MSG>)";
}

// FDEL of `flid`, sent on day `day`.
std::string seasonDeletion(long seqn, int day, FlightId flid) {
    return seasonMeta(seqn, day, "FLOP", "FDEL") + "  <FLOP><FLID>" + std::to_string(flid) +
           "</FLID></FLOP>\n</MSG>";
}

std::string seasonGolden(const std::string& handler, const std::string& sample) {
    return golden::readTextFile(std::filesystem::path(MSGX_SOURCE_DIR) / "handlers" / handler / "golden" /
                                sample / "message.xml");
}

// What GET /all/flights answers, read as core/http/src/FlightsEndpoint.cpp reads it (the endpoint
// itself needs the daemon's HTTP services): the live master FLIDs up to http.all-flights-limit + 1,
// read by byFlids, the deleted ones left out; by FLID.
std::vector<FlightId> allFlightsAnswer(storage::FlightRepository& flights, int limit) {
    const auto flids = flights.liveMasterFlids(0, limit + 1);
    EXPECT_LE(flids.size(), static_cast<std::size_t>(limit)) << "FLIGHTS_OVER_LIMIT";
    std::vector<FlightId> answer;
    for (const auto& [record, lists] : flights.byFlids(flids)) {
        if (!record.deleted) {
            answer.push_back(record.flid);
        }
    }
    std::sort(answer.begin(), answer.end());
    return answer;
}

// The masters GET /all/flights should answer after the sweep at 03:00 of day `day` (cutoff 03:00 of
// day - 2): a group is due once its last change (15:00 of its day) and its best time are before the
// cutoff, i.e. a group of day day - 3 or earlier, a delayed one (estimated on its day + 1) a day later.
std::vector<FlightId> operationalSet(int day) {
    std::vector<FlightId> expected{kFarFutureFlight, kTouchedOften};
    for (int group = 1; group <= day; ++group) { // created up to group `day` (sent on day - 1)
        if (group >= day - 2 || (delayedGroup(group) && group >= day - 3)) {
            expected.push_back(arrivalOf(group));
            expected.push_back(departureOf(group));
        }
    }
    std::sort(expected.begin(), expected.end());
    return expected;
}

// The flight-to-history events of `target` (paging the outbox listing).
int movedEventsOf(storage::EventOutbox& events, const std::string& target) {
    int moved = 0;
    storage::EventId after = 0;
    for (;;) {
        const auto page = events.list(target, std::nullopt, after, 1000);
        if (page.empty()) {
            return moved;
        }
        for (const auto& event : page) {
            moved += event.payloadJson.find(R"("type":"flight-to-history")") != std::string::npos ? 1 : 0;
        }
        after = page.back().id;
    }
}

TEST_P(FlightHistory, AHundredDaysOfASampleFeedLeaveOnlyTheOperationalSetLive) {
    const auto began = std::chrono::steady_clock::now();
    ASSERT_EQ(clock_.now(), start()); // day 0, 15:00 Asia/Shanghai
    storage::MailboxId id = 0;
    long seqn = 81000;
    std::vector<storage::NewMessage> arriving; // queued together: one transaction a day
    const auto feed = [&](const std::string& xml) {
        storage::NewMessage message;
        message.mailboxId = ++id;
        message.rawXml = xml;
        message.receivedAt = clock_.now();
        message.mailboxStatus = "VALID";
        arriving.push_back(std::move(message));
        ++seqn;
    };
    feed(seasonGolden("ref/abdg", "dnld-replaces-class"));
    feed(seasonGolden("ref/slst", "dnld-replaces-class"));
    feed(singleSchedule(seqn, kFarFutureFlight, 150));
    feed(singleSchedule(seqn, kTouchedOften, 0));

    for (int day = 0; day < kSeasonDays; ++day) {
        ASSERT_EQ(clock_.now(), start() + std::chrono::days{day});
        const storage::MailboxId first = day == 0 ? 1 : id + 1;
        feed(groupSchedule(seqn, day + 1));
        if (day % 2 == 0) { // its last change is never older than flights.history-after at a sweep
            feed(seasonStand(seqn, day, kTouchedOften, day % 4 == 0 ? "102" : "101"));
        }
        if (day >= 1) {
            feed(seasonStand(seqn, day, arrivalOf(day), "420"));
            if (delayedGroup(day)) {
                feed(seasonDelay(seqn, day));
            }
            if (codeShareDeleted(day)) {
                feed(seasonDeletion(seqn, day, codeShareOf(day)));
            }
        }
        ASSERT_EQ(realStore_->processing().enqueue(arriving, std::nullopt).size(), arriving.size());
        arriving.clear();
        runUntilQuiet();
        const auto rows = realStore_->processing().list({}, first - 1, 100); // the day's, in one read
        ASSERT_EQ(rows.size(), static_cast<std::size_t>(id - first + 1)) << "day " << day;
        for (const auto& row : rows) {
            ASSERT_EQ(row.state, storage::ProcessingState::Succeeded)
                << "day " << day << " message " << row.mailboxId << ": " << row.lastError.value_or("")
                << row.note.value_or("");
            ASSERT_THAT(row.note.value_or(""), ::testing::Not(::testing::HasSubstr("unknown-flight")))
                << "day " << day << " message " << row.mailboxId;
        }

        clock_.advance(12h); // 03:00 of day + 1: archive.at
        sweep();
        ASSERT_EQ(allFlightsAnswer(realStore_->flights(), config_.http.allFlightsLimit),
                  operationalSet(day + 1))
            << "after day " << day;
        clock_.advance(12h);
    }

    // The last sweep (03:00 of day 100) kept groups 98..100, the delayed 97 and the two others.
    const auto answer = allFlightsAnswer(realStore_->flights(), config_.http.allFlightsLimit);
    EXPECT_EQ(answer.size(), 2u + 2 * 4);
    EXPECT_THAT(answer, ::testing::Contains(departureOf(97)));
    EXPECT_THAT(answer, ::testing::Contains(kTouchedOften));
    EXPECT_TRUE(realStore_->flights().byFlid(codeShareOf(100)).has_value()); // a code-share stays live too

    // Every flight of groups 1..96 is in the history with its group, none left in FLIGHT.
    std::vector<FlightId> swept;
    for (int group = 1; group <= 96; ++group) {
        swept.insert(swept.end(), {arrivalOf(group), departureOf(group), codeShareOf(group)});
    }
    EXPECT_TRUE(realStore_->flights().byFlids(swept).empty());
    std::set<FlightId> inHistory;
    int deletedInHistory = 0;
    for (const auto& [record, lists] : realStore_->flights().historyGroupsOf(swept, start())) {
        inHistory.insert(record.flid);
        deletedInHistory += record.deleted ? 1 : 0;
        if (!record.deleted && record.flid % 10 != 3) { // the pair's detail lists moved with it
            EXPECT_FALSE(lists.empty()) << record.flid;
        }
    }
    EXPECT_EQ(inHistory, std::set<FlightId>(swept.begin(), swept.end()));
    EXPECT_EQ(deletedInHistory, 10); // the code-shares of groups 5, 15, ..., 95
    // Downstream was told once per swept flight on both targets.
    EXPECT_EQ(movedEventsOf(realStore_->events(), "schd"), static_cast<int>(swept.size()));
    EXPECT_EQ(movedEventsOf(realStore_->events(), "msg"), static_cast<int>(swept.size()));

    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - began);
    std::cout << "[ season ] " << kSeasonDays << " days, " << id << " messages, " << swept.size()
              << " flights swept in " << took.count() << " ms\n";
}

} // namespace
} // namespace msgx::test
