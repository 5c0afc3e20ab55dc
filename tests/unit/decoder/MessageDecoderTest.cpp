#include "msgx/decoder/MessageDecoder.h"

#include "FieldAssertions.h"
#include "MalformedReason.h"
#include "msgx/codec/DateTimeFields.h"
#include "msgx/codec/RoutingKey.h"

#include <gtest/gtest.h>

#include <string>

using namespace std::chrono;
using namespace msgx::codec;
using msgx::ErrorClass;
using msgx::test::malformedReason;

namespace {

std::string metaXml(const std::string& type = "FLOP", const std::string& subtype = "STND") {
    return "<META><SNDR>AODB</SNDR><SEQN>480215</SEQN><DTTM>20240607081230</DTTM><TYPE>" + type +
           "</TYPE><STYP>" + subtype + "</STYP></META>";
}

std::string flopBody() {
    return "<FLOP><FLID>73310458</FLID><FFID>3U-3U8881-A-07JUN241015-D</FFID><STND>214</STND></FLOP>";
}

std::string flopMessage(const std::string& body = flopBody()) {
    return "<MSG>" + metaXml() + body + "</MSG>";
}

Message decoded(std::string_view xml) {
    DecodeResult result = decodeMessage(xml);
    if (!result.ok()) {
        ADD_FAILURE() << "MALFORMED: " << result.failure().reason;
        return Message(Meta{}, Element("MSG", {}, {}, {}, 0), {});
    }
    return result.takeMessage();
}

} // namespace

// ---- the frame ---------------------------------------------------------------------------------

TEST(MessageDecoder, ReadsMetaFieldsAndKeepsTheRawText) {
    const std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + flopMessage();
    const Message message = decoded(xml);
    EXPECT_EQ(message.meta().sender, "AODB");
    EXPECT_EQ(message.meta().sequence, "480215");
    EXPECT_EQ(message.meta().createdAt, "20240607081230");
    EXPECT_EQ(message.meta().type, "FLOP");
    EXPECT_EQ(message.meta().subtype, "STND");
    EXPECT_EQ(message.key(), "FLOP-STND");
    EXPECT_EQ(message.raw(), xml);
    EXPECT_EQ(message.root().name(), "MSG");
    ASSERT_NE(message.root().child("META"), nullptr);
    EXPECT_EQ(message.root().child("META")->childText("TYPE"), "FLOP");
}

TEST(MessageDecoder, KeyIsUpperCaseTypeDashSubtypeWhileMetaKeepsTheText) {
    const Message message = decoded("<MSG>" + metaXml(" flop ", "\n\tPsdt\n") + "</MSG>");
    EXPECT_EQ(message.meta().type, "flop");
    EXPECT_EQ(message.meta().subtype, "Psdt");
    EXPECT_EQ(message.key(), "FLOP-PSDT");
    EXPECT_EQ(routingKey("schd", "Adft"), "SCHD-ADFT");
    EXPECT_EQ(routingKey("RQRD", "SLST"), "RQRD-SLST");
}

TEST(MessageDecoder, OtherMetaFieldsMayBeAbsentOrEmpty) {
    const Message message =
        decoded("<MSG><META><SEQN/><DTTM>  </DTTM><TYPE>GLST</TYPE><STYP>DEL</STYP></META></MSG>");
    EXPECT_EQ(message.meta().sender, std::nullopt);
    EXPECT_EQ(message.meta().sequence, "");
    EXPECT_EQ(message.meta().createdAt, "");
    EXPECT_EQ(message.key(), "GLST-DEL");
}

TEST(MessageDecoder, UnknownMetaChildrenAreIgnoredAndMetaNeedNotComeFirst) {
    const Message message =
        decoded("<MSG><RECS>0</RECS><META><RCVR>VIEW</RCVR><MGID>9</MGID><TYPE>SLST</TYPE>"
                "<PRIO>1</PRIO><STYP>DNLD</STYP><SNDR>AODB</SNDR></META></MSG>");
    EXPECT_EQ(message.key(), "SLST-DNLD");
    EXPECT_EQ(message.meta().sender, "AODB");
}

