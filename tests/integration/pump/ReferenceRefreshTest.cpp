// Issue 14, deliverable 6: the admin-API reference refresh against real servers: a PostgreSQL or
// MariaDB own store (REF_MASTER), the fake admin API of the test support code (a Poco HTTPServer on
// 127.0.0.1) and the shipped handlers through the pump; time from a ManualClock
// (2024-03-18T07:00:00Z). The HTTP timeout is a real network timeout of 300 ms.
#include "msgx/pipeline/reference/ReferenceRefresh.h"

#include "FakeAdminApi.h"
#include "PumpSuite.h"
#include "msgx/golden/OfflineDecision.h"

#include <gmock/gmock.h>

#include <filesystem>
#include <regex>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using pipeline::ClassRefresh;
using storage::ProcessingState;
using storage::ReferenceRecord;
using testing::HasSubstr;

std::string golden(const std::string& handler, const std::string& sample) {
    return golden::readTextFile(std::filesystem::path(MSGX_SOURCE_DIR) / "handlers" / handler / "golden" /
                                sample / "message.xml");
}

const std::string kGates = R"([
  {"gateCode": "B12", "name": "Gate B12", "terminal": "T2", "pier": "B"},
  {"gateCode": "B13", "name": "Gate B13", "terminal": "T2", "pier": "B"}
])";
const std::string kStands = R"([{"code": "417", "remote": "R", "maxBridges": 0},
                                {"code": "418", "remote": "N", "maxBridges": 2}])";

class AdminApiRefresh : public PumpSuite {
protected:
    void SetUp() override {
        PumpSuite::SetUp();
        config_.refresh.timeout = 300ms; // a network timeout: the fake that never answers
        configure("GLST", "/api/gates", "gateCode",
                  {{"GCOD", "gateCode"}, {"GTNM", "name"}, {"GTML", "terminal"}});
        configure("ORMS_STAND", "/api/stands", "code",
                  {{"SCOD", "code"}, {"REMT", "remote"}, {"MABS", "maxBridges"}});
    }

    void configure(const std::string& name, const std::string& path, const std::string& key,
                   std::map<std::string, std::string> fields) {
        config_.refresh.classes[name] = {*config::refreshClassType(name), api_.url(path), key,
                                         std::move(fields)};
    }

    // One run of the job as the daemon runs it: a published class tells the pump.
    pipeline::RefreshReport refresh() {
        pipeline::ReferenceRefresh job(realStore_->references(), clock_, config_.refresh,
                                       [this] { pump().referencesChanged(); });
        return job.runOnce();
    }

    const ClassRefresh& outcome(const pipeline::RefreshReport& report, const std::string& className) {
        for (const auto& refreshed : report.classes) {
            if (refreshed.className == className) {
                return refreshed;
            }
        }
        static const ClassRefresh none;
        ADD_FAILURE() << "the report has no class " << className;
        return none;
    }

    std::vector<ReferenceRecord> stored(const std::string& rtype) {
        return realStore_->references().listClass(rtype);
    }

    std::vector<std::string> keys(const std::string& rtype) {
        std::vector<std::string> out;
        for (const auto& record : stored(rtype)) {
            out.push_back(record.rkey);
        }
        return out;
    }

    void seedFromMessage(const std::string& rtype, const std::string& rkey, const std::string& item) {
        realStore_->references().apply(
            {{storage::ReferenceChange::Kind::Upsert, rtype, rkey, item, "message", "message 0"}});
    }

    FakeAdminApi api_;
};

