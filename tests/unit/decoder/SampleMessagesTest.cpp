// The upstream samples of the spec pages (kept in the decoder fuzz corpus) decode with the right
// META and tree, and their values parse.

#include "FieldAssertions.h"
#include "msgx/codec/DateTimeFields.h"
#include "msgx/codec/NumberFields.h"
#include "msgx/codec/TextFields.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/decoder/MessageDecoder.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

using namespace std::chrono;
using namespace msgx::codec;
using msgx::codec::test::IsValue;

namespace {

Message decodeSample(const std::string& file) {
    std::ifstream in(std::string(MSGX_DECODER_CORPUS_DIR) + "/" + file, std::ios::binary);
    EXPECT_TRUE(in.good()) << file;
    const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    DecodeResult result = decodeMessage(xml);
    if (!result.ok()) {
        ADD_FAILURE() << file << ": " << result.failure().reason;
        return Message(Meta{}, Element("MSG", {}, {}, {}, 0), {});
    }
    EXPECT_EQ(result.message().raw(), xml);
    return result.takeMessage();
}

local_seconds localAt(year_month_day date, hours h, minutes m) {
    return local_days{date} + h + m;
}

} // namespace

TEST(SampleMessages, FlopPsdtFromFlopMd) {
    const Message message = decodeSample("sample-flop-psdt.xml");
    EXPECT_EQ(message.meta().sender, "AODB");
    EXPECT_EQ(message.meta().sequence, "610036");
    EXPECT_EQ(message.meta().createdAt, "20240611060000");
    EXPECT_EQ(message.key(), "FLOP-PSDT");
    EXPECT_TRUE(
        IsValue(parseMessageTimestamp(message.meta().createdAt), localAt(2024y / June / 11, 6h, 0min)));

    const auto flops = message.root().children("FLOP");
    ASSERT_EQ(flops.size(), 1u);
    const Element& flop = *flops[0];
    EXPECT_TRUE(IsValue(parseLong(flop.childText("FLID")), std::int64_t{64300120}));
    EXPECT_EQ(flop.childText("FFID"), "HU-HU7302-A-11JUN240705-D");
    const auto stands = flop.children("PSDT");
    ASSERT_EQ(stands.size(), 2u);
    EXPECT_TRUE(IsValue(parseByte(stands[0]->attribute("PSNO")), 1));
    EXPECT_TRUE(IsValue(parseText(stands[0]->childText("PSST"), 8), "221"));
    EXPECT_TRUE(
        IsValue(parseFieldDateTime(stands[0]->childText("STST")), localAt(2024y / June / 11, 7h, 5min)));
    EXPECT_TRUE(
        IsValue(parseFieldDateTime(stands[0]->childText("STET")), localAt(2024y / June / 11, 9h, 30min)));
    EXPECT_TRUE(IsValue(parseByte(stands[1]->attribute("PSNO")), 2));
    EXPECT_EQ(stands[1]->childText("PSST"), "R07");
    EXPECT_TRUE(
        IsValue(parseFieldDateTime(stands[1]->childText("STET")), localAt(2024y / June / 11, 13h, 20min)));

    const TimeZone shanghai = TimeZone::load("Asia/Shanghai");
    EXPECT_EQ(shanghai.toUtc(parseFieldDateTime(stands[0]->childText("STST")).value()),
              sys_days{2024y / June / 10} + 23h + 5min);
}

TEST(SampleMessages, FlopAbtmFromFlopMd) {
    const Message message = decodeSample("sample-flop-abtm.xml");
    EXPECT_EQ(message.key(), "FLOP-ABTM");
    const auto bridges = message.root().child("FLOP")->children("ABTM");
    ASSERT_EQ(bridges.size(), 2u);
    EXPECT_EQ(bridges[1]->attribute("ASNO"), "2");
    EXPECT_EQ(bridges[1]->childText("ABOP"), "D");
    EXPECT_TRUE(
        IsValue(parseFieldDateTime(bridges[1]->childText("AOTM")), localAt(2024y / June / 3, 10h, 31min)));
}

