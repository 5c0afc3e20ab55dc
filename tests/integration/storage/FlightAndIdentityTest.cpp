// Flight reads by typed columns, detail lists, deletion; identity binding.
#include "StoreSuite.h"

#include <gmock/gmock.h>

#include <map>

namespace msgx::test {
namespace {

using storage::FlightRecord;
using storage::FlightWrite;
using storage::MailboxId;

FlightWrite flight(storage::FlightId flid, std::optional<storage::FlightId> master,
                   std::optional<storage::FlightId> link) {
    FlightWrite write;
    write.flid = flid;
    write.keys.flno = "F" + std::to_string(flid);
    write.keys.maid = master;
    write.keys.linkFlid = link;
    write.attributesJson = "{}";
    return write;
}

std::vector<storage::FlightId> flids(const std::vector<FlightRecord>& records) {
    std::vector<storage::FlightId> ids;
    for (const auto& r : records) {
        ids.push_back(r.flid);
    }
    return ids;
}

TEST_P(StoreSuite, SharedAndLinkingFlightsAreFoundByTheirTypedColumns) {
    enqueue(1);
    auto commit = succeeded(1);
    // 10 is a master with shared flights 12 and 11; 20 is the turnaround partner of 10 and 21 links to 20.
    commit.flights = {flight(10, std::nullopt, 20), flight(12, 10, std::nullopt),
                      flight(11, 10, std::nullopt), flight(20, std::nullopt, 10),
                      flight(21, std::nullopt, 20), flight(30, 99, 99)};
    ASSERT_TRUE(store().processing().commit(commit).applied);

    EXPECT_THAT(flids(store().flights().sharedFlightsOf(10)), testing::ElementsAre(11, 12));
    EXPECT_THAT(flids(store().flights().linkingTo(20)), testing::ElementsAre(10, 21));
    EXPECT_THAT(flids(store().flights().linkingTo(10)), testing::ElementsAre(20));
    EXPECT_TRUE(store().flights().sharedFlightsOf(12).empty());
    EXPECT_EQ(store().flights().byFlid(12)->keys.maid, 10);
}

// The pump's read of a batch's flights (FlightRepository::byFlidsWithRelated): the asked flights,
// deleted ones too, and every flight not deleted that is shared with or linked to one of the related
// ids, once each, with its detail lists; more ids than one statement's IN list.
TEST_P(StoreSuite, FlightsAreReadWithTheirSharedAndLinkedFlightsInOneCall) {
    enqueue(1);
    enqueue(2);
    auto commit = succeeded(1);
    auto master = flight(10, std::nullopt, 20);
    master.lists = {{"stands", {R"({"stand":"1"})", R"({"stand":"2"})"}}};
    auto shared = flight(11, 10, std::nullopt);
    shared.lists = {{"delays", {R"({"code":"93"})"}}};
    commit.flights = {master,
                      shared,
                      flight(12, 10, std::nullopt),
                      flight(20, std::nullopt, 10),
                      flight(21, std::nullopt, 20),
                      flight(30, 99, 99),
                      flight(13, 10, std::nullopt)};
    for (storage::FlightId flid = 1000; flid < 1060; ++flid) { // beyond one IN list of 50
        commit.flights.push_back(flight(flid, std::nullopt, std::nullopt));
    }
    commit.flights.push_back(flight(1100, 1059, std::nullopt));
    ASSERT_TRUE(store().processing().commit(commit).applied);
    auto remove = succeeded(2);
    remove.flights = {deletion(13, 1)};
    ASSERT_TRUE(store().processing().commit(remove).applied);

    std::vector<storage::FlightId> asked{10, 13, 404};
    std::vector<storage::FlightId> related{10, 404};
    for (storage::FlightId flid = 1000; flid < 1060; ++flid) {
        related.push_back(flid);
    }
    std::map<storage::FlightId, std::pair<FlightRecord, std::vector<storage::DetailList>>> found;
    for (auto& [record, lists] : store().flights().byFlidsWithRelated(asked, related)) {
        const storage::FlightId flid = record.flid;
        EXPECT_TRUE(found.emplace(flid, std::pair(std::move(record), std::move(lists))).second)
            << "flight " << flid << " read twice";
    }

    std::vector<storage::FlightId> ids;
    for (const auto& [flid, flightAndLists] : found) {
        ids.push_back(flid);
    }
    // 10 asked and linked from 20; 13 asked (deleted); 11, 12 shared with 10; 20 links to 10;
    // 1100 shared with 1059 of the second IN list. Not 21 (links to 20), 30, nor 404 (not stored).
    EXPECT_THAT(ids, testing::ElementsAre(10, 11, 12, 13, 20, 1100));
    EXPECT_TRUE(found.at(13).first.deleted);
    EXPECT_TRUE(found.at(13).second.empty());
    EXPECT_EQ(found.at(10).second,
              (std::vector<storage::DetailList>{{"stands", {R"({"stand":"1"})", R"({"stand":"2"})"}}}));
    EXPECT_EQ(found.at(11).second, (std::vector<storage::DetailList>{{"delays", {R"({"code":"93"})"}}}));
    EXPECT_EQ(found.at(11).first.keys.maid, 10);
    EXPECT_EQ(found.at(20).first.keys.linkFlid, 10);
    EXPECT_TRUE(store().flights().byFlidsWithRelated({}, {}).empty());
}

TEST_P(StoreSuite, DetailListsAreReplacedPerListAndDeletionDropsThemAndHidesTheFlight) {
    enqueue(1);
    enqueue(2);
    enqueue(3);
    auto create = succeeded(1);
    auto master = flight(40, std::nullopt, std::nullopt);
    master.lists = {{"delays", {R"({"code":"93"})"}}, {"stands", {R"({"stand":"1"})", R"({"stand":"2"})"}}};
    create.flights = {master, flight(41, 40, std::nullopt)};
    ASSERT_TRUE(store().processing().commit(create).applied);

    auto update = succeeded(2);
    auto changed = master;
    changed.expectedVersion = 1;
    changed.lists = {{"stands", {R"({"stand":"9"})"}}}; // only "stands" is replaced
    update.flights = {changed};
    ASSERT_TRUE(store().processing().commit(update).applied);
    EXPECT_EQ(store().flights().detailLists(40),
              (std::vector<storage::DetailList>{{"delays", {R"({"code":"93"})"}},
                                                {"stands", {R"({"stand":"9"})"}}}));

    auto remove = succeeded(3);
    remove.flights = {deletion(41, 1), deletion(40, 2)};
    ASSERT_TRUE(store().processing().commit(remove).applied);
    const auto deleted = store().flights().byFlid(40);
    ASSERT_TRUE(deleted);
    EXPECT_TRUE(deleted->deleted);
    EXPECT_EQ(deleted->stateVersion, 3);
    EXPECT_TRUE(store().flights().detailLists(40).empty());
    EXPECT_TRUE(store().flights().sharedFlightsOf(40).empty());
    EXPECT_EQ(rowCount("FLIGHT_DETAIL"), 0);
}

TEST_P(StoreSuite, SecondMessageWithTheSameIdentityIsADuplicateOfTheFirst) {
    auto& queue = store().processing();
    enqueue(1);
    enqueue(2);
    const std::string key = "AODB|FLOP|ABTM|000417";
    const auto first = queue.bindIdentity(1, key);
    EXPECT_TRUE(first.bound);
    EXPECT_EQ(first.key, key);

    const auto second = queue.bindIdentity(2, key);
    EXPECT_FALSE(second.bound);
    EXPECT_EQ(second.duplicateOf, MailboxId{1});
    EXPECT_FALSE(queue.find(2)->identityKey);

    // A retry of message 1 keeps its binding, also when it now reads another key.
    EXPECT_TRUE(queue.bindIdentity(1, key).bound);
    const auto rebound = queue.bindIdentity(1, "AODB|FLOP|ABTM|000418");
    EXPECT_TRUE(rebound.bound);
    EXPECT_EQ(rebound.key, key);
    EXPECT_TRUE(queue.bindIdentity(2, "AODB|FLOP|ABTM|000419").bound);
}

// The pump's read before deciding while repeats arrive: the holders of a list of keys (more than one
// statement's 25, a key twice, keys nobody holds), bound by nothing.
TEST_P(StoreSuite, TheHoldersOfManyIdentitiesAreReadByKeyWithoutBindingAnything) {
    auto& queue = store().processing();
    std::vector<std::string> keys;
    std::map<std::string, MailboxId> bound;
    for (MailboxId id = 1; id <= 30; ++id) {
        enqueue(id);
        const std::string key = "AODB|FLOP|STND|" + std::to_string(1000 + id);
        keys.push_back(key);
        if (id % 3 != 0) {
            ASSERT_TRUE(queue.bindIdentity(id, key).bound);
            bound.emplace(key, id);
        }
    }
    keys.push_back(keys.front());
    keys.push_back("AODB|FLOP|STND|999999");
    EXPECT_EQ(queue.identityHolders(keys), bound);
    EXPECT_FALSE(queue.find(3)->identityKey) << "an unheld key stays unbound";
    EXPECT_TRUE(queue.identityHolders({}).empty());
}

} // namespace
} // namespace msgx::test
