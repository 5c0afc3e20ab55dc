// StoreReferenceView over an in-memory REF_MASTER that counts its reads: the first use loads every
// class; the pump's own writes are applied to the loaded view as REF_MASTER applies them, without
// reading it; invalidate() reads it again.
#include "msgx/pipeline/pump/StoreReferenceView.h"

#include "msgx/json/JsonValue.h"
#include "msgx/storage/InfraError.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

namespace msgx::pipeline {
namespace {

class CountingReferences final : public storage::ReferenceRepository {
public:
    void put(const std::string& rtype, const std::string& rkey, const std::string& itemJson) {
        classes[rtype][rkey] = storage::ReferenceRecord{rtype, rkey, itemJson, "message", {}, std::nullopt};
    }

    std::optional<storage::ReferenceRecord> find(const std::string& rtype, const std::string& rkey) override {
        const auto records = classes.find(rtype);
        if (records == classes.end() || !records->second.contains(rkey)) {
            return std::nullopt;
        }
        return records->second.at(rkey);
    }
    std::vector<storage::ReferenceRecord> listClass(const std::string& rtype) override {
        if (failing) {
            throw storage::InfraError(storage::InfraError::Reason::Unavailable,
                                      "store: list a reference class", "REF_MASTER is gone");
        }
        ++classReads[rtype];
        std::vector<storage::ReferenceRecord> out;
        if (const auto records = classes.find(rtype); records != classes.end()) {
            for (const auto& [rkey, record] : records->second) {
                out.push_back(record);
            }
        }
        return out;
    }
    std::vector<std::string> classNames() override {
        ++nameReads;
        std::vector<std::string> names;
        for (const auto& [rtype, records] : classes) {
            if (!records.empty()) {
                names.push_back(rtype);
            }
        }
        return names;
    }
    void apply(const std::vector<storage::ReferenceChange>&) override {
        throw std::logic_error("the view never writes");
    }

    std::map<std::string, std::map<std::string, storage::ReferenceRecord>> classes;
    std::map<std::string, int> classReads;
    int nameReads = 0;
    bool failing = false;
};

std::string textOf(const sdk::ReferenceItem* item, const std::string& field) {
    if (item == nullptr) {
        return "(no record)";
    }
    const sdk::Value* value = sdk::findField(*item, field);
    const auto* text = value == nullptr ? nullptr : std::get_if<std::string>(value);
    return text == nullptr ? "(no text)" : *text;
}

class StoreReferenceViewTest : public testing::Test {
protected:
    void SetUp() override {
        store_.put("GLST", "B12", R"({"GCOD": "B12", "GTML": "T2"})");
        store_.put("AIRL", "CA", R"({"ALCD": "CA", "ALNM": "Air China"})");
        store_.put("ABDG", "A1", R"({"ABCD": "A1", "STND": ["101", "102"]})");
    }

