#include "RunPlan.h"

#include "E2eSupport.h"
#include "TestMessages.h"
#include "msgx/json/JsonValue.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

namespace msgx::test {

using namespace Poco::Data::Keywords;

RunPlan makeRunPlan(int count, const RunMix& mix, std::uint32_t seed) {
    RunPlan plan;
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> share(0.0, 1.0);
    std::uniform_int_distribution<int> flight(1, mix.flights);
    std::vector<std::int64_t> setMessages; // ids of TEST-SET messages, for duplicates
    for (int i = 0; i < count; ++i) {
        const std::int64_t id = i + 1;
        const std::int64_t seqn = 100000 + id;
        const double r = share(random);
        double edge = mix.malformed;
        ExpectedOutcome expected;
        if (r < edge) {
            plan.documents.push_back(malformed(seqn));
            expected.state = "DEAD";
            expected.errorClass = "MALFORMED";
        } else if (r < (edge += mix.unsupported)) {
            plan.documents.push_back(unsupported(seqn));
            expected.state = "DEAD";
            expected.errorClass = "EXHAUSTED";
        } else if (r < (edge += mix.throwing)) {
            plan.documents.push_back(testThrow(seqn));
            expected.state = "DEAD";
            expected.errorClass = "EXHAUSTED";
        } else if (r < (edge += mix.ignored)) {
            plan.documents.push_back(ignored(seqn));
            expected.state = "SKIPPED";
            expected.note = "ignored:LDM-*";
        } else if (r < (edge += mix.duplicate) && !setMessages.empty()) {
            const std::int64_t original = setMessages[random() % setMessages.size()];
            plan.documents.push_back(
                testSet(100000 + original, flight(random), "gate", "dup" + std::to_string(id)));
            expected.state = "SKIPPED";
            expected.note = "duplicate-of:" + std::to_string(original) + " content-differs"; // its own value
        } else {
            expected.flid = flight(random);
            expected.value = "v" + std::to_string(id);
            plan.documents.push_back(testSet(seqn, expected.flid, "gate", expected.value));
            expected.state = "SUCCEEDED";
            expected.event = true;
            setMessages.push_back(id);
        }
        plan.expected.push_back(expected);
    }
    return plan;
}

namespace {

std::int64_t member(const json::JsonValue& json, std::initializer_list<const char*> path) {
    const json::JsonValue* value = &json;
    for (const char* name : path) {
        value = value == nullptr ? nullptr : value->find(name);
    }
    return value == nullptr || value->isNull() ? -1 : value->asInteger();
}

} // namespace

bool runSettled(const ServerSite& site, std::size_t messages) {
    const auto result = runMsgxctl(site.config(), {"status", "--json"});
    if (result.exitCode != 0) {
        return false; // e.g. the store is restarting
    }
    const auto status = json::parseJson(result.out, "status");
    std::int64_t total = 0;
    for (const auto& count : status.find("messages")->items()) {
        total += count.asInteger();
    }
    return total == static_cast<std::int64_t>(messages) && member(status, {"unfinished"}) == 0 &&
           member(status, {"backfillBacklog"}) == 0 && member(status, {"delivery", "msg", "pending"}) == 0 &&
           member(status, {"delivery", "schd", "pending"}) == 0;
}

void verifyRun(const ServerSite& site, const RunPlan& plan, bool deliveredToFile) {
    auto store = site.store();
    // Outcomes.
    std::vector<Poco::Int64> ids;
    std::vector<std::string> states;
    std::vector<Poco::Nullable<std::string>> classes;
    std::vector<Poco::Nullable<std::string>> notes;
    store << "SELECT CMINMSGS_ID, STATE, ERROR_CLASS, NOTE FROM PROC_STATE ORDER BY CMINMSGS_ID", into(ids),
        into(states), into(classes), into(notes), now;
    ASSERT_EQ(ids.size(), plan.expected.size());
    int wrong = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto& expected = plan.expected[i];
        ASSERT_EQ(ids[i], static_cast<Poco::Int64>(i + 1));
        const std::string errorClass = classes[i].isNull() ? "" : classes[i].value();
        const std::string note = notes[i].isNull() ? "" : notes[i].value();
        const bool classOk = expected.state == "DEAD" ? errorClass == expected.errorClass : true;
        const bool noteOk = expected.note.empty() || note == expected.note;
        if (states[i] != expected.state || !classOk || !noteOk) {
            if (++wrong <= 10) {
                ADD_FAILURE() << "message " << ids[i] << ": " << states[i] << " " << errorClass << " " << note
                              << ", expected " << expected.state << " " << expected.errorClass << " "
                              << expected.note;
            }
        }
    }
    EXPECT_EQ(wrong, 0) << "messages not ending as planned";

