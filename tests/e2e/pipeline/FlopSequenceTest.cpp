// The single-value FLOP STYPs (issue 12) through the real pipeline: msgxd on the embedded profile
// (SQLite own store, SQLite mailbox, file delivery, the built handlers). One SCHD-ADFT creates a
// flight per STYP; then each STYP gets, on its own flight, the sequence its rule implies (flop.md
// §2.5/§2.6, architecture.md §11):
//   set      -> SUCCEEDED, one flight-update event carrying the new value(s);
//   equal    -> the same payload again: SUCCEEDED, no event;
//   reject   -> SKIPPED rejected:..., no event, the value stays (mandatory or validated values);
//   clear    -> SUCCEEDED, one event carrying the cleared value(s) (clearable values);
//   unknown  -> the set payload for a FLID nobody created: SUCCEEDED, note unknown-flight, no event.
// Every message has its own SEQN and all of them are in the mailbox before msgxd starts. The test
// then reads the outcome of every message (msgxctl messages --json), the stored flights (FLIGHT in
// the SQLite store) and the delivered msg events (outbox/msg.jsonl), and prints which rows pass.
#include "DaemonProcess.h"
#include "EmbeddedSite.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using json::JsonValue;

// One STYP's sequence. Payloads are the elements after FLID inside <FLOP>.
struct FlopSequence {
    std::string_view styp;
    std::string_view set;
    std::string_view setValues;          // JSON object: each attribute the set writes and its stored value
    std::string_view reject;             // a payload the rule rejects; "" = no reject step
    std::string_view rejectNote;         // the SKIPPED note starts with this
    std::string_view clear;              // a payload that clears; "" = FLOP cannot clear the value
    std::string_view clearedValues = ""; // JSON object after the clear; "" = each setValues member null
};

// The flight of row i is kFirstFlid + i; its unknown twin kFirstUnknownFlid + i.
constexpr std::int64_t kFirstFlid = 71000001;
constexpr std::int64_t kFirstUnknownFlid = 79000001;