    CountingReferences store_;
    StoreReferenceView view_{store_};
};

TEST_F(StoreReferenceViewTest, TheFirstUseLoadsEveryClassOnceAndKeepsIt) {
    const auto& first = view_.current();
    EXPECT_EQ(textOf(first.find("GLST", "B12"), "GTML"), "T2");
    EXPECT_EQ(textOf(first.find("AIRL", "CA"), "ALNM"), "Air China");
    ASSERT_TRUE(first.airbridgesServing("101").has_value());
    EXPECT_EQ(*first.airbridgesServing("101"), sdk::StringList{"A1"});

    view_.current();
    EXPECT_EQ(store_.nameReads, 1);
    EXPECT_EQ(store_.classReads, (std::map<std::string, int>{{"ABDG", 1}, {"AIRL", 1}, {"GLST", 1}}));
}

storage::ReferenceChange upsert(const std::string& rtype, const std::string& rkey, const std::string& json,
                                const std::string& batch = "mailbox-7") {
    storage::ReferenceChange change;
    change.kind = storage::ReferenceChange::Kind::Upsert;
    change.rtype = rtype;
    change.rkey = rkey;
    change.itemJson = json;
    change.source = "message";
    change.batchId = batch;
    return change;
}

storage::ReferenceChange removal(const std::string& rtype, const std::string& rkey) {
    storage::ReferenceChange change;
    change.kind = storage::ReferenceChange::Kind::Delete;
    change.rtype = rtype;
    change.rkey = rkey;
    return change;
}

storage::ReferenceChange keepOnly(const std::string& rtype, const std::string& batch = "mailbox-7") {
    storage::ReferenceChange change;
    change.kind = storage::ReferenceChange::Kind::KeepOnlyBatch;
    change.rtype = rtype;
    change.batchId = batch;
    return change;
}

TEST_F(StoreReferenceViewTest, AppliedWritesAreSeenAtOnceWithoutReadingTheStore) {
    view_.current();

    view_.apply({upsert("GLST", "B12", R"({"GCOD": "B12", "GTML": "T3"})"),
                 upsert("GLST", "B13", R"({"GCOD": "B13", "GTML": "T3"})"), removal("AIRL", "CA"),
                 upsert("STTS", "ARR", R"({"STCD": "ARR"})")});

    const auto& view = view_.current();
    EXPECT_EQ(textOf(view.find("GLST", "B12"), "GTML"), "T3");
    EXPECT_EQ(textOf(view.find("GLST", "B13"), "GTML"), "T3");
    EXPECT_EQ(view.classSize("GLST"), 2U);
    EXPECT_EQ(view.find("AIRL", "CA"), nullptr);
    EXPECT_EQ(view.classSize("AIRL"), 0U);
    EXPECT_EQ(textOf(view.find("STTS", "ARR"), "STCD"), "ARR");
    EXPECT_EQ(store_.nameReads, 1);
    EXPECT_EQ(store_.classReads, (std::map<std::string, int>{{"ABDG", 1}, {"AIRL", 1}, {"GLST", 1}}));
}

// A ReplaceClass decision is written as the upserts of its records, tagged with the message's batch
// id, and a KeepOnlyBatch that removes the class's other records (referenceWrites): the view ends
// with exactly the records the message named, as REF_MASTER does.
TEST_F(StoreReferenceViewTest, AReplacedClassHoldsOnlyTheRecordsOfItsBatch) {
    store_.put("GLST", "B14", R"({"GCOD": "B14", "GTML": "T2"})");
    view_.current();

    view_.apply({upsert("GLST", "C1", R"({"GCOD": "C1"})", "mailbox-9"),
                 upsert("GLST", "B12", R"({"GCOD": "B12", "GTML": "T9"})", "mailbox-9"),
                 upsert("AIRL", "MU", R"({"ALCD": "MU"})", "mailbox-8"), keepOnly("GLST", "mailbox-9")});

    const auto& view = view_.current();
    EXPECT_EQ(view.classSize("GLST"), 2U);
    EXPECT_EQ(textOf(view.find("GLST", "B12"), "GTML"), "T9");
    EXPECT_NE(view.find("GLST", "C1"), nullptr);
    EXPECT_EQ(view.find("GLST", "B14"), nullptr);
    EXPECT_EQ(view.classSize("AIRL"), 2U); // another class's upsert with another batch id is kept
}

TEST_F(StoreReferenceViewTest, AppliedAirbridgesBuildTheStandMapAgain) {
    view_.current();

    view_.apply({upsert("ABDG", "A1", R"({"ABCD": "A1", "STND": ["103"]})"),
                 upsert("ABDG", "A2", R"({"ABCD": "A2", "STND": "103"})")});

    const auto& view = view_.current();
    EXPECT_EQ(*view.airbridgesServing("103"), (sdk::StringList{"A1", "A2"}));
    EXPECT_EQ(*view.airbridgesServing("101"), sdk::StringList{});

    view_.apply({removal("ABDG", "A1"), removal("ABDG", "A2")});
    EXPECT_FALSE(view_.current().airbridgesServing("103").has_value());
}

TEST_F(StoreReferenceViewTest, ApplyBeforeTheFirstUseChangesNothingTheStoreIsReadLater) {
    view_.apply({upsert("GLST", "B12", R"({"GCOD": "B12", "GTML": "T9"})")});

    EXPECT_EQ(store_.nameReads, 0);
    EXPECT_EQ(textOf(view_.current().find("GLST", "B12"), "GTML"), "T2"); // what the store holds
}

TEST_F(StoreReferenceViewTest, AfterInvalidateTheStoreIsReadAgainWithoutWhatWasApplied) {
    view_.current();
    view_.apply({upsert("GLST", "B12", R"({"GCOD": "B12", "GTML": "T9"})")});

    view_.invalidate(); // the pump: the message that wrote it was not committed

    EXPECT_EQ(textOf(view_.current().find("GLST", "B12"), "GTML"), "T2");
    EXPECT_EQ(store_.nameReads, 2);
}

TEST_F(StoreReferenceViewTest, AStoreFailureAtTheFirstUseKeepsNothing) {
    store_.failing = true;
    EXPECT_THROW(view_.current(), storage::InfraError);
    store_.failing = false;

    EXPECT_EQ(textOf(view_.current().find("GLST", "B12"), "GTML"), "T2");
    EXPECT_EQ(store_.nameReads, 2);
}

TEST_F(StoreReferenceViewTest, AnItemThatIsNoJsonObjectDropsTheView) {
    view_.current();
    store_.put("AIRL", "CA", R"({"ALCD": "CA", "ALNM": "renamed"})");

    EXPECT_THROW(view_.apply({upsert("GLST", "B12", "[1, 2]")}), json::JsonError);

    EXPECT_EQ(textOf(view_.current().find("AIRL", "CA"), "ALNM"), "renamed");
    EXPECT_EQ(store_.nameReads, 2);
}

} // namespace
} // namespace msgx::pipeline
