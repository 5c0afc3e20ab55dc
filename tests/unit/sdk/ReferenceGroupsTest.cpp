#include "msgx/sdk/ReferenceGroups.h"

#include "msgx/decoder/MessageDecoder.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace msgx::sdk {
namespace {

const codec::TimeZone kShanghai = codec::TimeZone::load("Asia/Shanghai");

codec::Message message(const std::string& type, const std::string& subtype, const std::string& records) {
    auto decoded =
        codec::decodeMessage("<MSG><META><SNDR>AODB</SNDR><SEQN>1</SEQN><DTTM>20240412143005</DTTM>"
                             "<TYPE>" +
                             type + "</TYPE><STYP>" + subtype + "</STYP></META>" + records + "</MSG>");
    EXPECT_TRUE(decoded.ok()) << (decoded.ok() ? "" : decoded.failure().reason);
    return decoded.message();
}

// The first `type` record of a message holding `inner`.
codec::Element record(const std::string& type, const std::string& inner) {
    const codec::Message decoded = message(type, "ADD", "<" + type + ">" + inner + "</" + type + ">");
    return *decoded.root().child(type);
}

Fields fieldsOf(const Checked<ReferenceGroupRead>& read) {
    EXPECT_TRUE(read.ok()) << (read.ok() ? "" : read.problem().why);
    return read.ok() ? read.value().fields : Fields{};
}

Fields text(std::initializer_list<std::pair<const char*, const char*>> values) {
    Fields fields;
    for (const auto& [name, value] : values) {
        fields.emplace(name, Value(std::string(value)));
    }
    return fields;
}

// --- readAbbreviationSlots (ARPT/CITY ABBR) ---

TEST(ReadAbbreviationSlots, WritesEachSlotByItsCode) {
    const auto arpt =
        record("ARPT", R"(<ITCD>TFU</ITCD><ABBR CODE="ABR1">TF</ABBR><ABBR CODE="ABR4"> 天府 </ABBR>)");
    const auto read = readAbbreviationSlots(arpt, kShanghai);
    EXPECT_EQ(fieldsOf(read), text({{"ABR1", "TF"}, {"ABR4", "天府"}}));
    EXPECT_TRUE(read.value().notes.empty());
}

TEST(ReadAbbreviationSlots, NoAbbrGivesNoField) {
    const auto read = readAbbreviationSlots(record("ARPT", "<ITCD>TFU</ITCD>"), kShanghai);
    EXPECT_EQ(fieldsOf(read), Fields{});
    EXPECT_TRUE(read.value().notes.empty());
}

TEST(ReadAbbreviationSlots, EmptyTextLeavesTheSlotAbsentAndDoesNotClearAnEarlierOne) {
    const auto arpt =
        record("ARPT", R"(<ABBR CODE="ABR1">TF</ABBR><ABBR CODE="ABR1"></ABBR><ABBR CODE="ABR2"/>)"
                       R"(<ABBR CODE="ABR3">   </ABBR>)");
    EXPECT_EQ(fieldsOf(readAbbreviationSlots(arpt, kShanghai)), text({{"ABR1", "TF"}}));
}

TEST(ReadAbbreviationSlots, TheLaterAbbrOfASlotWins) {
    const auto city = record("CITY", R"(<ABBR CODE="ABR2">乌</ABBR><ABBR CODE="ABR2">乌市</ABBR>)");
    EXPECT_EQ(fieldsOf(readAbbreviationSlots(city, kShanghai)), text({{"ABR2", "乌市"}}));
}

TEST(ReadAbbreviationSlots, IgnoresUnknownEmptyAbsentAndLowerCaseCodesWithANote) {
    const auto arpt = record("ARPT", R"(<ABBR CODE="ABR7">X</ABBR><ABBR CODE="">Y</ABBR><ABBR>Z</ABBR>)"
                                     R"(<ABBR CODE="abr1">tf</ABBR><ABBR CODE="ABR0">)" +
                                         std::string(40, 'L') + R"(</ABBR><ABBR CODE="ABR6">短名</ABBR>)");
    const auto read = readAbbreviationSlots(arpt, kShanghai);
    EXPECT_EQ(fieldsOf(read), text({{"ABR6", "短名"}}));
    const std::vector<std::string> notes = {"ABBR CODE=ABR7 ignored", "ABBR CODE= ignored",
                                            "ABBR CODE= ignored", "ABBR CODE=abr1 ignored",
                                            "ABBR CODE=ABR0 ignored"};
    EXPECT_EQ(read.value().notes, notes); // an ignored ABBR's text is not read, however long
}

TEST(ReadAbbreviationSlots, TextOverThirtyCharactersIsACodecError) {
    const auto ok = record("ARPT", R"(<ABBR CODE="ABR4">)" + std::string(30, 'A') + "</ABBR>");
    EXPECT_TRUE(readAbbreviationSlots(ok, kShanghai).ok());
    const auto arpt =
        record("ARPT", R"(<ABBR CODE="ABR1">TF</ABBR><ABBR CODE="ABR3">)" + std::string(31, 'A') + "</ABBR>");
    const auto read = readAbbreviationSlots(arpt, kShanghai);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.problem().kind, Problem::Kind::CodecError);
    EXPECT_EQ(read.problem().why.rfind("ABBR CODE=ABR3: text '", 0), 0u) << read.problem().why;
    EXPECT_NE(read.problem().why.find("31 characters, at most 30 allowed"), std::string::npos)
        << read.problem().why;
}