// The SCHD-ADFT record of every flight carries ACFT 320, FLIN D, FLTY J, FTSS SCH, MAXP 158,
// RENO B6571, TRML T1: each set below differs from that. Times: local Asia/Shanghai (UTC+8).
constexpr FlopSequence kSequences[] = {
    // T1: clearable times (empty clears, absent no-op).
    {"APPT", "<APPT>07MAR241722</APPT>", R"({"approvedTime": "2024-03-07T09:22:00Z"})", "", "",
     "<APPT></APPT>"},
    {"BOTM", "<BOTM>07mar241655</BOTM>", R"({"boardingOpen": "2024-03-07T08:55:00Z"})", "", "", "<BOTM/>"},
    {"CNCL", "<CNCL>07MAR240714</CNCL>", R"({"cancelTime": "2024-03-06T23:14:00Z", "cancelled": true})", "",
     "", "<CNCL></CNCL>", R"({"cancelTime": null, "cancelled": false})"},
    {"EGSR", "<EGSR>07MAR240919</EGSR>", R"({"engineStartRequest": "2024-03-07T01:19:00Z"})", "", "",
     "<EGSR>   </EGSR>"},
    {"EGST", "<EGST>07Mar240926</EGST>", R"({"engineStart": "2024-03-07T01:26:00Z"})", "", "", "<EGST/>"},
    {"FINT", "<FINT>07MAR241041</FINT>", R"({"finalTime": "2024-03-07T02:41:00Z"})", "", "", "<FINT></FINT>"},
    {"LACL", "<LACL>07MAR241005</LACL>", R"({"lastCall": "2024-03-07T02:05:00Z"})", "", "", "<LACL/>"},
    // T2: the same rules in this project.
    {"COBT", "<COBT>07MAR241341</COBT>", R"({"calOffBlock": "2024-03-07T05:41:00Z"})", "", "", "<COBT/>"},
    {"CTOT", "<CTOT>07MAR241358</CTOT>", R"({"calTakeOff": "2024-03-07T05:58:00Z"})", "", "",
     "<CTOT></CTOT>"},
    {"EOBT", "<EOBT>07MAR240950</EOBT>", R"({"estimatedOffBlock": "2024-03-07T01:50:00Z"})", "", "",
     "<EOBT/>"},
    {"IEST", "<IEST>07MAR241112</IEST>", R"({"internalEstimated": "2024-03-07T03:12:00Z"})", "", "",
     "<IEST></IEST>"},
    {"NAAT", "<NAAT>07MAR241246</NAAT>", R"({"naat": "2024-03-07T04:46:00Z"})", "", "", "<NAAT/>"},
    {"NEAT", "<NEAT>07MAR241250</NEAT>", R"({"neat": "2024-03-07T04:50:00Z"})", "", "", "<NEAT> </NEAT>"},
    {"PADT", "<PADT>07MAR240847</PADT>", R"({"padt": "2024-03-07T00:47:00Z"})", "", "", "<PADT/>"},
    {"PEDT", "<PEDT>07MAR240840</PEDT>", R"({"pedt": "2024-03-07T00:40:00Z"})", "", "", "<PEDT></PEDT>"},
    {"TOBT", "<TOBT>07MAR241018</TOBT>", R"({"targetOffBlock": "2024-03-07T02:18:00Z"})", "", "", "<TOBT/>"},
    // S: mandatory scalars, absent or empty rejected.
    {"ACFT", "<ACFT>32N</ACFT>", R"({"aircraftType": "32N"})", "<ACFT></ACFT>",
     "rejected:ACFT cannot be empty", ""},
    {"FLIN", "<FLIN>I</FLIN>", R"({"flightIndicator": "I"})", "<FLIN/>", "rejected:FLIN cannot be empty", ""},
    {"FLTY", "<FLTY>C</FLTY>", R"({"flightType": "C"})", "<FFID>3U-3U8817-A-07MAR241500-D</FFID>",
     "rejected:FLTY cannot be empty", ""},
    {"FTSS", "<FTSS>BOR</FTSS>", R"({"statusCode": "BOR"})", "<FTSS>   </FTSS>",
     "rejected:FTSS cannot be empty", ""},
    {"MAXP", "<MAXP>186</MAXP>", R"({"maxPax": 186})", "<MAXP/>", "rejected:MAXP cannot be empty", ""},
    {"REMC", "<REMC>Wheelchair passengers x3, board first</REMC>",
     R"({"remarks": "Wheelchair passengers x3, board first"})", "<REMC></REMC>",
     "rejected:REMC cannot be empty", ""},
    {"RENO", "<RENO>B32G9</RENO>", R"({"registration": "B32G9"})", "", "rejected:RENO cannot be empty", ""},
    {"RUNW", "<RUNW>20R</RUNW>", R"({"logicalRunway": "20R"})", "<RUNW/>", "rejected:RUNW cannot be empty",
     ""},
    {"TRML", "<TRML>T2</TRML>", R"({"terminal": "T2"})", "<TRML></TRML>", "rejected:TRML cannot be empty",
     ""},
    // Own rules (flop.md §3 of each).
    {"EXSS", "<EXSC>DELAY</EXSC><EXSR>Waiting for crew, new time 15:40</EXSR>",
     R"({"externalStatusCode": "DELAY", "externalStatusComment": "Waiting for crew, new time 15:40"})",
     "<EXSR>a remark without its code</EXSR>", "rejected:", "<EXSC></EXSC><EXSR>ignored</EXSR>"},
    {"FDIV", R"(<FDIV DDES="CKG" DDIR="TO">LOW VISIBILITY AT DESTINATION</FDIV>)",
     R"({"divAirport": "CKG", "divDirection": "TO", "divReason": "LOW VISIBILITY AT DESTINATION"})",
     R"(<FDIV DDES="CKG" DDIR="TOO">LOW VISIBILITY</FDIV>)", "rejected:", R"(<FDIV DDES="" DDIR="TO"/>)"},
    {"FLAB", R"(<FLAB ARES="O">WINDSHEAR ON SHORT FINAL</FLAB>)",
     R"({"landingAbortIndicator": "O", "landingAbortReason": "WINDSHEAR ON SHORT FINAL"})",
     R"(<FLAB ARES="">GO AROUND</FLAB>)", "rejected:", "<FLAB></FLAB>"},
    {"FRET", R"(<FRET REID="A">BIRD STRIKE AFTER TAKEOFF</FRET>)",
     R"({"returnType": "A", "returnReason": "BIRD STRIKE AFTER TAKEOFF"})", R"(<FRET REID="X">BIRD</FRET>)",
     "rejected:", "<FRET/>"},
    {"HNAG", "<PHAG>310042</PHAG><FHAG>310017</FHAG><MHAG>420003</MHAG>",
     R"({"paxAgent": 310042, "fieldAgent": 310017, "maintenanceAgent": 420003})", "", "",
     "<PHAG/><FHAG></FHAG><MHAG/>"},
    // The link points at the APPT flight (row 0), whose own event count proves it is not touched.
    {"TAOP", "<TAOP>3U</TAOP><TAFL>3U8800</TAFL><TAID>71000001</TAID>",
     R"({"linkedAirline": "3U", "linkedFlightNumber": "3U8800", "linkedFlid": 71000001})",
     "<TAOP>3U</TAOP><TAFL>3U8800</TAFL>", "rejected:", "<TAOP/><TAFL/><TAID/>"},
    {"VIPP", "<VIPP>3</VIPP><VIPR>2</VIPR>", R"({"vipCount": 3, "vipRank": 2})", "", "",
     "<VIPP></VIPP><VIPR/>"},
    {"PORT", "<PORT><POTM>07MAR241114</POTM><POID>O</POID></PORT>",
     R"({"portOpenTime": "2024-03-07T03:14:00Z"})", "<PORT><POTM>07MAR241114</POTM><POID>X</POID></PORT>",
     "rejected:", "<PORT><POTM/><POID>O</POID></PORT>"},
    // Control row: the handler that existed before issue 12.
    {"STND", "<STND>214</STND>", R"({"currentStand": "214"})", "<STND></STND>",
     "rejected:STND cannot be empty", ""},
};

