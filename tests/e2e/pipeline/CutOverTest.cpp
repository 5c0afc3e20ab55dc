// Issue 17 (1): a cut-over onto a live mailbox with msgxd and msgxctl as an operator runs them. A
// production-like first start (pipeline.first-start refuse) on a mailbox that holds rows refuses to
// start and says how to choose; `msgxctl cursor show` shows where things stand; `msgxctl skip`
// records the legacy backlog SKIPPED and back-fills only the rows the legacy consumer has not
// marked; `msgxctl cursor set` moves the start; both are refused while msgxd holds the writer lease;
// msgxd then processes only the rows after the cursor.
#include "DaemonProcess.h"
#include "EmbeddedSite.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;

EmbeddedSite::Options refusingFirstStart() {
    EmbeddedSite::Options options;
    options.editConfig = [](std::string config) {
        const auto at = config.find("pipeline:\n");
        return config.insert(at + std::string("pipeline:\n").size(), "  first-start: refuse\n");
    };
    return options;
}

std::vector<std::string> sampleDayFiles(int count) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(kSourceDir / "etc" / "sample-day")) {
        if (entry.path().extension() == ".xml") {
            files.push_back(entry.path().string());
        }
    }
    std::sort(files.begin(), files.end());
    files.resize(static_cast<std::size_t>(count));
    return files;
}

class CutOver : public ::testing::Test {
protected:
    // DATE_PROCESSED (nullopt: NULL) and STATUS of mailbox row `id`.
    std::pair<std::optional<std::string>, std::string> marks(std::int64_t id) {
        Poco::Data::Session mailbox("SQLite", (var_ / "mailbox.db").string());
        Poco::Nullable<std::string> processed;
        std::string status;
        mailbox << "SELECT CMINMSGS_DATE_PROCESSED, CMINMSGS_STATUS FROM CMINMSGS WHERE CMINMSGS_ID = ?",
            use(id), into(processed), into(status), now;
        return {processed.isNull() ? std::nullopt : std::optional<std::string>(processed.value()), status};
    }
    std::vector<std::string> auditActions() {
        Poco::Data::Session store("SQLite", (var_ / "msgx.db").string());
        std::vector<std::string> actions;
        store << "SELECT ACTION FROM OPS_AUDIT ORDER BY AUDIT_ID", into(actions), now;
        return actions;
    }

    EmbeddedSite site_{refusingFirstStart()};
    std::filesystem::path var_ = site_.config().parent_path() / "var";
};