TEST(SampleMessages, SchdDnldFromScheduleMd) {
    const Message message = decodeSample("sample-schd-dnld.xml");
    EXPECT_EQ(message.meta().sequence, "70412");
    EXPECT_EQ(message.meta().createdAt, "20240306221840");
    EXPECT_EQ(message.key(), "SCHD-DNLD");
    EXPECT_EQ(message.root().attribute("xmlns:xsi"), "http://www.w3.org/2001/XMLSchema-instance");
    EXPECT_EQ(message.root().attribute("xsi:noNamespaceSchemaLocation"), "unisysaodbsis.xsd");

    const Element* schd = message.root().child("SCHD");
    ASSERT_NE(schd, nullptr);
    EXPECT_TRUE(IsValue(parseInt(schd->childText("RECS")), 3));
    const auto flights = schd->children("FLTR");
    ASSERT_EQ(flights.size(), 3u);

    const Element& arrival = *flights[0];
    EXPECT_TRUE(IsValue(parseLong(arrival.childText("FLID")), std::int64_t{880301}));
    EXPECT_EQ(arrival.childText("FLNO"), "3U8842");
    EXPECT_EQ(arrival.childText("MVIN"), "A");
    EXPECT_TRUE(
        IsValue(parseFieldDateTime(arrival.childText("SODT")), localAt(2024y / March / 7, 8h, 15min)));
    EXPECT_TRUE(IsValue(parseShort(arrival.childText("MAXP")), 158));
    EXPECT_TRUE(IsValue(parseInt(arrival.childText("MHAG")), 31005));
    EXPECT_EQ(arrival.child("PSDT")->attribute("PSNO"), "1");
    EXPECT_EQ(arrival.child("CLDT")->childText("BELT"), "7");
    const auto route = arrival.children("ERUT");
    ASSERT_EQ(route.size(), 2u);
    EXPECT_EQ(route[0]->childText("APCD"), "KMG");
    EXPECT_EQ(route[0]->childText("SCAT"), std::nullopt);
    EXPECT_TRUE(
        IsValue(parseFieldDateTime(route[1]->childText("SCAT")), localAt(2024y / March / 7, 8h, 15min)));

    const Element& departure = *flights[1];
    EXPECT_EQ(departure.childText("MVIN"), "D");
    EXPECT_EQ(departure.child("GTDT")->childText("GATE"), "B12");
    EXPECT_EQ(departure.child("CKDT")->childText("CHKC"), "C21");

    const Element& codeShare = *flights[2];
    EXPECT_EQ(codeShare.childText("FLNO"), "MU5427");
    EXPECT_TRUE(IsValue(parseLong(codeShare.childText("MAID")), std::int64_t{880302}));
    EXPECT_EQ(codeShare.childText("CSFT"), "3U8841");
}

TEST(SampleMessages, SchdUpdWithChineseDelayText) {
    const Message message = decodeSample("sample-schd-upd-chinese.xml");
    EXPECT_EQ(message.key(), "SCHD-UPD");
    const Element& flight = *message.root().child("SCHD")->child("FLTR");
    const Element& delay = *flight.child("DELY");
    EXPECT_EQ(delay.text(), "低能见度");
    EXPECT_TRUE(IsValue(parseText(delay.text(), 80), "低能见度"));
    EXPECT_EQ(delay.attribute("CODE"), "WX");
    EXPECT_TRUE(IsValue(parseFieldDateTime(delay.attribute("STRT")), localAt(2024y / March / 7, 10h, 0min)));
    EXPECT_TRUE(IsValue(parseDuration(delay.attribute("DURA")), 35min));
}

TEST(SampleMessages, GlstAddFromEnvelopeMd) {
    const Message message = decodeSample("sample-glst-add-chinese.xml");
    EXPECT_EQ(message.key(), "GLST-ADD");
    EXPECT_EQ(message.meta().sequence, "58217");
    EXPECT_EQ(message.root().childText("RECS"), "1");
    const Element& gate = *message.root().child("GLST");
    EXPECT_EQ(gate.childText("GNMC"), "B12登机口");
    EXPECT_EQ(gate.childText("GTNM"), "Gate B12");
}