TEST(ReadAbbreviationSlots, CountsChineseTextInCharacters) {
    const auto arpt =
        record("ARPT", R"(<ABBR CODE="ABR6">)" + std::string() +
                           "成都天府国际机场成都天府国际机场成都天府国际机场成都天府国际" + "</ABBR>");
    EXPECT_EQ(std::get<std::string>(fieldsOf(readAbbreviationSlots(arpt, kShanghai)).at("ABR6")),
              "成都天府国际机场成都天府国际机场成都天府国际机场成都天府国际");
}

// --- readDefaultTerminals (AIRL TRML) ---

TEST(ReadDefaultTerminals, OneFieldPerMovementAndSectorCombination) {
    const auto airl = record(
        "AIRL", R"(<ITOP>3U</ITOP><TRML MVIN="A" FLIN="D">T1</TRML><TRML MVIN="D" FLIN="I">T2</TRML>)");
    EXPECT_EQ(fieldsOf(readDefaultTerminals(airl, kShanghai)),
              text({{"TRML/A/D", "T1"}, {"TRML/D/I", "T2"}}));
}

TEST(ReadDefaultTerminals, AbsentOrEmptyAttributesAreADash) {
    const auto airl =
        record("AIRL", R"(<TRML>T1</TRML><TRML MVIN="A">T2</TRML><TRML MVIN=" " FLIN="I">T3</TRML>)");
    EXPECT_EQ(fieldsOf(readDefaultTerminals(airl, kShanghai)),
              text({{"TRML/-/-", "T1"}, {"TRML/A/-", "T2"}, {"TRML/-/I", "T3"}}));
}

TEST(ReadDefaultTerminals, NoTrmlGivesNoField) {
    EXPECT_EQ(fieldsOf(readDefaultTerminals(record("AIRL", "<ITOP>3U</ITOP>"), kShanghai)), Fields{});
}

TEST(ReadDefaultTerminals, EmptyTerminalsAreDropped) {
    const auto airl = record("AIRL", R"(<TRML MVIN="A" FLIN="D"></TRML><TRML MVIN="D" FLIN="I">T2</TRML>)"
                                     R"(<TRML MVIN="D" FLIN="I"/><TRML>  </TRML>)");
    EXPECT_EQ(fieldsOf(readDefaultTerminals(airl, kShanghai)), text({{"TRML/D/I", "T2"}}));
}

TEST(ReadDefaultTerminals, TheLaterTrmlOfACombinationWins) {
    const auto airl =
        record("AIRL", R"(<TRML MVIN="A" FLIN="I">T1</TRML><TRML MVIN="A" FLIN="I"> T2 </TRML>)");
    EXPECT_EQ(fieldsOf(readDefaultTerminals(airl, kShanghai)), text({{"TRML/A/I", "T2"}}));
}