TEST_F(CutOver, AFirstStartOnALiveMailboxWaitsForTheOperatorsChoiceAndTakesOnlyWhatFollowsIt) {
    storage::registerPocoConnectors();
    const auto args = [] {
        std::vector<std::string> a{"inject"};
        for (const auto& file : sampleDayFiles(5)) {
            a.push_back(file);
        }
        return a;
    }();
    ASSERT_EQ(injectFiles(site_.config(), args, site_.environment()).size(), 5U);

    {
        DaemonProcess refused(kMsgxdBin, site_.config(), site_.logFile(), site_.environment());
        refused.start();
        ASSERT_TRUE(waitUntil([&] { return !refused.running(); }, 60s)) << "msgxd started:\n"
                                                                        << refused.log();
        const auto log = refused.log();
        EXPECT_NE(log.find("holds rows up to id 5"), std::string::npos) << log;
        EXPECT_NE(log.find("pipeline.first-start"), std::string::npos) << log;
        EXPECT_NE(log.find("msgxctl cursor set --watermark ID"), std::string::npos) << log;
    }

    const auto shown = site_.msgxctl({"cursor", "show", "--json"});
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    const auto cursor = json::parseJson(shown.out, "cursor show");
    EXPECT_TRUE(cursor.find("watermark")->isNull()) << shown.out;
    EXPECT_EQ(cursor.find("mailboxMaxId")->asInteger(), 5) << shown.out;
    EXPECT_EQ(cursor.find("lowestUnprocessedId")->asInteger(), 1) << shown.out;

    // The legacy consumer has processed row 2 already; rows 1 and 2 are its backlog.
    {
        Poco::Data::Session mailbox("SQLite", (var_ / "mailbox.db").string());
        mailbox << "UPDATE CMINMSGS SET CMINMSGS_DATE_PROCESSED = '2024-03-18 08:00:00', CMINMSGS_STATUS = "
                   "'LEGACY-DONE' WHERE CMINMSGS_ID = 2",
            now;
    }
    const auto skipped = site_.msgxctl({"skip", "--from", "1", "--to", "2", "--reason", "cut-over"});
    ASSERT_EQ(skipped.exitCode, 0) << skipped.err;
    EXPECT_NE(skipped.out.find("2 recorded SKIPPED backlog:cut-over"), std::string::npos) << skipped.out;
    EXPECT_NE(skipped.out.find("1 not back-filled (STATUS outside mailbox.accept-status)"), std::string::npos)
        << skipped.out;
    EXPECT_NE(skipped.out.find("1 back-filled, 0 already marked"), std::string::npos) << skipped.out;
    const auto again = site_.msgxctl({"skip", "--from", "1", "--to", "2", "--reason", "cut-over"});
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_NE(again.out.find("0 recorded SKIPPED"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("0 back-filled"), std::string::npos) << again.out;
    EXPECT_EQ(marks(2),
              (std::pair<std::optional<std::string>, std::string>{"2024-03-18 08:00:00", "LEGACY-DONE"}))
        << "the legacy consumer's mark is never overwritten";
    EXPECT_TRUE(marks(1).first.has_value());
    EXPECT_EQ(marks(1).second, "PROCESSED");
    EXPECT_FALSE(marks(3).first.has_value());

    const auto set = site_.msgxctl({"cursor", "set", "--watermark", "2", "--reason", "cut-over at 2"});
    ASSERT_EQ(set.exitCode, 0) << set.err;
    EXPECT_EQ(auditActions(), (std::vector<std::string>{"skip", "skip", "cursor-set"}));

    DaemonProcess daemon(kMsgxdBin, site_.config(), site_.logFile(), site_.environment());
    daemon.start();
    ASSERT_GE(daemon.waitForLog("writer lease acquired", 60s), 0) << daemon.log();
    ASSERT_TRUE(waitUntil([&] { return site_.settled(5); }, 120s)) << daemon.log();
    const auto messages = site_.messagesById();
    ASSERT_EQ(messages.size(), 5U);
    for (const std::int64_t id : {1, 2}) {
        EXPECT_EQ(messages.at(id).find("state")->asString(), "SKIPPED") << id;
        EXPECT_EQ(messages.at(id).find("note")->asString(), "backlog:cut-over") << id;
    }
    for (const std::int64_t id : {3, 4, 5}) {
        EXPECT_NE(messages.at(id).find("state")->asString(), "SKIPPED")
            << id << ": processed after the cursor";
    }
    EXPECT_EQ(marks(2).second, "LEGACY-DONE");

    const auto refusedSet = site_.msgxctl({"cursor", "set", "--watermark", "0", "--reason", "again"});
    EXPECT_EQ(refusedSet.exitCode, 1) << refusedSet.out;
    EXPECT_NE(refusedSet.err.find("holds the writer lease"), std::string::npos) << refusedSet.err;
    const auto refusedSkip = site_.msgxctl({"skip", "--from", "3", "--to", "5", "--reason", "late"});
    EXPECT_EQ(refusedSkip.exitCode, 1) << refusedSkip.out;
    EXPECT_NE(refusedSkip.err.find("holds the writer lease"), std::string::npos) << refusedSkip.err;
    EXPECT_EQ(daemon.terminate(), 0) << daemon.log();
}

} // namespace
} // namespace msgx::test