enum class Step { Set, Equal, Reject, Clear, Unknown };

std::string_view stepName(Step step) {
    switch (step) {
    case Step::Set:
        return "set";
    case Step::Equal:
        return "equal";
    case Step::Reject:
        return "reject";
    case Step::Clear:
        return "clear";
    case Step::Unknown:
        return "unknown";
    }
    return "?";
}

struct SequenceMessage {
    std::size_t row = 0;
    Step step = Step::Set;
    std::int64_t flid = 0;
    std::string xml;
};

std::string flopXml(std::string_view styp, std::int64_t seqn, std::int64_t flid, std::string_view payload) {
    std::ostringstream xml;
    xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" << seqn
        << "</SEQN><DTTM>20240307120000</DTTM><TYPE>FLOP</TYPE><STYP>" << styp << "</STYP></META>\n"
        << "  <FLOP><FLID>" << flid << "</FLID>" << payload << "</FLOP>\n</MSG>\n";
    return xml.str();
}

// One SCHD-ADFT record per row; the odd rows are arrivals.
std::string scheduleXml(std::int64_t seqn) {
    constexpr std::size_t rows = std::size(kSequences);
    std::ostringstream xml;
    xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" << seqn
        << "</SEQN><DTTM>20240307110000</DTTM><TYPE>SCHD</TYPE><STYP>ADFT</STYP></META>\n<SCHD><RECS>" << rows
        << "</RECS>\n";
    for (std::size_t i = 0; i < rows; ++i) {
        const std::string number = std::to_string(8800 + i);
        xml << "  <FLTR><FLID>" << kFirstFlid + static_cast<std::int64_t>(i)
            << "</FLID><ALCD>3U</ALCD><FLNO>3U" << number << "</FLNO><MVIN>" << (i % 2 == 0 ? 'D' : 'A')
            << "</MVIN><SODT>07MAR241500</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT><RENO>B6571</RENO>"
               "<TRML>T1</TRML><MAXP>158</MAXP><FTSS>SCH</FTSS></FLTR>\n";
    }
    xml << "</SCHD></MSG>\n";
    return xml.str();
}

std::vector<SequenceMessage> sequenceMessages() {
    std::vector<SequenceMessage> messages;
    for (std::size_t i = 0; i < std::size(kSequences); ++i) {
        const FlopSequence& row = kSequences[i];
        const std::int64_t flid = kFirstFlid + static_cast<std::int64_t>(i);
        const auto add = [&](Step step, std::int64_t target, std::string_view payload) {
            messages.push_back({i, step, target, std::string(payload)});
        };
        add(Step::Set, flid, row.set);
        add(Step::Equal, flid, row.set);
        if (!row.rejectNote.empty()) {
            add(Step::Reject, flid, row.reject);
        }
        if (!row.clear.empty()) {
            add(Step::Clear, flid, row.clear);
        }
        add(Step::Unknown, kFirstUnknownFlid + static_cast<std::int64_t>(i), row.set);
    }
    return messages;
}