TEST(ReadDefaultTerminals, AMovementOrSectorOutsideItsCodesIsAReject) {
    const auto badMovement = readDefaultTerminals(
        record("AIRL", R"(<TRML MVIN="A" FLIN="D">T1</TRML><TRML MVIN="X" FLIN="I">T2</TRML>)"), kShanghai);
    ASSERT_FALSE(badMovement.ok());
    EXPECT_EQ(badMovement.problem().kind, Problem::Kind::Reject);
    EXPECT_EQ(badMovement.problem().why, "TRML #2: MVIN 'X' is not one of A, D");

    const auto lowerCase =
        readDefaultTerminals(record("AIRL", R"(<TRML MVIN="A" FLIN="d">T1</TRML>)"), kShanghai);
    ASSERT_FALSE(lowerCase.ok());
    EXPECT_EQ(lowerCase.problem().why, "TRML #1: FLIN 'd' is not one of I, D");

    // an empty terminal is dropped before its attributes are looked at
    EXPECT_TRUE(readDefaultTerminals(record("AIRL", R"(<TRML MVIN="X"></TRML>)"), kShanghai).ok());
}

TEST(ReadDefaultTerminals, ATerminalOverFiveCharactersIsACodecErrorBeforeAnyReject) {
    const auto read = readDefaultTerminals(
        record("AIRL", R"(<TRML MVIN="Q">T1</TRML><TRML MVIN="A" FLIN="D">T1-WEST</TRML>)"), kShanghai);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.problem().kind, Problem::Kind::CodecError);
    EXPECT_EQ(read.problem().why.rfind("TRML #2: text 'T1-WEST' is not a valid text C(5)", 0), 0u)
        << read.problem().why;
}

// --- readSubCompanies (AIRL SUBC) ---

TEST(ReadSubCompanies, ListsTheCodesAndTheirNames) {
    const auto airl =
        record("AIRL", "<ITOP>3U</ITOP><SUBC><CODE>CQ</CODE><NAME>Chongqing Branch</NAME>"
                       "<NAMC>重庆分公司</NAMC></SUBC><SUBC><CODE>XN</CODE><NAME>Xinjiang</NAME></SUBC>");
    Fields expected = text(
        {{"SUBC/CQ/NAME", "Chongqing Branch"}, {"SUBC/CQ/NAMC", "重庆分公司"}, {"SUBC/XN/NAME", "Xinjiang"}});
    expected.emplace("SUBC", Value(StringList{"CQ", "XN"}));
    EXPECT_EQ(fieldsOf(readSubCompanies(airl, kShanghai)), expected);
}

TEST(ReadSubCompanies, NoSubcGivesNoField) {
    EXPECT_EQ(fieldsOf(readSubCompanies(record("AIRL", "<ITOP>3U</ITOP>"), kShanghai)), Fields{});
}

TEST(ReadSubCompanies, EmptyNamesAreLeftOutAndValuesTrimmed) {
    const auto airl = record("AIRL", "<SUBC><CODE> CQ </CODE><NAME/><NAMC>   </NAMC></SUBC>");
    Fields expected;
    expected.emplace("SUBC", Value(StringList{"CQ"}));
    EXPECT_EQ(fieldsOf(readSubCompanies(airl, kShanghai)), expected);
}

TEST(ReadSubCompanies, ARepeatedCodeKeepsItsFirstPlaceAndItsLaterGroupWinsWhole) {
    const auto airl =
        record("AIRL", "<SUBC><CODE>CQ</CODE><NAME>Old</NAME><NAMC>旧</NAMC></SUBC>"
                       "<SUBC><CODE>XN</CODE></SUBC><SUBC><CODE>CQ</CODE><NAME>New</NAME></SUBC>");
    Fields expected = text({{"SUBC/CQ/NAME", "New"}});
    expected.emplace("SUBC", Value(StringList{"CQ", "XN"}));
    EXPECT_EQ(fieldsOf(readSubCompanies(airl, kShanghai)), expected);
}

