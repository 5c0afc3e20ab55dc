#pragma once

#include "msgx/codec/Element.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/DetailListSpecs.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/ListHandler.h"

#include <span>
#include <string_view>

namespace msgx::sdk {

// A list merged by its key (flop.md §2.6 pattern M: DELY by CODE, ERUT by RTNO, SRVT by SRTC).
struct MergeListSpec {
    // Which group is the "delete all entries" marker (each STYP section's rule 1):
    //  NoFieldValue - no field of the list's table has a value (absent or empty): DELY, ERUT;
    //  NoContent    - the group has no children, no attributes and no text at all: SRVT.
    enum class ClearMarker { NoFieldValue, NoContent };

    lists::NamedListSpec list;
    ClearMarker marker = ClearMarker::NoFieldValue;
    // Sources the FLOP STYP requires beyond the list's table, e.g. SRVT's "SRQT".
    std::span<const std::string_view> alsoRequired;
};

// Pattern M over `merge`:
//  - no group at all -> Reject "no <GROUP> group";
//  - a clear marker anywhere -> the list becomes empty (cleared), whatever the other groups say;
//    they are still validated;
//  - every other group must carry its key and required fields (missing or empty -> Reject naming
//    the group); an unparseable value -> CodecError (a codec error anywhere wins over a rejection);
//  - each group upserts the entry with its key, built only from the group (an absent optional
//    field is null even if the stored entry had a value); two groups with one key: the later wins;
//  - stored entries whose key the message does not name are kept; a stored list holding one key
//    twice (legacy data) has both replaced by the one entry;
//  - the result equal to the stored list is no change; otherwise the event carries the whole list
//    (null when cleared).
Checked<FlightEdit> mergeListRule(const codec::Element& record, const HandlerContext& context,
                                  const MergeListSpec& merge);

// The whole handler of a pattern-M STYP (ListHandler over mergeListRule): its source is its merge
// spec and its registration, e.g.
//   constexpr MergeListSpec kDelayMerge{lists::kDelays};
//   MSGX_HANDLER_PLUGIN(MergeListHandler<kDelayMerge>, "flop-dely", "1.0.0", "FLOP-DELY")
template <const MergeListSpec& Merge>
using MergeListHandler = ListHandler<MergeListSpec, mergeListRule, Merge>;

} // namespace msgx::sdk
