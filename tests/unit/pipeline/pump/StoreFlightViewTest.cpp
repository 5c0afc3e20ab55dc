#include "msgx/pipeline/pump/StoreFlightView.h"

#include "msgx/pipeline/pump/FlightStoreMapping.h"

#include <gtest/gtest.h>

#include <map>

namespace msgx::pipeline {
namespace {

// FLIGHT rows in memory; counts reads, and can fail like an unreachable store.
class MemoryFlights final : public storage::FlightRepository {
public:
    std::map<storage::FlightId, storage::FlightRecord> rows;
    bool down = false;
    int reads = 0;

    void put(const sdk::FlightDocument& document, std::int64_t version, bool deleted = false) {
        storage::FlightRecord record;
        record.flid = document.flid();
        record.keys = keyColumnsOf(document);
        record.attributesJson = attributesJsonOf(document);
        record.stateVersion = version;
        record.deleted = deleted;
        rows[record.flid] = record;
    }
    std::optional<storage::FlightRecord> byFlid(storage::FlightId flid) override {
        check();
        const auto found = rows.find(flid);
        return found == rows.end() ? std::nullopt : std::optional(found->second);
    }
    std::vector<storage::FlightRecord> sharedFlightsOf(storage::FlightId master) override {
        check();
        std::vector<storage::FlightRecord> result;
        for (const auto& [flid, row] : rows) {
            if (!row.deleted && row.keys.maid == master) {
                result.push_back(row);
            }
        }
        return result;
    }
    std::vector<storage::FlightRecord> linkingTo(storage::FlightId flid) override {
        check();
        std::vector<storage::FlightRecord> result;
        for (const auto& [id, row] : rows) {
            if (!row.deleted && row.keys.linkFlid == flid) {
                result.push_back(row);
            }
        }
        return result;
    }
    std::vector<storage::DetailList> detailLists(storage::FlightId) override {
        check();
        return {};
    }

private:
    void check() {
        ++reads;
        if (down) {
            throw storage::InfraError(storage::InfraError::Reason::Unavailable, "test read", "down");
        }
    }
};

sdk::FlightDocument flight(sdk::Flid flid, std::optional<sdk::Flid> master = std::nullopt) {
    sdk::FlightDocument document(flid);
    document.set("currentStand", std::string("107"));
    if (master) {
        document.set("masterFlid", *master);
    }
    return document;
}

sdk::FlightChange update(sdk::Flid flid, const std::string& name, sdk::Value value) {
    sdk::FlightChange change;
    change.kind = sdk::FlightChange::Kind::Update;
    change.flid = flid;
    change.set[name] = std::move(value);
    return change;
}

std::vector<sdk::Flid> flidsOf(const std::vector<const sdk::FlightDocument*>& documents) {
    std::vector<sdk::Flid> flids;
    for (const auto* document : documents) {
        flids.push_back(document->flid());
    }
    return flids;
}

TEST(StoreFlightView, WritesOfOneBatchChainTheirVersionsAndLaterReadsSeeThem) {
    MemoryFlights stored;
    stored.put(flight(1), 7);
    StoreFlightView view(stored);

    const auto first = view.apply(update(1, "gate", std::string("B12")));
    const auto second = view.apply(update(1, "currentStand", std::string("108")));

    EXPECT_EQ(first.expectedVersion, 7);
    EXPECT_EQ(second.expectedVersion, 8);
    ASSERT_NE(view.byFlid(1), nullptr);
    EXPECT_EQ(view.byFlid(1)->text("gate"), "B12");
    EXPECT_EQ(view.byFlid(1)->text("currentStand"), "108");
    EXPECT_EQ(stored.rows.at(1).stateVersion, 7); // the store itself is never written by the view
}

TEST(StoreFlightView, DeletedFlightIsUnknownButItsVersionGuardsItsRecreation) {
    MemoryFlights stored;
    stored.put(flight(2), 4, true);
    StoreFlightView view(stored);
    EXPECT_EQ(view.byFlid(2), nullptr);

    sdk::FlightChange create;
    create.kind = sdk::FlightChange::Kind::Create;
    create.flid = 2;
    create.set["currentStand"] = std::string("201");
    const auto write = view.apply(create);

    EXPECT_EQ(write.kind, storage::FlightWrite::Kind::Upsert);
    EXPECT_EQ(write.expectedVersion, 4);
    EXPECT_EQ(view.byFlid(2)->text("currentStand"), "201");
}

TEST(StoreFlightView, DeleteInTheBatchHidesTheFlightFromLaterMessages) {
    MemoryFlights stored;
    stored.put(flight(3), 1);
    StoreFlightView view(stored);

    const auto write = view.apply({sdk::FlightChange::Kind::Delete, 3, {}, {}});

    EXPECT_EQ(write.kind, storage::FlightWrite::Kind::Delete);
    EXPECT_EQ(write.expectedVersion, 1);
    EXPECT_EQ(view.byFlid(3), nullptr);
}

TEST(StoreFlightView, UpdateOfAnUnknownFlightIsNotApplicable) {
    MemoryFlights stored;
    StoreFlightView view(stored);
    EXPECT_THROW(view.apply(update(9, "gate", std::string("B12"))), DecisionNotApplicable);
}

TEST(StoreFlightView, SharedFlightsCombineTheStoreWithTheBatchsChanges) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    stored.put(flight(12, 10), 1);
    StoreFlightView view(stored);
    view.apply(update(12, "masterFlid", std::monostate{})); // un-shared in this batch
    sdk::FlightChange create;
    create.kind = sdk::FlightChange::Kind::Create;
    create.flid = 13;
    create.set["masterFlid"] = std::int64_t{10};
    view.apply(create); // shared in this batch

