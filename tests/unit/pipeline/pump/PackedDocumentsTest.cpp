#include "msgx/pipeline/pump/PackedDocuments.h"

#include <gtest/gtest.h>

#include <limits>

namespace msgx::pipeline {
namespace {

// Every kind of value, in attributes and in list entries (a list entry may hold a null field).
sdk::FlightDocument everyKindOfValue() {
    sdk::FlightDocument document(424242);
    document.set("airlineCode", std::string("CZ"));
    document.set("remark", std::string());                           // empty text is a value
    document.set("gateRemark", std::string("Übergang 3 — \"A\"\n")); // any bytes
    document.set("cancelled", true);
    document.set("diverted", false);
    document.set("masterFlid", std::int64_t{-7});
    document.set("small", std::int64_t{0});
    document.set("largest", std::numeric_limits<std::int64_t>::max());
    document.set("smallest", std::numeric_limits<std::int64_t>::min());
    document.set("load", 41.5);
    document.set("negativeZero", -0.0);
    document.set("airbridges", sdk::StringList{"417", "418", ""});
    document.set("noCodes", sdk::StringList{});
    document.setList("standAllocationList",
                     {{{"seq", std::int64_t{1}}, {"stand", std::string("107")}, {"begin", std::monostate{}}},
                      {{"seq", std::int64_t{2}}, {"stand", std::string("108")}, {"fixed", true}}});
    document.setList("codeShareFlightList", {{{"flightNumber", std::string("CZ6902")}}});
    return document;
}

TEST(PackedDocuments, UnpackGivesBackTheDocumentThatWasPacked) {
    PackedDocuments packer;
    const auto document = everyKindOfValue();
    const std::string packed = packer.pack(document);

    const auto back = packer.unpack(document.flid(), packed);

    EXPECT_EQ(back, document);
    EXPECT_EQ(packer.unpack(7, packer.pack(sdk::FlightDocument(7))), sdk::FlightDocument(7));
}

// The point of packing: a field costs its name's number, a tag and its value's bytes, not a map
// node with two strings; names are written once into the table however many documents use them.
TEST(PackedDocuments, APackedDocumentIsSmallAndTheNameTableHoldsEachNameOnce) {
    PackedDocuments packer;
    std::string packed;
    for (sdk::Flid flid = 1; flid <= 1000; ++flid) {
        auto document = everyKindOfValue();
        document.set("flightNumber", std::string("CZ") + std::to_string(flid));
        packed = packer.pack(document);
    }
    // 13 attributes, flightNumber (also a code-share entry field), 2 lists, 4 more entry fields.
    EXPECT_EQ(packer.names(), 20U);
    EXPECT_LT(packed.size(), 200U);
}

TEST(PackedDocuments, ACutStringIsAnErrorNotAnotherDocument) {
    PackedDocuments packer;
    const std::string packed = packer.pack(everyKindOfValue());
    EXPECT_THROW((void)packer.unpack(1, std::string_view(packed).substr(0, packed.size() - 3)),
                 std::logic_error);
}

} // namespace
} // namespace msgx::pipeline
