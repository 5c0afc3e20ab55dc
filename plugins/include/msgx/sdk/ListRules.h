#pragma once

#include "msgx/codec/Element.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlightDocument.h"

#include <span>
#include <string_view>

namespace msgx::sdk {

// A detail list as written in a record: one repeat group per entry (flop.md §2.6, schedule.md §4.6).
struct ListSpec {
    std::string_view group;            // the repeat group element, e.g. "PSDT"
    std::string_view keySource;        // the entry key in the group, e.g. "@PSNO"
    std::string_view keyField;         // the key's field name in the entry, e.g. "seq"
    std::span<const FieldSpec> fields; // every field of an entry, the key included
    // Two groups with the same key: the later wins (merge lists DELY, SRVT) instead of Reject.
    bool laterKeyWins = false;
};

// Every group `spec.group` of `record` read into one entry by spec.fields, sorted by the key field
// (integers ascending, otherwise text). An entry holds only what its group carries. Problems name
// the group ("PSDT PSNO=2: STST ..."): an unparseable field -> CodecError; a missing required field
// or a key that occurs twice (unless spec.laterKeyWins) -> Reject. No group at all gives an empty list: the
// caller decides whether that is allowed (pattern L: "<group> cannot be empty"; a schedule record: no
// entries).
Checked<DetailList> readList(const codec::Element& record, const ListSpec& spec, const codec::TimeZone& zone);

// Sorts `entries` by their `keyField` (integers ascending, otherwise text; entries without a key
// first), keeping the order of equal keys: the stored order of every detail list.
void sortByKey(DetailList& entries, std::string_view keyField);
// The same over a key of several fields, compared in order (e.g. vipCode, serviceCode).
void sortByKeys(DetailList& entries, std::span<const std::string_view> keyFields);

// The PSDT resend rule (architecture.md §11) as a building block: every entry of `entries` that
// equals a `stored` entry on all `matchFields` (e.g. seq and standCode) takes over that entry's
// `keptFields` (e.g. pushIndicator, pushTime, tractorTime) that the new entry does not carry.
DetailList keepFieldsOfUnchangedEntries(const DetailList& stored, DetailList entries,
                                        std::span<const std::string_view> matchFields,
                                        std::span<const std::string_view> keptFields);

} // namespace msgx::sdk