TEST(ReadSubCompanies, AGroupWithoutCodeIsAReject) {
    const auto missing = readSubCompanies(
        record("AIRL", "<SUBC><CODE>CQ</CODE></SUBC><SUBC><NAME>Branch</NAME></SUBC>"), kShanghai);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.problem().kind, Problem::Kind::Reject);
    EXPECT_EQ(missing.problem().why, "SUBC #2: CODE is missing");

    const auto empty =
        readSubCompanies(record("AIRL", "<SUBC><CODE> </CODE><NAME>Branch</NAME></SUBC>"), kShanghai);
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.problem().why, "SUBC #1: CODE is empty");

    const auto marker = readSubCompanies(record("AIRL", "<SUBC/>"), kShanghai);
    ASSERT_FALSE(marker.ok());
    EXPECT_EQ(marker.problem().why, "SUBC #1: CODE is missing");
}

TEST(ReadSubCompanies, AValueOverItsLengthIsACodecErrorBeforeAnyReject) {
    const auto longName =
        readSubCompanies(record("AIRL", "<SUBC><NAME>x</NAME></SUBC><SUBC><CODE>CA1</CODE><NAME>" +
                                            std::string(31, 'N') + "</NAME></SUBC>"),
                         kShanghai);
    ASSERT_FALSE(longName.ok());
    EXPECT_EQ(longName.problem().kind, Problem::Kind::CodecError);
    EXPECT_EQ(longName.problem().why.rfind("SUBC CODE=CA1: NAME '", 0), 0u) << longName.problem().why;

    const auto longCode =
        readSubCompanies(record("AIRL", "<SUBC><CODE>CHONGQING01</CODE></SUBC>"), kShanghai); // 11 > C(10)
    ASSERT_FALSE(longCode.ok());
    EXPECT_EQ(longCode.problem().kind, Problem::Kind::CodecError);
    EXPECT_EQ(longCode.problem().why.rfind(
                  "SUBC CODE=CHONGQING01: CODE 'CHONGQING01' is not a valid text C(10)", 0),
              0u)
        << longCode.problem().why;
}

// --- decideReferenceMessage with group readers ---

class StoredClass final : public ReferenceView {
public:
    std::map<std::string, ReferenceItem, std::less<>> records;

    [[nodiscard]] const ReferenceItem* find(std::string_view, std::string_view rkey) const override {
        const auto it = records.find(rkey);
        return it == records.end() ? nullptr : &it->second;
    }
    [[nodiscard]] std::size_t classSize(std::string_view) const override { return records.size(); }
    [[nodiscard]] std::optional<StringList> airbridgesServing(std::string_view) const override {
        return std::nullopt;
    }
};

constexpr FieldSpec kAirportFields[] = {{"ITCD", "ITCD", FieldType::Text, 3, true},
                                        {"ANAM", "ANAM", FieldType::Text, 30}};
constexpr ReferenceGroupReader kAirportGroups[] = {readAbbreviationSlots};
constexpr FieldSpec kAirlineFields[] = {{"ITOP", "ITOP", FieldType::Text, 3, true},
                                        {"ICOP", "ICOP", FieldType::Text, 3}};
constexpr ReferenceGroupReader kAirlineGroups[] = {readDefaultTerminals, readSubCompanies};

Decision decide(const StoredClass& stored, const codec::Message& decoded, const ReferenceClassSpec& spec) {
    const HandlerContext context{std::chrono::sys_seconds{}, kShanghai, stored};
    return decideReferenceMessage(context, decoded, spec);
}

TEST(ReferenceGroupsInDecide, GroupFieldsJoinTheRecordAndNotesNameIt) {
    StoredClass stored;
    const auto decoded = message("ARPT", "ADD",
                                 R"(<ARPT><ITCD>TFU</ITCD><ANAM>TIANFU</ANAM><ABBR CODE="ABR1">TF</ABBR>)"
                                 R"(<ABBR CODE="ABR9">X</ABBR></ARPT>)");
    const Decision decision = decide(stored, decoded, {"ARPT", "ITCD", kAirportFields, kAirportGroups});
    ASSERT_EQ(decision.outcome, Decision::Outcome::Apply) << decision.reason;
    ASSERT_EQ(decision.references.size(), 1u);
    EXPECT_EQ(decision.references[0].item, text({{"ITCD", "TFU"}, {"ANAM", "TIANFU"}, {"ABR1", "TF"}}));
    EXPECT_EQ(decision.notes, std::vector<std::string>{"ARPT TFU: ABBR CODE=ABR9 ignored"});
}

