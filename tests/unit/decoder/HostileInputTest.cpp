// Inputs an attacker or a broken sender could produce: each must end MALFORMED quickly, with bounded
// memory, and without reading anything outside the document.

#include "MalformedReason.h"
#include "TempDir.h"
#include "msgx/decoder/MessageDecoder.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>

using namespace msgx::codec;
using msgx::ErrorClass;
using msgx::test::malformedReason;

namespace {

std::string meta() {
    return "<META><SNDR>AODB</SNDR><SEQN>1</SEQN><DTTM>20240607081230</DTTM><TYPE>FLOP</TYPE>"
           "<STYP>REMC</STYP></META>";
}

// A FLOP-REMC message of exactly `size` bytes (padding is whitespace inside MSG).
std::string messageOfSize(std::size_t size) {
    const std::string head = "<MSG>" + meta() + "<FLOP><REMC>x</REMC></FLOP>";
    const std::string tail = "</MSG>";
    return head + std::string(size - head.size() - tail.size(), ' ') + tail;
}

std::string nested(int depth) {
    std::string xml = "<MSG>" + meta();
    for (int i = 1; i < depth; ++i) {
        xml += "<A>";
    }
    for (int i = 1; i < depth; ++i) {
        xml += "</A>";
    }
    return xml + "</MSG>";
}

} // namespace

