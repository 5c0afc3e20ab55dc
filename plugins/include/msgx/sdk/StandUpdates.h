#pragma once

#include "msgx/codec/Element.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/ListHandler.h"

#include <string_view>

namespace msgx::sdk {

// An in-place update of the stand list (flop.md §2.6 "In place": PSHT, TIPT): each group names a
// stand and carries a time (and, for PSHT, an indicator) for the stand entries of that code.
struct StandUpdateSpec {
    std::string_view group;           // "PSHT"
    std::string_view standSource;     // "PUST": the stand code the entries are matched by
    std::string_view timeSource;      // "PSTM"
    std::string_view timeField;       // "pushTime"
    std::string_view indicatorSource; // "PSID"; empty when the STYP has none (TIPT)
    std::string_view indicatorField;  // "pushIndicator"
};

// The event list of an in-place stand update: the changed stand entries only (flop.md §2.7), whole
// entries as they are now. It is not named "stands", which always means the whole list.
inline constexpr std::string_view kChangedStands = "changedStands";

// The rule of an in-place stand update over `spec`:
//  - no group -> Reject "no <GROUP> group"; a group without its stand (absent or empty) -> Reject;
//    an unparseable time or an over-long code -> CodecError;
//  - for every stand entry whose standCode is a group's stand (all of them when the code occurs
//    twice; a later group for the same stand wins): a time sets the time and the indicator (an empty
//    indicator clears it, an absent one leaves it); an empty time clears the time and the indicator
//    when the entry has a time; an absent time leaves the entry as it is;
//  - a stand no entry has is ignored and no entry is ever created; a flight without a stand list
//    changes nothing.
Checked<FlightEdit> standUpdateRule(const codec::Element& record, const HandlerContext& context,
                                    const StandUpdateSpec& spec);

// `decision` with each event's whole `stands` list replaced by kChangedStands: the entries of the
// new list that equal no entry of the stored flight's list (an entry's seq is its key, so an entry
// the edit changed equals none). The flight changes keep the whole list.
void narrowToChangedStands(Decision& decision, const FlightView& flights);

// The whole handler of an in-place stand STYP (ListHandler over standUpdateRule, its events
// narrowed to the changed stands), e.g.
//   constexpr StandUpdateSpec kPushBack{"PSHT", "PUST", "PSTM", "pushTime", "PSID", "pushIndicator"};
//   MSGX_HANDLER_PLUGIN(StandUpdateHandler<kPushBack>, "flop-psht", "1.0.0", "FLOP-PSHT")
template <const StandUpdateSpec& Spec>
using StandUpdateHandler = ListHandler<StandUpdateSpec, standUpdateRule, Spec, narrowToChangedStands>;

} // namespace msgx::sdk
