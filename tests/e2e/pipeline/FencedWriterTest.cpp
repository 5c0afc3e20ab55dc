// A writer frozen past its lease (SIGSTOP) while a standby takes over and commits, then thawed
// (SIGCONT), on PostgreSQL + MariaDB with two real msgxd (issue 18, fix 1). The frozen writer may be
// anywhere: inside a transaction holding its fence's lock (the server ends it after the idle limit),
// between a check of holds() and a commit, with outbox events or back-fills claimed. After it thaws
// it must write nothing: its renewal is refused (another epoch) and every transaction it had in
// flight fails on the fence.
//
// "Nothing" is observed in the database itself: the frozen writer's sessions carry their own
// application_name, and row triggers on every table the writer's work writes record which session
// wrote, in the writer's own transaction (a refused or rolled-back transaction leaves no record).
// Without the fence the thawed writer's claims, marks and cursor saves commit and are recorded here
// (the processing commits alone are also kept out by their guards). The run must then still end
// exactly as planned (verifyRun).
#include "DaemonProcess.h"
#include "E2eSupport.h"
#include "RunPlan.h"
#include "ServerSite.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;

const std::vector<std::string> kTestPlugins{"scripted-handler.so"};
const std::vector<std::string> kDaemonEnvironment{"LSAN_OPTIONS=suppressions=" MSGX_E2E_LSAN_SUPPRESSIONS};

// `config` with application_name added to its store connection string.
std::filesystem::path withStoreApplicationName(const std::filesystem::path& config, const std::string& name) {
    std::ifstream in(config);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto store = text.find("store:");
    const auto open = text.find("connect: \"", store);
    const auto close = text.find('"', open + 10);
    EXPECT_TRUE(store != std::string::npos && open != std::string::npos && close != std::string::npos)
        << text;
    text.insert(close, " application_name=" + name);
    std::ofstream(config) << text;
    return config;
}

std::int64_t succeededCount(const ServerSite& site) {
    auto session = site.store();
    std::int64_t count = 0;
    session << "SELECT COUNT(*) FROM PROC_STATE WHERE STATE = 'SUCCEEDED'", into(count), now;
    return count;
}

std::int64_t leaseEpoch(const ServerSite& site) {
    auto session = site.store();
    std::int64_t epoch = 0;
    session << "SELECT EPOCH FROM WRITER_LEASE WHERE LEASE_NAME = 'pipeline'", into(epoch), now;
    return epoch;
}

constexpr const char* kFrozenApplication = "msgx-frozen-writer";

// WRITE_AUDIT: one row per row written by any session into a table of the writer's work.
void auditWrites(const ServerSite& site) {
    auto session = site.store();
    session
        << "CREATE TABLE WRITE_AUDIT (AUDIT_ID BIGSERIAL PRIMARY KEY, APP TEXT NOT NULL, TBL TEXT NOT NULL)",
        now;
    session
        << "CREATE FUNCTION AUDIT_WRITE() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN "
           "INSERT INTO WRITE_AUDIT (APP, TBL) VALUES (current_setting('application_name'), TG_TABLE_NAME); "
           "RETURN NULL; END $body$",
        now;
    for (const char* table :
         {"PROC_STATE", "MSG_EVENT", "FLIGHT", "FLIGHT_DETAIL", "INBOX_CURSOR", "REF_MASTER", "REQ_TRACK",
          "REQ_COUNTER", "WRITER_LEASE", "PROC_STATE_HST", "MSG_EVENT_HST"}) {
        session << std::string("CREATE TRIGGER AUDIT_") + table + " AFTER INSERT OR UPDATE OR DELETE ON " +
                       table + " FOR EACH ROW EXECUTE FUNCTION AUDIT_WRITE()",
            now;
    }
}

// The audit id of a marker row written now: a later row was written after this moment.
std::int64_t auditMark(const ServerSite& site) {
    auto session = site.store();
    session << "INSERT INTO WRITE_AUDIT (APP, TBL) VALUES ('test-marker', '-')", now;
    std::int64_t id = 0;
    session << "SELECT MAX(AUDIT_ID) FROM WRITE_AUDIT", into(id), now;
    return id;
}