    std::vector<sdk::Flid> flids;
    for (const auto* shared : view.sharedFlightsOf(10)) {
        flids.push_back(shared->flid());
    }

    EXPECT_EQ(flids, (std::vector<sdk::Flid>{11, 13}));
}

TEST(StoreFlightView, ALookUpAnsweredOnceIsAnsweredFromTheViewUntilReset) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    StoreFlightView view(stored);
    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11}));
    EXPECT_EQ(flidsOf(view.linkingTo(10)), (std::vector<sdk::Flid>{}));

    // A later batch (the view kept) shares flight 12 with 10: it comes through apply(), not the store.
    stored.put(flight(12), 1);
    view.apply(update(12, "masterFlid", std::int64_t{10}));
    const int reads = stored.reads;
    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11, 12}));
    EXPECT_EQ(flidsOf(view.linkingTo(10)), (std::vector<sdk::Flid>{}));
    EXPECT_EQ(stored.reads, reads); // both answered from the view

    // After reset() the store is asked again (it may have changed meanwhile).
    stored.put(flight(14, 10), 1);
    view.reset();
    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11, 14}));
    EXPECT_GT(stored.reads, reads);
}

// The pump keeps up to 20,000 flights in its view between batches and the FLOP handlers ask for
// the code-shares and the turnaround partner of every message: a look-up examines the candidates
// of its value, not every flight held (it filtered all of them once: ~1.2 ms per look-up with
// 10,000 held, more than a message's whole budget at 1,000 msg/s; docs/performance.md).
TEST(StoreFlightView, ALookUpExaminesItsCandidatesNotEveryFlightHeld) {
    MemoryFlights stored;
    for (sdk::Flid flid = 1000; flid < 6000; ++flid) {
        stored.put(flight(flid), 1);
    }
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    stored.put(flight(12, 10), 1);
    StoreFlightView view(stored);
    for (sdk::Flid flid = 1000; flid < 6000; ++flid) {
        ASSERT_NE(view.byFlid(flid), nullptr);
    }
    ASSERT_EQ(view.sharedFlightsOf(10).size(), 2U);
    view.apply(update(12, "masterFlid", std::int64_t{20})); // re-shared with 20 in this batch
    view.apply(update(1500, "linkedFlid", std::int64_t{10}));

    ASSERT_EQ(view.sharedFlightsOf(10).size(), 1U);
    EXPECT_LE(view.examinedByLastLookUp(), 2U); // 11, and 12 that left
    ASSERT_EQ(view.sharedFlightsOf(20).size(), 1U);
    EXPECT_LE(view.examinedByLastLookUp(), 1U);
    ASSERT_EQ(view.linkingTo(10).size(), 1U);
    EXPECT_EQ(view.linkingTo(10).front()->flid(), 1500);
    EXPECT_LE(view.examinedByLastLookUp(), 1U);
    EXPECT_TRUE(view.sharedFlightsOf(4242).empty());
    EXPECT_EQ(view.examinedByLastLookUp(), 0U);
    EXPECT_GT(view.size(), 5000U);
}

