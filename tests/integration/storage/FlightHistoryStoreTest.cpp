// The flight history's statements on every backend (FlightHistory, FlightRepository::historyGroupsOf,
// the revival in a processing commit): candidates by SODT and last change, the move of a group with
// its detail rows and events (all or nothing, guarded by version), the group read back, a write that
// brings it back, and the purge by ARCHIVED_AT.
#include "StoreSuite.h"

#include <gmock/gmock.h>

#include <chrono>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::FlightWrite;
using storage::HistoryGroup;

FlightWrite scheduled(storage::FlightId flid, Clock::time_point sodt, std::optional<storage::FlightId> link) {
    FlightWrite write;
    write.flid = flid;
    write.keys.flno = "F" + std::to_string(flid);
    write.keys.sodt = sodt;
    write.keys.linkFlid = link;
    write.attributesJson = R"({"flightNumber":"F)" + std::to_string(flid) + R"("})";
    write.lists = {{"stands", {R"({"seq":1,"standCode":"417"})", R"({"seq":2,"standCode":"418"})"}}};
    return write;
}

HistoryGroup groupOf(std::vector<std::pair<storage::FlightId, std::int64_t>> members) {
    HistoryGroup group;
    group.groupFlid = members.front().first;
    group.members = std::move(members);
    for (const auto& [flid, version] : group.members) {
        group.events.push_back(
            {"msg", flid, R"({"type":"flight-to-history","flid":)" + std::to_string(flid) + "}"});
        group.events.push_back(
            {"schd", flid, R"({"type":"flight-to-history","flid":)" + std::to_string(flid) + "}"});
    }
    return group;
}

// Flights 10 <-> 11 (a turnaround pair) scheduled 3 days before start(), 20 an hour after it.
std::vector<FlightWrite> threeFlights() {
    return {scheduled(10, StoreSuite::start() - 72h, 11), scheduled(11, StoreSuite::start() - 70h, 10),
            scheduled(20, StoreSuite::start() + 1h, std::nullopt)};
}

TEST_P(StoreSuite, FlightHistoryCandidatesAreFlightsScheduledAndChangedBeforeTheCutoff) {
    commitFlights(1, threeFlights());
    EXPECT_TRUE(store().flightHistory().candidates(start(), 0, 10).empty()); // changed at start()
    clock_.advance(1h);
    EXPECT_THAT(store().flightHistory().candidates(start() + 1min, 0, 10), testing::ElementsAre(10, 11));
    EXPECT_THAT(store().flightHistory().candidates(start() + 1min, 10, 10), testing::ElementsAre(11));
    EXPECT_THAT(store().flightHistory().candidates(start() + 1min, 0, 1), testing::ElementsAre(10));
}

