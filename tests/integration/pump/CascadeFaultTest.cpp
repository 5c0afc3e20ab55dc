// A cascade is one Decision applied in one own-store transaction (issue 13, architecture.md §5,
// §11 "FDEL"): FLOP-FDEL of a master with two shared flights, a turnaround partner of the master and
// one of a shared flight. A trigger makes the real database refuse the write of the n-th flight of
// the cascade (or of one of its events) in the middle of the commit; afterwards the store holds
// none of the cascade and none of its events. Once the fault is gone the retry applies all of it,
// with its events once. PostgreSQL and MariaDB (one executable each, like the pump suite).
#include "PumpSuite.h"
#include "msgx/pipeline/pump/FlightStoreMapping.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

namespace msgx::test {
namespace {

using storage::ProcessingState;

constexpr sdk::Flid kMaster = 81000001;
constexpr sdk::Flid kSharedOne = 81000002;
constexpr sdk::Flid kSharedTwo = 81000003;
constexpr sdk::Flid kMasterPartner = 81000004; // linkedFlid -> master
constexpr sdk::Flid kSharedPartner = 81000005; // linkedFlid -> first shared flight
constexpr sdk::Flid kFlights[] = {kMaster, kSharedOne, kSharedTwo, kMasterPartner, kSharedPartner};

std::string fltr(sdk::Flid flid, const std::string& airline, const std::string& number, char movement,
                 const std::string& links) {
    return "<FLTR><FLID>" + std::to_string(flid) + "</FLID><ALCD>" + airline + "</ALCD><FLNO>" + number +
           "</FLNO><MVIN>" + movement +
           "</MVIN><SODT>12JUN241430</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>321</ACFT>"
           "<GTDT GTNO=\"1\"><GATE>118</GATE><GTYP>D</GTYP></GTDT>" +
           links + "</FLTR>";
}

const std::string kSchedule =
    R"(<?xml version="1.0" encoding="UTF-8"?><MSG><META><SNDR>AODB</SNDR><SEQN>810001</SEQN><DTTM>20240612080000</DTTM><TYPE>SCHD</TYPE><STYP>ADFT</STYP></META><SCHD>)" +
    fltr(kMaster, "MU", "MU5101", 'D', "") +
    fltr(kSharedOne, "CA", "CA3101", 'D', "<CSOP>MU</CSOP><CSFT>MU5101</CSFT><MAID>81000001</MAID>") +
    fltr(kSharedTwo, "FM", "FM9101", 'D', "<CSOP>MU</CSOP><CSFT>MU5101</CSFT><MAID>81000001</MAID>") +
    fltr(kMasterPartner, "MU", "MU5100", 'A', "<TAOP>MU</TAOP><TAFL>MU5101</TAFL><TAID>81000001</TAID>") +
    fltr(kSharedPartner, "CA", "CA3100", 'A', "<TAOP>CA</TAOP><TAFL>CA3101</TAFL><TAID>81000002</TAID>") +
    "</SCHD></MSG>";

const std::string kDeleteMaster =
    R"(<?xml version="1.0" encoding="UTF-8"?><MSG><META><SNDR>AODB</SNDR><SEQN>810002</SEQN><DTTM>20240612090000</DTTM><TYPE>FLOP</TYPE><STYP>FDEL</STYP></META><FLOP><FLID>81000001</FLID><FDEL/></FLOP></MSG>)";

// Where the database refuses: the FLIGHT write of one flight, or the MSG_EVENT row of one flight.
struct Fault {
    const char* table;
    sdk::Flid flid;
};

class CascadeFault : public PumpSuite {
protected:
    void installFault(const Fault& fault) {
        const std::string when = "NEW.FLID = " + std::to_string(fault.flid);
        const std::string event = std::string(fault.table) == "FLIGHT" ? "UPDATE" : "INSERT";
        if (database_->backend() == StoreBackend::Postgres) {
            executeOnStore(
                "CREATE FUNCTION msgx_test_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF " + when +
                " THEN RAISE EXCEPTION 'test fault in the cascade'; END IF; RETURN NEW; END $$");
            executeOnStore("CREATE TRIGGER msgx_test_fault BEFORE " + event + " ON " + fault.table +
                           " FOR EACH ROW EXECUTE FUNCTION msgx_test_fault()");
        } else {
            executeOnStore(
                "CREATE TRIGGER msgx_test_fault BEFORE " + event + " ON " + fault.table +
                " FOR EACH ROW BEGIN IF " + when +
                " THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'test fault in the cascade'; END IF; END");
        }
    }

    void removeFault() {
        if (database_->backend() == StoreBackend::Postgres) {
            executeOnStore("DROP TRIGGER msgx_test_fault ON " + std::string(current_.table));
            executeOnStore("DROP FUNCTION msgx_test_fault()");
        } else {
            executeOnStore("DROP TRIGGER msgx_test_fault");
        }
    }