TEST_P(AdminApiRefresh, AGoodRefreshOfTwoClassesMakesEachExactlyTheFetchedRecords) {
    seedFromMessage("GLST", "A01", R"({"GCOD":"A01"})"); // stored before: not in the answer, so it goes
    api_.answerJson("/api/gates", kGates);
    api_.answerJson("/api/stands", kStands);

    const auto report = refresh();

    ASSERT_EQ(report.classes.size(), 2u);
    EXPECT_EQ(report.published(), 2u);
    EXPECT_EQ(outcome(report, "GLST").records, 2u);
    const std::string gateBatch = "admin-api:GLST:2024-03-18T07:00:00Z";
    EXPECT_EQ(stored("GLST"), (std::vector<ReferenceRecord>{
                                  {"GLST", "B12", R"({"GCOD":"B12","GTML":"T2","GTNM":"Gate B12"})",
                                   "admin-api", clock_.now(), gateBatch},
                                  {"GLST", "B13", R"({"GCOD":"B13","GTML":"T2","GTNM":"Gate B13"})",
                                   "admin-api", clock_.now(), gateBatch},
                              }));
    const std::string standBatch = "admin-api:ORMS_STAND:2024-03-18T07:00:00Z";
    EXPECT_EQ(outcome(report, "ORMS_STAND").rtype, "SLST");
    EXPECT_EQ(
        stored("SLST"),
        (std::vector<ReferenceRecord>{
            {"SLST", "417", R"({"MABS":0,"REMT":"R","SCOD":"417"})", "admin-api", clock_.now(), standBatch},
            {"SLST", "418", R"({"MABS":2,"REMT":"N","SCOD":"418"})", "admin-api", clock_.now(), standBatch},
        }));

    // An hour later the class is replaced again: a changed record, a new one, one gone.
    clock_.advance(1h);
    api_.answerJson("/api/gates",
                    R"([{"gateCode": "B13", "name": "Gate B13, closed"}, {"gateCode": "C01"}])");
    const auto second = refresh();
    EXPECT_EQ(second.published(), 2u);
    EXPECT_EQ(keys("GLST"), (std::vector<std::string>{"B13", "C01"})) << "B12 is no longer in the answer";
    EXPECT_EQ(stored("GLST").at(0).itemJson, R"({"GCOD":"B13","GTNM":"Gate B13, closed"})");
    EXPECT_EQ(stored("GLST").at(0).batchId, "admin-api:GLST:2024-03-18T08:00:00Z");
    EXPECT_EQ(stored("GLST").at(0).refreshedAt, clock_.now());
    EXPECT_EQ(stored("SLST").at(0).batchId, "admin-api:ORMS_STAND:2024-03-18T08:00:00Z")
        << "an equal class is written again with the new batch";
    EXPECT_EQ(api_.hits("/api/gates"), 2);
}

// Each fault of the admin API: the class keeps its last good version exactly, the other class of the
// same run is published.
TEST_P(AdminApiRefresh, EachFaultKeepsTheLastGoodClassAndDoesNotTouchTheOtherClass) {
    api_.answerJson("/api/gates", kGates);
    api_.answerJson("/api/stands", kStands);
    ASSERT_EQ(refresh().published(), 2u);
    const std::vector<ReferenceRecord> lastGood = stored("GLST");
    ASSERT_EQ(lastGood.size(), 2u);

    struct Fault {
        std::string what;
        std::function<void()> arrange;
        std::string reason;
    };
    const std::vector<Fault> faults{
        {"500", [&] { api_.answerStatus("/api/gates", 500, "database down"); },
         "HTTP status 500 (Internal Server Error)"},
        {"timeout", [&] { api_.neverAnswer("/api/gates"); }, "no complete answer within 300ms"},
        {"half a batch", [&] { api_.sendHalf("/api/gates", kGates); }, "the body was cut off"},
        {"garbage", [&] { api_.answerGarbage("/api/gates"); }, "not valid JSON"},
        {"empty array", [&] { api_.answerJson("/api/gates", "[]"); }, "an empty class is never published"},
        {"duplicate key",
         [&] { api_.answerJson("/api/gates", R"([{"gateCode":"B12"},{"gateCode":"B12"}])"); },
         "records 1 and 2 have the same key B12"},
    };
    int round = 0;
    for (const Fault& fault : faults) {
        SCOPED_TRACE(fault.what);
        clock_.advance(1h);
        ++round;
        fault.arrange();
        const std::string stand = "5" + std::to_string(round);
        api_.answerJson("/api/stands", R"([{"code": ")" + stand + R"(", "remote": "R"}])");

        const auto report = refresh();

        const ClassRefresh& gates = outcome(report, "GLST");
        EXPECT_EQ(gates.outcome, ClassRefresh::Outcome::Failed);
        EXPECT_THAT(gates.reason, HasSubstr(fault.reason));
        EXPECT_EQ(gates.url, api_.url("/api/gates"));
        EXPECT_EQ(stored("GLST"), lastGood) << "the last good class, to the batch id and refresh time";
        EXPECT_EQ(outcome(report, "ORMS_STAND").outcome, ClassRefresh::Outcome::Published);
        EXPECT_EQ(keys("SLST"), std::vector<std::string>{stand}) << "the other class of the run is replaced";
    }
    // Recovered: the next good answer is published.
    clock_.advance(1h);
    api_.answerJson("/api/gates", R"([{"gateCode": "B14"}])");
    EXPECT_EQ(outcome(refresh(), "GLST").outcome, ClassRefresh::Outcome::Published);
    EXPECT_EQ(keys("GLST"), std::vector<std::string>{"B14"});
}