TEST(MessageDecoder, XmlDeclarationIsOptionalAndItsEncodingIsNotTrusted) {
    EXPECT_EQ(decoded(flopMessage()).key(), "FLOP-STND");
    EXPECT_EQ(decoded("<?xml version=\"1.0\"?>" + flopMessage()).key(), "FLOP-STND");
    EXPECT_EQ(decoded("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>" + flopMessage()).key(),
              "FLOP-STND");
    // The mailbox text is UTF-8 whatever a stale declaration says: Chinese text stays intact.
    const Message latin1 = decoded("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" +
                                   flopMessage("<FLOP><REMC>B12登机口</REMC></FLOP>"));
    EXPECT_EQ(latin1.root().child("FLOP")->childText("REMC"), "B12登机口");
    const Message gbk =
        decoded("<?xml version=\"1.0\" encoding=\"GBK\"?>" + flopMessage("<FLOP><REMC>中文</REMC></FLOP>"));
    EXPECT_EQ(gbk.root().child("FLOP")->childText("REMC"), "中文");
}

// ---- the element tree --------------------------------------------------------------------------

TEST(MessageDecoder, BlanksAroundEqualsInAttributesAreAccepted) {
    const Message message = decoded(
        "<MSG xmlns:xsi = \"http://www.w3.org/2001/XMLSchema-instance\"\txsi:noNamespaceSchemaLocation= "
        "'unisysaodbsis.xsd'>" +
        metaXml("FLOP", "ERUT") + "<FLOP><ERUT RTNO = \"1\"/><ERUT  RTNO=\" 2 \"></ERUT></FLOP></MSG>");
    EXPECT_EQ(message.root().attribute("xmlns:xsi"), "http://www.w3.org/2001/XMLSchema-instance");
    EXPECT_EQ(message.root().attribute("xsi:noNamespaceSchemaLocation"), "unisysaodbsis.xsd");
    const auto routes = message.root().child("FLOP")->children("ERUT");
    ASSERT_EQ(routes.size(), 2u);
    EXPECT_EQ(routes[0]->attribute("RTNO"), "1");
    EXPECT_EQ(routes[1]->attribute("RTNO"), "2"); // attribute values are trimmed like text
    EXPECT_EQ(routes[0]->attribute("SEQ"), std::nullopt);
}

TEST(MessageDecoder, EmptyElementFormsAndBlankTextAreAllEmpty) {
    const Message message = decoded(
        flopMessage("<FLOP><APPT/><BOTM></BOTM><ESTT>  \n\t </ESTT><EOBT> 07JUN241015 </EOBT></FLOP>"));
    const Element& flop = *message.root().child("FLOP");
    for (const char* name : {"APPT", "BOTM", "ESTT"}) {
        ASSERT_NE(flop.child(name), nullptr) << name;
        EXPECT_EQ(flop.child(name)->text(), "") << name;
        EXPECT_TRUE(flop.child(name)->isEmpty()) << name;
        EXPECT_EQ(flop.childText(name), std::optional<std::string_view>("")) << name;
        EXPECT_TRUE(test::IsEmpty(parseFieldDateTime(flop.childText(name)))) << name;
    }
    EXPECT_EQ(flop.childText("EOBT"), "07JUN241015");
    EXPECT_TRUE(test::IsValue(parseFieldDateTime(flop.childText("EOBT")),
                              local_days{2024y / June / 7} + 10h + 15min));
    EXPECT_EQ(flop.childText("CTOT"), std::nullopt);
    EXPECT_TRUE(test::IsAbsent(parseFieldDateTime(flop.childText("CTOT"))));
}