TEST(HostileInput, ExternalGeneralEntityIsRefusedAndTheFileNeverRead) {
    msgx::test::TempDir dir;
    const auto secret = dir.path() / "secret.txt";
    std::ofstream(secret) << "SECRET-MARKER-7f3a";
    const std::string xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE MSG [<!ENTITY e SYSTEM \"file://" +
                            secret.string() + "\">]>\n<MSG>" + meta() + "<FLOP><REMC>&e;</REMC></FLOP></MSG>";
    const std::string reason = malformedReason(xml);
    EXPECT_EQ(reason,
              "DOCTYPE refused at line 2: documents with a DTD or entity declarations are not accepted");
    EXPECT_EQ(reason.find("SECRET-MARKER"), std::string::npos);

    const std::string passwd = "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>";
    const std::string passwdReason = malformedReason(passwd);
    EXPECT_EQ(passwdReason,
              "DOCTYPE refused at line 1: documents with a DTD or entity declarations are not accepted");
    EXPECT_EQ(passwdReason.find("root:"), std::string::npos);
}

TEST(HostileInput, ExternalParameterEntityIsRefused) {
    EXPECT_EQ(malformedReason("<!DOCTYPE MSG [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><MSG>" +
                              meta() + "</MSG>"),
              "DOCTYPE refused at line 1: documents with a DTD or entity declarations are not accepted");
}

TEST(HostileInput, ExternalDtdIsRefused) {
    EXPECT_EQ(
        malformedReason("<!DOCTYPE MSG SYSTEM \"http://example.invalid/msg.dtd\"><MSG>" + meta() + "</MSG>"),
        "DOCTYPE refused at line 1: documents with a DTD or entity declarations are not accepted");
    EXPECT_EQ(malformedReason("<!DOCTYPE MSG><MSG>" + meta() + "</MSG>"),
              "DOCTYPE refused at line 1: documents with a DTD or entity declarations are not accepted");
}

TEST(HostileInput, BillionLaughsIsRefusedWithoutExpanding) {
    std::string dtd = "<!DOCTYPE MSG [<!ENTITY lol \"lol\">";
    for (int i = 1; i <= 9; ++i) {
        const std::string previous = i == 1 ? "lol" : "lol" + std::to_string(i - 1);
        dtd += "<!ENTITY lol" + std::to_string(i) + " \"";
        for (int j = 0; j < 10; ++j) {
            dtd += "&" + previous + ";";
        }
        dtd += "\">";
    }
    dtd += "]>";
    const auto started = std::chrono::steady_clock::now();
    EXPECT_EQ(malformedReason(dtd + "<MSG>" + meta() + "<FLOP><REMC>&lol9;</REMC></FLOP></MSG>"),
              "DOCTYPE refused at line 1: documents with a DTD or entity declarations are not accepted");
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
}

TEST(HostileInput, ElevenMegabytesIsRefusedBeforeParsing) {
    const std::string xml = messageOfSize(std::size_t{11} * 1024 * 1024);
    EXPECT_EQ(malformedReason(xml), "message is 11534336 bytes, more than the limit of 10485760 bytes");
}

TEST(HostileInput, TenMegabytesExactlyIsAccepted) {
    EXPECT_TRUE(decodeMessage(messageOfSize(std::size_t{10} * 1024 * 1024)).ok());
    EXPECT_EQ(malformedReason(messageOfSize(std::size_t{10} * 1024 * 1024 + 1)),
              "message is 10485761 bytes, more than the limit of 10485760 bytes");
}

TEST(HostileInput, NestingTenThousandDeepIsRefused) {
    EXPECT_EQ(malformedReason(nested(10000)), "element nesting deeper than 64 levels at line 1");
}

TEST(HostileInput, NestingUpToTheLimitIsAccepted) {
    EXPECT_TRUE(decodeMessage(nested(64)).ok());
    EXPECT_EQ(malformedReason(nested(65)), "element nesting deeper than 64 levels at line 1");
    // Unclosed deep nesting is refused at the limit, before the parser reaches the end.
    std::string unclosed = "<MSG>" + meta();
    for (int i = 0; i < 10000; ++i) {
        unclosed += "<A>";
    }
    EXPECT_EQ(malformedReason(unclosed), "element nesting deeper than 64 levels at line 1");
}

TEST(HostileInput, ElementAndAttributeCountsAreCapped) {
    std::string many = "<MSG>" + meta();
    for (int i = 0; i < 500'000; ++i) {
        many += "<A/>";
    }
    many += "</MSG>";
    EXPECT_EQ(malformedReason(many), "more than 500000 elements (element A at line 1)");

    XmlLimits small;
    small.maxElements = 7; // MSG, META and its 5 children
    small.maxAttributes = 2;
    EXPECT_TRUE(decodeMessage("<MSG>" + meta() + "</MSG>", small).ok());
    EXPECT_EQ(malformedReason("<MSG>" + meta() + "<FLOP/></MSG>", small),
              "more than 7 elements (element FLOP at line 1)");
    EXPECT_EQ(malformedReason("<MSG a='1' b='2' c='3'>" + meta() + "</MSG>", small),
              "more than 2 attributes (element MSG at line 1)");
    EXPECT_TRUE(decodeMessage("<MSG a='1' b='2'>" + meta() + "</MSG>", small).ok());
}

TEST(HostileInput, InvalidUtf8IsNotWellFormed) {
    const std::string head = "<MSG>" + meta() + "<FLOP><REMC>ab";
    const std::string where =
        "not well-formed XML at line 1 column " + std::to_string(head.size() + 1) + ": ";
    EXPECT_EQ(malformedReason(head + "\xff\xfe</REMC></FLOP></MSG>"), where + "invalid token");
    EXPECT_EQ(malformedReason(head + "\xc0\xaf</REMC></FLOP></MSG>"),
              where + "invalid token"); // overlong '/'
    EXPECT_EQ(malformedReason(head + "\xed\xa0\x80</REMC></FLOP></MSG>"),
              where + "invalid token");                                                         // surrogate
    EXPECT_EQ(malformedReason(head + "\xe4\xb8</REMC></FLOP></MSG>"), where + "invalid token"); // cut short
    EXPECT_EQ(malformedReason(head + "\xf4\x90\x80\x80</REMC></FLOP></MSG>"),
              where + "invalid token"); // > U+10FFFF
}

TEST(HostileInput, NulBytesAndForbiddenCharactersAreNotWellFormed) {
    const std::string head = "<MSG>" + meta() + "<FLOP><REMC>ab";
    const std::string where =
        "not well-formed XML at line 1 column " + std::to_string(head.size() + 1) + ": ";
    EXPECT_EQ(malformedReason(head + std::string(1, '\0') + "</REMC></FLOP></MSG>"), where + "invalid token");
    EXPECT_EQ(malformedReason(head + "\x01</REMC></FLOP></MSG>"), where + "invalid token");
    EXPECT_EQ(malformedReason(head + "&#0;</REMC></FLOP></MSG>"),
              where + "reference to invalid character number");
    const std::string trailing = "<MSG>" + meta() + "</MSG>" + std::string(1, '\0');
    EXPECT_EQ(malformedReason(trailing), "not well-formed XML at line 1 column " +
                                             std::to_string(trailing.size()) +
                                             ": content after the end of the root element");
}

TEST(HostileInput, Utf16IsRecognisedAndDecodedAsUnicode) {
    // expat recognises UTF-16 by its byte-order mark or by a first '<' written in two bytes, over
    // the UTF-8 the reader asks for; the text arrives as Unicode either way.
    const std::u16string text =
        u"<MSG><META><TYPE>FLOP</TYPE><STYP>REMC</STYP></META><FLOP><REMC>中文</REMC></FLOP></MSG>";
    std::string utf16le;
    for (char16_t unit : text) {
        utf16le += static_cast<char>(unit & 0xFF);
        utf16le += static_cast<char>(unit >> 8);
    }
    for (const std::string& document : {"\xff\xfe" + utf16le, utf16le}) {
        const DecodeResult result = decodeMessage(document);
        ASSERT_TRUE(result.ok()) << result.failure().reason;
        EXPECT_EQ(result.message().root().child("FLOP")->childText("REMC"), "中文");
    }
}