    // Back-fill.
    auto mailbox = site.mailbox();
    int unmarked = -1;
    mailbox << "SELECT COUNT(*) FROM CMINMSGS WHERE CMINMSGS_DATE_PROCESSED IS NULL OR CMINMSGS_STATUS <> "
               "'PROCESSED'",
        into(unmarked), now;
    EXPECT_EQ(unmarked, 0) << "mailbox rows not back-filled";

    // msg events: one per TEST-SET, in mailbox-id order.
    std::vector<Poco::Int64> eventIds;
    std::vector<Poco::Int64> sources;
    std::vector<Poco::Int64> flids;
    std::vector<std::string> eventStates;
    std::vector<std::string> payloads;
    store << "SELECT EVENT_ID, SOURCE_ID, FLID, STATE, PAYLOAD FROM MSG_EVENT WHERE TARGET = 'msg' ORDER BY "
             "EVENT_ID",
        into(eventIds), into(sources), into(flids), into(eventStates), into(payloads), now;
    // Delivered: SENT, or PENDING at or below the target's delivered mark (the dispatcher settles
    // the rows only once the target was quiet for a while; docs/delivery.md "The delivered mark").
    std::vector<Poco::Int64> marks;
    store << "SELECT WATERMARK FROM INBOX_CURSOR WHERE CURSOR_NAME = 'delivery-sent:msg'", into(marks), now;
    const Poco::Int64 deliveredMark = marks.empty() ? 0 : marks.front();
    std::vector<std::int64_t> expectedSources;
    std::map<std::int64_t, int> setsPerFlight;
    for (std::size_t i = 0; i < plan.expected.size(); ++i) {
        if (plan.expected[i].event) {
            expectedSources.push_back(static_cast<std::int64_t>(i + 1));
            ++setsPerFlight[plan.expected[i].flid];
        }
    }
    ASSERT_EQ(sources.size(), expectedSources.size()) << "msg events: lost or duplicated";
    for (std::size_t i = 0; i < sources.size(); ++i) {
        ASSERT_EQ(sources[i], expectedSources[i]) << "event " << eventIds[i] << " out of mailbox-id order";
        const auto& expected = plan.expected[static_cast<std::size_t>(sources[i] - 1)];
        EXPECT_EQ(flids[i], expected.flid) << "event " << eventIds[i];
        EXPECT_NE(payloads[i].find("\"" + expected.value + "\""), std::string::npos) << payloads[i];
        EXPECT_TRUE(eventStates[i] == "SENT" || (eventStates[i] == "PENDING" && eventIds[i] <= deliveredMark))
            << "event " << eventIds[i] << " " << eventStates[i] << ", delivered mark " << deliveredMark;
    }

    // Flight versions: one write per TEST-SET message.
    std::vector<Poco::Int64> flightIds;
    std::vector<Poco::Int64> versions;
    store << "SELECT FLID, STATE_VERSION FROM FLIGHT ORDER BY FLID", into(flightIds), into(versions), now;
    ASSERT_EQ(flightIds.size(), setsPerFlight.size());
    std::set<std::int64_t> offsets;
    for (std::size_t i = 0; i < flightIds.size(); ++i) {
        offsets.insert(versions[i] - setsPerFlight[flightIds[i]]);
    }
    EXPECT_EQ(offsets.size(), 1U) << "STATE_VERSION does not grow by one per applied message";

    if (!deliveredToFile) {
        return;
    }
    // The delivered file: every event, first occurrences in EVENT_ID order.
    std::vector<std::int64_t> delivered;
    std::set<std::int64_t> seen;
    int duplicates = 0;
    for (const auto& line : readLines(site.msgFile())) {
        const auto record = json::parseJson(line, "msg.jsonl");
        const auto id = record.find("eventId")->asInteger();
        if (seen.insert(id).second) {
            delivered.push_back(id);
        } else {
            ++duplicates;
        }
    }
    std::vector<std::int64_t> stored(eventIds.begin(), eventIds.end());
    EXPECT_EQ(delivered, stored) << "delivered msg events differ from MSG_EVENT (after de-duplication)";
    std::cout << "verified " << plan.expected.size() << " messages, " << stored.size() << " msg events, "
              << duplicates << " duplicate deliveries (re-sent after a crash)\n";
}

} // namespace msgx::test