TEST(MessageDecoder, TreeKeepsOrderAttributesTextAndLines) {
    const Message message = decoded("<MSG>\n" + metaXml("FLOP", "PSDT") +
                                    "\n<FLOP>\n"
                                    "  <PSDT PSNO=\"2\"><PSST>R07</PSST></PSDT>\n"
                                    "  <FLID>1</FLID>\n"
                                    "  <PSDT PSNO=\"1\"><PSST>221</PSST></PSDT>\n"
                                    "</FLOP></MSG>");
    const Element& flop = *message.root().child("FLOP");
    EXPECT_EQ(flop.line(), 3);
    ASSERT_EQ(flop.children().size(), 3u);
    EXPECT_EQ(flop.children()[0].name(), "PSDT");
    EXPECT_EQ(flop.children()[1].name(), "FLID");
    const auto stands = flop.children("PSDT");
    ASSERT_EQ(stands.size(), 2u);
    EXPECT_EQ(stands[0]->attribute("PSNO"), "2");
    EXPECT_EQ(stands[0]->childText("PSST"), "R07");
    EXPECT_EQ(stands[0]->line(), 4);
    EXPECT_EQ(stands[1]->attribute("PSNO"), "1");
    EXPECT_EQ(stands[1]->line(), 6);
    EXPECT_EQ(flop.child("PSDT"), stands[0]);
    EXPECT_EQ(flop.child("GTDT"), nullptr);
    EXPECT_TRUE(flop.children("GTDT").empty());
    EXPECT_EQ(flop.text(), ""); // only whitespace between the children
    EXPECT_FALSE(flop.isEmpty());
    ASSERT_EQ(stands[0]->attributes().size(), 1u);
    EXPECT_EQ(stands[0]->attributes()[0], (XmlAttribute{"PSNO", "2"}));
}

TEST(MessageDecoder, CdataCharacterReferencesAndPredefinedEntitiesAreText) {
    const Message message = decoded(
        flopMessage("<FLOP><REMC><![CDATA[ gate <B12> & 417 ]]></REMC><EXSR>&#x4E2D;&#25991; &amp; &lt;ok&gt;"
                    "</EXSR><!-- comment --><?pi data?></FLOP>"));
    const Element& flop = *message.root().child("FLOP");
    EXPECT_EQ(flop.childText("REMC"), "gate <B12> & 417");
    EXPECT_EQ(flop.childText("EXSR"), "中文 & <ok>");
    EXPECT_EQ(flop.children().size(), 2u);
}

TEST(MessageDecoder, ChineseTextRoundTrips) {
    const std::string text = "Gate 5中文 低能见度 B12登机口 ✈ 𠀀";
    const Message message = decoded(flopMessage("<FLOP><REMC>" + text + "</REMC><DELY CODE=\"WX\">" + text +
                                                "</DELY><VIP NAME=\"张三\"/></FLOP>"));
    const Element& flop = *message.root().child("FLOP");
    EXPECT_EQ(flop.childText("REMC"), text);
    EXPECT_EQ(flop.child("DELY")->text(), text);
    EXPECT_EQ(flop.child("VIP")->attribute("NAME"), "张三");
    EXPECT_NE(message.raw().find(text), std::string::npos);
}

// ---- MALFORMED with a precise reason -----------------------------------------------------------

TEST(MessageDecoderMalformed, NotWellFormedXmlSaysWhereAndWhat) {
    EXPECT_EQ(malformedReason("<MSG>\n<A>\n  <B></A></MSG>"),
              "not well-formed XML at line 3 column 8: tag mismatch");
    EXPECT_EQ(malformedReason(""), "not well-formed XML at line 1 column 1: no element found");
    EXPECT_EQ(malformedReason(" \n "), "not well-formed XML at line 2 column 2: no element found");
    EXPECT_EQ(malformedReason("TYPE=FLOP"), "not well-formed XML at line 1 column 5: invalid token");
    EXPECT_EQ(malformedReason("<MSG>" + metaXml()),
              "not well-formed XML at line 1 column 116: no element found");
    EXPECT_EQ(malformedReason("<MSG a=1/>"), "not well-formed XML at line 1 column 8: invalid token");
    EXPECT_EQ(malformedReason("<MSG a='1' a='2'/>"),
              "not well-formed XML at line 1 column 12: duplicate attribute");
    EXPECT_EQ(malformedReason(flopMessage("<FLOP>&e;</FLOP>")),
              "not well-formed XML at line 1 column 122: undefined entity");
}

TEST(MessageDecoderMalformed, ContentAfterTheRootIsNamed) {
    // envelope.md §8: a sample with a second </MSG>.
    EXPECT_EQ(malformedReason(flopMessage() + "\n</MSG>\n"),
              "not well-formed XML at line 2 column 2: content after the end of the root element");
    EXPECT_EQ(malformedReason(flopMessage() + "<MSG/>"),
              "not well-formed XML at line 1 column 210: content after the end of the root element");
}

