// The request crash window (issue 14): msgxd (a PostgreSQL or MariaDB own store, MariaDB mailbox) is
// killed with SIGKILL after its COUTMSGS insert and before its REQ_TRACK update. A trigger holds that
// update (pg_sleep / SLEEP) so the kill lands exactly in the window. After the restart there is still one
// COUTMSGS row, the request becomes SENT with that row's id (found by its document, not resent),
// and the RESP that echoes its SEQN completes it (DONE).
#include "DaemonProcess.h"
#include "E2eSupport.h"
#include "ServerSite.h"
#include "msgx/golden/OfflineDecision.h"

#include <gtest/gtest.h>

#include <regex>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;

const std::vector<std::string> kDaemonEnvironment{"LSAN_OPTIONS=suppressions=" MSGX_E2E_LSAN_SUPPRESSIONS};

struct TrackRow {
    std::string state;
    Poco::Nullable<Poco::Int64> seqn;
    Poco::Nullable<Poco::Int64> outboxId;
};

TrackRow trackRow(const ServerSite& site) {
    auto store = site.store();
    std::vector<std::string> states;
    std::vector<Poco::Nullable<Poco::Int64>> seqns;
    std::vector<Poco::Nullable<Poco::Int64>> outboxIds;
    store << "SELECT STATE, SEQN, OUTBOX_ID FROM REQ_TRACK ORDER BY REQUEST_ID", into(states), into(seqns),
        into(outboxIds), now;
    if (states.size() != 1) {
        return {"rows:" + std::to_string(states.size()), {}, {}};
    }
    return {states[0], seqns[0], outboxIds[0]};
}

std::vector<Poco::Int64> outboxIds(const ServerSite& site) {
    auto mailbox = site.mailbox();
    std::vector<Poco::Int64> ids;
    mailbox << "SELECT COUTMSGS_ID FROM COUTMSGS ORDER BY COUTMSGS_ID", into(ids), now;
    return ids;
}

using StoreServer = ServerSite::StoreServer;

// Holds every update that makes a request SENT for 300 s (the daemon is killed meanwhile).
void holdTheSentUpdate(const ServerSite& site) {
    auto store = site.store();
    if (site.storeServer() == StoreServer::Postgres) {
        store << "CREATE FUNCTION msgx_test_hold_sent() RETURNS trigger AS $$ BEGIN "
                 "IF NEW.STATE = 'SENT' THEN PERFORM pg_sleep(300); END IF; RETURN NEW; END $$ LANGUAGE "
                 "plpgsql",
            now;
        store << "CREATE TRIGGER msgx_test_hold_sent BEFORE UPDATE ON REQ_TRACK FOR EACH ROW "
                 "EXECUTE FUNCTION msgx_test_hold_sent()",
            now;
    } else {
        store << "CREATE TRIGGER msgx_test_hold_sent BEFORE UPDATE ON REQ_TRACK FOR EACH ROW BEGIN "
                 "IF NEW.STATE = 'SENT' THEN DO SLEEP(300); END IF; END",
            now;
    }
}

// The killed daemon's sessions die with it, but the server notices a dead client only at its next
// socket operation: end the one still sleeping in the trigger (and every other of the daemon's).
void endTheDaemonsSessions(const ServerSite& site) {
    auto store = site.store();
    if (site.storeServer() == StoreServer::Postgres) {
        store << "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
                 "AND pid <> pg_backend_pid()",
            now;
        return;
    }
    std::vector<Poco::Int64> ids;
    store << "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID()",
        into(ids), now;
    for (const auto id : ids) {
        try {
            store << "KILL " + std::to_string(id), now; // KILL takes no parameter; the id is the server's
        } catch (const std::exception&) {
            // gone already
        }
    }
}

class RequestCrash : public ::testing::TestWithParam<StoreServer> {};

TEST_P(RequestCrash, AKillBetweenTheCoutmsgsInsertAndTheTrackUpdateNeverSendsTwice) {
    ServerSite site({}, false, GetParam());
    ASSERT_EQ(runMsgxctl(site.config(), {"migrate"}).exitCode, 0);
    holdTheSentUpdate(site);
    const auto registered = runMsgxctl(site.config(), {"request", "reference", "GLST"});
    ASSERT_EQ(registered.exitCode, 0) << registered.err;

    DaemonProcess daemon(kMsgxdBin, site.config(), site.dir() / "msgxd.log", kDaemonEnvironment);
    daemon.start();
    ASSERT_TRUE(waitUntil([&] { return outboxIds(site).size() == 1; }, 60s)) << daemon.log();
    daemon.kill9();
    endTheDaemonsSessions(site);
    ASSERT_TRUE(waitUntil(
        [&] {
            try {
                auto store = site.store();
                store << (site.storeServer() == StoreServer::Postgres
                              ? "DROP TRIGGER msgx_test_hold_sent ON REQ_TRACK"
                              : "DROP TRIGGER msgx_test_hold_sent"),
                    now;
                return true;
            } catch (const std::exception&) {
                return false;
            }
        },
        30s));
    const TrackRow interrupted = trackRow(site);
    EXPECT_EQ(interrupted.state, "REGISTERED") << "the kill landed before the update";
    ASSERT_FALSE(interrupted.seqn.isNull()) << "the document was prepared before the insert";
    const auto inserted = outboxIds(site);
    ASSERT_EQ(inserted.size(), 1u);

    const auto offset = static_cast<std::int64_t>(daemon.log().size());
    daemon.start();
    ASSERT_TRUE(waitUntil([&] { return trackRow(site).state == "SENT"; }, 60s)) << daemon.log();
    EXPECT_EQ(outboxIds(site), inserted) << "no second COUTMSGS row";
    EXPECT_EQ(trackRow(site).outboxId.value(), inserted[0]);
    EXPECT_GE(daemon.waitForLog("marked SENT without a second insert", 10s, offset), 0);

    // AODB answers, echoing the request's SEQN.
    std::string answer = golden::readTextFile(std::filesystem::path(MSGX_SOURCE_DIR) /
                                              "handlers/ref/glst/golden/resp-handled-like-dnld/message.xml");
    answer = std::regex_replace(answer, std::regex("<SEQN>[0-9]+</SEQN>"),
                                "<SEQN>" + std::to_string(interrupted.seqn.value()) + "</SEQN>");
    site.insert({answer});
    ASSERT_TRUE(waitUntil([&] { return trackRow(site).state == "DONE"; }, 60s)) << daemon.log();
    EXPECT_EQ(daemon.terminate(), 0);
}

INSTANTIATE_TEST_SUITE_P(Servers, RequestCrash,
                         ::testing::Values(StoreServer::Postgres, StoreServer::MariaDb),
                         [](const auto& param) {
                             return std::string(param.param == StoreServer::Postgres ? "Postgres"
                                                                                     : "MariaDb");
                         });

} // namespace
} // namespace msgx::test
