// The types that cross the plugin boundary, member by member: the list the ABI guard writes as a
// table and compares with abi-v<MSGX_PLUGIN_ABI_VERSION>.txt (AbiGuardTest.cpp).
//
// A type crosses when one side builds an object and the other side's code reads or destroys it:
// the host builds the HandlerContext, the views' answers (FlightDocument, reference records) and the
// decoded Message (Meta, Element, XmlAttribute) and implements FlightView and ReferenceView; the
// plugin implements Handler and builds the Decision (FlightChange, MsgEvent, ReferenceChange,
// OutboundRequest, ErrorClass) and the descriptor. The SDK's functions are compiled into the host
// and, statically, into every plugin, so the plugin's own copy of e.g. TimeZone::toUtc reads the
// host's TimeZone: a class with private members crosses like a struct.
//
// Types made and read inside one binary do not cross and are not listed: FieldResult, FieldRead,
// FieldSpec, Checked, Problem and the other building blocks (a plugin's SDK code is its own: it is
// loaded RTLD_LOCAL with hidden visibility, and msgxd exports no SDK symbol). std:: types are the
// build tag's business (PluginAbi.h): host and plugin use one standard library.
//
// Adding a member or a type here changes the table: that is a new ABI version (AbiGuardTest.cpp).
#include "LayoutTable.h"
#include "msgx/codec/Element.h"
#include "msgx/codec/ErrorClass.h"
#include "msgx/codec/Message.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/Handler.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/PluginAbi.h"
#include "msgx/sdk/ReferenceView.h"
#include "msgx/sdk/Value.h"

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace msgx::abi {

namespace sdk = msgx::sdk;
namespace codec = msgx::codec;

MSGX_ABI_PRIVATE_MEMBER(FlightDocumentFlid, sdk::FlightDocument, flid_);
MSGX_ABI_PRIVATE_MEMBER(FlightDocumentAttributes, sdk::FlightDocument, attributes_);
MSGX_ABI_PRIVATE_MEMBER(FlightDocumentLists, sdk::FlightDocument, lists_);
MSGX_ABI_PRIVATE_MEMBER(ElementName, codec::Element, name_);
MSGX_ABI_PRIVATE_MEMBER(ElementAttributes, codec::Element, attributes_);
MSGX_ABI_PRIVATE_MEMBER(ElementText, codec::Element, text_);
MSGX_ABI_PRIVATE_MEMBER(ElementChildren, codec::Element, children_);
MSGX_ABI_PRIVATE_MEMBER(ElementLine, codec::Element, line_);
MSGX_ABI_PRIVATE_MEMBER(MessageMeta, codec::Message, meta_);
MSGX_ABI_PRIVATE_MEMBER(MessageRoot, codec::Message, root_);
MSGX_ABI_PRIVATE_MEMBER(MessageRaw, codec::Message, raw_);
MSGX_ABI_PRIVATE_MEMBER(TimeZoneName, codec::TimeZone, name_);
MSGX_ABI_PRIVATE_MEMBER(TimeZonePeriods, codec::TimeZone, periods_);

namespace {

// One per interface, for MSGX_ABI_VTABLE_LENGTH; never instantiated.
struct HandlerProbe : sdk::Handler {
    virtual void slotAfterTheLast() = 0;
};
struct FlightViewProbe : sdk::FlightView {
    virtual void slotAfterTheLast() = 0;
};
struct ReferenceViewProbe : sdk::ReferenceView {
    virtual void slotAfterTheLast() = 0;
};

// TimeZone::Period is private: named through the member that holds it.
using TimeZonePeriod = MemberType<decltype(privateMember(TimeZonePeriods{}))>::value_type;

void values(LayoutTable& t) {
    MSGX_ABI_ALIAS(t, sdk::Flid, std::int64_t);
    MSGX_ABI_ALIAS(t, sdk::StringList, std::vector<std::string>);
    MSGX_ABI_ALIAS(t, sdk::Value,
                   std::variant<std::monostate, bool, std::int64_t, double, std::string, sdk::StringList>);
    MSGX_ABI_ALIAS(t, sdk::Fields, std::map<std::string, sdk::Value, std::less<>>);
    MSGX_ABI_ALIAS(t, sdk::ListEntry, sdk::Fields);
    MSGX_ABI_ALIAS(t, sdk::DetailList, std::vector<sdk::ListEntry>);
    MSGX_ABI_ALIAS(t, sdk::ReferenceItem, sdk::Fields);

    MSGX_ABI_TYPE(t, "class", sdk::FlightDocument);
    MSGX_ABI_PRIVATE_FIELD(t, FlightDocumentFlid, flid_, sdk::Flid);
    MSGX_ABI_PRIVATE_FIELD(t, FlightDocumentAttributes, attributes_, sdk::Fields);
    MSGX_ABI_PRIVATE_FIELD(t, FlightDocumentLists, lists_,
                           std::map<std::string, sdk::DetailList, std::less<>>);
}

void decision(LayoutTable& t) {
    MSGX_ABI_ENUM(t, msgx::ErrorClass, int);
    MSGX_ABI_ENUMERATOR(t, msgx::ErrorClass, Malformed);
    MSGX_ABI_ENUMERATOR(t, msgx::ErrorClass, CodecError);
    MSGX_ABI_ENUMERATOR(t, msgx::ErrorClass, Unsupported);
    MSGX_ABI_ENUMERATOR(t, msgx::ErrorClass, Infra);
    MSGX_ABI_ENUMERATOR(t, msgx::ErrorClass, Exhausted);

    MSGX_ABI_AGGREGATE(t, sdk::FlightChange);
    MSGX_ABI_FIELD(t, sdk::FlightChange, kind, sdk::FlightChange::Kind);
    MSGX_ABI_FIELD(t, sdk::FlightChange, flid, sdk::Flid);
    MSGX_ABI_FIELD(t, sdk::FlightChange, set, sdk::Fields);
    MSGX_ABI_FIELD(t, sdk::FlightChange, lists, std::map<std::string, sdk::DetailList, std::less<>>);
    MSGX_ABI_ENUM(t, sdk::FlightChange::Kind, int);
    MSGX_ABI_ENUMERATOR(t, sdk::FlightChange::Kind, Create);
    MSGX_ABI_ENUMERATOR(t, sdk::FlightChange::Kind, Update);
    MSGX_ABI_ENUMERATOR(t, sdk::FlightChange::Kind, Delete);

    MSGX_ABI_AGGREGATE(t, sdk::MsgEvent);
    MSGX_ABI_FIELD(t, sdk::MsgEvent, type, std::string);
    MSGX_ABI_FIELD(t, sdk::MsgEvent, flid, sdk::Flid);
    MSGX_ABI_FIELD(t, sdk::MsgEvent, fields, sdk::Fields);
    MSGX_ABI_FIELD(t, sdk::MsgEvent, lists, std::map<std::string, sdk::DetailList, std::less<>>);

    MSGX_ABI_AGGREGATE(t, sdk::ReferenceChange);
    MSGX_ABI_FIELD(t, sdk::ReferenceChange, kind, sdk::ReferenceChange::Kind);
    MSGX_ABI_FIELD(t, sdk::ReferenceChange, rtype, std::string);
    MSGX_ABI_FIELD(t, sdk::ReferenceChange, rkey, std::string);
    MSGX_ABI_FIELD(t, sdk::ReferenceChange, item, sdk::ReferenceItem);
    MSGX_ABI_FIELD(t, sdk::ReferenceChange, records, std::map<std::string, sdk::ReferenceItem>);
    MSGX_ABI_ENUM(t, sdk::ReferenceChange::Kind, int);
    MSGX_ABI_ENUMERATOR(t, sdk::ReferenceChange::Kind, Upsert);
    MSGX_ABI_ENUMERATOR(t, sdk::ReferenceChange::Kind, Delete);
    MSGX_ABI_ENUMERATOR(t, sdk::ReferenceChange::Kind, ReplaceClass);

    MSGX_ABI_AGGREGATE(t, sdk::OutboundRequest);
    MSGX_ABI_FIELD(t, sdk::OutboundRequest, type, std::string);
    MSGX_ABI_FIELD(t, sdk::OutboundRequest, subtype, std::string);
    MSGX_ABI_FIELD(t, sdk::OutboundRequest, fields, sdk::Fields);

    MSGX_ABI_AGGREGATE(t, sdk::Decision);
    MSGX_ABI_FIELD(t, sdk::Decision, outcome, sdk::Decision::Outcome);
    MSGX_ABI_FIELD(t, sdk::Decision, errorClass, std::optional<msgx::ErrorClass>);
    MSGX_ABI_FIELD(t, sdk::Decision, reason, std::string);
    MSGX_ABI_FIELD(t, sdk::Decision, notes, std::vector<std::string>);
    MSGX_ABI_FIELD(t, sdk::Decision, flights, std::vector<sdk::FlightChange>);
    MSGX_ABI_FIELD(t, sdk::Decision, events, std::vector<sdk::MsgEvent>);
    MSGX_ABI_FIELD(t, sdk::Decision, schdPush, std::vector<sdk::Flid>);
    MSGX_ABI_FIELD(t, sdk::Decision, references, std::vector<sdk::ReferenceChange>);
    MSGX_ABI_FIELD(t, sdk::Decision, outbound, std::vector<sdk::OutboundRequest>);
    MSGX_ABI_ENUM(t, sdk::Decision::Outcome, int);
    MSGX_ABI_ENUMERATOR(t, sdk::Decision::Outcome, Apply);
    MSGX_ABI_ENUMERATOR(t, sdk::Decision::Outcome, Skip);
    MSGX_ABI_ENUMERATOR(t, sdk::Decision::Outcome, Fail);
}

void message(LayoutTable& t) {
    MSGX_ABI_AGGREGATE(t, codec::XmlAttribute);
    MSGX_ABI_FIELD(t, codec::XmlAttribute, name, std::string);
    MSGX_ABI_FIELD(t, codec::XmlAttribute, value, std::string);

    MSGX_ABI_TYPE(t, "class", codec::Element);
    MSGX_ABI_PRIVATE_FIELD(t, ElementName, name_, std::string);
    MSGX_ABI_PRIVATE_FIELD(t, ElementAttributes, attributes_, std::vector<codec::XmlAttribute>);
    MSGX_ABI_PRIVATE_FIELD(t, ElementText, text_, std::string);
    MSGX_ABI_PRIVATE_FIELD(t, ElementChildren, children_, std::vector<codec::Element>);
    MSGX_ABI_PRIVATE_FIELD(t, ElementLine, line_, int);

    MSGX_ABI_AGGREGATE(t, codec::Meta);
    MSGX_ABI_FIELD(t, codec::Meta, sender, std::optional<std::string>);
    MSGX_ABI_FIELD(t, codec::Meta, sequence, std::optional<std::string>);
    MSGX_ABI_FIELD(t, codec::Meta, createdAt, std::optional<std::string>);
    MSGX_ABI_FIELD(t, codec::Meta, type, std::string);
    MSGX_ABI_FIELD(t, codec::Meta, subtype, std::string);

    MSGX_ABI_TYPE(t, "class", codec::Message);
    MSGX_ABI_PRIVATE_FIELD(t, MessageMeta, meta_, codec::Meta);
    MSGX_ABI_PRIVATE_FIELD(t, MessageRoot, root_, codec::Element);
    MSGX_ABI_PRIVATE_FIELD(t, MessageRaw, raw_, std::string);

    MSGX_ABI_TYPE(t, "class", codec::TimeZone);
    MSGX_ABI_PRIVATE_FIELD(t, TimeZoneName, name_, std::string);
    // Spelled by hand: the name of the private nested type cannot be written here.
    t.field(
        "periods_", offsetOf(privateMember(TimeZonePeriods{})), "std::vector<codec::TimeZone::Period>",
        std::is_same_v<MemberType<decltype(privateMember(TimeZonePeriods{}))>, std::vector<TimeZonePeriod>>);
    t.type<TimeZonePeriod>("struct", "codec::TimeZone::Period");
    t.memberCount(aggregateMemberCount<TimeZonePeriod>());
    MSGX_ABI_FIELD(t, TimeZonePeriod, start, std::int64_t);
    MSGX_ABI_FIELD(t, TimeZonePeriod, offset, std::int64_t);
}

void contract(LayoutTable& t) {
    MSGX_ABI_AGGREGATE(t, sdk::HandlerContext);
    MSGX_ABI_FIELD(t, sdk::HandlerContext, now, std::chrono::sys_seconds);
    // A reference member has no member pointer. offsetof works for it in GCC and Clang (any class
    // without virtual bases), which is "conditionally supported" for a class that is not
    // standard-layout, hence the warning turned off for these two lines.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
    t.field("businessZone", offsetof(sdk::HandlerContext, businessZone), "const codec::TimeZone&",
            std::is_same_v<decltype(sdk::HandlerContext::businessZone), const codec::TimeZone&>);
    t.field("references", offsetof(sdk::HandlerContext, references), "const sdk::ReferenceView&",
            std::is_same_v<decltype(sdk::HandlerContext::references), const sdk::ReferenceView&>);
#pragma GCC diagnostic pop

    // The interfaces: their vtables are the calls across the boundary. Slots 0 and 1 are the
    // virtual destructor's two entries (Itanium: complete and deleting).
    MSGX_ABI_TYPE(t, "class", sdk::Handler);
    MSGX_ABI_VTABLE_LENGTH(t, HandlerProbe);
    MSGX_ABI_VIRTUAL(t, sdk::Handler, decide,
                     sdk::Decision(const sdk::HandlerContext&, const sdk::FlightView&, const codec::Message&)
                         const);

    MSGX_ABI_TYPE(t, "class", sdk::FlightView);
    MSGX_ABI_VTABLE_LENGTH(t, FlightViewProbe);
    MSGX_ABI_VIRTUAL(t, sdk::FlightView, byFlid, const sdk::FlightDocument*(sdk::Flid) const);
    MSGX_ABI_VIRTUAL(t, sdk::FlightView, sharedFlightsOf,
                     std::vector<const sdk::FlightDocument*>(sdk::Flid) const);
    MSGX_ABI_VIRTUAL(t, sdk::FlightView, linkingTo, std::vector<const sdk::FlightDocument*>(sdk::Flid) const);

    MSGX_ABI_TYPE(t, "class", sdk::ReferenceView);
    MSGX_ABI_VTABLE_LENGTH(t, ReferenceViewProbe);
    MSGX_ABI_VIRTUAL(t, sdk::ReferenceView, find,
                     const sdk::ReferenceItem*(std::string_view, std::string_view) const);
    MSGX_ABI_VIRTUAL(t, sdk::ReferenceView, classSize, std::size_t(std::string_view) const);
    MSGX_ABI_VIRTUAL(t, sdk::ReferenceView, airbridgesServing,
                     std::optional<sdk::StringList>(std::string_view) const);

    // The descriptor has its own rule (PluginAbi.h: V1 never changes); listed so that it cannot.
    MSGX_ABI_AGGREGATE(t, MsgxPluginDescriptorV1);
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, abi_version, std::uint32_t);
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, sdk_version, const char*);
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, build_tag, const char*);
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, name, const char*);
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, version, const char*);
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, keys, const char* const*);
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, create, void* (*)(char*, std::size_t));
    MSGX_ABI_FIELD(t, MsgxPluginDescriptorV1, destroy, void (*)(void*));
}

} // namespace

std::string boundaryLayoutTable() {
    LayoutTable t;
    values(t);
    decision(t);
    message(t);
    contract(t);
    return t.text();
}

} // namespace msgx::abi
