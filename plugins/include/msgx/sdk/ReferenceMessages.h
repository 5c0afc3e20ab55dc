#pragma once

#include "msgx/codec/Element.h"
#include "msgx/codec/Message.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/Value.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::sdk {

// What a group reader found in one record: the fields it adds, stored flat in the record because a
// ReferenceItem is a flat map that crosses the plugin ABI ("ABR1", "TRML/A/D", "SUBC/CQ/NAME"), and
// notes on entries it ignored ("ABBR CODE=ABR9 ignored"), without the record's "<TYPE> <KEY>: ".
struct ReferenceGroupRead {
    Fields fields;
    std::vector<std::string> notes;
};

// Reads the repeat groups of one record that a FieldSpec table cannot express (the readers are in
// ReferenceGroups.h). A problem is a CodecError (an unparseable value) or a Reject (unusable content).
using ReferenceGroupReader = Checked<ReferenceGroupRead> (*)(const codec::Element& record,
                                                             const codec::TimeZone& zone);

// One reference (master data) class as its messages carry it (reference.md §1, §3): records named
// like the TYPE, direct children of MSG, each with a key element, its flat fields and, for a few
// types (AIRL, ARPT, CITY), repeat groups read by group readers.
struct ReferenceClassSpec {
    std::string_view type;                             // "ABDG": the TYPE, the record element and the RTYPE
    std::string_view keyElement;                       // "ABCD": the record's key (RKEY)
    std::span<const FieldSpec> fields;                 // the flat fields of a record, the key included
    std::span<const ReferenceGroupReader> groups = {}; // the readers of its repeat groups, if any
};

// The rules of every reference plugin (reference.md §2, architecture.md §7 and §11), by STYP:
//  ADD, UPD  - each record replaces the stored record (rtype, key) as a whole (update means
//              replace); a record equal to the stored one changes nothing; of two records with the
//              same key the later wins;
//  DEL       - each record's key is deleted; a key that is not stored is a no-op noted
//              "unknown key <KEY>"; only the key is read (other fields and groups are ignored);
//  DNLD/RESP - the records replace the whole class (records not named are removed); no record at
//              all is SKIPPED "rejected:empty-class", never a wipe; the same class as stored changes
//              nothing. RESP is handled like DNLD until the request coordinator exists (§11).
// The STYP is compared case-insensitively (reference.md §2.1). The whole message is validated
// before anything is decided: a record without its key is SKIPPED "rejected:<KEY> is missing" (or
// "... is empty"); an unparseable value, the key's included, fails it FAILED(CODEC_ERROR). A
// record is its flat fields, then what each group reader of `spec.groups` adds, in order; a group
// reader's problem counts like a field's (over the whole message, the first codec error wins, else
// the first reject), and its notes become notes "<TYPE> <KEY>: <note>" of the decision. YN flags
// that are absent or empty are stored as false (reference.md §2.3); other absent or empty fields
// are left out of the record. A reason about a record's content is "<TYPE> <KEY>: <why>"; every
// reason is behind "record <n>: " when the message has several records. A RECS that differs from
// the number of records is noted, never refused (envelope.md §3). Any other STYP is SKIPPED
// "rejected:...": the plugin should not have been routed it.
Decision decideReferenceMessage(const HandlerContext& context, const codec::Message& message,
                                const ReferenceClassSpec& spec);

} // namespace msgx::sdk
