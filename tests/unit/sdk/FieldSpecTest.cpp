#include "msgx/sdk/FieldSpec.h"

#include "msgx/decoder/MessageDecoder.h"
#include "msgx/sdk/ListRules.h"

#include <gtest/gtest.h>

namespace msgx::sdk {
namespace {

codec::Element record(const std::string& inner) {
    auto decoded = codec::decodeMessage("<MSG><META><SNDR>A</SNDR><SEQN>1</SEQN><DTTM>20240101000000</DTTM>"
                                        "<TYPE>FLOP</TYPE><STYP>PSDT</STYP></META><FLOP>" +
                                        inner + "</FLOP></MSG>");
    EXPECT_TRUE(decoded.ok()) << (decoded.ok() ? "" : decoded.failure().reason);
    return *decoded.message().root().child("FLOP");
}

const codec::TimeZone kShanghai = codec::TimeZone::load("Asia/Shanghai");

TEST(FieldSpec, ReadsATimeAsUtcFromTheBusinessZone) {
    const auto flop = record("<STST>11JUN240705</STST>");
    const auto read = readField(flop, {"STST", "startTime", FieldType::Time}, kShanghai);
    ASSERT_TRUE(read.hasValue());
    EXPECT_EQ(std::get<std::string>(read.value), "2024-06-10T23:05:00Z");
}

TEST(FieldSpec, TellsAbsentEmptyAndInvalidApart) {
    const auto flop = record("<A/><B>  </B><C>31FEB241000</C>");
    EXPECT_EQ(readField(flop, {"X", "x", FieldType::Time}, kShanghai).state, codec::FieldState::Absent);
    EXPECT_EQ(readField(flop, {"A", "a", FieldType::Time}, kShanghai).state, codec::FieldState::Empty);
    EXPECT_EQ(readField(flop, {"B", "b", FieldType::Time}, kShanghai).state, codec::FieldState::Empty);
    const auto invalid = readField(flop, {"C", "c", FieldType::Time}, kShanghai);
    EXPECT_EQ(invalid.state, codec::FieldState::Invalid);
    const auto problem = problemOf(invalid, {"C", "c", FieldType::Time});
    ASSERT_TRUE(problem.has_value());
    EXPECT_EQ(problem->kind, Problem::Kind::CodecError);
    EXPECT_EQ(problem->why.rfind("C '31FEB241000' is not a valid", 0), 0u) << problem->why;
}

TEST(FieldSpec, ReadsAttributesAndOwnText) {
    const auto flop = record(R"(<DELY CODE = "WX" DURA="0135">fog</DELY>)");
    const auto& dely = *flop.child("DELY");
    EXPECT_EQ(
        std::get<std::string>(readField(dely, {"@CODE", "delayCode", FieldType::Text, 3}, kShanghai).value),
        "WX");
    EXPECT_EQ(std::get<std::int64_t>(
                  readField(dely, {"@DURA", "durationMinutes", FieldType::Duration}, kShanghai).value),
              95);
    EXPECT_EQ(std::get<std::string>(readField(dely, {".", "comment", FieldType::Text, 80}, kShanghai).value),
              "fog");
}

constexpr FieldSpec kStandFields[] = {
    {"@PSNO", "seq", FieldType::Byte, 0, true},
    {"PSST", "standCode", FieldType::Text, 8, true},
    {"STST", "startTime", FieldType::Time},
};

TEST(ListRules, ReadsARepeatGroupSortedByKey) {
    const auto flop =
        record(R"(<PSDT PSNO="2"><PSST>R07</PSST></PSDT><PSDT PSNO="1"><PSST>221</PSST><STST/></PSDT>)");
    const auto list = readList(flop, {"PSDT", "@PSNO", "seq", kStandFields}, kShanghai);
    ASSERT_TRUE(list.ok()) << list.problem().why;
    ASSERT_EQ(list.value().size(), 2u);
    EXPECT_EQ(list.value()[0], (ListEntry{{"seq", std::int64_t{1}}, {"standCode", std::string("221")}}));
    EXPECT_EQ(list.value()[1], (ListEntry{{"seq", std::int64_t{2}}, {"standCode", std::string("R07")}}));
}

TEST(ListRules, NamesTheGroupInProblems) {
    const auto missing = readList(record(R"(<PSDT PSNO="2"><STST>11JUN240705</STST></PSDT>)"),
                                  {"PSDT", "@PSNO", "seq", kStandFields}, kShanghai);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.problem().kind, Problem::Kind::Reject);
    EXPECT_EQ(missing.problem().why, "PSDT PSNO=2: PSST is missing");
    const auto twice =
        readList(record(R"(<PSDT PSNO="1"><PSST>1</PSST></PSDT><PSDT PSNO="1"><PSST>2</PSST></PSDT>)"),
                 {"PSDT", "@PSNO", "seq", kStandFields}, kShanghai);
    ASSERT_FALSE(twice.ok());
    EXPECT_EQ(twice.problem().why, "PSDT PSNO=1 occurs twice");
}

TEST(ListRules, KeepsFieldsOfUnchangedEntries) {
    const DetailList stored{
        {{"seq", std::int64_t{1}}, {"standCode", std::string("221")}, {"pushTime", std::string("t")}},
        {{"seq", std::int64_t{2}}, {"standCode", std::string("R07")}, {"pushTime", std::string("u")}}};
    const DetailList incoming{{{"seq", std::int64_t{1}}, {"standCode", std::string("221")}},
                              {{"seq", std::int64_t{2}}, {"standCode", std::string("R08")}}};
    constexpr std::string_view match[] = {"seq", "standCode"};
    constexpr std::string_view kept[] = {"pushTime"};
    const DetailList result = keepFieldsOfUnchangedEntries(stored, incoming, match, kept);
    EXPECT_EQ(result[0], stored[0]);
    EXPECT_EQ(result[1], incoming[1]); // changed stand: starts without push time
}

} // namespace
} // namespace msgx::sdk