// Between batches the pump packs what the view holds: a later batch sees the same documents, the
// changes of the earlier ones included, and the look-ups answered before, without reading the store.
TEST(StoreFlightView, PackedFlightsAnswerAsBeforeWithoutReadingTheStoreAgain) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    stored.put(flight(12, 10), 1);
    StoreFlightView view(stored);
    ASSERT_NE(view.byFlid(10), nullptr);
    ASSERT_EQ(view.sharedFlightsOf(10).size(), 2U);
    view.apply(update(11, "currentStand", std::string("215")));
    view.apply(update(12, "masterFlid", std::monostate{}));
    const sdk::FlightDocument changed = *view.byFlid(11);
    const int reads = stored.reads;

    view.pack();
    view.pack(); // twice changes nothing

    ASSERT_NE(view.byFlid(11), nullptr);
    EXPECT_EQ(*view.byFlid(11), changed);
    EXPECT_EQ(view.byFlid(11)->text("currentStand"), "215");
    EXPECT_EQ(*view.byFlid(10), flight(10));
    const auto shared = view.sharedFlightsOf(10);
    ASSERT_EQ(shared.size(), 1U);
    EXPECT_EQ(shared.front()->flid(), 11);
    EXPECT_EQ(stored.reads, reads);

    // A change after a pack() chains on the version and document the view holds packed.
    const auto write = view.apply(update(11, "currentStand", std::string("216")));
    EXPECT_EQ(write.expectedVersion, 2);
    view.pack();
    EXPECT_EQ(view.byFlid(11)->text("currentStand"), "216");
    EXPECT_EQ(stored.reads, reads);
}

// Beyond its bound the view forgets its least used flights, and with them every look-up answer they
// were part of: a forgotten code-share comes back from the store, a flight used since stays held.
TEST(StoreFlightView, FlightsForgottenBeyondTheBoundTakeTheirLookUpAnswersWithThem) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    for (sdk::Flid flid = 100; flid < 108; ++flid) {
        stored.put(flight(flid), 1);
    }
    StoreFlightView view(stored);
    ASSERT_EQ(view.sharedFlightsOf(10).size(), 1U); // holds 11, answers (masterFlid, 10)
    view.pack(8);
    for (sdk::Flid flid = 100; flid < 106; ++flid) { // the next batch uses six others
        ASSERT_NE(view.byFlid(flid), nullptr);
    }
    view.pack(8);
    ASSERT_NE(view.byFlid(10), nullptr); // and the one after it flight 10
    view.pack(7);                        // 8 held: the least used three go, 11 first; 10 stays

    EXPECT_EQ(view.size(), 5U);
    int reads = stored.reads;
    ASSERT_NE(view.byFlid(10), nullptr);
    EXPECT_EQ(stored.reads, reads); // used in the last batch: still held
    const auto shared = view.sharedFlightsOf(10);
    ASSERT_EQ(shared.size(), 1U);
    EXPECT_EQ(shared.front()->flid(), 11);
    EXPECT_GT(stored.reads, reads); // the answer went with 11: asked of the store again
    reads = stored.reads;
    EXPECT_EQ(view.sharedFlightsOf(10).size(), 1U);
    EXPECT_EQ(stored.reads, reads); // and held again
}

// That a look-up was answered is kept with the flight whose FLID it asked about: an answer
// recorded before that flight was held moves into its entry when it comes in, a change of that
// flight keeps it, and forgetting that flight takes it along (so the answers never outgrow the
// flights held: one set node per answer held 2.2 MB with 20,000 flights, and grew with every
// flight ever asked about until a reset()).
TEST(StoreFlightView, AnAnswerRecordedBeforeItsFlightWasHeldStaysAnsweredOnceItIs) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    StoreFlightView view(stored);
    ASSERT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11})); // 10 not held
    ASSERT_NE(view.byFlid(10), nullptr);                                        // now it is
    const int reads = stored.reads;

    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11}));
    EXPECT_EQ(stored.reads, reads);
}

TEST(StoreFlightView, AChangeOfAFlightKeepsTheAnswersAboutIt) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    StoreFlightView view(stored);
    ASSERT_NE(view.byFlid(10), nullptr);
    ASSERT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11}));
    ASSERT_TRUE(view.linkingTo(10).empty());
    view.apply(update(10, "currentStand", std::string("215")));
    view.pack();
    const int reads = stored.reads;

    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11}));
    EXPECT_TRUE(view.linkingTo(10).empty());
    EXPECT_EQ(stored.reads, reads);
}