    Fault current_{};
};

TEST_P(CascadeFault, AFaultAnywhereInTheCascadeLeavesNoneOfItAndTheRetryAppliesAllOfItOnce) {
    enqueue(1, kSchedule);
    ASSERT_EQ(runUntilQuiet(), 1);
    ASSERT_EQ(record(1).state, ProcessingState::Succeeded) << record(1).lastError.value_or("");
    ASSERT_EQ(flight(kMaster)->text("codeShareFlightList"), "CA3101, FM9101");
    std::map<sdk::Flid, std::int64_t> versions;
    for (const sdk::Flid flid : kFlights) {
        versions[flid] = realStore_->flights().byFlid(flid)->stateVersion;
    }
    const std::size_t msgBefore = events("msg").size();
    const std::size_t schdBefore = events("schd").size();

    // Every flight the cascade writes, in the order it writes them, then one of its events.
    const Fault faults[] = {{"FLIGHT", kMaster},        {"FLIGHT", kSharedOne},
                            {"FLIGHT", kSharedPartner}, {"FLIGHT", kSharedTwo},
                            {"FLIGHT", kMasterPartner}, {"MSG_EVENT", kMasterPartner}};
    enqueue(2, kDeleteMaster);
    for (const Fault& fault : faults) {
        SCOPED_TRACE(std::string(fault.table) + " of " + std::to_string(fault.flid));
        current_ = fault;
        installFault(fault);
        const pipeline::PumpStep step = pump().step();
        EXPECT_EQ(step.kind, pipeline::PumpStep::Kind::StoreUnavailable) << step.problem;
        EXPECT_NE(step.problem.find("test fault in the cascade"), std::string::npos) << step.problem;
        removeFault();

        EXPECT_NE(record(2).state, ProcessingState::Succeeded);
        // The five flights with their lists in one read (this loop runs six times).
        std::map<sdk::Flid, sdk::FlightDocument> stored;
        for (const auto& [found, lists] :
             realStore_->flights().byFlids({std::begin(kFlights), std::end(kFlights)})) {
            EXPECT_FALSE(found.deleted) << found.flid;
            EXPECT_EQ(found.stateVersion, versions[found.flid]) << found.flid << " was written";
            stored.emplace(found.flid, pipeline::documentFromStore(found, lists));
        }
        ASSERT_EQ(stored.size(), std::size(kFlights));
        EXPECT_EQ(stored.at(kMasterPartner).integer("linkedFlid"), kMaster);
        EXPECT_EQ(stored.at(kSharedPartner).integer("linkedFlid"), kSharedOne);
        EXPECT_EQ(stored.at(kSharedOne).list("gates").size(), 1U) << "its lists are still there";
        EXPECT_EQ(events("msg").size(), msgBefore);
        EXPECT_EQ(events("schd").size(), schdBefore);
    }

    // No fault: the whole cascade, once.
    EXPECT_EQ(runUntilQuiet(), 1);
    ASSERT_EQ(record(2).state, ProcessingState::Succeeded) << record(2).lastError.value_or("");
    for (const sdk::Flid flid : {kMaster, kSharedOne, kSharedTwo}) {
        EXPECT_FALSE(flight(flid).has_value()) << flid;
        EXPECT_TRUE(realStore_->flights().detailLists(flid).empty()) << flid;
    }
    for (const sdk::Flid flid : {kMasterPartner, kSharedPartner}) {
        ASSERT_TRUE(flight(flid).has_value());
        EXPECT_EQ(flight(flid)->attribute("linkedFlid"), nullptr) << flid;
        EXPECT_EQ(flight(flid)->attribute("linkedAirline"), nullptr) << flid;
        EXPECT_EQ(flight(flid)->attribute("linkedFlightNumber"), nullptr) << flid;
    }
    std::map<sdk::Flid, std::vector<std::string>> published;
    for (const auto& event : events("msg")) {
        if (event.sourceId == 2) {
            published[event.flid.value_or(0)].push_back(
                event.payloadJson.substr(0, event.payloadJson.find(',')));
        }
    }
    const std::vector<std::string> deleted{R"({"type":"flight-delete")"};
    const std::vector<std::string> updated{R"({"type":"flight-update")"};
    EXPECT_EQ(published, (std::map<sdk::Flid, std::vector<std::string>>{{kMaster, deleted},
                                                                        {kSharedOne, deleted},
                                                                        {kSharedTwo, deleted},
                                                                        {kMasterPartner, updated},
                                                                        {kSharedPartner, updated}}));
    EXPECT_EQ(events("schd").size(), schdBefore + 3) << "one tombstone per deleted flight";
}

} // namespace

INSTANTIATE_TEST_SUITE_P(Servers, CascadeFault,
                         ::testing::Values(StoreBackend::Postgres, StoreBackend::MySql),
                         [](const auto& param) {
                             return std::string(param.param == StoreBackend::Postgres ? "Postgres"
                                                                                      : "MariaDb");
                         });

} // namespace msgx::test