// "table: rows" written by the frozen writer's sessions after audit id `after`.
std::map<std::string, std::int64_t> frozenWriterWrites(const ServerSite& site, std::int64_t after) {
    auto session = site.store();
    std::vector<std::string> tables;
    std::vector<std::int64_t> counts;
    session << "SELECT TBL, COUNT(*) FROM WRITE_AUDIT WHERE APP = $1 AND AUDIT_ID > $2 GROUP BY TBL",
        bind(std::string(kFrozenApplication)), bind(after), into(tables), into(counts), now;
    std::map<std::string, std::int64_t> writes;
    for (std::size_t i = 0; i < tables.size(); ++i) {
        writes[tables[i]] = counts[i];
    }
    return writes;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t count = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) {
        ++count;
    }
    return count;
}

void runFrozenWriterScenario();

TEST(FencedWriter, AWriterFrozenPastItsLeaseWritesNothingAfterAStandbyTookOver) {
    try {
        runFrozenWriterScenario();
    } catch (const Poco::Exception& e) {
        FAIL() << e.displayText();
    }
}

void runFrozenWriterScenario() {
    ServerSite site(kTestPlugins);
    RunMix mix;
    mix.duplicate = 0.01;
    mix.flights = 60; // many changes per flight: a repeated or reordered one shows in verifyRun
    const auto plan = makeRunPlan(4000, mix, 18);
    const auto standbyConfig = site.writeConfig("standby");
    const auto firstConfig = withStoreApplicationName(site.writeConfig("first"), kFrozenApplication);

    DaemonProcess first(kMsgxdBin, firstConfig, site.dir() / "first.log", kDaemonEnvironment);
    first.start();
    ASSERT_GE(first.waitForLog("writer lease acquired", 60s), 0) << first.log(); // the store is migrated
    auditWrites(site);
    DaemonProcess second(kMsgxdBin, standbyConfig, site.dir() / "second.log", kDaemonEnvironment);
    second.start();
    ASSERT_GE(second.waitForLog("standby: the writer lease is held by", 60s), 0) << second.log();
    const auto epochBefore = leaseEpoch(site);

    site.insert(plan.documents);
    ASSERT_TRUE(waitUntil([&] { return succeededCount(site) >= 300; }, 120s)) << first.log();
    first.pause(); // in the middle of the run: batches, claims and back-fills in flight
    const auto frozenAt = succeededCount(site);
    std::cout << "writer frozen after " << frozenAt << " of " << plan.documents.size() << " succeeded\n";

    // The standby sees a lease period (1 s) without renewal and takes over; it must then commit
    // while the old writer is still frozen.
    ASSERT_GE(second.waitForLog("writer lease acquired", 60s), 0) << second.log();
    EXPECT_EQ(leaseEpoch(site), epochBefore + 1);
    const auto takenOver = auditMark(site);
    EXPECT_FALSE(frozenWriterWrites(site, 0).empty())
        << "the audit sees the writer's writes before the freeze";
    ASSERT_TRUE(waitUntil([&] { return succeededCount(site) >= frozenAt + 200; }, 120s))
        << "the standby did not commit while the writer was frozen\n"
        << second.log();
    const auto thawedAt = succeededCount(site);
    first.resume();

    // The thawed writer learns at its next renewal that it was replaced and stops writing; it
    // stays up as a standby (an operator restarts nothing).
    ASSERT_GE(first.waitForLog("was taken over by another instance; writing stops", 30s), 0) << first.log();
    ASSERT_TRUE(waitUntil([&] { return runSettled(site, plan.documents.size()); }, 240s))
        << runMsgxctl(standbyConfig, {"status"}).out << second.log();
    EXPECT_TRUE(first.running()) << first.log();
    EXPECT_EQ(leaseEpoch(site), epochBefore + 1) << "the thawed writer must not take the lease back";
    std::cout << "the standby committed " << thawedAt - frozenAt << " messages while the writer was frozen; "
              << "the thawed writer's log shows " << occurrences(first.log(), "failed (fenced)")
              << " refused (fenced) transactions\n";

    // Read while the standby is still the writer: once it stops, the old writer may take the
    // released lease at the next epoch, and its writes are then legitimate.
    const auto late = frozenWriterWrites(site, takenOver);
    std::string named;
    for (const auto& [table, rows] : late) {
        named += " " + table + ": " + std::to_string(rows);
    }
    EXPECT_TRUE(late.empty()) << "rows the replaced writer wrote after the take-over:" << named << "\n"
                              << first.log();
    EXPECT_EQ(first.terminate(), 0) << first.log();
    EXPECT_EQ(second.terminate(), 0) << second.log();
    verifyRun(site, plan);
}

} // namespace
} // namespace msgx::test
