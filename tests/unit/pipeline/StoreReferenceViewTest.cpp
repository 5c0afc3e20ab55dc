// StoreReferenceView over an in-memory REF_MASTER that counts its reads: the first use loads every
// class, reload() reads only the classes it is given, and what it reads replaces what was held.
#include "msgx/pipeline/StoreReferenceView.h"

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

TEST_F(StoreReferenceViewTest, ReloadReadsOnlyTheChangedClassAndSeesItsChange) {
    view_.current();
    store_.put("GLST", "B12", R"({"GCOD": "B12", "GTML": "T3"})");
    store_.put("GLST", "B13", R"({"GCOD": "B13", "GTML": "T3"})");
    store_.put("AIRL", "CA", R"({"ALCD": "CA", "ALNM": "not read again"})");

    view_.reload({"GLST"});

    const auto& view = view_.current();
    EXPECT_EQ(textOf(view.find("GLST", "B12"), "GTML"), "T3");
    EXPECT_EQ(textOf(view.find("GLST", "B13"), "GTML"), "T3");
    EXPECT_EQ(view.classSize("GLST"), 2U);
    EXPECT_EQ(textOf(view.find("AIRL", "CA"), "ALNM"), "Air China"); // held, not read
    EXPECT_EQ(store_.nameReads, 1);
    EXPECT_EQ(store_.classReads, (std::map<std::string, int>{{"ABDG", 1}, {"AIRL", 1}, {"GLST", 2}}));
}

TEST_F(StoreReferenceViewTest, ReloadAddsANewClassAndDropsOneWithoutRecords) {
    view_.current();
    store_.put("STTS", "ARR", R"({"STCD": "ARR"})");
    store_.classes.erase("AIRL");

    view_.reload({"STTS", "AIRL"});

    const auto& view = view_.current();
    EXPECT_EQ(textOf(view.find("STTS", "ARR"), "STCD"), "ARR");
    EXPECT_EQ(view.find("AIRL", "CA"), nullptr);
    EXPECT_EQ(view.classSize("AIRL"), 0U);
}

TEST_F(StoreReferenceViewTest, ReloadOfTheAirbridgesBuildsTheStandMapAgain) {
    view_.current();
    store_.put("ABDG", "A1", R"({"ABCD": "A1", "STND": ["103"]})");

    view_.reload({"ABDG"});

    const auto& view = view_.current();
    EXPECT_EQ(*view.airbridgesServing("103"), sdk::StringList{"A1"});
    EXPECT_EQ(*view.airbridgesServing("101"), sdk::StringList{});

    store_.classes.erase("ABDG");
    view_.reload({"ABDG"});
    EXPECT_FALSE(view_.current().airbridgesServing("103").has_value());
}

TEST_F(StoreReferenceViewTest, ReloadBeforeTheFirstUseReadsNothing) {
    view_.reload({"GLST"});
    EXPECT_EQ(store_.nameReads, 0);
    EXPECT_TRUE(store_.classReads.empty());
}

TEST_F(StoreReferenceViewTest, AFailedReloadDropsTheViewSoTheNextUseLoadsEveryClass) {
    view_.current();
    store_.put("AIRL", "CA", R"({"ALCD": "CA", "ALNM": "renamed"})");
    store_.failing = true;
    EXPECT_THROW(view_.reload({"GLST"}), storage::InfraError);
    store_.failing = false;

    EXPECT_EQ(textOf(view_.current().find("AIRL", "CA"), "ALNM"), "renamed");
    EXPECT_EQ(store_.nameReads, 2);
}

} // namespace
} // namespace msgx::pipeline