// refresh.precedence admin-api (the default): an AODB message of a refreshed class changes nothing.
TEST_P(AdminApiRefresh, PrecedenceAdminApiSkipsAnAodbMessageOfARefreshedClass) {
    api_.answerJson("/api/gates", R"([{"gateCode": "B12", "name": "Gate B12 from the admin API"}])");
    api_.answerJson("/api/stands", kStands);
    ASSERT_EQ(refresh().published(), 2u);
    const auto before = stored("GLST");
    enqueue(1, golden("ref/glst", "add-new-gate"));        // GLST-ADD B12
    enqueue(2, golden("ref/glst", "dnld-replaces-class")); // GLST-DNLD
    enqueue(3, golden("ref/dlyl", "add-new-delay-code"));  // a class the admin API does not refresh

    EXPECT_EQ(runUntilQuiet(), 3);

    for (const storage::MailboxId id : {1, 2}) {
        const auto message = record(id);
        EXPECT_EQ(message.state, ProcessingState::Skipped) << id;
        EXPECT_EQ(message.note, "ignored:refreshed-from-admin-api") << id;
        EXPECT_EQ(message.backfillState, storage::BackfillState::Due) << "back-filled like any SKIPPED";
        EXPECT_EQ(message.backfillStatusValue, "PROCESSED");
    }
    EXPECT_EQ(stored("GLST"), before) << "REF_MASTER unchanged";
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded) << record(3).note.value_or("");
    EXPECT_FALSE(stored("DLYL").empty());
    EXPECT_EQ(stored("DLYL").front().source, "message");
}

// refresh.precedence aodb: messages apply; a class holding a record from a message is not refreshed.
TEST_P(AdminApiRefresh, PrecedenceAodbAppliesTheMessageAndTheNextRefreshWritesNothing) {
    config_.refresh.precedence = config::RefreshPrecedence::Aodb;
    api_.answerJson("/api/gates", kGates);
    api_.answerJson("/api/stands", kStands);
    ASSERT_EQ(refresh().published(), 2u) << "empty classes are the admin API's to fill";
    clock_.advance(1h);
    ASSERT_EQ(refresh().published(), 2u) << "a class of admin-api records only is refreshed";
    enqueue(1, golden("ref/glst", "add-new-gate")); // GLST-ADD B12 from AODB

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(1).state, ProcessingState::Succeeded);
    const auto afterMessage = stored("GLST");
    ASSERT_EQ(afterMessage.size(), 2u);
    EXPECT_EQ(afterMessage.at(0).rkey, "B12");
    EXPECT_EQ(afterMessage.at(0).source, "message");
    EXPECT_THAT(afterMessage.at(0).itemJson, HasSubstr(R"("PIER":"B")"));

    clock_.advance(1h);
    api_.answerJson("/api/gates", R"([{"gateCode": "Z99"}])");
    const int fetchesBefore = api_.hits("/api/gates");
    const auto report = refresh();

    const ClassRefresh& gates = outcome(report, "GLST");
    EXPECT_EQ(gates.outcome, ClassRefresh::Outcome::OwnedByAodb);
    EXPECT_EQ(gates.reason,
              "AODB owns GLST (refresh.precedence aodb: 1 stored record(s) came from messages)");
    EXPECT_EQ(stored("GLST"), afterMessage) << "the refresh wrote nothing";
    EXPECT_EQ(api_.hits("/api/gates"), fetchesBefore) << "nor fetched the class";
    EXPECT_EQ(outcome(report, "ORMS_STAND").outcome, ClassRefresh::Outcome::Published);
}