TEST(StoreFlightView, AForgottenFlightTakesTheAnswersAboutItWithIt) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(20), 1);
    stored.put(flight(21), 1);
    stored.put(flight(22), 1);
    StoreFlightView view(stored);
    ASSERT_NE(view.byFlid(10), nullptr);
    ASSERT_TRUE(view.sharedFlightsOf(10).empty()); // answered: nothing shares 10
    view.pack(4);
    for (const sdk::Flid flid : {20, 21, 22}) {
        ASSERT_NE(view.byFlid(flid), nullptr);
    }
    view.pack(3); // four held, down to two: 10, the least used, goes first
    ASSERT_EQ(view.size(), 2U);
    stored.put(flight(12, 10), 1); // meanwhile (another writer, in this test) shares 12 with 10
    const int reads = stored.reads;

    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{12}));
    EXPECT_GT(stored.reads, reads); // asked of the store again
}

sdk::FlightDocument linkedTo(sdk::Flid flid, sdk::Flid partner) {
    sdk::FlightDocument document = flight(flid);
    document.set("linkedFlid", partner);
    return document;
}

// The pump prefetches the flights a batch names: their shared and linked flights come with them,
// so the handlers' look-ups of those flights are answered without asking the store one at a time.
TEST(StoreFlightView, PrefetchAnswersTheLookUpsOfTheNamedFlights) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    stored.put(flight(12, 10), 1, true); // deleted: never an answer
    stored.put(linkedTo(20, 10), 1);
    stored.put(flight(30), 1);
    stored.put(flight(31, 30), 1);
    StoreFlightView view(stored);

    view.prefetch({10, 10, 44}); // 44 is not stored
    const int reads = stored.reads;
    EXPECT_NE(view.byFlid(10), nullptr);
    EXPECT_EQ(view.byFlid(44), nullptr);
    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{11}));
    EXPECT_EQ(flidsOf(view.linkingTo(10)), (std::vector<sdk::Flid>{20}));
    EXPECT_TRUE(view.sharedFlightsOf(44).empty());
    EXPECT_EQ(stored.reads, reads); // all from the view

    EXPECT_EQ(flidsOf(view.sharedFlightsOf(30)), (std::vector<sdk::Flid>{31})); // not named: asked
    EXPECT_GT(stored.reads, reads);

    const int afterAsking = stored.reads;
    view.prefetch({10, 30}); // held, and answered for 10; 30's linkingTo is not answered yet
    EXPECT_GT(stored.reads, afterAsking);
    const int afterSecond = stored.reads;
    view.prefetch({10, 30});
    EXPECT_EQ(stored.reads, afterSecond); // everything held and answered: no read
    EXPECT_TRUE(view.linkingTo(30).empty());
    EXPECT_EQ(stored.reads, afterSecond);
}

// A prefetch never replaces what the view holds (a batch's change, kept between batches): a flight
// the batch moved away from a master stays out of that master's answer.
TEST(StoreFlightView, PrefetchKeepsTheViewsOwnState) {
    MemoryFlights stored;
    stored.put(flight(10), 1);
    stored.put(flight(11, 10), 1);
    stored.put(flight(12, 10), 1);
    StoreFlightView view(stored);
    view.apply(update(11, "masterFlid", std::monostate{}));

    view.prefetch({10});

    EXPECT_EQ(flidsOf(view.sharedFlightsOf(10)), (std::vector<sdk::Flid>{12}));
    EXPECT_FALSE(view.byFlid(11)->integer("masterFlid").has_value());
    EXPECT_EQ(view.apply(update(11, "gate", std::string("A1"))).expectedVersion, 2);
}

TEST(StoreFlightView, StoreFailureUnderAHandlerIsKeptForThePump) {
    MemoryFlights stored;
    stored.down = true;
    StoreFlightView view(stored);

    EXPECT_THROW((void)view.byFlid(1), storage::InfraError);
    EXPECT_THROW(view.throwStoreFailure(), storage::InfraError);
    view.reset();
    EXPECT_NO_THROW(view.throwStoreFailure());
}

} // namespace
} // namespace msgx::pipeline
