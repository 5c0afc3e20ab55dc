#pragma once

#include "msgx/codec/Element.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/HandlerContext.h"

#include <span>
#include <string>
#include <string_view>

namespace msgx::sdk {

// The FLOP rule for a few attributes decided together from one record (flop.md EXSS, FDIV, FLAB,
// FRET, HNAG, TAOP, VIPP): a table of fields, each saying what its absence and its emptiness mean,
// read from the record itself or from one child element (`<FDIV DDES="CKG" DDIR="TO">text</FDIV>`).

// What an absent or an empty field means for the group.
enum class WhenMissing {
    Keep,     // the stored attribute stays as it is
    Clear,    // the attribute is cleared
    ClearAll, // every attribute of the group is cleared, whatever the other fields say
    Reject,   // the record is unusable: Reject "<where> is missing" / "<where> is empty"
};

// One field of a group. `field.source` is relative to the group element ("@DDIR", "." for its
// text, "PHAG" for a child); `field.required` is not used (`absent` and `empty` say it). A
// non-empty `oneOf` lists the only values allowed (Text or Char fields), compared exactly, so
// codes are case-sensitive (flop.md §2.3); another value is a Reject, not a codec error.
struct GroupField {
    FieldSpec field;
    WhenMissing absent = WhenMissing::Keep;
    WhenMissing empty = WhenMissing::Clear;
    std::span<const std::string_view> oneOf = {};
};

// A group of attributes and where it is read.
//  element               - the child element holding the fields ("FDIV"); empty: the record itself;
//  fields                - the table, in the order reasons are looked for;
//  emptyElementClearsAll - the element with no text, attribute or child (`<FLAB/>`, `<FLAB></FLAB>`,
//                          `<FLAB>  </FLAB>`) clears every attribute of the group (flop.md §5.15);
//  allOrNone             - when any field has a value, an absent field is a Reject "<where> is
//                          missing: <sources> go together" (TAOP: an incomplete link).
struct AttributeGroup {
    std::string_view element;
    std::span<const GroupField> fields;
    bool emptyElementClearsAll = false;
    bool allOrNone = false;
};

// The group's FlopRecordRule. In this order:
//  1. `element` set and absent from the record -> no change (architecture.md §11);
//  2. emptyElementClearsAll and the element is empty -> clear every attribute of the group;
//  3. the first field (table order) that cannot be parsed -> CodecError, even where step 4 would
//     ignore it (a value that does not fit its type is a codec error, flop.md §2.3);
//  4. any field absent or empty whose rule is ClearAll -> clear every attribute of the group;
//  5. the first field (table order) that is Reject-missing, outside `oneOf`, or missing under
//     allOrNone -> Reject;
//  6. otherwise one edit: each field with a value sets its attribute, Clear clears it, Keep leaves
//     it alone. Clearing a null attribute or writing the stored value changes nothing.
// Reasons name the field by its source, behind the element when there is one: "FDIV DDIR 'TOO' is
// not one of TO, FROM", "FLAB ARES is empty", "EXSC is missing", "FLAB text '...' is not a valid ...".
Checked<FlightEdit> attributeGroupRule(const codec::Element& record, const AttributeGroup& group,
                                       const HandlerContext& context);

// A code chosen from a fixed set, e.g. PORT's POID (O or C) that selects which attribute a message
// writes: absent -> Reject "<source> is missing"; empty -> Reject "<source> is empty"; unparseable as
// `field.type` -> CodecError; not exactly one of `allowed` -> Reject "<source> '<v>' is not one of
// <allowed, comma-separated>"; else the value (Text or Char fields).
Checked<std::string> readOneOf(const codec::Element& element, const FieldSpec& field,
                               std::span<const std::string_view> allowed, const codec::TimeZone& zone);

// The group's rule as a function, and the whole handler of a FLOP STYP that is one attribute group
// (the common record flow around attributeGroupRule). `Group` must have static storage:
//
//   constexpr GroupField kAgentFields[] = {{{"PHAG", "paxAgent", FieldType::Int}}, ...};
//   constexpr AttributeGroup kAgents{"", kAgentFields};
//   MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kAgents>, "flop-hnag", "1.0.0", "FLOP-HNAG")
template <const AttributeGroup& Group>
Checked<FlightEdit> attributeGroupRuleOf(const codec::Element& record, const HandlerContext& context) {
    return attributeGroupRule(record, Group, context);
}

template <const AttributeGroup& Group>
using AttributeGroupHandler = FlopRecordHandler<attributeGroupRuleOf<Group>>;

} // namespace msgx::sdk