TEST(MessageDecoderMalformed, FrameProblems) {
    EXPECT_EQ(malformedReason("<PLST>" + metaXml() + "</PLST>"), "root element is PLST, expected MSG");
    EXPECT_EQ(malformedReason("<msg>" + metaXml() + "</msg>"), "root element is msg, expected MSG");
    EXPECT_EQ(malformedReason("<MSG/>"), "MSG has no META");
    EXPECT_EQ(malformedReason("<MSG>" + flopBody() + "</MSG>"), "MSG has no META");
    EXPECT_EQ(malformedReason("<MSG><HEAD>" + metaXml() + "</HEAD></MSG>"), "MSG has no META");
    EXPECT_EQ(malformedReason("<MSG>" + metaXml() + metaXml("FLOP", "PSDT") + "</MSG>"),
              "MSG has 2 META elements");
    EXPECT_EQ(malformedReason("<MSG><META/></MSG>"), "META has no TYPE");
    // A name is cut in a reason, so a hostile document cannot flood a log line.
    EXPECT_EQ(malformedReason("<" + std::string(5000, 'X') + "/>"),
              "root element is " + std::string(40, 'X') + "..., expected MSG");
}

TEST(MessageDecoderMalformed, TypeAndSubtypeMustBeThereAndNonEmpty) {
    EXPECT_EQ(malformedReason("<MSG><META><SNDR>AODB</SNDR><STYP>STND</STYP></META></MSG>"),
              "META has no TYPE");
    EXPECT_EQ(malformedReason("<MSG><META><TYPE>FLOP</TYPE></META></MSG>"), "META has no STYP");
    EXPECT_EQ(malformedReason("<MSG><META><TYPE/><STYP>STND</STYP></META></MSG>"), "META has an empty TYPE");
    EXPECT_EQ(malformedReason("<MSG><META><TYPE></TYPE><STYP>STND</STYP></META></MSG>"),
              "META has an empty TYPE");
    EXPECT_EQ(malformedReason("<MSG><META><TYPE>FLOP</TYPE><STYP> \t\n </STYP></META></MSG>"),
              "META has an empty STYP");
    // TYPE is looked for in META only, never elsewhere in the document.
    EXPECT_EQ(malformedReason("<MSG><META><STYP>STND</STYP></META><TYPE>FLOP</TYPE></MSG>"),
              "META has no TYPE");
}

TEST(MessageDecoderMalformed, AmbiguousOrOddRoutingFields) {
    EXPECT_EQ(malformedReason("<MSG><META><TYPE>FLOP</TYPE><TYPE>SCHD</TYPE><STYP>STND</STYP></META></MSG>"),
              "META has 2 TYPE elements");
    EXPECT_EQ(malformedReason(
                  "<MSG><META><TYPE>FLOP</TYPE><STYP>A</STYP><STYP>B</STYP><STYP>C</STYP></META></MSG>"),
              "META has 3 STYP elements");
    EXPECT_EQ(malformedReason(
                  "<MSG><META><SEQN>1</SEQN><SEQN>2</SEQN><TYPE>FLOP</TYPE><STYP>STND</STYP></META></MSG>"),
              "META has 2 SEQN elements");
    EXPECT_EQ(malformedReason("<MSG>" + metaXml("FL-OP", "STND") + "</MSG>"),
              "META TYPE 'FL-OP' has characters other than ASCII letters and digits");
    EXPECT_EQ(malformedReason("<MSG>" + metaXml("FLOP", "ST ND") + "</MSG>"),
              "META STYP 'ST ND' has characters other than ASCII letters and digits");
    EXPECT_EQ(malformedReason("<MSG>" + metaXml("FLOP", "ST\tND") + "</MSG>"),
              "META STYP 'ST?ND' has characters other than ASCII letters and digits");
    EXPECT_EQ(malformedReason("<MSG>" + metaXml("FLOP", "中文") + "</MSG>"),
              "META STYP '中文' has characters other than ASCII letters and digits");
}

TEST(DecodeResult, AccessorsRefuseTheOtherOutcome) {
    DecodeResult failed = decodeMessage("<MSG/>");
    EXPECT_THROW((void)failed.message(), std::logic_error);
    EXPECT_THROW((void)failed.takeMessage(), std::logic_error);
    const DecodeResult ok = decodeMessage(flopMessage());
    EXPECT_THROW((void)ok.failure(), std::logic_error);
}
