// The admin-API refresh without a server: one class validated and mapped from a JSON text
// (validateClassDocument), every reason that makes a class unusable, and the REF_MASTER changes of
// a publication.
#include "msgx/pipeline/reference/ReferenceRefresh.h"

#include "msgx/codec/ReferenceTypes.h"
#include "msgx/pipeline/requests/RequestDocuments.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace msgx::pipeline {
namespace {

using testing::HasSubstr;

config::RefreshClass gates() {
    config::RefreshClass gates;
    gates.rtype = "GLST";
    gates.url = "http://admin.example/api/gates";
    gates.key = "gateCode";
    gates.fields = {{"GCOD", "gateCode"}, {"GTNM", "name"},      {"GTML", "terminal"}, {"GMAX", "maxPax"},
                    {"GHGT", "height"},   {"GBRG", "hasBridge"}, {"STND", "stands"}};
    return gates;
}

// The problem of an unusable class ("" when the class is usable).
std::string problemOf(const std::string& body) {
    return validateClassDocument(gates(), body).problem.value_or("");
}

TEST(AdminApiClassDocument, AGoodClassMapsEachJsonTypeOntoItsFieldAndOnlyTheMappedFields) {
    const ValidatedClass validated = validateClassDocument(gates(), R"([
        {"gateCode": "B12", "name": " Gate B12 ", "terminal": "T2", "maxPax": 180, "height": 4.5,
         "hasBridge": true, "stands": ["417", "", " 418 "], "unmapped": {"ignored": 1}},
        {"gateCode": 7, "name": "", "terminal": null, "hasBridge": false, "stands": []}
    ])");

    ASSERT_FALSE(validated.problem) << *validated.problem;
    ASSERT_EQ(validated.records.size(), 2u);
    EXPECT_EQ(validated.records[0].first, "B12");
    const sdk::ReferenceItem first{{"GCOD", std::string("B12")},
                                   {"GTNM", std::string("Gate B12")},
                                   {"GTML", std::string("T2")},
                                   {"GMAX", std::int64_t{180}},
                                   {"GHGT", 4.5},
                                   {"GBRG", true},
                                   {"STND", sdk::StringList{"417", "418"}}};
    EXPECT_EQ(validated.records[0].second, first);
    // An integer key is its digits (also in the item, as the integer it is); an empty text and null
    // are absent; an empty array is an empty list; a missing member is absent.
    EXPECT_EQ(validated.records[1].first, "7");
    const sdk::ReferenceItem second{{"GCOD", std::int64_t{7}}, {"GBRG", false}, {"STND", sdk::StringList{}}};
    EXPECT_EQ(validated.records[1].second, second);
}

TEST(AdminApiClassDocument, TheKeyIsWrittenIntoTheItemOnlyWhenFieldsMapIt) {
    config::RefreshClass refreshed = gates();
    refreshed.fields = {{"GTNM", "name"}};
    const ValidatedClass validated =
        validateClassDocument(refreshed, R"([{"gateCode": " B12 ", "name": "x"}])");
    ASSERT_FALSE(validated.problem);
    EXPECT_EQ(validated.records.at(0).first, "B12") << "the key is trimmed";
    EXPECT_EQ(validated.records.at(0).second, (sdk::ReferenceItem{{"GTNM", std::string("x")}}));
}

TEST(AdminApiClassDocument, RecordsKeepTheDocumentOrder) {
    const ValidatedClass validated =
        validateClassDocument(gates(), R"([{"gateCode": "C1"}, {"gateCode": "A1"}, {"gateCode": "B1"}])");
    ASSERT_EQ(validated.records.size(), 3u);
    EXPECT_EQ(validated.records[0].first, "C1");
    EXPECT_EQ(validated.records[1].first, "A1");
    EXPECT_EQ(validated.records[2].first, "B1");
}