TEST(ReferenceGroupsInDecide, AnUpdateWithoutTheGroupsDropsTheStoredOnes) {
    StoredClass stored;
    stored.records["3U"] = text({{"ITOP", "3U"}, {"TRML/A/D", "T1"}, {"SUBC/CQ/NAME", "Chongqing"}});
    stored.records["3U"].emplace("SUBC", Value(StringList{"CQ"}));
    const auto decoded = message("AIRL", "UPD", "<AIRL><ITOP>3U</ITOP><ICOP>CSC</ICOP></AIRL>");
    const Decision decision = decide(stored, decoded, {"AIRL", "ITOP", kAirlineFields, kAirlineGroups});
    ASSERT_EQ(decision.references.size(), 1u);
    EXPECT_EQ(decision.references[0].item, text({{"ITOP", "3U"}, {"ICOP", "CSC"}}));
}

TEST(ReferenceGroupsInDecide, ACodecErrorWinsOverARejectAndDelReadsOnlyTheKey) {
    StoredClass stored;
    const auto twoRecords = message("AIRL", "ADD",
                                    R"(<AIRL><ITOP>3U</ITOP><TRML MVIN="X">T1</TRML></AIRL>)"
                                    R"(<AIRL><ITOP>CA</ITOP><TRML>TERMINAL 3</TRML></AIRL>)");
    const Decision failed = decide(stored, twoRecords, {"AIRL", "ITOP", kAirlineFields, kAirlineGroups});
    EXPECT_EQ(failed.outcome, Decision::Outcome::Fail);
    EXPECT_EQ(failed.reason.rfind("record 2: AIRL CA: TRML #1: text 'TERMINAL 3' is not a valid", 0), 0u)
        << failed.reason;

    // within one record: a flat field's codec error wins over a group's reject, and a later group's
    // codec error over an earlier group's reject
    const auto flatCodec =
        message("AIRL", "ADD", R"(<AIRL><ITOP>3U</ITOP><ICOP>CSCX</ICOP><TRML MVIN="X">T1</TRML></AIRL>)");
    const Decision flatFailed = decide(stored, flatCodec, {"AIRL", "ITOP", kAirlineFields, kAirlineGroups});
    EXPECT_EQ(flatFailed.outcome, Decision::Outcome::Fail);
    EXPECT_EQ(flatFailed.reason.rfind("AIRL 3U: ICOP 'CSCX' is not a valid", 0), 0u) << flatFailed.reason;
    const auto groupCodec = message(
        "AIRL", "ADD",
        R"(<AIRL><ITOP>3U</ITOP><TRML MVIN="X">T1</TRML><SUBC><CODE>CHONGQING01</CODE></SUBC></AIRL>)");
    const Decision groupFailed = decide(stored, groupCodec, {"AIRL", "ITOP", kAirlineFields, kAirlineGroups});
    EXPECT_EQ(groupFailed.outcome, Decision::Outcome::Fail);
    EXPECT_EQ(groupFailed.reason.rfind("AIRL 3U: SUBC CODE=CHONGQING01: CODE ", 0), 0u) << groupFailed.reason;

    const auto rejected = message("AIRL", "ADD", R"(<AIRL><ITOP>3U</ITOP><TRML MVIN="X">T1</TRML></AIRL>)");
    const Decision skipped = decide(stored, rejected, {"AIRL", "ITOP", kAirlineFields, kAirlineGroups});
    EXPECT_EQ(skipped.outcome, Decision::Outcome::Skip);
    EXPECT_EQ(skipped.reason, "rejected:AIRL 3U: TRML #1: MVIN 'X' is not one of A, D");

    stored.records["3U"] = text({{"ITOP", "3U"}});
    const auto deletion =
        message("AIRL", "DEL", R"(<AIRL><ITOP>3U</ITOP><TRML MVIN="X">T1</TRML><SUBC/></AIRL>)");
    const Decision deleted = decide(stored, deletion, {"AIRL", "ITOP", kAirlineFields, kAirlineGroups});
    EXPECT_EQ(deleted.outcome, Decision::Outcome::Apply) << deleted.reason;
    ASSERT_EQ(deleted.references.size(), 1u);
    EXPECT_EQ(deleted.references[0].kind, ReferenceChange::Kind::Delete);
}

} // namespace
} // namespace msgx::sdk