// US-14: the stand->airbridge view PSDT reads is built from the stored ABDG class whatever its
// source: an ORMS_STAND_AIRBRIDGE refresh gives a PSDT its abdg. The PSDT before the refresh fails
// (no ABDG class); the refresh tells the pump, so the retry sees the new class.
TEST_P(AdminApiRefresh, AnAirbridgeClassFromTheAdminApiGivesPsdtItsAbdg) {
    config_.refresh.classes.clear();
    configure("ORMS_STAND_AIRBRIDGE", "/api/airbridges", "code", {{"ABCD", "code"}, {"STND", "stands"}});
    api_.answerJson("/api/airbridges", R"([{"code": "B221A", "stands": ["221", "", "222"]},
                                           {"code": "B221B", "stands": ["221"]},
                                           {"code": "B305", "stands": ["305"]}])");
    enqueue(1, golden("schd/adft", "create-turnaround-pair")); // creates arrival 880301
    std::string psdt = golden("flop/psdt", "arrival-normal");  // stands 221 (PSNO 1) and R07
    psdt = std::regex_replace(psdt, std::regex("<FLID>64300120</FLID>"), "<FLID>880301</FLID>");
    enqueue(2, psdt);
    runUntilQuiet();
    ASSERT_EQ(record(2).state, ProcessingState::Failed);
    ASSERT_THAT(record(2).lastError.value_or(""), HasSubstr("stand-airbridge map not loaded"));

    const auto report = refresh();
    ASSERT_EQ(report.published(), 1u);
    EXPECT_EQ(keys("ABDG"), (std::vector<std::string>{"B221A", "B221B", "B305"}));
    EXPECT_EQ(stored("ABDG").at(0).source, "admin-api");
    clock_.advance(1min); // past the PSDT's backoff
    runUntilQuiet();

    EXPECT_EQ(record(2).state, ProcessingState::Succeeded) << record(2).lastError.value_or("");
    const auto flight = this->flight(880301);
    ASSERT_TRUE(flight.has_value());
    const sdk::Value* abdg = sdk::findField(flight->attributes(), "abdg");
    ASSERT_NE(abdg, nullptr);
    EXPECT_EQ(*abdg, sdk::Value(sdk::StringList{"B221A", "B221B"}));
    const auto& stands = flight->list("stands");
    ASSERT_EQ(stands.size(), 2u);
    ASSERT_NE(sdk::findField(stands.at(0), "abdg"), nullptr);
    EXPECT_EQ(*sdk::findField(stands.at(0), "abdg"), sdk::Value(sdk::StringList{"B221A", "B221B"}));
    ASSERT_NE(sdk::findField(stands.at(1), "abdg"), nullptr);
    EXPECT_EQ(*sdk::findField(stands.at(1), "abdg"), sdk::Value(sdk::StringList{})) << "R07 is remote";
}

} // namespace

INSTANTIATE_TEST_SUITE_P(Servers, AdminApiRefresh,
                         ::testing::Values(StoreBackend::Postgres, StoreBackend::MySql),
                         [](const auto& param) {
                             return std::string(param.param == StoreBackend::Postgres ? "Postgres"
                                                                                      : "MariaDb");
                         });

} // namespace msgx::test