// The values a step leaves: setValues, or after a clear clearedValues (default: each member null).
JsonValue valuesAfter(const FlopSequence& row, Step step) {
    const JsonValue set = json::parseJson(row.setValues, row.styp);
    if (step != Step::Clear) {
        return set;
    }
    if (!row.clearedValues.empty()) {
        return json::parseJson(row.clearedValues, row.styp);
    }
    JsonValue cleared = JsonValue::object();
    for (const auto& name : set.keys()) {
        cleared.set(name, JsonValue());
    }
    return cleared;
}

std::string text(const JsonValue* value) {
    return value == nullptr ? "absent" : json::renderCompactJson(*value);
}

class FlopSequences : public ::testing::Test {
protected:
    EmbeddedSite site_;
};

TEST_F(FlopSequences, EachStypGivesTheOutcomesValuesAndEventsItsRuleImplies) {
    const auto started = std::chrono::steady_clock::now();
    const auto messages = sequenceMessages();
    std::vector<std::string> documents{scheduleXml(700000)};
    for (std::size_t i = 0; i < messages.size(); ++i) {
        const auto& m = messages[i];
        documents.push_back(
            flopXml(kSequences[m.row].styp, 700001 + static_cast<std::int64_t>(i), m.flid, m.xml));
    }
    const auto ids = site_.inject(documents);
    ASSERT_EQ(ids.size(), documents.size());

    DaemonProcess daemon(kMsgxdBin, site_.config(), site_.logFile(), site_.environment());
    daemon.start();
    ASSERT_GE(daemon.waitForLog("writer lease acquired", 30s), 0) << daemon.log();
    ASSERT_TRUE(waitUntil([&] { return site_.settled(static_cast<std::int64_t>(documents.size())); }, 45s))
        << renderJson(site_.status()) << daemon.log();

    const auto outcomes = site_.messagesById();
    const auto flights = site_.storedFlights();
    const auto events = site_.delivered("msg");
    ASSERT_EQ(outcomes.at(ids[0]).find("state")->asString(), "SUCCEEDED") << renderJson(outcomes.at(ids[0]));

    // What went wrong, per STYP (the row passes when nothing did).
    std::map<std::string_view, std::vector<std::string>> problems;
    std::map<std::string_view, std::string> rejectNotes; // shown beside each row
    std::map<std::int64_t, std::vector<const DeliveredRecord*>> eventsBySource;
    std::map<std::int64_t, int> flopEventsPerFlight;
    for (const auto& event : events) {
        eventsBySource[event.sourceId].push_back(&event);
        if (event.sourceId != ids[0]) {
            ++flopEventsPerFlight[event.flid];
        }
    }

    for (std::size_t i = 0; i < messages.size(); ++i) {
        const auto& m = messages[i];
        const FlopSequence& row = kSequences[m.row];
        const std::int64_t id = ids[i + 1];
        auto& rowProblems = problems[row.styp];
        const auto problem = [&](const std::string& what) {
            rowProblems.push_back(std::string(stepName(m.step)) + " (id " + std::to_string(id) +
                                  "): " + what);
        };
        const JsonValue& outcome = outcomes.at(id);
        const std::string state = outcome.find("state")->asString();
        const JsonValue* noteValue = outcome.find("note");
        const std::string note = noteValue != nullptr && !noteValue->isNull() ? noteValue->asString() : "";
        const auto& produced = eventsBySource[id];
        if (m.step == Step::Reject) {
            rejectNotes[row.styp] = note;
        }

        std::string expectedState = "SUCCEEDED";
        std::string expectedNote;
        std::size_t expectedEvents = 0;
        switch (m.step) {
        case Step::Set:
        case Step::Clear:
            expectedEvents = 1;
            break;
        case Step::Equal:
            break;
        case Step::Reject:
            expectedState = "SKIPPED";
            expectedNote = row.rejectNote;
            break;
        case Step::Unknown:
            expectedNote = "unknown-flight";
            break;
        }
        const bool notePrefixOnly = m.step == Step::Reject;
        if (state != expectedState ||
            (notePrefixOnly ? note.rfind(expectedNote, 0) != 0 || note.empty() : note != expectedNote)) {
            const JsonValue* lastError = outcome.find("lastError");
            problem("outcome " + state + " note '" + note + "'" +
                    (lastError != nullptr && !lastError->isNull()
                         ? " lastError '" + lastError->asString() + "'"
                         : "") +
                    ", expected " + expectedState + (expectedNote.empty() ? "" : " '" + expectedNote + "'"));
        }
        if (produced.size() != expectedEvents) {
            problem(std::to_string(produced.size()) + " msg events, expected " +
                    std::to_string(expectedEvents));
        }
        if (expectedEvents == 1 && produced.size() == 1) {
            const DeliveredRecord& event = *produced.front();
            if (event.type != "flight-update" || event.flid != m.flid) {
                problem("event " + event.type + " for " + std::to_string(event.flid) +
                        ", expected flight-update for " + std::to_string(m.flid));
            }
            const JsonValue expected = valuesAfter(row, m.step);
            for (std::size_t k = 0; k < expected.keys().size(); ++k) {
                const JsonValue* fields = event.value.isNull() ? nullptr : event.value.find("fields");
                const JsonValue* carried = fields != nullptr ? fields->find(expected.keys()[k]) : nullptr;
                if (carried == nullptr || !(*carried == expected.items()[k])) {
                    problem("event field " + expected.keys()[k] + " = " + text(carried) + ", expected " +
                            json::renderCompactJson(expected.items()[k]));
                }
            }
        }
        if (m.step == Step::Unknown && flights.count(m.flid) != 0) {
            problem("a flight " + std::to_string(m.flid) + " was created");
        }
    }

    for (std::size_t r = 0; r < std::size(kSequences); ++r) {
        const FlopSequence& row = kSequences[r];
        const std::int64_t flid = kFirstFlid + static_cast<std::int64_t>(r);
        auto& rowProblems = problems[row.styp];
        const auto stored = flights.find(flid);
        if (stored == flights.end()) {
            rowProblems.push_back("flight " + std::to_string(flid) + " is not stored");
            continue;
        }
        const JsonValue expected = valuesAfter(row, row.clear.empty() ? Step::Set : Step::Clear);
        for (std::size_t k = 0; k < expected.keys().size(); ++k) {
            const JsonValue* value = stored->second.attributes.find(expected.keys()[k]);
            const bool matches = expected.items()[k].isNull()
                                     ? value == nullptr
                                     : value != nullptr && *value == expected.items()[k];
            if (!matches) {
                rowProblems.push_back("stored " + expected.keys()[k] + " = " + text(value) + ", expected " +
                                      (expected.items()[k].isNull()
                                           ? std::string("absent")
                                           : json::renderCompactJson(expected.items()[k])));
            }
        }
        const int expectedFlightEvents = row.clear.empty() ? 1 : 2;
        if (flopEventsPerFlight[flid] != expectedFlightEvents) {
            rowProblems.push_back("flight " + std::to_string(flid) + " has " +
                                  std::to_string(flopEventsPerFlight[flid]) + " FLOP msg events, expected " +
                                  std::to_string(expectedFlightEvents));
        }
        if (const auto unknown = flopEventsPerFlight.find(kFirstUnknownFlid + static_cast<std::int64_t>(r));
            unknown != flopEventsPerFlight.end()) {
            rowProblems.push_back("the unknown FLID got " + std::to_string(unknown->second) + " msg events");
        }
    }

    std::size_t passing = 0;
    std::ostringstream summary;
    for (const FlopSequence& row : kSequences) {
        const auto& rowProblems = problems[row.styp];
        passing += rowProblems.empty() ? 1 : 0;
        summary << "  " << row.styp << (rowProblems.empty() ? "  pass" : "  FAIL");
        if (const auto note = rejectNotes.find(row.styp); note != rejectNotes.end()) {
            summary << "  (reject: " << note->second << ")";
        }
        summary << '\n';
        for (const auto& p : rowProblems) {
            summary << "        " << p << '\n';
        }
    }
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << "FLOP sequences: " << passing << " of " << std::size(kSequences) << " STYPs pass ("
              << documents.size() << " messages, " << events.size() << " msg events, " << seconds << " s)\n"
              << summary.str();
    EXPECT_EQ(passing, std::size(kSequences)) << summary.str();

    EXPECT_EQ(daemon.terminate(), 0) << daemon.log();
}

} // namespace
} // namespace msgx::test