TEST(AdminApiClassDocument, NotJsonTruncatedJsonAndNotAnArrayAreUnusable) {
    EXPECT_THAT(problemOf("<html>502 Bad Gateway</html>"), HasSubstr("not valid JSON"));
    EXPECT_THAT(problemOf(R"([{"gateCode": "B12"}, {"gateCo)"), HasSubstr("not valid JSON"));
    EXPECT_THAT(problemOf(""), HasSubstr("not valid JSON"));
    EXPECT_EQ(problemOf(R"({"gateCode": "B12"})"), "the answer is not a JSON array but an object");
    EXPECT_THAT(problemOf(R"("B12")"), HasSubstr("not valid JSON")) << "Poco's parser takes no bare scalar";
}

TEST(AdminApiClassDocument, AnEmptyArrayIsNeverPublished) {
    EXPECT_EQ(problemOf("[]"), "the answer is an empty array: an empty class is never published");
    EXPECT_EQ(problemOf("  [ ]\n"), "the answer is an empty array: an empty class is never published");
}

TEST(AdminApiClassDocument, AnEntryThatIsNotAnObjectIsUnusable) {
    EXPECT_EQ(problemOf(R"([{"gateCode": "B12"}, "B13"])"), "record 2 is text, not a JSON object");
    EXPECT_EQ(problemOf(R"([null])"), "record 1 is null, not a JSON object");
}

TEST(AdminApiClassDocument, ARecordWithoutAUsableKeyIsUnusable) {
    EXPECT_EQ(problemOf(R"([{"gateCode": "B12"}, {"name": "x"}])"),
              "record 2: no key (member gateCode is missing)");
    EXPECT_EQ(problemOf(R"([{"gateCode": null}])"), "record 1: no key (member gateCode is null)");
    EXPECT_EQ(problemOf(R"([{"gateCode": "   "}])"), "record 1: no key (member gateCode is empty)");
    EXPECT_EQ(problemOf(R"([{"gateCode": 1.5}])"),
              "record 1: the key member gateCode must be a text or an integer, got a number");
    EXPECT_EQ(problemOf(R"([{"gateCode": true}])"),
              "record 1: the key member gateCode must be a text or an integer, got a flag");
    EXPECT_EQ(problemOf(R"([{"gateCode": ["B12"]}])"),
              "record 1: the key member gateCode must be a text or an integer, got an array");
    EXPECT_EQ(problemOf(R"([{"gateCode": ")" + std::string(201, 'G') + R"("}])"),
              "record 1: the key is longer than 200 characters");
}

TEST(AdminApiClassDocument, TwoRecordsWithOneKeyAreUnusable) {
    EXPECT_EQ(problemOf(R"([{"gateCode": "B12"}, {"gateCode": "B13"}, {"gateCode": " B12"}])"),
              "records 1 and 3 have the same key B12");
    EXPECT_EQ(problemOf(R"([{"gateCode": 12}, {"gateCode": "12"}])"), "records 1 and 2 have the same key 12");
}

TEST(AdminApiClassDocument, AnObjectOrAMixedArrayInAMappedMemberIsUnusable) {
    EXPECT_EQ(problemOf(R"([{"gateCode": "B12", "terminal": {"code": "T2"}}])"),
              "record 1 (key B12): member terminal (field GTML) is an object (no reference field holds one)");
    EXPECT_EQ(problemOf(R"([{"gateCode": "B12", "stands": ["417", 418]}])"),
              "record 1 (key B12): member stands (field STND) is an array whose entry 2 is an integer (only "
              "arrays of texts are lists)");
    EXPECT_EQ(problemOf(R"([{"gateCode": "B12", "stands": [["417"]]}])"),
              "record 1 (key B12): member stands (field STND) is an array whose entry 1 is an array (only "
              "arrays of texts are lists)");
    // The same value in a member nothing maps is ignored.
    EXPECT_EQ(problemOf(R"([{"gateCode": "B12", "other": {"code": "T2"}, "more": [1, "x"]}])"), "");
}

TEST(AdminApiClassDocument, OneBadRecordMakesTheWholeClassUnusable) {
    const ValidatedClass validated =
        validateClassDocument(gates(), R"([{"gateCode": "B1"}, {"gateCode": "B2"}, {"gateCode": ""}])");
    EXPECT_TRUE(validated.problem);
    EXPECT_TRUE(validated.records.empty()) << "nothing of an unusable class is handed on";
}

TEST(AdminApiPublication, UpsertsEveryRecordWithSourceAndBatchThenKeepsOnlyTheBatch) {
    const std::vector<std::pair<std::string, sdk::ReferenceItem>> records{
        {"B12", {{"GCOD", std::string("B12")}, {"GMAX", std::int64_t{180}}}}, {"A1", {}}};
    const auto changes = publicationOf("GLST", records, "admin-api:GLST:2024-03-18T07:00:00Z");

    ASSERT_EQ(changes.size(), 3u);
    EXPECT_EQ(changes[0].kind, storage::ReferenceChange::Kind::Upsert);
    EXPECT_EQ(changes[0].rtype, "GLST");
    EXPECT_EQ(changes[0].rkey, "B12");
    EXPECT_EQ(changes[0].itemJson, R"({"GCOD":"B12","GMAX":180})");
    EXPECT_EQ(changes[0].source, "admin-api");
    EXPECT_EQ(changes[0].batchId, "admin-api:GLST:2024-03-18T07:00:00Z");
    EXPECT_EQ(changes[1].rkey, "A1");
    EXPECT_EQ(changes[1].itemJson, "{}");
    EXPECT_EQ(changes[2].kind, storage::ReferenceChange::Kind::KeepOnlyBatch);
    EXPECT_EQ(changes[2].rtype, "GLST");
    EXPECT_EQ(changes[2].batchId, "admin-api:GLST:2024-03-18T07:00:00Z");
}

TEST(AdminApiPublication, TheBatchIdNamesTheClassAndTheRefreshTimeInUtc) {
    using namespace std::chrono;
    const Clock::time_point at =
        time_point_cast<Clock::duration>(sys_days{2024y / 3 / 18} + 7h + 5min) + 250ms;
    EXPECT_EQ(refreshBatchId("ORMS_STAND_AIRBRIDGE", at),
              "admin-api:ORMS_STAND_AIRBRIDGE:2024-03-18T07:05:00Z");
    EXPECT_LE(refreshBatchId("ORMS_STAND_AIRBRIDGE", at).size(), 64u) << "REF_MASTER.BATCH_ID holds 64";
}

// The refresh class names: the 23 reference types (the same list the requests use) and the two
// stand classes of US-14.
TEST(AdminApiClasses, TheClassNamesAreTheReferenceTypesAndTheTwoStandClasses) {
    EXPECT_EQ(codec::kReferenceTypes.size(), 23u);
    EXPECT_EQ(config::refreshClassType("ORMS_STAND"), "SLST");
    EXPECT_EQ(config::refreshClassType("ORMS_STAND_AIRBRIDGE"), "ABDG");
    EXPECT_EQ(config::refreshClassType("REGN"), "REGN");
    EXPECT_EQ(config::refreshClassType("SCHS"), std::nullopt);
    EXPECT_EQ(config::refreshClassType("glst"), std::nullopt);
}

} // namespace
} // namespace msgx::pipeline
