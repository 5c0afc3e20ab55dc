#pragma once

#include "msgx/codec/Message.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/HandlerContext.h"

#include <span>
#include <string_view>

namespace msgx::sdk {

// One reference (master data) class as its messages carry it (reference.md §1, §3): records named
// like the TYPE, direct children of MSG, each with a key element and its fields.
struct ReferenceClassSpec {
    std::string_view type;             // "ABDG": the TYPE, the record element and the RTYPE
    std::string_view keyElement;       // "ABCD": the record's key (RKEY)
    std::span<const FieldSpec> fields; // every field of a record, the key included
};

// The rules of every reference plugin (reference.md §2, architecture.md §7 and §11), by STYP:
//  ADD, UPD  - each record replaces the stored record (rtype, key) as a whole (update means
//              replace); a record equal to the stored one changes nothing; of two records with the
//              same key the later wins;
//  DEL       - each record's key is deleted; a key that is not stored is a no-op noted
//              "unknown key <KEY>";
//  DNLD/RESP - the records replace the whole class (records not named are removed); no record at
//              all is SKIPPED "rejected:empty-class", never a wipe; the same class as stored changes
//              nothing. RESP is handled like DNLD until the request coordinator exists (§11).
// The whole message is validated before anything is decided: a record without its key (absent or
// empty) is SKIPPED "rejected:record <n>: <KEY> is missing"; an unparseable value fails it
// FAILED(CODEC_ERROR). YN flags that are absent or empty are stored as false (reference.md §2.3);
// other absent or empty fields are left out of the record. A RECS that differs from the number of
// records is noted, never refused (envelope.md §3). Any other STYP is SKIPPED "rejected:...": the
// plugin should not have been routed it.
Decision decideReferenceMessage(const HandlerContext& context, const codec::Message& message,
                                const ReferenceClassSpec& spec);

} // namespace msgx::sdk
