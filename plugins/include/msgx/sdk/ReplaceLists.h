#pragma once

#include "msgx/codec/Element.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/DetailListSpecs.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/ListHandler.h"

namespace msgx::sdk {

// Pattern L of flop.md §2.6 (ABTM, CHDT, CHOT, CKDT, CLDT, GTDT; PSDT adds its airbridges): the
// record's groups, read by `list.spec` (readList), replace the flight's list `list.name`:
//  - no group -> Reject "<GROUP> cannot be empty" (FLOP cannot clear these lists);
//  - a missing or empty required sub-field, or a key twice -> Reject; an unparseable one -> CodecError;
//  - entries with a key present in both are updated, new keys inserted, stored keys absent from the
//    message deleted; the same set of entries, in whatever order the message and the stored list
//    hold them, is no change (the stored list is left as it is), so no event; otherwise the list
//    becomes the new entries sorted by key and the event carries the whole new list.
Checked<FlightEdit> replaceListRule(const codec::Element& record, const HandlerContext& context,
                                    const lists::NamedListSpec& list);

// The whole handler of a pattern-L STYP (ListHandler over replaceListRule): its source is its
// registration line, e.g.
//   MSGX_HANDLER_PLUGIN(ReplaceListHandler<lists::kGates>, "flop-gtdt", "1.0.0", "FLOP-GTDT")
template <const lists::NamedListSpec& List>
using ReplaceListHandler = ListHandler<lists::NamedListSpec, replaceListRule, List>;

} // namespace msgx::sdk
