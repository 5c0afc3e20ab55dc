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
    FlightWrite deleteShared;
    deleteShared.kind = FlightWrite::Kind::Delete;
    deleteShared.flid = 41;
    deleteShared.expectedVersion = 1;
    FlightWrite deleteMaster = deleteShared;
    deleteMaster.flid = 40;
    deleteMaster.expectedVersion = 2;
    remove.flights = {deleteShared, deleteMaster};
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