TEST_P(StoreSuite, FlightHistoryAGroupMovesWithItsDetailsAndEventsAndComesBackWhenWritten) {
    commitFlights(1, threeFlights());
    const auto eventsBefore = rowCount("MSG_EVENT");
    clock_.advance(1h);
    const auto moved = store().flightHistory().moveToHistory({groupOf({{10, 1}, {11, 1}})});
    ASSERT_TRUE(moved.applied) << moved.conflict;

    EXPECT_FALSE(store().flights().byFlid(10).has_value());
    EXPECT_FALSE(store().flights().byFlid(11).has_value());
    EXPECT_EQ(rowCount("FLIGHT_DETAIL"), 2); // flight 20's
    EXPECT_EQ(rowCount("FLIGHT_HST"), 2);
    EXPECT_EQ(rowCount("FLIGHT_DETAIL_HST"), 4);
    EXPECT_EQ(rowCount("MSG_EVENT"), eventsBefore + 4);

    const auto groups = store().flights().historyGroupsOf({11}, start());
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].first.flid, 10);
    EXPECT_EQ(groups[0].first.keys.linkFlid, 11);
    EXPECT_EQ(groups[0].first.movedToHistoryAt, clock_.now());
    EXPECT_EQ(groups[0].first.historyGroupFlid, 10);
    EXPECT_EQ(groups[0].first.attributesJson, R"({"flightNumber":"F10"})");
    ASSERT_EQ(groups[1].second.size(), 1u);
    EXPECT_THAT(groups[1].second[0].itemsJson,
                testing::ElementsAre(R"({"seq":1,"standCode":"417"})", R"({"seq":2,"standCode":"418"})"));
    EXPECT_TRUE(store().flights().historyGroupsOf({11}, clock_.now() + 1s).empty()); // moved before that

    // A write of 11 as the history holds it brings the pair back in its commit.
    enqueue(2);
    auto commit = succeeded(2);
    auto write = scheduled(11, start() - 70h, 10);
    write.attributesJson = R"({"flightNumber":"F11","currentStand":"420"})";
    write.lists.clear();
    write.expectedVersion = 1;
    write.revives = true;
    commit.flights = {write};
    const auto written = store().processing().commit(commit);
    ASSERT_TRUE(written.applied) << written.conflict;

    EXPECT_EQ(store().flights().byFlid(11)->stateVersion, 2);
    EXPECT_EQ(store().flights().byFlid(11)->attributesJson, R"({"flightNumber":"F11","currentStand":"420"})");
    EXPECT_EQ(store().flights().byFlid(10)->stateVersion, 1);
    EXPECT_EQ(store().flights().detailLists(10).size(), 1u);
    EXPECT_EQ(store().flights().detailLists(11).size(), 1u); // as it was: the write replaced no list
    EXPECT_EQ(rowCount("FLIGHT_HST"), 0);
    EXPECT_EQ(rowCount("FLIGHT_DETAIL_HST"), 0);
}

TEST_P(StoreSuite, FlightHistoryAMemberNotAtItsVersionRefusesTheWholeMove) {
    commitFlights(1, threeFlights());
    const auto eventsBefore = rowCount("MSG_EVENT");
    const auto moved =
        store().flightHistory().moveToHistory({groupOf({{20, 1}}), groupOf({{10, 1}, {11, 7}})});

    EXPECT_FALSE(moved.applied);
    EXPECT_EQ(moved.conflictGroup, 10);
    EXPECT_THAT(moved.conflict, testing::HasSubstr("11"));
    EXPECT_EQ(rowCount("FLIGHT"), 3);
    EXPECT_EQ(rowCount("FLIGHT_DETAIL"), 6);
    EXPECT_EQ(rowCount("FLIGHT_HST"), 0);
    EXPECT_EQ(rowCount("MSG_EVENT"), eventsBefore);
}

// history.retention purges the flight history with the other history tables (HistoryTables.cpp).
TEST_P(StoreSuite, FlightHistoryThePurgeRemovesOnlyFlightsMovedBeforeItsCutoff) {
    commitFlights(1, threeFlights());
    ASSERT_TRUE(store().flightHistory().moveToHistory({groupOf({{10, 1}, {11, 1}})}).applied);
    clock_.advance(24h);
    ASSERT_TRUE(store().flightHistory().moveToHistory({groupOf({{20, 1}})}).applied);

    const auto first = store().archive().purgeHistoryBefore(start() + 1h, 1); // bounded
    EXPECT_EQ(first.rows.at("FLIGHT_HST"), 1);
    EXPECT_TRUE(first.full);
    EXPECT_EQ(store().archive().purgeHistoryBefore(start() + 1h, 10).rows.at("FLIGHT_HST"), 1);
    EXPECT_FALSE(store().archive().purgeHistoryBefore(start() + 1h, 10).rows.contains("FLIGHT_HST"));
    EXPECT_EQ(rowCount("FLIGHT_HST"), 1);
    EXPECT_EQ(rowCount("FLIGHT_DETAIL_HST"), 2);
    EXPECT_EQ(store().flights().historyGroupsOf({20}, start()).size(), 1u);
}

} // namespace
} // namespace msgx::test
