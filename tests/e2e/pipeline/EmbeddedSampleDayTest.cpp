// `make run` end to end: the embedded profile (SQLite own store, SQLite mailbox, file delivery, the
// shipped handlers) with the sample day of etc/sample-day/ injected by `msgxctl inject --if-empty`,
// then the operator commands (status, messages, replay) against what the daemon did.
#include "DaemonProcess.h"
#include "EmbeddedSite.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using json::JsonValue;

std::int64_t member(const JsonValue& object, const std::string& path) {
    const JsonValue* value = &object;
    std::stringstream parts(path);
    std::string part;
    while (std::getline(parts, part, '.')) {
        value = value->find(part);
        if (value == nullptr) {
            ADD_FAILURE() << "no " << path;
            return -1;
        }
    }
    return value->isNull() ? -1 : value->asInteger();
}

std::vector<std::filesystem::path> sampleDay() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(kSourceDir / "etc" / "sample-day")) {
        if (entry.path().extension() == ".xml") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

class EmbeddedSampleDay : public ::testing::Test {
protected:
    std::vector<std::string> inject() {
        std::vector<std::string> args{"inject", "--if-empty"};
        for (const auto& file : sampleDay()) {
            args.push_back(file.string());
        }
        return injectFiles(site_.config(), args, site_.environment());
    }

    // Done: nothing unfinished, every intent back-filled, no event pending.
    bool settled(std::int64_t expectedMessages) {
        const auto status = site_.status();
        if (status.isNull()) {
            return false;
        }
        return messageCount(status) == expectedMessages && member(status, "unfinished") == 0 &&
               member(status, "backfillBacklog") == 0 && member(status, "delivery.msg.pending") == 0 &&
               member(status, "delivery.schd.pending") == 0;
    }

    EmbeddedSite site_;
    std::filesystem::path var_ = site_.config().parent_path() / "var";
};

TEST_F(EmbeddedSampleDay, ProcessesTheSampleDayEndToEnd) {
    const auto ids = inject();
    ASSERT_EQ(ids.size(), sampleDay().size());
    EXPECT_EQ(ids.front(), "1");

    DaemonProcess daemon(kMsgxdBin, site_.config(), site_.logFile(), site_.environment());
    daemon.start();
    // The daemon migrates its store on start; status reads it only after that.
    ASSERT_GE(daemon.waitForLog("writer lease acquired", 60s), 0) << daemon.log();
    ASSERT_TRUE(waitUntil([&] { return settled(8); }, 120s)) << daemon.log();

    const auto status = site_.status();
    EXPECT_EQ(member(status, "messages.SUCCEEDED"), 6) << renderJson(status);
    EXPECT_EQ(member(status, "messages.DEAD"), 2) << renderJson(status);
    EXPECT_EQ(member(status, "byErrorClass.DEAD.MALFORMED"), 1) << renderJson(status);
    EXPECT_EQ(member(status, "byErrorClass.DEAD.EXHAUSTED"), 1) << renderJson(status);
    EXPECT_EQ(member(status, "watermark"), 8);

    // msg events in EVENT_ID order follow the mailbox ids: the turnaround pair created by message 3,
    // then 880301's stand from message 4.
    const auto msgLines = readLines(var_ / "outbox" / "msg.jsonl");
    ASSERT_GE(msgLines.size(), 4U) << daemon.log();
    std::int64_t lastSource = 0;
    std::vector<std::string> kinds;
    for (const auto& line : msgLines) {
        const auto event = json::parseJson(line, "msg.jsonl");
        const auto source = event.find("sourceId")->asInteger();
        EXPECT_GE(source, lastSource) << line;
        lastSource = source;
        kinds.push_back(event.find("type")->asString() + ":" +
                        std::to_string(event.find("key")->asInteger()) + "@" + std::to_string(source));
    }
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), "flight-upsert:880301@3"), kinds.end())
        << ::testing::PrintToString(kinds);
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), "flight-upsert:880302@3"), kinds.end())
        << ::testing::PrintToString(kinds);
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), "flight-update:880301@4"), kinds.end())
        << ::testing::PrintToString(kinds);
    // schd: the full documents of the flights SCHD-ADFT created, one aggregated record per flight.
    std::set<std::string> schdKeys;
    for (const auto& line : readLines(var_ / "outbox" / "schd.jsonl")) {
        const auto record = json::parseJson(line, "schd.jsonl");
        EXPECT_EQ(record.find("type")->asString(), "flight-upsert") << line;
        EXPECT_NE(record.find("value")->find("document"), nullptr) << line;
        schdKeys.insert(std::to_string(record.find("key")->asInteger()));
    }
    EXPECT_EQ(schdKeys, (std::set<std::string>{"880301", "880302"}));

    // Every mailbox row is back-filled with the legacy status.
    storage::registerPocoConnectors();
    Poco::Data::Session mailbox("SQLite", (var_ / "mailbox.db").string());
    int unmarked = -1;
    int marked = -1;
    using namespace Poco::Data::Keywords;
    mailbox << "SELECT COUNT(*) FROM CMINMSGS WHERE CMINMSGS_DATE_PROCESSED IS NULL", into(unmarked), now;
    mailbox << "SELECT COUNT(*) FROM CMINMSGS WHERE CMINMSGS_STATUS = 'PROCESSED'", into(marked), now;
    EXPECT_EQ(unmarked, 0);
    EXPECT_EQ(marked, 8);

    // The operator's view: the two DEAD messages, MALFORMED refused for replay, EXHAUSTED replayed.
    const auto dead =
        runMsgxctl(site_.config(), {"messages", "--state", "DEAD", "--json"}, site_.environment());
    ASSERT_EQ(dead.exitCode, 0) << dead.err;
    const auto deadList = json::parseJson(dead.out, "messages");
    ASSERT_EQ(deadList.items().size(), 2U) << dead.out;
    EXPECT_EQ(deadList.items()[0].find("id")->asInteger(), 6);
    EXPECT_EQ(deadList.items()[0].find("errorClass")->asString(), "MALFORMED");
    EXPECT_EQ(deadList.items()[1].find("id")->asInteger(), 8);
    EXPECT_EQ(deadList.items()[1].find("errorClass")->asString(), "EXHAUSTED");
    EXPECT_EQ(deadList.items()[1].find("key")->asString(), "FLOP-ONBL");

    const auto refused = runMsgxctl(site_.config(), {"replay", "--id", "6", "--apply", "--reason", "test"},
                                    site_.environment());
    EXPECT_EQ(refused.exitCode, 0) << refused.err; // nothing eligible: nothing to reset
    EXPECT_NE(refused.out.find("MALFORMED"), std::string::npos) << refused.out;

    const auto replayed = runMsgxctl(
        site_.config(), {"replay", "--class", "EXHAUSTED", "--apply", "--reason", "plugin added", "--json"},
        site_.environment());
    ASSERT_EQ(replayed.exitCode, 0) << replayed.err << replayed.out;
    const auto replayJson = json::parseJson(replayed.out, "replay");
    ASSERT_EQ(replayJson.find("replayed")->items().size(), 1U) << replayed.out;
    EXPECT_EQ(replayJson.find("replayed")->items()[0].asInteger(), 8);
    // Still no handler for FLOP-ONBL: it goes through its attempts again and ends DEAD(EXHAUSTED).
    ASSERT_TRUE(waitUntil(
        [&] {
            const auto s = site_.status();
            return !s.isNull() && member(s, "unfinished") == 0 &&
                   member(s, "byErrorClass.DEAD.EXHAUSTED") == 1 && member(s, "backfillBacklog") == 0;
        },
        60s))
        << daemon.log();

    EXPECT_EQ(daemon.terminate(), 0) << daemon.log();
    EXPECT_NE(daemon.log().find("msgxd stopped"), std::string::npos);

    // A second start finds the mailbox filled: the sample day is not injected twice.
    EXPECT_TRUE(inject().empty());
}

} // namespace
} // namespace msgx::test
